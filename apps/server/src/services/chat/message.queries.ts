import { sql } from 'drizzle-orm';
import type { ChatMessage } from '@owo/contracts';
import { executeRows, rawQuery, type RawRow, type RawStatement, type Tx } from '../../platform/db.js';
import { marks, type messages } from './tables.js';

// The hand-written statements on chat messages (the query rule: named, beside their service, row
// types derived from the tables): the send's one statement, the reads of a send's checks, and a
// conversation's page (the measured hot paths).

type M = typeof messages.$inferSelect;
/** A message's content as stored. */
export type MessageBody = M['body'];
/** A message as a raw statement returns it (`messageCols`: the table's property names). */
export type MessageRow = RawRow<
  Pick<M, 'id' | 'conversationId' | 'seq' | 'fromUserId' | 'toUserId' | 'clientMsgId' | 'msgType' | 'body' | 'createdAt'>
>;

/** A message's columns, aliased to the table's property names (`MessageRow`). */
export const messageCols = sql`id, conversation_id AS "conversationId", seq, from_user_id AS "fromUserId", to_user_id AS "toUserId",
  client_msg_id AS "clientMsgId", msg_type AS "msgType", body, created_at AS "createdAt"`;
/** `messageCols` of the messages aliased `x` in a join. */
export const messageColsOfX = sql`x.id, x.conversation_id AS "conversationId", x.seq, x.from_user_id AS "fromUserId",
  x.to_user_id AS "toUserId", x.client_msg_id AS "clientMsgId", x.msg_type AS "msgType", x.body, x.created_at AS "createdAt"`;

export const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  msgId: r.clientMsgId,
  conversationId: r.conversationId,
  seq: r.seq,
  fromUserId: r.fromUserId,
  toUserId: r.toUserId,
  // A group message is addressed to its group, whose id is its conversation's.
  groupId: r.toUserId === r.conversationId ? r.conversationId : null,
  msgType: r.msgType,
  msgBody: {
    text: r.body.text,
    replyTo: r.body.replyTo ?? null,
    media: r.body.media,
    payment: r.body.payment ?? null,
    ...(r.body.mentions?.length ? { mentions: r.body.mentions } : {}),
    ...(r.body.event ? { event: r.body.event } : {}),
    ...(r.body.deleted ? { deleted: true } : {}),
    ...(r.body.forwarded ? { forwarded: true } : {}),
  },
  createdAt: new Date(r.createdAt).toISOString(),
});

/** A message checked and ready to store: its id, conversation and place in it are known. */
export type ReadyMessage = Pick<
  M,
  'id' | 'conversationId' | 'fromUserId' | 'toUserId' | 'clientMsgId' | 'msgType' | 'body' | 'paymentReference'
> & {
  /** The pair, for a conversation's first message (user_a < user_b); none for a group's (its row exists). */
  pair: [string, string] | null;
};

/**
 * The batch's statement, its text the same for every batch (the rows go as arrays, unnested), so
 * PostgreSQL parses and plans it once per connection and the server builds nothing per message.
 */
const INSERT_MESSAGES: RawStatement = {
  name: 'chat_insert_messages',
  text: `WITH k AS (
      SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[]) AS k (convo, user_a, user_b, n)),
    v AS (
      SELECT * FROM unnest($5::uuid[], $6::uuid[], $7::int[], $8::uuid[], $9::uuid[], $10::text[], $11::text[], $12::jsonb[], $13::text[])
        AS v (id, convo, pos, from_user_id, to_user_id, client_msg_id, msg_type, body, payment_reference)),
    c AS (
      INSERT INTO chat_conversations (id, user_a, user_b, last_seq, last_message_at)
      SELECT convo, user_a, user_b, n, now() FROM k ORDER BY convo
      ON CONFLICT (id) DO UPDATE SET last_seq = chat_conversations.last_seq + excluded.last_seq, last_message_at = now()
      RETURNING id, last_seq),
    m AS (
      INSERT INTO chat_messages (id, conversation_id, seq, from_user_id, to_user_id, client_msg_id, msg_type, body, payment_reference)
      SELECT v.id, v.convo, c.last_seq - k.n + v.pos, v.from_user_id, v.to_user_id, v.client_msg_id, v.msg_type, v.body, v.payment_reference
      FROM v JOIN k ON k.convo = v.convo JOIN c ON c.id = v.convo
      RETURNING id, conversation_id, seq, from_user_id, to_user_id, client_msg_id, msg_type, body, created_at),
    -- Writing a message means having seen the conversation up to it.
    s AS (
      INSERT INTO chat_marks (conversation_id, user_id, delivered_seq, seen_seq)
      SELECT conversation_id, from_user_id, max(seq), max(seq) FROM m GROUP BY conversation_id, from_user_id
      ON CONFLICT (conversation_id, user_id) DO UPDATE SET
        delivered_seq = greatest(chat_marks.delivered_seq, excluded.delivered_seq),
        seen_seq = greatest(chat_marks.seen_seq, excluded.seen_seq)),
    -- The messages that may notify their recipients (message-push.ts: text, image, voice); a payment's is told by the money's own push.
    q AS (INSERT INTO chat_push_queue (message_id) SELECT id FROM m WHERE msg_type IN ('text', 'image', 'voice'))
    SELECT id, conversation_id AS "conversationId", seq, from_user_id AS "fromUserId", to_user_id AS "toUserId",
      client_msg_id AS "clientMsgId", msg_type AS "msgType", body, created_at AS "createdAt"
    FROM m ORDER BY conversation_id, seq`,
};

