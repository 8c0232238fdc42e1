import * as n from './notices.js';
import type { ApiEndpointDef } from './api.js';

const N = '/api/user/notifications';

/**
 * The caller's in-app notices (our own calls): the list, the unread count, marking them read.
 * Served by the user service, so shown in its OpenAPI section.
 */
export const noticesApi = {
  'notices.list': {
    method: 'GET',
    path: N,
    query: n.noticesQuery,
    response: n.noticesResponse,
    tag: 'user',
    summary: 'Your notices (an order accepted, shipped, refunded...), newest first',
  },
  'notices.unread': {
    method: 'GET',
    path: `${N}/unread`,
    response: n.unreadNoticesResponse,
    tag: 'user',
    summary: 'How many of your notices are unread',
  },
  'notices.read': {
    method: 'PUT',
    path: `${N}/read`,
    body: n.readNoticesBody,
    response: n.unreadNoticesResponse,
    tag: 'user',
    summary: 'Mark notices read: these ids, or all of yours when none are given',
  },
} as const satisfies Record<string, ApiEndpointDef>;
