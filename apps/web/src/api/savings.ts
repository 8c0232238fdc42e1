import type { HistoryItem, SavingsTarget, lockPreview, lockedFund, statementResponse } from '@owo/contracts';
import type { z } from 'zod';
import { api } from './client';

export type { SavingsTarget };
export type LockPreview = z.infer<typeof lockPreview>;
export type LockedFund = z.infer<typeof lockedFund>;
export type LockRate = LockPreview['rates'][number];
export type StatementResult = z.infer<typeof statementResponse>['data'];
export type SavingsFrequency = 'daily' | 'weekly' | 'monthly';

export interface CreateTargetInput {
  name: string;
  /** kobo */
  targetAmount: number;
  /** YYYY-MM-DD */
  targetDate: string;
  autoSave?: { amount: number; frequency: SavingsFrequency };
}

export interface LockInput {
  /** kobo */
  amount: number;
  durationDays: number;
  title: string;
}

/** Budget and money calls never leave without a token (spec section 5). */
const money = { requireToken: true } as const;
const withKey = (key: string | undefined) => (key ? { 'Idempotency-Key': key } : undefined);

/** Savings targets, locked funds and statements (wallet service, base /api/wallet). */
export const savingsApi = {
  targets: () => api.wallet.get<SavingsTarget[]>('/savings-target', money),
  createTarget: (body: CreateTargetInput) => api.wallet.post<SavingsTarget>('/savings-target', body, money),
  topUp: (body: { targetId: string; amount: number }, pin: string, idempotencyKey?: string) =>
    api.wallet.post<SavingsTarget>('/savings-target/top-up', body, { ...money, pin, headers: withKey(idempotencyKey) }),
  /** No amount withdraws everything and closes the target. */
  withdraw: (id: string, amount?: number) =>
    api.wallet.patch<SavingsTarget>(`/savingtarget/withdraw/${encodeURIComponent(id)}`, amount === undefined ? {} : { amount }, money),
  transactions: (query: { targetId?: string; page: number; limit?: number }, signal?: AbortSignal) =>
    api.wallet.get<HistoryItem[]>('/savings-target/transactions', { ...money, query, signal }),

  previewLock: (body: LockInput) => api.wallet.post<LockPreview>('/lock/initiate', body, money),
  lock: (body: LockInput, pin: string, idempotencyKey?: string) =>
    api.wallet.post<LockedFund>('/lockedfund', body, { ...money, pin, headers: withKey(idempotencyKey) }),
  lockedFunds: () => api.wallet.get<LockedFund[]>('/lockedfund', money),
  withdrawLocked: (id: string) => api.wallet.post<LockedFund>(`/lockedfund/withdraw/${encodeURIComponent(id)}`, {}, money),

  statement: (body: { from: string; to: string; email: string }, pin: string) =>
    api.wallet.post<StatementResult>('/generate-statement', body, { ...money, pin }),
};
