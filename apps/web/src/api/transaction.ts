import type { HistoryItem, Preview, Receipt, TxStatus, TxType } from '@owo/contracts';
import { api } from './client';

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  avatar: string | null;
}

export interface HistoryFilters {
  type?: TxType;
  direction?: 'debit' | 'credit';
  status?: TxStatus;
  /** ISO date-times */
  from?: string;
  to?: string;
}

const money = { requireToken: true } as const;

/** Transaction service calls (base /api/transaction) and the people search used to pick a recipient. */
export const transactionApi = {
  initiateSendMoney: (body: { recipientId: string; amount: number; narration?: string }) =>
    api.transaction.post<Preview>('/api/v1/initiate', { type: 'sendMoney', ...body }, money),
  complete: (reference: string, pin: string, idempotencyKey: string) =>
    api.transaction.post<Receipt>('/api/v1/complete', { reference }, { ...money, pin, headers: { 'Idempotency-Key': idempotencyKey } }),
  history: (body: HistoryFilters & { page: number; limit: number }, signal?: AbortSignal) =>
    api.transaction.post<HistoryItem[]>('/api/v1/transactions', body, { signal }),
  searchPeople: (query: string, signal?: AbortSignal) => api.user.get<Person[]>('/users/filter', { query: { query, page: 1 }, signal }),
};
