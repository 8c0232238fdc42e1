import type { ApiData, NotificationKind, NotificationSettings } from '@owo/contracts';
import { call } from '../../api/client';

// The notifications service (/api/notifications): the centre's list and counts, the settings and
// this device's push subscription.

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
  settings: async (signal?: AbortSignal) => (await call('GET /api/notifications/settings', { signal })).data,
  saveSettings: async (body: Partial<NotificationSettings>) => (await call('PUT /api/notifications/settings', { body })).data,
  pushKey: async () => (await call('GET /api/notifications/push/key', {})).data.publicKey,
  subscribe: async (body: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
    (await call('POST /api/notifications/push/subscriptions', { body })).data,
  unsubscribe: async (endpoint: string) => (await call('POST /api/notifications/push/unsubscribe', { body: { endpoint } })).data,
};