/**
 * Stores messages in one statement (group commit): each conversation's row is upserted once with
 * its `last_seq` moved up by the number of its messages (its row lock held to the commit, the
 * conversations taken in id order so two batches never wait on each other in a circle); the
 * messages are inserted in one multi-row INSERT with consecutive seqs in the order given; each
 * sender's marks move up to their last message; the messages to push are queued. All or nothing: a unique index broken by one row
 * (a resent temporary id, a payment already shared) rolls the whole statement back.
 */
export async function insertMessages(db: Tx, batch: readonly ReadyMessage[]): Promise<MessageRow[]> {
  const byConvo = new Map<string, ReadyMessage[]>();
  for (const m of batch) byConvo.set(m.conversationId, [...(byConvo.get(m.conversationId) ?? []), m]);
  const convos = [...byConvo.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const messages = convos.flatMap(([, ms]) => ms.map((m, i) => ({ m, pos: i + 1 })));
  return rawQuery<MessageRow>(db, INSERT_MESSAGES, [
    convos.map(([id]) => id),
    convos.map(([, ms]) => ms[0]!.pair?.[0] ?? null),
    convos.map(([, ms]) => ms[0]!.pair?.[1] ?? null),
    convos.map(([, ms]) => ms.length),
    messages.map(({ m }) => m.id),
    messages.map(({ m }) => m.conversationId),
    messages.map(({ pos }) => pos),
    messages.map(({ m }) => m.fromUserId),
    messages.map(({ m }) => m.toUserId),
    // Arrays hold null, never undefined (the embedded database's protocol refuses an undefined element).
    messages.map(({ m }) => m.clientMsgId ?? null),
    messages.map(({ m }) => m.msgType),
    messages.map(({ m }) => JSON.stringify(m.body)),
    messages.map(({ m }) => m.paymentReference ?? null),
  ]);
}

/** The messages senders already stored under these temporary ids (resends). */
export async function storedByClientIds(db: Tx, keys: readonly { fromUserId: string; clientMsgId: string }[]): Promise<MessageRow[]> {
  if (!keys.length) return [];
  const list = sql.join(
    keys.map((k) => sql`(${k.fromUserId}::uuid, ${k.clientMsgId}::text)`),
    sql`, `,
  );
  return executeRows<MessageRow>(db, sql`SELECT ${messageCols} FROM chat_messages WHERE (from_user_id, client_msg_id) IN (${list})`);
}

/** Messages by id, each only if it is in the given conversation (replies). */
export async function messagesInConversations(db: Tx, pairs: readonly { id: string; conversationId: string }[]): Promise<MessageRow[]> {
  if (!pairs.length) return [];
  const list = sql.join(
    pairs.map((p) => sql`(${p.id}::uuid, ${p.conversationId}::uuid)`),
    sql`, `,
  );
  return executeRows<MessageRow>(db, sql`SELECT ${messageCols} FROM chat_messages WHERE (id, conversation_id) IN (${list})`);
}

/** The set of an upsert into chat_marks whose marks only ever move up (as INSERT_MESSAGES's own). */
export const marksRise = {
  deliveredSeq: sql`greatest(${marks.deliveredSeq}, excluded.delivered_seq)`,
  seenSeq: sql`greatest(${marks.seenSeq}, excluded.seen_seq)`,
};

/** Leaves out, of the messages aliased `alias`, those `viewerId` deleted for themselves. */
export const notHiddenFor = (viewerId: string, alias = sql.raw('chat_messages')) =>
  sql`NOT EXISTS (SELECT 1 FROM chat_hidden_messages h WHERE h.user_id = ${viewerId} AND h.message_id = ${alias}.id)`;

/**
 * A page of a conversation's messages (a keyset page on seq): older than `before`, newer than
 * `after` (catch-up, oldest first), or the latest; one more than `limit` to tell whether there is
 * more. `within` bounds it to a group member's membership (after `joinedSeq`, up to `leftSeq`);
 * the messages the viewer deleted for themselves are left out.
 */
export async function messagePage(
  db: Tx,
  viewerId: string,
  convo: string,
  q: { before?: number; after?: number; limit: number },
  within?: { joinedSeq: number; leftSeq: number | null },
): Promise<MessageRow[]> {
  const newer = q.after !== undefined;
  const where = newer ? sql`seq > ${q.after}` : q.before !== undefined ? sql`seq < ${q.before}` : sql`true`;
  const bounds = within ? sql`AND seq > ${within.joinedSeq} ${within.leftSeq !== null ? sql`AND seq <= ${within.leftSeq}` : sql``}` : sql``;
  return executeRows<MessageRow>(
    db,
    sql`SELECT ${messageCols} FROM chat_messages WHERE conversation_id = ${convo} AND ${where}
      ${bounds} AND ${notHiddenFor(viewerId)}
      ORDER BY seq ${newer ? sql`ASC` : sql`DESC`} LIMIT ${q.limit + 1}`,
  );
}
