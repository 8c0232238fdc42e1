import { sql } from 'drizzle-orm';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { notify, type PushCheckFn } from '../notifications/index.js';
import { usersByIds } from '../user/index.js';
import type { messages } from './tables.js';

// A message's push (docs/notifications.md): one notification per chat on each recipient's devices,
// the newest message replacing the older ones (one tag per conversation), never to its sender, nor
// to a member who muted the group, nor to anyone who has already seen it on another device: when
// the job turns the message into a push, and again just before the push is sent (`chat.unseen`).

type M = typeof messages.$inferSelect;
type Queued = {
  message_id: M['id'];
  conversation_id: M['conversationId'];
  seq: M['seq'];
  from_user_id: M['fromUserId'];
  to_user_id: M['toUserId'];
  msg_type: M['msgType'];
  body: M['body'];
  group_name: string | null;
};

/** The name of the check the message pushes carry. */
export const UNSEEN_CHECK = 'chat.unseen';

/** The tag of a conversation's notifications: its newest message replaces the older. */
export const chatTag = (conversationId: string) => `chat:${conversationId}`;

/** What the lock screen says of a message (its text, or what it is). */
function preview(m: Pick<Queued, 'msg_type' | 'body'>): string {
  const text = m.body.text.trim();
  const shown = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  if (m.msg_type === 'image') return shown ? `Photo: ${shown}` : 'Photo';
  if (m.msg_type === 'voice') return 'Voice message';
  return shown;
}

/**
 * Who is told of each conversation's newest message: in a direct chat the other person; in a group
 * the members now (not the sender, not those who joined after it, not those who muted the group);
 * in both only while they have not seen it (their seen mark is below it).
 */
async function recipients(tx: Tx, latest: Queued[], now: Date): Promise<Map<string, string[]>> {
  const rows = sql.join(
    latest.map(
      (m) =>
        sql`(${m.conversation_id}::uuid, ${m.seq}::int, ${m.from_user_id}::uuid, ${m.to_user_id === m.conversation_id ? null : m.to_user_id}::uuid)`,
    ),
    sql`, `,
  );
  const found = await executeRows<{ convo: string; user_id: string }>(
    tx,
    sql`WITH v (convo, seq, sender, direct_to) AS (VALUES ${rows})
      SELECT v.convo, r.user_id FROM v
      CROSS JOIN LATERAL (
        SELECT v.direct_to AS user_id WHERE v.direct_to IS NOT NULL
        UNION ALL
        SELECT mb.user_id FROM chat_members mb
        WHERE v.direct_to IS NULL AND mb.conversation_id = v.convo AND mb.left_at IS NULL AND mb.user_id <> v.sender
          AND mb.joined_seq < v.seq AND (mb.muted_until IS NULL OR mb.muted_until <= ${now.toISOString()}::timestamptz)) r
      WHERE NOT EXISTS (SELECT 1 FROM chat_marks k WHERE k.conversation_id = v.convo AND k.user_id = r.user_id AND k.seen_seq >= v.seq)`,
  );
  const by = new Map<string, string[]>();
  for (const r of found) by.set(r.convo, [...(by.get(r.convo) ?? []), r.user_id]);
  return by;
}

/**
 * The `chat.notify` job: takes the queued messages (rows another process holds are skipped), tells
 * the recipients of each conversation's newest one, and deletes them, in one transaction, so a
 * crash leaves them all for the next run and each message is told once.
 */
export async function pushNewMessages(db: Db, now = new Date(), limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const queued = await executeRows<Queued>(
      tx,
      sql`SELECT q.message_id, m.conversation_id, m.seq, m.from_user_id, m.to_user_id, m.msg_type, m.body, g.name AS group_name
        FROM chat_push_queue q JOIN chat_messages m ON m.id = q.message_id LEFT JOIN chat_groups g ON g.id = m.conversation_id
        ORDER BY q.created_at LIMIT ${limit} FOR UPDATE OF q SKIP LOCKED`,
    );
    if (!queued.length) return 0;
    // One notification per conversation: its newest message (the older ones would be replaced at once).
    const newest = new Map<string, Queued>();
    for (const m of queued) if ((newest.get(m.conversation_id)?.seq ?? -1) < m.seq) newest.set(m.conversation_id, m);
    const latest = [...newest.values()].filter((m) => !m.body.deleted);
    const to = latest.length ? await recipients(tx, latest, now) : new Map<string, string[]>();
    const senders = new Map(
      (
        await usersByIds(
          tx,
          latest.map((m) => m.from_user_id),
        )
      ).map((u) => [u.id, u]),
    );
    for (const m of latest) {
      const people = to.get(m.conversation_id) ?? [];
      if (!people.length) continue;
      const sender = senders.get(m.from_user_id);
      const name = sender ? `${sender.firstName} ${sender.lastName}` : 'Someone';
      const group = m.to_user_id === m.conversation_id;
      await notify(
        tx,
        people,
        {
          kind: 'message',
          title: group ? (m.group_name ?? 'Group') : name,
          body: group ? `${sender?.firstName ?? name}: ${preview(m)}` : preview(m),
          link: group ? `/chat/groups/${m.conversation_id}` : `/chat/${m.from_user_id}`,
          tag: chatTag(m.conversation_id),
          privateBody: true,
          sendIf: { name: UNSEEN_CHECK, args: { conversationId: m.conversation_id, seq: m.seq } },
        },
        now,
      );
    }
    await executeRows(
      tx,
      sql`DELETE FROM chat_push_queue WHERE message_id IN (${sql.join(
        queued.map((m) => sql`${m.message_id}::uuid`),
        sql`, `,
      )})`,
    );
    return queued.length;
  });
}

/**
 * Asked just before a message's push is sent: skipped when the person has seen the conversation up
 * to that message since (on another device), or has left or muted the group.
 */
export const unseenCheck: PushCheckFn = async (db, pushes) => {
  const rows = sql.join(
    pushes.map((p) => sql`(${p.id}::uuid, ${p.userId}::uuid, ${String(p.args.conversationId)}::uuid, ${Number(p.args.seq)}::int)`),
    sql`, `,
  );
  const seen = await executeRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM (VALUES ${rows}) AS p (id, user_id, convo, seq)
      WHERE EXISTS (SELECT 1 FROM chat_marks k WHERE k.conversation_id = p.convo AND k.user_id = p.user_id AND k.seen_seq >= p.seq)
        OR EXISTS (SELECT 1 FROM chat_members mb WHERE mb.conversation_id = p.convo AND mb.user_id = p.user_id
          AND (mb.left_at IS NOT NULL OR mb.muted_until > now()))`,
  );
  return new Set(seen.map((r) => r.id));
};
