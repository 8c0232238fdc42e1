import { sql } from 'drizzle-orm';
import type { ChatUser } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { nicknamedPeople, userIdsMatching, usersByIds, type UserSummary } from '../user/index.js';
import { conversationId } from './conversation-id.js';
import { marksOnlyRise, messageCols, toMessage, type MessageRow } from './message.queries.js';

// Conversations: history, the list of chats, marks, saved media and last seen. Sending is in
// send-batch.ts (group commit) and send-checks.ts. Receipts are "up to seq" marks per member.

export const toChatUser = (u: Pick<UserSummary, 'id' | 'firstName' | 'lastName' | 'nickName' | 'avatar'>): ChatUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName,
  avatar: u.avatar,
});

export { conversationId } from './conversation-id.js';

export type Marks = { conversationId: string; userId: string; deliveredSeq: number; seenSeq: number };

export async function setMarks(tx: Tx, convo: string, userId: string, delivered: number, seen: number): Promise<Marks> {
  const [row] = await executeRows<{ delivered_seq: number; seen_seq: number }>(
    tx,
    sql`INSERT INTO chat_marks (conversation_id, user_id, delivered_seq, seen_seq) VALUES (${convo}, ${userId}, ${Math.max(delivered, seen)}, ${seen})
      ${marksOnlyRise}
      RETURNING delivered_seq, seen_seq`,
  );
  return { conversationId: convo, userId, deliveredSeq: row!.delivered_seq, seenSeq: row!.seen_seq };
}

/** The other member of a conversation the caller belongs to (404 for anyone else's). */
export async function otherMember(db: Tx, userId: string, convo: string): Promise<{ otherId: string; lastSeq: number }> {
  const [c] = await executeRows<{ user_a: string; user_b: string; last_seq: number }>(
    db,
    sql`SELECT user_a, user_b, last_seq FROM chat_conversations WHERE id = ${convo}`,
  );
  if (!c || (c.user_a !== userId && c.user_b !== userId)) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
  return { otherId: c.user_a === userId ? c.user_b : c.user_a, lastSeq: c.last_seq };
}

/** Moves the caller's delivered (and, with `seen`, seen) mark up to `upToSeq` (never past the last message, never back). */
export async function markUpTo(
  db: Tx,
  userId: string,
  convo: string,
  upToSeq: number,
  seen: boolean,
): Promise<Marks & { otherId: string }> {
  const { otherId, lastSeq } = await otherMember(db, userId, convo);
  const upTo = Math.min(upToSeq, lastSeq);
  const m = await setMarks(db, convo, userId, upTo, seen ? upTo : 0);
  return { ...m, otherId };
}

const noMarks = { deliveredSeq: 0, seenSeq: 0 };

/** A page of a conversation with someone: older than `before`, newer than `after` (catch-up), or the latest. */
export async function history(db: Tx, userId: string, otherId: string, q: { before?: number; after?: number; limit: number }) {
  if (otherId === userId) throw badRequest('You can’t message yourself', 'CHAT_SELF');
  const convo = conversationId(userId, otherId);
  const [c] = await executeRows<{ id: string }>(db, sql`SELECT id FROM chat_conversations WHERE id = ${convo}`);
  if (!c) {
    const [u] = await usersByIds(db, [otherId]);
    if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
    return { conversationId: null, messages: [], hasMore: false, marks: { mine: noMarks, theirs: noMarks } };
  }
  const newer = q.after !== undefined;
  const where = newer ? sql`seq > ${q.after}` : q.before !== undefined ? sql`seq < ${q.before}` : sql`true`;
  const rows = await executeRows<MessageRow>(
    db,
    sql`SELECT ${messageCols} FROM chat_messages WHERE conversation_id = ${convo} AND ${where}
      ORDER BY seq ${newer ? sql`ASC` : sql`DESC`} LIMIT ${q.limit + 1}`,
  );
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (!newer) page.reverse();
  const markRows = await executeRows<{ user_id: string; delivered_seq: number; seen_seq: number }>(
    db,
    sql`SELECT user_id, delivered_seq, seen_seq FROM chat_marks WHERE conversation_id = ${convo}`,
  );
  const markOf = (id: string) => {
    const m = markRows.find((r) => r.user_id === id);
    return m ? { deliveredSeq: m.delivered_seq, seenSeq: m.seen_seq } : noMarks;
  };
  return { conversationId: convo, messages: page.map(toMessage), hasMore, marks: { mine: markOf(userId), theirs: markOf(otherId) } };
}

