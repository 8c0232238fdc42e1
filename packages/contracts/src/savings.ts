import { z } from 'zod';
import { dateOnly, envelope, paginated } from './common.js';
import { amountKobo, historyItem, kobo } from './money.js';

export const frequency = z.enum(['daily', 'weekly', 'monthly']);

export const createSavingsTargetBody = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(2, 'Give the target a name of at least 2 characters')
    .max(60, 'name is at most 60 characters'),
  targetAmount: amountKobo,
  targetDate: dateOnly('targetDate'),
  autoSave: z.object({ amount: amountKobo, frequency }).optional().describe('save this amount from the wallet on a schedule'),
});

export const savingsRun = z.object({
  scheduledFor: z.string(),
  status: z.enum(['successful', 'failed']),
  reason: z.string().nullable(),
  amount: kobo,
});
export const savingsTarget = z.object({
  id: z.string(),
  name: z.string(),
  targetAmount: kobo,
  targetDate: z.string(),
  savedAmount: kobo,
  progress: z.number().describe('percent of the target saved, 0 to 100'),
  status: z.enum(['active', 'withdrawn']),
  autoSave: z.object({ amount: kobo, frequency, nextRunAt: z.string() }).nullable(),
  lastRun: savingsRun.nullable(),
  createdAt: z.string(),
});
export type SavingsTarget = z.infer<typeof savingsTarget>;
export const savingsTargetResponse = envelope(savingsTarget);
export const savingsTargetsResponse = paginated(savingsTarget);
export const topUpBody = z.object({ targetId: z.uuid('targetId is invalid'), amount: amountKobo });
export const withdrawSavingsBody = z
  .object({ amount: amountKobo.optional().describe('kobo; the whole saved amount when left out') })
  .nullish();
export const savingsTransactionsQuery = z.object({
  targetId: z.uuid('targetId is invalid').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const savingsTransactionsResponse = paginated(historyItem);

// Locked funds
export const lockBody = z.object({
  amount: amountKobo,
  durationDays: z.number({ error: 'durationDays is required' }).int(),
  title: z.string().trim().min(2, 'title is at least 2 characters').max(60, 'title is at most 60 characters').default('Locked savings'),
});
export const lockPreview = z.object({
  amount: kobo,
  durationDays: z.number().int(),
  maturityDate: z.string(),
  interestRate: z.number().describe('yearly rate in percent for this duration'),
  interest: kobo,
  tax: kobo.describe('withholding tax on the interest'),
  payout: kobo.describe('principal plus interest less tax, paid at maturity'),
  rates: z.array(z.object({ durationDays: z.number().int(), interestRate: z.number() })),
});
export const lockPreviewResponse = envelope(lockPreview);
export const lockedFund = z.object({
  id: z.string(),
  title: z.string(),
  amount: kobo,
  durationDays: z.number().int(),
  interestRate: z.number(),
  interest: kobo,
  tax: kobo,
  payout: kobo,
  maturityDate: z.string(),
  status: z.enum(['active', 'paid']),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export const lockedFundResponse = envelope(lockedFund);
export const lockedFundsResponse = paginated(lockedFund);

// Statements
export const statementBody = z
  .object({
    from: dateOnly('from'),
    to: dateOnly('to'),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email('Enter a valid email address'))
      .optional()
      .describe('must equal your email when given'),
  })
  .refine((b) => b.from <= b.to, { message: 'from must be on or before to', path: ['from'] });
export const statementResponse = envelope(
  z.object({ sentTo: z.string(), transactions: z.number().int(), openingBalance: kobo, closingBalance: kobo }),
);

// Loans
export const loanType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minAmount: kobo,
  maxAmount: kobo,
  tenorDays: z.number().int(),
  instalments: z.number().int(),
  interestRate: z.number().describe('flat interest for the whole tenor, in percent'),
});
export const loanTypesResponse = envelope(z.array(loanType));
export const createLoanBody = z.object({
  loanTypeId: z.string({ error: 'loanTypeId is required' }).min(1, 'loanTypeId is required'),
  amount: amountKobo,
});
export const instalment = z.object({
  dueDate: z.string(),
  amount: kobo,
  paid: kobo,
  status: z.enum(['upcoming', 'due', 'paid', 'overdue']),
});
export const loan = z.object({
  id: z.string(),
  loanTypeId: z.string(),
  name: z.string(),
  principal: kobo,
  interest: kobo,
  totalDue: kobo,
  repaid: kobo,
  outstanding: kobo,
  status: z.enum(['active', 'repaid']),
  schedule: z.array(instalment),
  createdAt: z.string(),
});
export const loanResponse = envelope(loan);
export const loansResponse = paginated(loan);
export const repayLoanBody = z.object({ amount: amountKobo.optional().describe('kobo; all that is owed when left out') }).nullish();
