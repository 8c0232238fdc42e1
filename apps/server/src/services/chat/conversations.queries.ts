import { sql } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { userIdsMatching } from '../user/index.js';
import { messageCols, notHiddenFor, type MessageRow } from './message.queries.js';
import type { chatStates, conversations, marks, messages, savedMedia } from './tables.js';

// The hand-written reads of a person's conversations and saved media: pages with their count and
// the last message of each conversation (the query rule: named, columns aliased to the tables'
// property names, row types derived from the tables).

type RecentRow = RawRow<Pick<typeof conversations.$inferSelect, 'id' | 'lastSeq' | 'lastMessageAt'>> &
  Pick<typeof marks.$inferSelect, 'seenSeq'> &
  RawRow<Pick<typeof chatStates.$inferSelect, 'pinnedAt' | 'archivedAt'>> & {
    /** The other person of the pair. */
    otherId: string;
    last: MessageRow | null;
    total: number;
  };

/** The caller's pinned and archived chats: `archived` keeps only the archived (true) or only the others (false). */
export const archivedFilter = (archived: boolean | undefined) =>
  archived === undefined ? sql`` : archived ? sql`AND s.archived_at IS NOT NULL` : sql`AND s.archived_at IS NULL`;
/** Pinned chats first (the latest pinned first), then the rest by their last message. */
export const pinnedFirst = sql`(s.pinned_at IS NOT NULL) DESC, s.pinned_at DESC NULLS LAST`;

/**
 * The caller's direct conversations with a message, pinned first then the latest, each with its last
 * message (leaving out those the caller deleted for themselves), the caller's seen mark, pin and archive.
 */
export async function recentConversations(db: Tx, userId: string, q: { page: number; limit: number; search?: string; archived?: boolean }) {
  const other = sql`CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END`;
  return executeRows<RecentRow>(
    db,
    sql`SELECT c.id, ${other} AS "otherId", c.last_seq AS "lastSeq", c.last_message_at AS "lastMessageAt",
      coalesce((SELECT seen_seq FROM chat_marks m WHERE m.conversation_id = c.id AND m.user_id = ${userId}), 0) AS "seenSeq",
      s.pinned_at AS "pinnedAt", s.archived_at AS "archivedAt",
      (SELECT row_to_json(x) FROM (SELECT ${messageCols} FROM chat_messages WHERE conversation_id = c.id AND ${notHiddenFor(userId)}
        ORDER BY seq DESC LIMIT 1) x) AS last,
      count(*) OVER ()::int AS total
      FROM chat_conversations c
      LEFT JOIN chat_states s ON s.user_id = ${userId} AND s.conversation_id = c.id
      WHERE (c.user_a = ${userId} OR c.user_b = ${userId}) AND c.last_seq > 0 ${archivedFilter(q.archived)}
        ${q.search ? sql`AND (${other}) IN (${userIdsMatching(q.search)})` : sql``}
      ORDER BY ${pinnedFirst}, c.last_message_at DESC, c.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
}

type SavedRow = RawRow<Pick<typeof savedMedia.$inferSelect, 'messageId' | 'createdAt'>> &
  Pick<typeof messages.$inferSelect, 'clientMsgId'> & {
    msgType: 'image' | 'voice';
    /** The other person of the message. */
    withUserId: string;
    /** The media's address (`body.media.url`). */
    url: string;
    total: number;
  };

/** The media a person saved (or one of them), the latest first. */
export async function savedMediaPage(db: Tx, userId: string, q: { page: number; limit: number }, onlyId?: string) {
  return executeRows<SavedRow>(
    db,
    sql`SELECT s.message_id AS "messageId", m.client_msg_id AS "clientMsgId", m.msg_type AS "msgType",
        CASE WHEN m.from_user_id = ${userId} THEN m.to_user_id ELSE m.from_user_id END AS "withUserId",
        m.body->'media'->>'url' AS url, s.created_at AS "createdAt", count(*) OVER ()::int AS total
      FROM chat_saved_media s JOIN chat_messages m ON m.id = s.message_id
      WHERE s.user_id = ${userId} ${onlyId ? sql`AND s.message_id = ${onlyId}` : sql``}
      ORDER BY s.created_at DESC, s.message_id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
}
