import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { kindOfNotice, type PushPayload } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';
import type { PushCheck } from './push-checks.js';
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
  /**
   * Notifications with one tag replace each other (a chat's messages, a post's comments, a call's
   * ringing): on the device, in the outbox while not yet sent, and in the centre while unread. The
   * notice's id by default (each stands alone).
   */
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
  /** Asked again just before each push is sent (push-checks.ts): a message seen on another device by then is not pushed. */
  sendIf?: PushCheck;
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
    // A newer notice of the same tag takes the place of the unread one (a chat shows once, with its latest message).
    if (n.tag) await tx.delete(notices).where(and(inArray(notices.userId, people), eq(notices.tag, n.tag), isNull(notices.readAt)));
    await tx.insert(notices).values(
      people.map((userId) => ({
        id: noticeIds.get(userId)!,
        userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        tag: n.tag ?? null,
      })),
    );
  }
  const settings = await settingsOf(tx, people);
  const pushed = people.filter((userId) => pushAllowed(settings.get(userId)!, kind, now));
  // The pushes of this tag still waiting are replaced by this one (the device would replace them anyway).
  if (n.tag && pushed.length) await cancelWaiting(tx, pushed, topicOf(n.tag));
  for (const userId of pushed) {
    const s = settings.get(userId)!;
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
    await enqueue(tx, userId, {
      kind: n.kind,
      tag,
      payload,
      urgency: n.urgent ? 'high' : 'normal',
      ttl: n.ttlSeconds ?? 86_400,
      sendIf: n.sendIf,
    });
  }
}

/** Pushes of this topic not yet claimed by a sender: cancelled. */
const cancelWaiting = (tx: Tx, userIds: string[], topic: string) =>
  tx
    .update(pushDeliveries)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(pushDeliveries.userId, userIds),
        eq(pushDeliveries.topic, topic),
        eq(pushDeliveries.status, 'pending'),
        or(isNull(pushDeliveries.claimedUntil), lt(pushDeliveries.claimedUntil, sql`now()`)),
      ),
    );

type Push = { kind: string; tag: string; payload: PushPayload; urgency: 'normal' | 'high'; ttl: number; sendIf?: PushCheck };

/** One delivery per device of this person (or of these of their devices), in one statement. */
async function enqueue(tx: Tx, userId: string, p: Push, onlySubscriptions?: string[]) {
  await tx.insert(pushDeliveries).select(
    tx
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        userId: pushSubscriptions.userId,
        subscriptionId: pushSubscriptions.id,
        kind: sql<string>`${p.kind}`.as('kind'),
        topic: sql<string>`${topicOf(p.tag)}`.as('topic'),
        urgency: sql<'normal' | 'high'>`${p.urgency}`.as('urgency'),
        ttlSeconds: sql<number>`${p.ttl}::int`.as('ttl_seconds'),
        payload: sql<PushPayload>`${JSON.stringify(p.payload)}::jsonb`.as('payload'),
        sendIf: sql<PushCheck | null>`${p.sendIf ? JSON.stringify(p.sendIf) : null}::jsonb`.as('send_if'),
        status: sql<'pending'>`'pending'`.as('status'),
        attempts: sql<number>`0`.as('attempts'),
        nextAt: sql<Date>`now()`.as('next_at'),
        claimedUntil: sql<Date | null>`null::timestamptz`.as('claimed_until'),
        lastError: sql<string | null>`null::text`.as('last_error'),
        createdAt: sql<Date>`now()`.as('created_at'),
        sentAt: sql<Date | null>`null::timestamptz`.as('sent_at'),
      })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), onlySubscriptions ? inArray(pushSubscriptions.id, onlySubscriptions) : undefined)),
  );
}

/**
 * Takes a notification down from these people's devices (a call answered on another device or
 * ended): its pushes not yet sent are cancelled, and each device it was sent to (or is being sent
 * to now) is told to close it, under the same topic, so a push service still holding the first for
 * an offline device replaces it with the close. A device it never reached is told nothing.
 */
export async function dismiss(tx: Tx, userIds: string[], kind: string, tag: string): Promise<void> {
  const people = [...new Set(userIds)];
  if (!people.length) return;
  const topic = topicOf(tag);
  const reached = await tx
    .selectDistinct({ userId: pushDeliveries.userId, subscriptionId: pushDeliveries.subscriptionId })
    .from(pushDeliveries)
    .where(
      and(
        inArray(pushDeliveries.userId, people),
        eq(pushDeliveries.topic, topic),
        or(eq(pushDeliveries.status, 'sent'), and(eq(pushDeliveries.status, 'pending'), gt(pushDeliveries.claimedUntil, sql`now()`))),
        sql`${pushDeliveries.payload} ->> 'close' IS NULL`,
      ),
    );
  await tx
    .update(pushDeliveries)
    .set({ status: 'cancelled' })
    .where(and(inArray(pushDeliveries.userId, people), eq(pushDeliveries.topic, topic), eq(pushDeliveries.status, 'pending')));
  const payload: PushPayload = { kind, title: '', body: '', url: '/', tag, close: true };
  for (const userId of people) {
    const subs = reached.filter((r) => r.userId === userId).map((r) => r.subscriptionId);
    if (subs.length) await enqueue(tx, userId, { kind, tag, payload, urgency: 'high', ttl: 600 }, subs);
  }
}
