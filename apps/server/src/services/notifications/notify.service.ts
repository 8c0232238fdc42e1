import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { kindOfNotice, type PushPayload } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';
import { pushAllowed, settingsOf } from './settings.service.js';
import { pushDeliveries, pushSubscriptions } from './tables.js';

/** Something that happened to people, as the services tell it (their events or a one-line hook). */
export type Notification = {
  /** A kind of NOTIFICATION_KINDS, or `<kind>.<detail>` (`order.accepted`, `call.incoming`). */
  kind: string;
  title: string;
  body: string;
  /** The app path the notification opens (the centre's row and a tap on the push). */
  link: string;
  /** Pushes with one tag replace each other (a chat's messages, a call's ringing); the notice's id by default. */
  tag?: string;
  /** An incoming call: sent at once (high urgency), kept briefly, with Answer and Decline. */
  urgent?: boolean;
  actions?: PushPayload['actions'];
  /** How long the push service keeps it for a device that is offline (default a day). */
  ttlSeconds?: number;
  /** A message's text, hidden from the push (not the centre) of people who asked for that. */
  privateBody?: boolean;
  /** Also listed in the notification centre (default); off for a push alone. */
  inApp?: boolean;
};

/** Push topics are at most 32 URL-safe characters: a tag is hashed to one. */
export const topicOf = (tag: string): string => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Tells these people, in the caller's transaction: a notice in their notification centre and one
 * push delivery per subscribed device, so both exist exactly when the event commits, and the
 * sender (deliver.ts) sends each delivery once. A kind the person turned off, or quiet hours, leave
 * the notice without a push.
 */
export async function notify(tx: Tx, userIds: string[], n: Notification, now = new Date()): Promise<void> {
  const people = [...new Set(userIds)];
  if (!people.length) return;
  const kind = kindOfNotice(n.kind);
  if (!kind) throw new Error(`Unknown notification kind ${n.kind}`);
  const noticeIds = new Map(people.map((id) => [id, newId()]));
  if (n.inApp !== false) {
    await tx
      .insert(notices)
      .values(people.map((userId) => ({ id: noticeIds.get(userId)!, userId, kind: n.kind, title: n.title, body: n.body, link: n.link })));
  }
  const settings = await settingsOf(tx, people);
  for (const userId of people) {
    const s = settings.get(userId)!;
    if (!pushAllowed(s, kind, now)) continue;
    const noticeId = noticeIds.get(userId)!;
    const tag = n.tag ?? noticeId;
    const payload: PushPayload = {
      kind: n.kind,
      title: n.title,
      body: n.privateBody && s.hideMessageText ? 'New message' : n.body,
      url: n.link,
      tag,
      ...(n.inApp !== false ? { noticeId } : {}),
      ...(n.urgent ? { urgent: true } : {}),
      ...(n.actions ? { actions: n.actions } : {}),
    };
    await enqueue(tx, userId, n.kind, tag, payload, n.urgent ? 'high' : 'normal', n.ttlSeconds ?? 86_400);
  }
}

/** One delivery per device of this person, in one statement. */
async function enqueue(tx: Tx, userId: string, kind: string, tag: string, payload: PushPayload, urgency: 'normal' | 'high', ttl: number) {
  await tx.insert(pushDeliveries).select(
    tx
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        userId: pushSubscriptions.userId,
        subscriptionId: pushSubscriptions.id,
        kind: sql<string>`${kind}`.as('kind'),
        topic: sql<string>`${topicOf(tag)}`.as('topic'),
        urgency: sql<'normal' | 'high'>`${urgency}`.as('urgency'),
        ttlSeconds: sql<number>`${ttl}::int`.as('ttl_seconds'),
        payload: sql<PushPayload>`${JSON.stringify(payload)}::jsonb`.as('payload'),
        status: sql<'pending'>`'pending'`.as('status'),
        attempts: sql<number>`0`.as('attempts'),
        nextAt: sql<Date>`now()`.as('next_at'),
        claimedUntil: sql<Date | null>`null::timestamptz`.as('claimed_until'),
        lastError: sql<string | null>`null::text`.as('last_error'),
        createdAt: sql<Date>`now()`.as('created_at'),
        sentAt: sql<Date | null>`null::timestamptz`.as('sent_at'),
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  );
}

/**
 * Takes a notification down from these people's devices (a call answered on another device, a chat
 * read elsewhere): pushes of that tag not yet sent are cancelled, and each device is told to close it.
 */
export async function dismiss(tx: Tx, userIds: string[], kind: string, tag: string): Promise<void> {
  const people = [...new Set(userIds)];
  if (!people.length) return;
  await tx
    .update(pushDeliveries)
    .set({ status: 'cancelled' })
    .where(and(inArray(pushDeliveries.userId, people), eq(pushDeliveries.topic, topicOf(tag)), eq(pushDeliveries.status, 'pending')));
  const payload: PushPayload = { kind, title: '', body: '', url: '/', tag, close: true };
  for (const userId of people) await enqueue(tx, userId, kind, `${tag}:close`, payload, 'high', 600);
}
