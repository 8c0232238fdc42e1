import { and, eq, sql } from 'drizzle-orm';
import type { Post, PostComment } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { refuseBanned } from '../user/index.js';
import { reasonId, REPORT_REASONS } from './catalogue.js';
import { keyset, peopleOf, readPost } from './posts-read.js';
import { tellComment, tellMentioned } from './news.js';
import { createPost, lagosDay, mayPost, mentionIds, postNotFound } from './posts.service.js';
import { type postComments, postReports, posts } from './tables.js';
import { actionablePost, seesComment, seesPost, type ActionablePost as Actionable } from './visibility.js';

// What people do with others' posts: like, comment, repost or quote, view, report.

const actionable = actionablePost;

/** A post of a private community stays in it: it is not reposted or quoted to anyone outside. */
const privateCommunityPost = () => forbidden('Posts of a private community can’t be shared outside it', 'PRIVATE_COMMUNITY_POST');

/** Like (once per person, however often or concurrently asked) or unlike; the count changes in the same statement. */
export async function setLike(db: Tx, userId: string, postId: string, liked: boolean): Promise<{ likesCount: number }> {
  const change = liked
    ? sql`INSERT INTO post_likes (post_id, user_id) SELECT id, ${userId}::uuid FROM target ON CONFLICT DO NOTHING RETURNING post_id`
    : sql`DELETE FROM post_likes WHERE post_id IN (SELECT id FROM target) AND user_id = ${userId} RETURNING post_id`;
  const [row] = await executeRows<Pick<typeof posts.$inferSelect, 'likesCount'>>(
    db,
    sql`WITH target AS (${actionable(userId, postId)}), changed AS (${change})
      UPDATE posts SET likes_count = greatest(0, likes_count ${liked ? sql`+` : sql`-`} (SELECT count(*) FROM changed))
      WHERE id IN (SELECT id FROM target) RETURNING likes_count AS "likesCount"`,
  );
  if (!row) throw postNotFound();
  return { likesCount: row.likesCount };
}

export async function addComment(db: Tx, userId: string, postId: string, text: string): Promise<PostComment & { commentCount: number }> {
  // The commenting rule of a moderator's ban (user/bans.ts): 403 BANNED, before anything is written.
  await refuseBanned(db, userId, 'comment');
  const id = newId();
  const row = await db.transaction(async (tx) => {
    const [added] = await executeRows<
      Pick<typeof posts.$inferSelect, 'commentCount'> & RawRow<Pick<typeof postComments.$inferSelect, 'createdAt'>>
    >(
      tx,
      sql`WITH target AS (${actionable(userId, postId)}),
        added AS (INSERT INTO post_comments (id, post_id, author_id, text) SELECT ${id}::uuid, id, ${userId}::uuid, ${text} FROM target
          RETURNING created_at)
        UPDATE posts SET comment_count = comment_count + (SELECT count(*) FROM added) WHERE id IN (SELECT id FROM target)
        RETURNING comment_count AS "commentCount", (SELECT created_at FROM added) AS "createdAt"`,
    );
    if (!added) return null;
    // The post's author and the people the comment mentions are told, with the comment.
    const author = await tellComment(tx, postId, userId, text);
    const mentioned = (await mentionIds(tx, userId, text)).filter((m) => m !== author);
    await tellMentioned(tx, postId, userId, mentioned, { text, inComment: true });
    return added;
  });
  if (!row) throw postNotFound();
  const people = await peopleOf(db, [userId]);
  return {
    _id: id,
    postedBy: people.get(userId)!,
    text,
    createdAt: new Date(row.createdAt).toISOString(),
    commentCount: row.commentCount,
  };
}

