import * as n from './notifications.js';
import type { ApiEndpointDef } from './api.js';

const N = '/api/notifications';

/**
 * Notifications (docs/notifications.md): this device's Web Push subscription, the person's
 * settings (each kind on or off, quiet hours) and the notification centre's list and counts.
 */
export const notificationsApi = {
  'notifications.pushKey': {
    method: 'GET',
    path: `${N}/push/key`,
    response: n.pushKeyResponse,
    summary: 'The VAPID public key a device subscribes with (applicationServerKey)',
  },
  'notifications.subscribe': {
    method: 'POST',
    path: `${N}/push/subscriptions`,
    body: n.pushSubscriptionBody,
    response: n.pushSubscribeResponse,
    created: true,
    summary: 'Keep this device’s push subscription for this session (removed at logout)',
  },
  'notifications.unsubscribe': {
    method: 'POST',
    path: `${N}/push/unsubscribe`,
    body: n.pushUnsubscribeBody,
    response: n.pushRemovedResponse,
    summary: 'Stop pushes to this device (your own subscription with this endpoint)',
  },
  'notifications.settings': {
    method: 'GET',
    path: `${N}/settings`,
    response: n.notificationSettingsResponse,
    summary: 'Your notification settings: each kind on or off, quiet hours (Lagos time), message text',
  },
  'notifications.updateSettings': {
    method: 'PUT',
    path: `${N}/settings`,
    body: n.updateNotificationSettingsBody,
    response: n.notificationSettingsResponse,
    summary: 'Change some of your notification settings',
  },
  'notifications.summary': {
    method: 'GET',
    path: `${N}/summary`,
    response: n.notificationSummaryResponse,
    summary: 'The notification centre’s unread counts, in all and by kind',
  },
  'notifications.list': {
    method: 'GET',
    path: `${N}/centre`,
    query: n.notificationsQuery,
    response: n.notificationsResponse,
    summary: 'Your notifications, newest first, of one kind or all',
  },
} as const satisfies Record<string, ApiEndpointDef>;
