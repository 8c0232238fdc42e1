import type { ApiBody, ApiData } from '@owo/contracts';
import { call } from './client';

/** Someone found by the people search (public fields only). */
export type Person = ApiData<'GET /api/user/users/filter'>[number];
type HistoryBody = ApiBody<'POST /api/transaction/api/v1/transactions'>;
/** History filters: everything the history body takes but the page. */
export type HistoryFilters = Omit<HistoryBody, 'page' | 'limit'>;
type SendMoneyBody = Omit<Extract<ApiBody<'POST /api/transaction/api/v1/initiate'>, { type: 'sendMoney' }>, 'type'>;

const money = { requireToken: true } as const;

/** Transaction service calls (send money and history) and the people search used to pick a recipient. */
export const transactionApi = {
  initiateSendMoney: (body: SendMoneyBody) =>
    call('POST /api/transaction/api/v1/initiate', { ...money, body: { type: 'sendMoney', ...body } }),
  complete: (reference: string, pin: string, idempotencyKey: string) =>
    call('POST /api/transaction/api/v1/complete', { ...money, body: { reference }, pin, idempotencyKey }),
  history: (body: HistoryFilters & { page: number; limit: number }, signal?: AbortSignal) =>
    call('POST /api/transaction/api/v1/transactions', { body, signal }),
  /** One of your transactions by reference (your side of it), for receipts opened by link. */
  receipt: (reference: string, signal?: AbortSignal) =>
    call('GET /api/transaction/api/v1/transactions/:reference', { params: { reference }, signal }),
  searchPeople: (query: string, signal?: AbortSignal) => call('GET /api/user/users/filter', { query: { query, page: 1 }, signal }),
};
