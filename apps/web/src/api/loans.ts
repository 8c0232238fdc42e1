import type { loan, loanType } from '@owo/contracts';
import type { z } from 'zod';
import { api } from './client';

export type LoanType = z.infer<typeof loanType>;
export type Loan = z.infer<typeof loan>;
export type Instalment = Loan['schedule'][number];

const money = { requireToken: true } as const;

/** Loans (wallet service, base /api/wallet). Refusals carry the reason in the error's description. */
export const loansApi = {
  types: () => api.wallet.get<LoanType[]>('/e-comm/api/loan/types', money),
  list: () => api.wallet.get<Loan[]>('/e-comm/api/loan', money),
  apply: (body: { loanTypeId: string; amount: number }) => api.wallet.post<Loan>('/e-comm/api/loan/create', body, money),
  /** No amount repays everything owed. */
  repay: (id: string, amount: number | undefined, pin: string, idempotencyKey?: string) =>
    api.wallet.post<Loan>(`/e-comm/api/loan/${encodeURIComponent(id)}/repay`, amount === undefined ? {} : { amount }, {
      ...money,
      pin,
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    }),
};
