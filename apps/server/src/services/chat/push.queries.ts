import { sql } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import type { PushCheckFn } from '../notifications/index.js';
import type { groups, members, messages, pushQueue } from './tables.js';

// The hand-written statements of messages' pushes (message-push.ts): the queue claimed with its
// messages, who is told of each, and who has seen it since (joins and lists of values).

type M = typeof messages.$inferSelect;
/** A queued message with what its push says. */
export type Queued = Pick<typeof pushQueue.$inferSelect, 'messageId'> &
  RawRow<Pick<M, 'conversationId' | 'seq' | 'fromUserId' | 'toUserId' | 'msgType' | 'body'>> & {
    /** The group's name, for a group's message. */
    groupName: (typeof groups.$inferSelect)['name'] | null;
  };

/** Claims the oldest queued messages (rows another process holds are skipped), to the end of the transaction. */
export async function claimQueued(tx: Tx, limit: number): Promise<Queued[]> {
  return executeRows<Queued>(
    tx,
    sql`SELECT q.message_id AS "messageId", m.conversation_id AS "conversationId", m.seq, m.from_user_id AS "fromUserId",
        m.to_user_id AS "toUserId", m.msg_type AS "msgType", m.body, g.name AS "groupName"
      FROM chat_push_queue q JOIN chat_messages m ON m.id = q.message_id LEFT JOIN chat_groups g ON g.id = m.conversation_id
      ORDER BY q.created_at LIMIT ${limit} FOR UPDATE OF q SKIP LOCKED`,
  );
}

/**
 * Who is told of each conversation's newest message: in a direct chat the other person; in a group
 * the members now (not the sender, not those who joined after it, not those who muted the group);
 * in both only while they have not seen it (their seen mark is below it).
 */
export async function unseenRecipients(tx: Tx, latest: readonly Queued[], now: Date) {
  const rows = sql.join(
    latest.map(
      (m) =>
        sql`(${m.conversationId}::uuid, ${m.seq}::int, ${m.fromUserId}::uuid, ${m.toUserId === m.conversationId ? null : m.toUserId}::uuid)`,
    ),
    sql`, `,
  );
  return executeRows<Pick<typeof members.$inferSelect, 'conversationId' | 'userId'>>(
    tx,
    sql`WITH v (convo, seq, sender, direct_to) AS (VALUES ${rows})
      SELECT v.convo AS "conversationId", r.user_id AS "userId" FROM v
      CROSS JOIN LATERAL (
        SELECT v.direct_to AS user_id WHERE v.direct_to IS NOT NULL
        UNION ALL
        SELECT mb.user_id FROM chat_members mb
        WHERE v.direct_to IS NULL AND mb.conversation_id = v.convo AND mb.left_at IS NULL AND mb.user_id <> v.sender
          AND mb.joined_seq < v.seq AND (mb.muted_until IS NULL OR mb.muted_until <= ${now.toISOString()}::timestamptz)) r
      WHERE NOT EXISTS (SELECT 1 FROM chat_marks k WHERE k.conversation_id = v.convo AND k.user_id = r.user_id AND k.seen_seq >= v.seq)`,
  );
}

/** Of these pushes, those whose person has seen the conversation up to the message since, or left or muted the group. */
export async function seenSince(db: Tx, pushes: Parameters<PushCheckFn>[1]): Promise<string[]> {
  const rows = sql.join(
    pushes.map((p) => sql`(${p.id}::uuid, ${p.userId}::uuid, ${String(p.args.conversationId)}::uuid, ${Number(p.args.seq)}::int)`),
    sql`, `,
  );
  // The ids are the pushes' (notifications' rows), given in the list.
  const seen = await executeRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM (VALUES ${rows}) AS p (id, user_id, convo, seq)
      WHERE EXISTS (SELECT 1 FROM chat_marks k WHERE k.conversation_id = p.convo AND k.user_id = p.user_id AND k.seen_seq >= p.seq)
        OR EXISTS (SELECT 1 FROM chat_members mb WHERE mb.conversation_id = p.convo AND mb.user_id = p.user_id
          AND (mb.left_at IS NOT NULL OR mb.muted_until > now()))`,
  );
  return seen.map((r) => r.id);
}