/** All of a post's comments, newest first, a page at a time. */
export async function commentsOf(db: Tx, viewerId: string, postId: string, q: { page: number; limit: number; cursor?: string }) {
  if (!(await readPost(db, viewerId, postId))) throw postNotFound();
  const k = keyset(sql`c.created_at`, sql`c.id`, q);
  const rows = await executeRows<
    RawRow<Pick<typeof postComments.$inferSelect, 'id' | 'authorId' | 'text' | 'createdAt'>> & { sortAt: Date | string }
  >(
    db,
    sql`SELECT c.id, c.author_id AS "authorId", c.text, c.created_at AS "createdAt", c.created_at AS "sortAt" FROM post_comments c
      WHERE c.post_id = ${postId} AND ${seesComment(viewerId)} AND ${k.where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${q.limit + 1} OFFSET ${k.offset}`,
  );
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const people = await peopleOf(
    db,
    page.map((r) => r.authorId),
  );
  const last = page[page.length - 1];
  return {
    comments: page.map((r) => ({
      _id: r.id,
      postedBy: people.get(r.authorId)!,
      text: r.text,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    last:
      more && last ? { sortAt: typeof last.sortAt === 'string' ? last.sortAt : new Date(last.sortAt).toISOString(), id: last.id } : null,
  };
}

/** Reposts a post, or undoes the caller's repost of it (once per person). */
export async function toggleRepost(db: Db, userId: string, postId: string): Promise<{ isReposted: boolean; repostCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await executeRows<Actionable>(tx, sql`${actionable(userId, postId)} FOR UPDATE OF p`);
    if (!target) throw postNotFound();
    const [mine] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, userId), eq(posts.repostOf, postId), eq(posts.kind, 'repost'), eq(posts.status, 'published')));
    let delta: number;
    if (!mine && target.privateCommunity) throw privateCommunityPost();
    if (!mine) await mayPost(tx, userId);
    if (mine) {
      await tx.update(posts).set({ status: 'deleted' }).where(eq(posts.id, mine.id));
      delta = -1;
    } else {
      const now = new Date();
      const added = await tx
        .insert(posts)
        .values({ id: newId(), authorId: userId, kind: 'repost', repostOf: postId, status: 'published', createdAt: now, publishedAt: now })
        .onConflictDoNothing()
        .returning({ id: posts.id });
      delta = added.length;
    }
    const [row] = await tx
      .update(posts)
      .set({ repostCount: sql`greatest(0, ${posts.repostCount} + ${delta})` })
      .where(eq(posts.id, postId))
      .returning({ repostCount: posts.repostCount });
    return { isReposted: !mine, repostCount: row!.repostCount };
  });
}

/** A repost with thought: a post of the caller's own that quotes the original. */
export async function quotePost(db: Db, userId: string, postId: string, text: string): Promise<Post> {
  const [target] = await executeRows<Actionable>(db, actionable(userId, postId));
  if (!target) throw postNotFound();
  if (target.privateCommunity) throw privateCommunityPost();
  return createPost(db, userId, { body: { text, media: [], tags: [], draft: false }, kind: 'quote', quoteOf: postId });
}

/** Counts the caller's views of these posts (once per post per day; never the author's own). */
export async function recordViews(db: Tx, viewerId: string, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.execute(sql`INSERT INTO post_views (post_id, viewer_id, day)
    SELECT p.id, ${viewerId}::uuid, ${lagosDay(sql`now()`)}
    FROM posts p WHERE p.id IN (${sql.join(
      postIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND p.kind <> 'repost' AND p.status = 'published' AND p.hidden_at IS NULL AND p.author_id <> ${viewerId} AND ${seesPost(viewerId)}
    ON CONFLICT DO NOTHING`);
}

/** One report per person per post; a post reported by `threshold` distinct people is hidden from feeds. */
export async function reportPost(db: Db, userId: string, postId: string, reason: string, threshold: number) {
  const id = reasonId(reason);
  if (!id) throw badRequest(`Choose a reason: ${REPORT_REASONS.map((r) => r.reason).join(', ')}`, 'REPORT_REASON');
  await db.transaction(async (tx) => {
    const [target] = await executeRows<Pick<typeof posts.$inferSelect, 'id' | 'authorId'>>(
      tx,
      sql`SELECT p.id, p.author_id AS "authorId" FROM posts p WHERE p.id = ${postId} AND p.kind <> 'repost' AND p.status = 'published'
        AND ${seesPost(userId)} FOR UPDATE OF p`,
    );
    if (!target) throw postNotFound();
    if (target.authorId === userId) throw badRequest("You can't report your own post", 'REPORT_OWN_POST');
    const added = await tx.insert(postReports).values({ postId, reporterId: userId, reason: id }).onConflictDoNothing().returning();
    if (added.length === 0) throw conflict('You have already reported this post', 'ALREADY_REPORTED');
    await tx
      .update(posts)
      .set({
        reportCount: sql`${posts.reportCount} + 1`,
        hiddenAt: sql`CASE WHEN ${posts.hiddenAt} IS NULL AND ${posts.reportCount} + 1 >= ${threshold} THEN now() ELSE ${posts.hiddenAt} END`,
      })
      .where(eq(posts.id, postId));
  });
  return { _id: postId, reason: id };
}
