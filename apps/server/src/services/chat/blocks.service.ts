import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChatReportReason } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { conversationId, toChatUser } from './chat.service.js';
import { blocks, conversationReports, conversations } from './tables.js';

// Blocks and reports: what a person blocked and reported. The rule a block makes lives in
// block-rule.ts.

const status = (userId: string, row: Pick<typeof blocks.$inferSelect, 'createdAt'> | undefined) => ({
  userId,
  blocked: Boolean(row),
  blockedAt: row ? row.createdAt.toISOString() : null,
});

/** Whether the caller blocked this person (never whether the person blocked the caller). */
export async function blockStatusOf(db: Tx, blockerId: string, userId: string) {
  const [row] = await db
    .select({ createdAt: blocks.createdAt })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)));
  return status(userId, row);
}

/** Blocks a person (again: no change, the first time stays). */
export async function blockPerson(db: Tx, blockerId: string, userId: string) {
  if (blockerId === userId) throw badRequest('You can’t block yourself', 'BLOCK_SELF');
  const [u] = await usersByIds(db, [userId]);
  if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
  await db.insert(blocks).values({ blockerId, blockedId: userId }).onConflictDoNothing();
  return blockStatusOf(db, blockerId, userId);
}

/** Lifts the caller's block of a person (none: no change). A block the other person made stays. */
export async function unblockPerson(db: Tx, blockerId: string, userId: string) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)));
  return status(userId, undefined);
}

/** The people the caller blocked, the latest first. */
export async function blocksOf(db: Tx, blockerId: string, q: { page: number; limit: number }) {
  const rows = await db
    .select({ blockedId: blocks.blockedId, createdAt: blocks.createdAt, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), blocks.blockedId)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.blockedId),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return {
    items: rows.flatMap((r) => {
      const user = people.get(r.blockedId);
      return user ? [{ user, blockedAt: r.createdAt.toISOString() }] : [];
    }),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

/** Reports the caller's conversation with a person, once, for staff to review. */
export async function reportConversation(db: Tx, reporterId: string, userId: string, r: { reason: ChatReportReason; note?: string }) {
  if (reporterId === userId) throw badRequest('You can’t report yourself', 'REPORT_SELF');
  const convo = conversationId(reporterId, userId);
  const [c] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, convo));
  if (!c) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
  const [row] = await db
    .insert(conversationReports)
    .values({ conversationId: convo, reporterId, reportedUserId: userId, reason: r.reason, note: r.note || null })
    .onConflictDoNothing()
    .returning({ createdAt: conversationReports.createdAt });
  if (!row) throw conflict('You already reported this conversation', 'ALREADY_REPORTED');
  return { conversationId: convo, reportedUserId: userId, reason: r.reason, createdAt: row.createdAt.toISOString() };
}
