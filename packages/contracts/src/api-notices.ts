import * as n from './notices.js';
import type { ApiEndpointDef } from './api.js';

const N = '/api/user/notifications';

/** The caller's in-app notices (our own calls): the list, the unread count, marking them read. */
export const noticesApi = {
  'notices.list': { method: 'GET', path: N, query: n.noticesQuery, response: n.noticesResponse },
  'notices.unread': { method: 'GET', path: `${N}/unread`, response: n.unreadNoticesResponse },
  'notices.read': { method: 'PUT', path: `${N}/read`, body: n.readNoticesBody, response: n.unreadNoticesResponse },
} as const satisfies Record<string, ApiEndpointDef>;
