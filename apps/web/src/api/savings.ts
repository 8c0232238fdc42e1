import type { ApiBody, ApiData } from '@owo/contracts';
import { call } from './client';

export type SavingsTarget = ApiData<'GET /api/wallet/savings-target'>[number];
export type CreateTargetInput = ApiBody<'POST /api/wallet/savings-target'>;
export type LockInput = ApiBody<'POST /api/wallet/lock/initiate'>;
export type LockPreview = ApiData<'POST /api/wallet/lock/initiate'>;
export type LockRate = LockPreview['rates'][number];
export type LockedFund = ApiData<'GET /api/wallet/lockedfund'>[number];
export type StatementResult = ApiData<'POST /api/wallet/generate-statement'>;
export type SavingsFrequency = NonNullable<CreateTargetInput['autoSave']>['frequency'];

/** Budget and money calls never leave without a token (spec section 5). */
const money = { requireToken: true } as const;

/** Savings targets, locked funds and statements (wallet service). */
export const savingsApi = {
  targets: () => call('GET /api/wallet/savings-target', money),
  createTarget: (body: CreateTargetInput, idempotencyKey?: string) =>
    call('POST /api/wallet/savings-target', { ...money, body, idempotencyKey }),
  topUp: (body: ApiBody<'POST /api/wallet/savings-target/top-up'>, pin: string, idempotencyKey?: string) =>
    call('POST /api/wallet/savings-target/top-up', { ...money, body, pin, idempotencyKey }),
  /** No amount withdraws everything and closes the target; the same key replays the first answer. */
  withdraw: (id: string, amount: number | undefined, idempotencyKey: string) =>
    call('PATCH /api/wallet/savingtarget/withdraw/:id', {
      ...money,
      params: { id },
      body: amount === undefined ? {} : { amount },
      idempotencyKey,
    }),
  transactions: (query: { targetId?: string; page: number; limit?: number }, signal?: AbortSignal) =>
    call('GET /api/wallet/savings-target/transactions', { ...money, query, signal }),

  previewLock: (body: LockInput) => call('POST /api/wallet/lock/initiate', { ...money, body }),
  lock: (body: LockInput, pin: string, idempotencyKey?: string) =>
    call('POST /api/wallet/lockedfund', { ...money, body, pin, idempotencyKey }),
  lockedFunds: () => call('GET /api/wallet/lockedfund', money),
  /** Pays a matured fund into the wallet; the same key replays the first answer. */
  withdrawLocked: (id: string, idempotencyKey: string) =>
    call('POST /api/wallet/lockedfund/withdraw/:id', { ...money, params: { id }, idempotencyKey }),

  statement: (body: ApiBody<'POST /api/wallet/generate-statement'>, pin: string) =>
    call('POST /api/wallet/generate-statement', { ...money, body, pin }),
};
