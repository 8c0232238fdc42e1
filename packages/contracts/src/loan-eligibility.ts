import { z } from 'zod';
import { envelope } from './common.js';
import { kobo } from './money.js';

/** GET /api/wallet/e-comm/api/loan/eligibility: whether you can borrow now, and if not, why. */
export const loanEligibilityQuery = z.object({
  loanTypeId: z.string().trim().min(1, 'loanTypeId is empty').optional().describe('check one loan type; all types when left out'),
});

export const loanEligibilityReason = z.enum(['PHONE_UNVERIFIED', 'ACCOUNT_TOO_NEW', 'LOAN_OPEN', 'INFLOW_TOO_LOW']);

export const loanEligibility = z.object({
  eligible: z.boolean(),
  /** The same words a refused application carries in its description; null when eligible. */
  reason: z.string().nullable(),
  code: loanEligibilityReason.nullable().describe('which rule failed; null when eligible'),
  maxAmount: kobo.describe("the most you can borrow now (the loan type's limit and twice your recent inflows); 0 when not eligible"),
  inflow: kobo.describe('money that came into the wallet over the inflow window'),
  inflowDays: z.number().int().describe('the inflow window in days'),
});
export type LoanEligibility = z.infer<typeof loanEligibility>;
export const loanEligibilityResponse = envelope(loanEligibility);
