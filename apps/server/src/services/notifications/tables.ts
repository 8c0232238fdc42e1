import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PushPayload } from '@owo/contracts';
import type { PushCheck } from './push-checks.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A device's Web Push subscription, kept per session: removed at logout and when the push service answers 404 or 410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** A person's notification settings; a person without a row has every kind on and no quiet hours. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id').primaryKey(),
  /** The kinds turned off (each kind is on unless listed here). */
  off: jsonb('off')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  hideMessageText: boolean('hide_message_text').notNull().default(false),
  /** Quiet hours, minutes from midnight in Africa/Lagos; both null when off. */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  quietAllowsCalls: boolean('quiet_allows_calls').notNull().default(true),
  quietAllowsMoney: boolean('quiet_allows_money').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The push outbox: one row per notification and device, written in the transaction of the event
 * that caused it, claimed by a sender (claimed_until), retried with backoff (next_at) and marked
 * sent once the push service accepts it.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    kind: text('kind').notNull(),
    /** Pushes with one topic replace each other at the push service while undelivered (a chat's messages). */
    topic: text('topic').notNull(),
    urgency: text('urgency', { enum: ['very-low', 'low', 'normal', 'high'] }).notNull(),
    ttlSeconds: integer('ttl_seconds').notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    /** Asked just before the push is sent (push-checks.ts): a message already seen elsewhere by then is skipped. */
    sendIf: jsonb('send_if').$type<PushCheck>(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'gone', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at').notNull().defaultNow(),
    claimedUntil: ts('claimed_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('push_deliveries_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
    // Every status: a dismissed notification is closed on the devices it was sent to.
    index('push_deliveries_user_topic_idx').on(t.userId, t.topic),
  ],
);

/**
 * Money events waiting to become notifications: written by a trigger on the payment history
 * (sql/owo_notify_transaction.sql) in the payment's own transaction, so the payment's SQL path is
 * unchanged; the `notifications.events` job turns each into a notification and deletes it, in one
 * transaction.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['money', 'returned', 'token'] }).notNull(),
    data: jsonb('data').$type<{ amount: string; type: string; from: string | null; reference: string; token: string | null }>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notification_events_created_idx').on(t.createdAt)],
);
