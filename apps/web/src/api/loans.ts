import type { ApiData } from '@owo/contracts';
import { call } from './client';

export type LoanType = ApiData<'GET /api/wallet/e-comm/api/loan/types'>[number];
export type Loan = ApiData<'GET /api/wallet/e-comm/api/loan'>[number];
export type Instalment = Loan['schedule'][number];
export type LoanEligibility = ApiData<'GET /api/wallet/e-comm/api/loan/eligibility'>;

const money = { requireToken: true } as const;

/** Loans (wallet service). Refusals carry the reason in the error's description. */
export const loansApi = {
  types: () => call('GET /api/wallet/e-comm/api/loan/types', money),
  list: () => call('GET /api/wallet/e-comm/api/loan', money),
  /** Whether you can borrow now, and if not why (the same rules the server applies on "Apply"). */
  eligibility: () => call('GET /api/wallet/e-comm/api/loan/eligibility', money),
  /** The same key replays the first answer, so a resent application never pays out twice. */
  apply: (body: { loanTypeId: string; amount: number }, idempotencyKey: string) =>
    call('POST /api/wallet/e-comm/api/loan/create', { ...money, body, idempotencyKey }),
  /** No amount repays everything owed. */
  repay: (id: string, amount: number | undefined, pin: string, idempotencyKey?: string) =>
    call('POST /api/wallet/e-comm/api/loan/:id/repay', {
      ...money,
      params: { id },
      body: amount === undefined ? {} : { amount },
      pin,
      idempotencyKey,
    }),
};
