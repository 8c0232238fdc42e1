import { sql } from 'drizzle-orm';
import type { ChatReportReason } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { conversationId, toChatUser } from './chat.service.js';

// Blocks and reports: what a person blocked and reported. The rule a block makes lives in
// block-rule.ts.

type BlockRow = { blocked_id: string; created_at: string };
const status = (userId: string, row: BlockRow | undefined) => ({
  userId,
  blocked: Boolean(row),
  blockedAt: row ? new Date(row.created_at).toISOString() : null,
});

/** Whether the caller blocked this person (never whether the person blocked the caller). */
export async function blockStatusOf(db: Tx, blockerId: string, userId: string) {
  const [row] = await executeRows<BlockRow>(
    db,
    sql`SELECT blocked_id, created_at FROM chat_blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${userId}`,
  );
  return status(userId, row);
}

/** Blocks a person (again: no change, the first time stays). */
export async function blockPerson(db: Tx, blockerId: string, userId: string) {
  if (blockerId === userId) throw badRequest('You can’t block yourself', 'BLOCK_SELF');
  const [u] = await usersByIds(db, [userId]);
  if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
  await db.execute(sql`INSERT INTO chat_blocks (blocker_id, blocked_id) VALUES (${blockerId}, ${userId}) ON CONFLICT DO NOTHING`);
  return blockStatusOf(db, blockerId, userId);
}

/** Lifts the caller's block of a person (none: no change). A block the other person made stays. */
export async function unblockPerson(db: Tx, blockerId: string, userId: string) {
  await db.execute(sql`DELETE FROM chat_blocks WHERE blocker_id = ${blockerId} AND blocked_id = ${userId}`);
  return status(userId, undefined);
}

/** The people the caller blocked, the latest first. */
export async function blocksOf(db: Tx, blockerId: string, q: { page: number; limit: number }) {
  const rows = await executeRows<BlockRow & { total: number }>(
    db,
    sql`SELECT blocked_id, created_at, count(*) OVER ()::int AS total FROM chat_blocks WHERE blocker_id = ${blockerId}
      ORDER BY created_at DESC, blocked_id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.blocked_id),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return {
    items: rows.flatMap((r) => {
      const user = people.get(r.blocked_id);
      return user ? [{ user, blockedAt: new Date(r.created_at).toISOString() }] : [];
    }),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

/** Reports the caller's conversation with a person, once, for staff to review. */
export async function reportConversation(db: Tx, reporterId: string, userId: string, r: { reason: ChatReportReason; note?: string }) {
  if (reporterId === userId) throw badRequest('You can’t report yourself', 'REPORT_SELF');
  const convo = conversationId(reporterId, userId);
  const [c] = await executeRows<{ id: string }>(db, sql`SELECT id FROM chat_conversations WHERE id = ${convo}`);
  if (!c) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
  const [row] = await executeRows<{ created_at: string }>(
    db,
    sql`INSERT INTO conversation_reports (conversation_id, reporter_id, reported_user_id, reason, note)
      VALUES (${convo}, ${reporterId}, ${userId}, ${r.reason}, ${r.note || null})
      ON CONFLICT DO NOTHING RETURNING created_at`,
  );
  if (!row) throw conflict('You already reported this conversation', 'ALREADY_REPORTED');
  return { conversationId: convo, reportedUserId: userId, reason: r.reason, createdAt: new Date(row.created_at).toISOString() };
}
