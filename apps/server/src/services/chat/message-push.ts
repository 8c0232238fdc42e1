import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { notify, type PushCheckFn } from '../notifications/index.js';
import { usersByIds } from '../user/index.js';
import { claimQueued, seenSince, unseenRecipients, type Queued } from './push.queries.js';
import { pushQueue } from './tables.js';

// A message's push (docs/notifications.md): one notification per chat on each recipient's devices,
// the newest message replacing the older ones (one tag per conversation), never to its sender, nor
// to a member who muted the group, nor to anyone who has already seen it on another device: when
// the job turns the message into a push, and again just before the push is sent (`chat.unseen`).

/** The name of the check the message pushes carry. */
export const UNSEEN_CHECK = 'chat.unseen';

/** The tag of a conversation's notifications: its newest message replaces the older. */
export const chatTag = (conversationId: string) => `chat:${conversationId}`;

/** What the lock screen says of a message (its text, or what it is). */
function preview(m: Pick<Queued, 'msgType' | 'body'>): string {
  const text = m.body.text.trim();
  const shown = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  if (m.msgType === 'image') return shown ? `Photo: ${shown}` : 'Photo';
  if (m.msgType === 'voice') return 'Voice message';
  const call = m.body.event?.type === 'call' ? m.body.event.call : undefined;
  if (call) return call.durationMs === null ? 'Missed group call' : 'Group voice call';
  return shown;
}

/** Who is told of each conversation's newest message (`unseenRecipients`), by conversation. */
async function recipients(tx: Tx, latest: Queued[], now: Date): Promise<Map<string, string[]>> {
  const by = new Map<string, string[]>();
  for (const r of await unseenRecipients(tx, latest, now)) by.set(r.conversationId, [...(by.get(r.conversationId) ?? []), r.userId]);
  return by;
}

/** The job that turns queued messages into notifications; a socket that stores a message nudges it. */
export const NOTIFY_JOB = 'chat.notify';

/**
 * The `chat.notify` job: takes the queued messages (rows another process holds are skipped), tells
 * the recipients of each conversation's newest one, and deletes them, in one transaction, so a
 * crash leaves them all for the next run and each message is told once.
 */
export async function pushNewMessages(db: Db, now = new Date(), limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const queued = await claimQueued(tx, limit);
    if (!queued.length) return 0;
    // One notification per conversation: its newest message (the older ones would be replaced at once).
    const newest = new Map<string, Queued>();
    for (const m of queued) if ((newest.get(m.conversationId)?.seq ?? -1) < m.seq) newest.set(m.conversationId, m);
    const latest = [...newest.values()].filter((m) => !m.body.deleted);
    const to = latest.length ? await recipients(tx, latest, now) : new Map<string, string[]>();
    const senders = new Map(
      (
        await usersByIds(
          tx,
          latest.map((m) => m.fromUserId),
        )
      ).map((u) => [u.id, u]),
    );
    for (const m of latest) {
      const people = to.get(m.conversationId) ?? [];
      if (!people.length) continue;
      const sender = senders.get(m.fromUserId);
      const name = sender ? `${sender.firstName} ${sender.lastName}` : 'Someone';
      const group = m.toUserId === m.conversationId;
      await notify(
        tx,
        people,
        {
          kind: 'message',
          title: group ? (m.groupName ?? 'Group') : name,
          body: group ? `${sender?.firstName ?? name}: ${preview(m)}` : preview(m),
          link: group ? `/chat/groups/${m.conversationId}` : `/chat/${m.fromUserId}`,
          tag: chatTag(m.conversationId),
          privateBody: true,
          sendIf: { name: UNSEEN_CHECK, args: { conversationId: m.conversationId, seq: m.seq } },
        },
        now,
      );
    }
    await tx.delete(pushQueue).where(
      inArray(
        pushQueue.messageId,
        queued.map((m) => m.messageId),
      ),
    );
    return queued.length;
  });
}

/**
 * Asked just before a message's push is sent: skipped when the person has seen the conversation up
 * to that message since (on another device), or has left or muted the group.
 */
export const unseenCheck: PushCheckFn = async (db, pushes) => new Set(await seenSince(db, pushes));
