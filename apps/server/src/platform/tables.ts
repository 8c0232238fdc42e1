import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Messages waiting to go out by SMS or email; a worker drains it. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sender's claim: while in the future, no other process sends this row. */
    claimedUntil: ts('claimed_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_pending_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * In-app notices: what changed for a person (an order accepted, shipped, refunded...), written in
 * the same transaction as the change, listed newest first in the app with an unread count.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where the app opens when the notice is tapped (an app path such as /shop/orders/<id>). */
    link: text('link'),
    /** Notices with one tag replace each other while unread (a chat's messages, a post's comments). */
    tag: text('tag'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notices_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notices_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * The first answer to a money call, replayed for a repeated Idempotency-Key. A key is written in
 * the same transaction as the call's first committed work; a call that waits on an outside system
 * binds it to its payment (`resource`), so a key whose request died is answered from that
 * payment's state (see platform/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** The payment (its reference) the key's request works on, when it waits on an outside system. */
    resource: text('resource'),
    /** The server process running the request (platform/instance.ts), while it has no answer. */
    owner: text('owner'),
    /** Until when that process may still be working on it. */
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * One row per background job (platform/jobs.ts): which process holds it and until when, when it is
 * due next, and its counts of runs and failures. A process runs a cluster job only after claiming
 * its row with `leased_until` in the past.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  owner: text('owner'),
  leasedUntil: ts('leased_until')
    .notNull()
    .default(sql`'-infinity'`),
  dueAt: ts('due_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});

/**
 * A fingerprint of APP_SECRET (a keyed hash, not the secret), written by the first process that
 * uses the database (platform/secret-check.ts). What is sealed under the secret (staff
 * authenticator keys) can be read only with the same one: a command or server with another is told.
 */
export const appSecretCheck = pgTable('app_secret_check', {
  id: integer('id').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  /** Where the last server started on this database serves the console (staff:create-admin prints it). */
  consoleUrl: text('console_url'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
