import type { Balances, Preview, Receipt } from '@owo/contracts';
import { api } from './client';

export interface SpendingLimit {
  dailyLimit: number | null;
  spentToday: number;
  remainingToday: number | null;
}
export interface Bank {
  code: string;
  name: string;
}
export interface BankCategory {
  category: string;
  banks: Bank[];
}
export interface ResolvedAccount {
  accountName: string;
  accountNumber: string;
  bankCode: string;
  bankName: string;
}
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  createdAt?: string;
}
export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
}
export interface FundResult {
  reference: string;
  amount: number;
  status: Receipt['status'];
  card: SavedCard | null;
}
export interface VirtualAccount {
  accountNumber: string;
  bankName: string;
  accountName: string;
}

const money = { requireToken: true } as const;
const withKey = (key: string | undefined) => (key ? { 'Idempotency-Key': key } : undefined);

/** Wallet service calls (base /api/wallet). Budget and money calls refuse to leave without a token. */
export const walletApi = {
  balances: () => api.wallet.get<Balances>('/wallet-balances'),
  spendingLimit: () => api.wallet.get<SpendingLimit>('/spending-limit', money),
  setSpendingLimit: (dailyLimit: number | null, pin: string) => api.wallet.post<SpendingLimit>('/spending-limit', { dailyLimit }, { ...money, pin }),
  banks: () => api.wallet.get<BankCategory[]>('/wallet/api/v1/get-banks-category'),
  verifyAccount: (bankCode: string, accountNumber: string, signal?: AbortSignal) =>
    api.wallet.get<ResolvedAccount>(`/verify-account/bankcode/${encodeURIComponent(bankCode)}/accountNumber/${encodeURIComponent(accountNumber)}`, {
      ...money,
      signal,
    }),
  initiateBankTransfer: (body: { bankCode: string; accountNumber: string; amount: number; narration?: string }) =>
    api.wallet.post<Preview>('/initiate', body, money),
  completeBankTransfer: (reference: string, pin: string, idempotencyKey: string) =>
    api.wallet.post<Receipt>('/complete', { reference }, { ...money, pin, headers: withKey(idempotencyKey) }),
  transferStatus: (reference: string) => api.wallet.get<Receipt>(`/transfer-status/${encodeURIComponent(reference)}`, money),
  fundCard: (body: { amount: number; card: CardDetails; saveCard: boolean }, idempotencyKey?: string) =>
    api.wallet.post<FundResult>('/fund/card', body, { ...money, headers: withKey(idempotencyKey) }),
  fundSavedCard: (body: { amount: number; cardId: string }, pin: string, idempotencyKey?: string) =>
    api.wallet.post<FundResult>('/fund/saved-card', body, { ...money, pin, headers: withKey(idempotencyKey) }),
  fundBank: (body: { amount: number; bankCode: string; accountNumber: string }, idempotencyKey?: string) =>
    api.wallet.post<FundResult>('/fund/bank', body, { ...money, headers: withKey(idempotencyKey) }),
  cards: () => api.wallet.get<SavedCard[]>('/cards'),
  deleteCard: (id: string) => api.wallet.delete<null>(`/cards/${encodeURIComponent(id)}`, money),
  virtualAccount: () => api.wallet.get<VirtualAccount>('/virtual-account'),
  simulateBankTransfer: (amount: number) => api.wallet.post<null>('/dev/simulate-bank-transfer', { amount }, money),
};
