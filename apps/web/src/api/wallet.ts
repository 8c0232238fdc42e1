import type { ApiBody, ApiData } from '@owo/contracts';
import { call } from './client';

export type Balances = ApiData<'GET /api/wallet/wallet-balances'>;
export type SpendingLimit = ApiData<'GET /api/wallet/spending-limit'>;
export type BankCategory = ApiData<'GET /api/wallet/wallet/api/v1/get-banks-category'>[number];
export type ResolvedAccount = ApiData<'GET /api/wallet/verify-account/bankcode/:bankCode/accountNumber/:accountNumber'>;
export type SavedCard = ApiData<'GET /api/wallet/cards'>[number];
export type FundCardBody = ApiBody<'POST /api/wallet/fund/card'>;
export type FundBankBody = ApiBody<'POST /api/wallet/fund/bank'>;
export type FundResult = ApiData<'POST /api/wallet/fund/card'>;
export type VirtualAccount = ApiData<'GET /api/wallet/virtual-account'>;

/** Budget and money calls never leave without a token (spec section 5). */
const money = { requireToken: true } as const;

/** Wallet service calls: balances, limits, banks, wallet-to-bank and funding. */
export const walletApi = {
  balances: () => call('GET /api/wallet/wallet-balances'),
  spendingLimit: () => call('GET /api/wallet/spending-limit', money),
  setSpendingLimit: (dailyLimit: number | null, pin: string) =>
    call('POST /api/wallet/spending-limit', { ...money, body: { dailyLimit }, pin }),
  banks: () => call('GET /api/wallet/wallet/api/v1/get-banks-category'),
  verifyAccount: (bankCode: string, accountNumber: string, signal?: AbortSignal) =>
    call('GET /api/wallet/verify-account/bankcode/:bankCode/accountNumber/:accountNumber', {
      ...money,
      params: { bankCode, accountNumber },
      signal,
    }),
  initiateBankTransfer: (body: ApiBody<'POST /api/wallet/initiate'>) => call('POST /api/wallet/initiate', { ...money, body }),
  completeBankTransfer: (reference: string, pin: string, idempotencyKey: string) =>
    call('POST /api/wallet/complete', { ...money, body: { reference }, pin, idempotencyKey }),
  transferStatus: (reference: string) => call('GET /api/wallet/transfer-status/:reference', { ...money, params: { reference } }),
  fundCard: (body: FundCardBody, idempotencyKey?: string) => call('POST /api/wallet/fund/card', { ...money, body, idempotencyKey }),
  fundSavedCard: (body: ApiBody<'POST /api/wallet/fund/saved-card'>, pin: string, idempotencyKey?: string) =>
    call('POST /api/wallet/fund/saved-card', { ...money, body, pin, idempotencyKey }),
  fundBank: (body: FundBankBody, idempotencyKey?: string) => call('POST /api/wallet/fund/bank', { ...money, body, idempotencyKey }),
  cards: () => call('GET /api/wallet/cards'),
  deleteCard: (id: string) => call('DELETE /api/wallet/cards/:id', { ...money, params: { id } }),
  virtualAccount: () => call('GET /api/wallet/virtual-account'),
  simulateBankTransfer: (amount: number) => call('POST /api/wallet/dev/simulate-bank-transfer', { ...money, body: { amount } }),
};
