import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { kindOfNotice, type NotificationKind, type PushPayload } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';
import type { PushCheck } from './push-checks.js';
import { pushAllowed, settingsOf } from './settings.service.js';
import { pushDeliveries } from './tables.js';

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
  await notifyEach(tx, [{ userIds, n }], now);
}

/** One person's notification, as `notifyEach` writes it. */
type Item = { userId: string; n: Notification; kind: NotificationKind; noticeId: string };

/**
 * Several notifications at once, in a few statements whatever their number (the money events'
 * job tells a batch of payments together). Of several with one tag for one person, the last is kept.
 */
export async function notifyEach(tx: Tx, list: { userIds: string[]; n: Notification }[], now = new Date()): Promise<void> {
  const byKey = new Map<string, Item>();
  for (const { userIds, n } of list) {
    const kind = kindOfNotice(n.kind);
    if (!kind) throw new Error(`Unknown notification kind ${n.kind}`);
    for (const userId of new Set(userIds)) {
      const noticeId = newId();
      byKey.set(n.tag ? `${userId} ${n.tag}` : noticeId, { userId, n, kind, noticeId });
    }
  }
  const items = [...byKey.values()];
  if (!items.length) return;
  const shown = items.filter((i) => i.n.inApp !== false);
  // A newer notice of the same tag takes the place of the unread one (a chat shows once, with its latest message).
  const tagged = shown.filter((i) => i.n.tag);
  if (tagged.length)
    await tx.delete(notices).where(
      and(
        isNull(notices.readAt),
        sql`(${notices.userId}, ${notices.tag}) IN (${sql.join(
          tagged.map((i) => sql`(${i.userId}::uuid, ${i.n.tag!}::text)`),
          sql`, `,
        )})`,
      ),
    );
  if (shown.length)
    await tx.insert(notices).values(
      shown.map((i) => ({
        id: i.noticeId,
        userId: i.userId,
        kind: i.n.kind,
        title: i.n.title,
        body: i.n.body,
        link: i.n.link,
        tag: i.n.tag ?? null,
      })),
    );
  const settings = await settingsOf(tx, [...new Set(items.map((i) => i.userId))]);
  const pushed = items.filter((i) => pushAllowed(settings.get(i.userId)!, i.kind, now));
  if (!pushed.length) return;
  // The pushes of a tag still waiting are replaced by the new one (the device would replace them anyway).
  const replacing = pushed.filter((i) => i.n.tag);
  if (replacing.length)
    await cancelWaiting(
      tx,
      replacing.map((i) => ({ userId: i.userId, topic: topicOf(i.n.tag!) })),
    );
  await enqueue(
    tx,
    pushed.map((i) => {
      const tag = i.n.tag ?? i.noticeId;
      const payload: PushPayload = {
        kind: i.n.kind,
        title: i.n.title,
        body: i.n.privateBody && settings.get(i.userId)!.hideMessageText ? 'New message' : i.n.body,
        url: i.n.link,
        tag,
        ...(i.n.inApp !== false ? { noticeId: i.noticeId } : {}),
        ...(i.n.urgent ? { urgent: true } : {}),
        ...(i.n.actions ? { actions: i.n.actions } : {}),
      };
      return {
        userId: i.userId,
        kind: i.n.kind,
        tag,
        payload,
        urgency: i.n.urgent ? 'high' : 'normal',
        ttl: i.n.ttlSeconds ?? 86_400,
        sendIf: i.n.sendIf,
      };
    }),
  );
}

/** The pushes of these people and topics not yet claimed by a sender: cancelled. */
const cancelWaiting = (tx: Tx, pairs: { userId: string; topic: string }[]) =>
  tx
    .update(pushDeliveries)
    .set({ status: 'cancelled' })
    .where(
      and(
        sql`(${pushDeliveries.userId}, ${pushDeliveries.topic}) IN (${sql.join(
          pairs.map((p) => sql`(${p.userId}::uuid, ${p.topic}::text)`),
          sql`, `,
        )})`,
        eq(pushDeliveries.status, 'pending'),
        or(isNull(pushDeliveries.claimedUntil), lt(pushDeliveries.claimedUntil, sql`now()`)),
      ),
    );

/** A push for one person: to each of their devices, or only to `subscriptionId`. */
type Push = {
  userId: string;
  kind: string;
  tag: string;
  payload: PushPayload;
  urgency: 'normal' | 'high';
  ttl: number;
  sendIf?: PushCheck;
  subscriptionId?: string;
};

/**
 * One delivery per device of each push's person, in one statement (the hot path of money received:
 * a batch of events is one INSERT, so it is hand-written, its columns those of push_deliveries).
 */
async function enqueue(tx: Tx, pushes: Push[]): Promise<void> {
  if (!pushes.length) return;
  const rows = sql.join(
    pushes.map(
      (p) =>
        sql`(${p.userId}::uuid, ${p.subscriptionId ?? null}::uuid, ${p.kind}::text, ${topicOf(p.tag)}::text, ${p.urgency}::text,
          ${p.ttl}::int, ${JSON.stringify(p.payload)}::jsonb, ${p.sendIf ? JSON.stringify(p.sendIf) : null}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO push_deliveries (id, user_id, subscription_id, kind, topic, urgency, ttl_seconds, payload, send_if,
      status, attempts, next_at, created_at)
    SELECT gen_random_uuid(), s.user_id, s.id, v.kind, v.topic, v.urgency, v.ttl, v.payload, v.send_if, 'pending', 0, now(), now()
    FROM (VALUES ${rows}) AS v (user_id, subscription_id, kind, topic, urgency, ttl, payload, send_if)
    JOIN push_subscriptions s ON s.user_id = v.user_id AND (v.subscription_id IS NULL OR s.id = v.subscription_id)`);
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
  await enqueue(
    tx,
    reached.map((r) => ({ userId: r.userId, subscriptionId: r.subscriptionId, kind, tag, payload, urgency: 'high', ttl: 600 })),
  );
}
