import type { ApiData } from '@owo/contracts';
import { call } from './client';

// The user service's in-app notices (/api/user/notifications): what changed for the signed-in
// person (an order accepted, shipped, refunded...), newest first.

export type Notice = ApiData<'GET /api/user/notifications'>[number];

/** One page of notices and the next page's number, if any. */
export interface NoticePage {
  items: Notice[];
  next: number | null;
}

export const NOTICES_PAGE = 20;

export const noticesApi = {
  list: async (page: number, signal?: AbortSignal): Promise<NoticePage> => {
    const res = await call('GET /api/user/notifications', { query: { page, limit: NOTICES_PAGE }, signal });
    return { items: res.data, next: res.pagination?.next?.page ?? null };
  },
  unread: async (signal?: AbortSignal) => (await call('GET /api/user/notifications/unread', { signal })).data.unread,
  /** Marks these notices read, or all of them; answers how many are still unread. */
  read: async (ids?: string[]) => (await call('PUT /api/user/notifications/read', { body: ids ? { ids } : {} })).data.unread,
};
