import { call } from './client';

// The user service's in-app notices (/api/user/notifications): how many are unread, for the bell.
// The list is read through the notification centre (features/notifications).

export const noticesApi = {
  unread: async (signal?: AbortSignal) => (await call('GET /api/user/notifications/unread', { signal })).data.unread,
};
