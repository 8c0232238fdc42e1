import type { Receipt } from '@owo/contracts';
import { api } from './client';

/** One of the user's transactions by reference (their side of it), for receipts opened by link. */
export const receiptsApi = {
  get: (reference: string, signal?: AbortSignal) =>
    api.transaction.get<Receipt>(`/api/v1/transactions/${encodeURIComponent(reference)}`, { signal }),
};
