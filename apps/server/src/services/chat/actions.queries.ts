import { sql } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { messageColsOfX, notHiddenFor, type MessageRow } from './message.queries.js';
import type { groups, stars } from './tables.js';

// The hand-written reads of the message actions (docs/chat.md "Message actions"): a person's access
// to a chat, their starred messages, message search, and their pinned chats.

/** Left out of every list of a person's messages: the deleted for everyone, and (with `notHiddenFor`) those deleted for them. */
const notDeleted = sql`coalesce((x.body ->> 'deleted')::boolean, false) = false`;

/** What a person may read of a chat: the whole of a 1:1 of theirs; a group's messages of their membership (after `lo`, up to `hi`). */
export type ChatAccess = { kind: 'direct' | 'group'; lo: number; hi: number | null; current: boolean };

/** A person's access to a chat (a 1:1 of theirs, or a group they are or were in); null for anyone else. */
export async function chatAccess(db: Tx, userId: string, convo: string): Promise<ChatAccess | null> {
  const [r] = await executeRows<{
    kind: 'direct' | 'group';
    userA: string | null;
    userB: string | null;
    joinedSeq: number | null;
    leftSeq: number | null;
    leftAt: string | null;
    member: boolean;
  }>(
    db,
    sql`SELECT c.kind, c.user_a AS "userA", c.user_b AS "userB", m.joined_seq AS "joinedSeq", m.left_seq AS "leftSeq",
        m.left_at AS "leftAt", m.user_id IS NOT NULL AS member
      FROM chat_conversations c LEFT JOIN chat_members m ON m.conversation_id = c.id AND m.user_id = ${userId}
      WHERE c.id = ${convo}`,
  );
  if (!r) return null;
  if (r.kind === 'direct') return r.userA === userId || r.userB === userId ? { kind: 'direct', lo: 0, hi: null, current: true } : null;
  return r.member ? { kind: 'group', lo: r.joinedSeq ?? 0, hi: r.leftSeq, current: r.leftAt === null } : null;
}

type StarredRow = MessageRow & { starredAt: RawRow<Pick<typeof stars.$inferSelect, 'createdAt'>>['createdAt']; total: number };

/** A person's starred messages, the latest starred first: none deleted for everyone or for them. */
export const starredPage = (db: Tx, userId: string, q: { page: number; limit: number }) =>
  executeRows<StarredRow>(
    db,
    sql`SELECT ${messageColsOfX}, s.created_at AS "starredAt", count(*) OVER ()::int AS total
      FROM chat_stars s JOIN chat_messages x ON x.id = s.message_id
      WHERE s.user_id = ${userId} AND ${notDeleted} AND ${notHiddenFor(userId, sql.raw('x'))}
      ORDER BY s.created_at DESC, s.message_id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );

/**
 * The messages a person may read whose text has these words (`tsquery`: 'simple' words, the last a
 * prefix), the latest first: in their 1:1 chats, and in their groups within their membership (after
 * they joined, up to when they left); never an event, a message deleted for everyone or for them.
 * The words are matched through chat_messages_text_idx; `convo` keeps to one chat.
 */
export const searchPage = (db: Tx, userId: string, tsquery: string, q: { page: number; limit: number }, convo?: string) =>
  executeRows<MessageRow & { total: number }>(
    db,
    sql`WITH mine (convo, lo, hi) AS (
        SELECT id, 0, NULL::int FROM chat_conversations WHERE (user_a = ${userId} OR user_b = ${userId})
          ${convo ? sql`AND id = ${convo}` : sql``}
        UNION ALL
        SELECT conversation_id, joined_seq, left_seq FROM chat_members WHERE user_id = ${userId}
          ${convo ? sql`AND conversation_id = ${convo}` : sql``})
      SELECT ${messageColsOfX}, count(*) OVER ()::int AS total
      FROM mine JOIN chat_messages x ON x.conversation_id = mine.convo AND x.seq > mine.lo AND (mine.hi IS NULL OR x.seq <= mine.hi)
      WHERE to_tsvector('simple'::regconfig, (x.body ->> 'text')) @@ to_tsquery('simple'::regconfig, ${tsquery})
        AND x.msg_type <> 'event' AND ${notDeleted} AND ${notHiddenFor(userId, sql.raw('x'))}
      ORDER BY x.created_at DESC, x.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );

/** The name and photo of these groups. */
export const groupsByIds = (db: Tx, ids: readonly string[]) =>
  ids.length
    ? executeRows<Pick<typeof groups.$inferSelect, 'id' | 'name' | 'photoUrl'>>(
        db,
        sql`SELECT id, name, photo_url AS "photoUrl" FROM chat_groups WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
    : Promise.resolve([]);

/** How many chats a person has pinned besides `convo` (a group they left no longer counts). */
export async function pinnedBesides(db: Tx, userId: string, convo: string): Promise<number> {
  const [r] = await executeRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM chat_states s
      WHERE s.user_id = ${userId} AND s.pinned_at IS NOT NULL AND s.conversation_id <> ${convo}
        AND NOT EXISTS (SELECT 1 FROM chat_members m WHERE m.conversation_id = s.conversation_id AND m.user_id = s.user_id
          AND m.left_at IS NOT NULL)`,
  );
  return r?.n ?? 0;
}
