import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { notice } from './notices.js';

/**
 * The kinds of notification, each on or off in the person's settings and counted apart in the
 * notification centre. A notice's `kind` is one of these or `<kind>.<detail>` (`order.accepted`).
 */
export const NOTIFICATION_KINDS = [
  'money',
  'returned',
  'token',
  'message',
  'call',
  'missedCall',
  'order',
  'request',
  'social',
  'loan',
  'saving',
] as const;
export const notificationKind = z.enum(NOTIFICATION_KINDS, 'kind must be one of the notification kinds');
export type NotificationKind = z.infer<typeof notificationKind>;

/** The kind of a notice's `kind` (`order.accepted` → `order`); null for a kind this build does not know. */
export function kindOfNotice(kind: string): NotificationKind | null {
  const head = kind.split('.')[0] ?? '';
  return (NOTIFICATION_KINDS as readonly string[]).includes(head) ? (head as NotificationKind) : null;
}

/** What each kind is called in the settings and the notification centre. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  money: 'Money received',
  returned: 'Payments returned',
  token: 'Electricity tokens',
  message: 'Messages',
  call: 'Incoming calls',
  missedCall: 'Missed calls',
  order: 'Orders',
  request: 'Community requests',
  social: 'Mentions and comments',
  loan: 'Loan repayments',
  saving: 'Automatic savings',
};

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url('endpoint must be the push service address').max(1000, 'endpoint is at most 1000 characters'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'keys.p256dh must be the browser’s P-256 public key in base64url'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'keys.auth must be the 16-byte auth secret in base64url'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushSubscribeResponse = envelope(z.object({ id: z.uuid() }));
export const pushUnsubscribeBody = z.object({ endpoint: z.url('endpoint must be the push service address').max(1000) });
export const pushKeyResponse = envelope(z.object({ publicKey: z.string() }));
export const pushRemovedResponse = envelope(z.object({ removed: z.number().int() }));

const minuteOfDay = z.number().int().min(0, 'minutes from midnight, 0 to 1439').max(1439, 'minutes from midnight, 0 to 1439');

/** A person's notification settings: each kind on or off, quiet hours in Lagos time, the message text hidden. */
export const notificationSettings = z.object({
  kinds: z.record(notificationKind, z.boolean()),
  /** Messages' pushes say "New message" without the text. */
  hideMessageText: z.boolean(),
  /** Quiet hours, minutes from midnight in Africa/Lagos (start after end spans midnight); null when off. */
  quietHours: z.object({ start: minuteOfDay, end: minuteOfDay }).nullable(),
  /** During quiet hours, calls and money still come through unless these are false. */
  quietAllowsCalls: z.boolean(),
  quietAllowsMoney: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const notificationSettingsResponse = envelope(notificationSettings);
export const updateNotificationSettingsBody = z
  .object({
    kinds: z.partialRecord(notificationKind, z.boolean()),
    hideMessageText: z.boolean(),
    quietHours: notificationSettings.shape.quietHours,
    quietAllowsCalls: z.boolean(),
    quietAllowsMoney: z.boolean(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Say which setting to change');

/** The notification centre's counts: unread by kind and in all. */
export const notificationSummaryResponse = envelope(
  z.object({ unread: z.number().int(), byKind: z.record(notificationKind, z.number().int()) }),
);

export const notificationsQuery = z.object({
  kind: notificationKind.optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
export const notificationsResponse = paginated(notice);

/**
 * What a push carries to the service worker (JSON, encrypted by Web Push): the notification to show,
 * or `close` to take down the one with this tag (a call answered on another device, a chat read).
 */
export type PushPayload = {
  kind: string;
  title: string;
  body: string;
  /** The app path a tap opens. */
  url: string;
  /** Notifications with one tag replace each other (a chat's messages). */
  tag: string;
  /** The notice this push is about, marked read when it is tapped. */
  noticeId?: string;
  urgent?: boolean;
  actions?: { action: string; title: string }[];
  close?: true;
};