/** The caller's conversations, the latest first, each with its last message and unread count. */
export async function recentChats(db: Tx, userId: string, q: { page: number; limit: number; search?: string }) {
  const s = q.search?.trim();
  const rows = await executeRows<{
    id: string;
    other_id: string;
    last_seq: number;
    last_message_at: string;
    seen_seq: number;
    last: MessageRow | null;
    total: number;
  }>(
    db,
    sql`SELECT c.id, CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END AS other_id, c.last_seq, c.last_message_at,
      coalesce((SELECT seen_seq FROM chat_marks m WHERE m.conversation_id = c.id AND m.user_id = ${userId}), 0) AS seen_seq,
      (SELECT row_to_json(x) FROM (SELECT ${messageCols} FROM chat_messages WHERE conversation_id = c.id ORDER BY seq DESC LIMIT 1) x) AS last,
      count(*) OVER ()::int AS total
      FROM chat_conversations c
      WHERE (c.user_a = ${userId} OR c.user_b = ${userId}) AND c.last_seq > 0
        ${s ? sql`AND (CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END) IN (${userIdsMatching(s)})` : sql``}
      ORDER BY c.last_message_at DESC, c.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.other_id),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return {
    items: rows.flatMap((r) => {
      const user = people.get(r.other_id);
      if (!user) return [];
      return [
        {
          conversationId: r.id,
          user,
          lastMessage: r.last ? toMessage(r.last) : null,
          lastSeq: r.last_seq,
          unreadCount: Math.max(0, r.last_seq - r.seen_seq),
          updatedAt: new Date(r.last_message_at).toISOString(),
        },
      ];
    }),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

export async function directory(db: Tx, userId: string, q: { search?: string; page: number; limit: number }) {
  const { people, total } = await nicknamedPeople(db, { ...q, exceptId: userId });
  return { items: people.map(toChatUser), pagination: pageInfo(q.page, q.limit, total) };
}

// --- saved media -----------------------------------------------------------------------------------

export async function saveMedia(db: Tx, userId: string, messageId: string) {
  const [m] = await executeRows<MessageRow>(db, sql`SELECT ${messageCols} FROM chat_messages WHERE id = ${messageId}`);
  if (!m || (m.from_user_id !== userId && m.to_user_id !== userId)) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
  if (!m.body.media) throw badRequest('Only photos and voice notes can be saved', 'NOT_MEDIA');
  await db.execute(sql`INSERT INTO chat_saved_media (user_id, message_id) VALUES (${userId}, ${messageId}) ON CONFLICT DO NOTHING`);
  return (await savedMediaOf(db, userId, { page: 1, limit: 1 }, messageId)).items[0]!;
}

export async function savedMediaOf(db: Tx, userId: string, q: { page: number; limit: number }, onlyId?: string) {
  const rows = await executeRows<{
    message_id: string;
    client_msg_id: string;
    msg_type: 'image' | 'voice';
    with_user_id: string;
    url: string;
    created_at: string;
    total: number;
  }>(
    db,
    sql`SELECT s.message_id, m.client_msg_id, m.msg_type,
        CASE WHEN m.from_user_id = ${userId} THEN m.to_user_id ELSE m.from_user_id END AS with_user_id,
        m.body->'media'->>'url' AS url, s.created_at, count(*) OVER ()::int AS total
      FROM chat_saved_media s JOIN chat_messages m ON m.id = s.message_id
      WHERE s.user_id = ${userId} ${onlyId ? sql`AND s.message_id = ${onlyId}` : sql``}
      ORDER BY s.created_at DESC, s.message_id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return {
    items: rows.map((r) => ({
      msgId: r.client_msg_id,
      messageId: r.message_id,
      blobUrl: r.url,
      msgType: r.msg_type,
      withUserId: r.with_user_id,
      status: 'saved' as const,
      savedAt: new Date(r.created_at).toISOString(),
    })),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

// --- presence ------------------------------------------------------------------------------------

export async function recordLastSeen(db: Tx, userId: string) {
  await db.execute(sql`INSERT INTO chat_last_seen (user_id, at) VALUES (${userId}, now()) ON CONFLICT (user_id) DO UPDATE SET at = now()`);
}

export async function lastSeenOf(db: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await executeRows<{ user_id: string; at: string }>(
    db,
    sql`SELECT user_id, at FROM chat_last_seen WHERE user_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.user_id, new Date(r.at).toISOString()]));
}
