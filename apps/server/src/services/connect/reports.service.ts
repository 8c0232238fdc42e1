import { and, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { executeRows, type Db } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { reasonId, REPORT_REASONS } from './catalogue.js';
import { communityNotFound } from './communities-access.js';
import { communities, communityReports } from './communities-tables.js';
import { commentReports, postComments } from './tables.js';
import { seesComment, seesPost } from './visibility.js';

// Reports on comments and communities, by the rule posts follow (posts-engagement.ts reportPost):
// one report per person, a reason from the list, never one's own; reported by REPORT_HIDE_THRESHOLD
// distinct people, a comment is hidden from everyone but its author and a community is left out of
// discovery, until a moderator reviews it (the console's queue, moderation-staff.ts).

export const commentNotFound = () => notFound('Comment not found', 'COMMENT_NOT_FOUND');

function checkedReason(reason: string): string {
  const id = reasonId(reason);
  if (!id) throw badRequest(`Choose a reason: ${REPORT_REASONS.map((r) => r.reason).join(', ')}`, 'REPORT_REASON');
  return id;
}

/** `report_count + 1`, and `hidden_at` set when that reaches the threshold. */
const counted = (count: AnyColumn, hidden: AnyColumn, threshold: number) => ({
  reportCount: sql`${count} + 1`,
  hiddenAt: sql`CASE WHEN ${hidden} IS NULL AND ${count} + 1 >= ${threshold} THEN now() ELSE ${hidden} END`,
});

/** Reports a comment the caller may see (on a post they may see, not hidden from them). */
export async function reportComment(db: Db, userId: string, commentId: string, reason: string, threshold: number) {
  const id = checkedReason(reason);
  await db.transaction(async (tx) => {
    const [target] = await executeRows<Pick<typeof postComments.$inferSelect, 'authorId'>>(
      tx,
      sql`SELECT c.author_id AS "authorId" FROM post_comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = ${commentId} AND ${seesComment(userId)} AND ${seesPost(userId)} FOR UPDATE OF c`,
    );
    if (!target) throw commentNotFound();
    if (target.authorId === userId) throw badRequest("You can't report your own comment", 'REPORT_OWN_COMMENT');
    const added = await tx.insert(commentReports).values({ commentId, reporterId: userId, reason: id }).onConflictDoNothing().returning();
    if (added.length === 0) throw conflict('You have already reported this comment', 'ALREADY_REPORTED');
    await tx
      .update(postComments)
      .set(counted(postComments.reportCount, postComments.hiddenAt, threshold))
      .where(eq(postComments.id, commentId));
  });
  return { _id: commentId, reason: id };
}

/** Reports a community (any but one's own; a removed one is not found). */
export async function reportCommunity(db: Db, userId: string, communityId: string, reason: string, threshold: number) {
  const id = checkedReason(reason);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ ownerId: communities.ownerId })
      .from(communities)
      .where(and(eq(communities.id, communityId), isNull(communities.removedAt)))
      .for('no key update');
    if (!target) throw communityNotFound();
    if (target.ownerId === userId) throw badRequest("You can't report your own community", 'REPORT_OWN_COMMUNITY');
    const added = await tx
      .insert(communityReports)
      .values({ communityId, reporterId: userId, reason: id })
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) throw conflict('You have already reported this community', 'ALREADY_REPORTED');
    await tx
      .update(communities)
      .set(counted(communities.reportCount, communities.hiddenAt, threshold))
      .where(eq(communities.id, communityId));
  });
  return { _id: communityId, reason: id };
}
