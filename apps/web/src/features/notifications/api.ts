import type { ApiData, NotificationKind } from '@owo/contracts';
import { call } from '../../api/client';

// The notifications service (/api/notifications): the centre's list and counts. The settings'
// calls are in settings-queries.ts and this device's push subscription's in push.ts, each with its
// page, so the chunk Home's offer shares with the centre stays one file.

export type CentreItem = ApiData<'GET /api/notifications/centre'>[number];
export type Summary = ApiData<'GET /api/notifications/summary'>;
export const CENTRE_PAGE = 20;

export const notificationsApi = {
  list: async (kind: NotificationKind | 'all', page: number, signal?: AbortSignal) => {
    const query = { page, limit: CENTRE_PAGE, ...(kind === 'all' ? {} : { kind }) };
    const res = await call('GET /api/notifications/centre', { query, signal });
    return { items: res.data, next: res.pagination?.next?.page ?? null, total: res.pagination?.total };
  },
  summary: async (signal?: AbortSignal) => (await call('GET /api/notifications/summary', { signal })).data,
  read: async (ids?: string[]) => (await call('PUT /api/user/notifications/read', { body: ids ? { ids } : {} })).data.unread,
};
