import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreatePostBody, MediaItem, Post, PostComment } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { uploadsOf } from '../upload/index.js';
import { usersByNickNames } from '../user/index.js';
import { isCategory, reasonId, REPORT_REASONS } from './catalogue.js';
import { keyset, peopleOf, readPost } from './posts-read.js';
import { connectProfiles, postMentions, postReports, posts, postTags } from './tables.js';
import { hashtagsOf, mentionsOf } from './text.js';

/** How a post in a community is admitted: given by the communities part, which owns those rules. */
/** Admits a post to a community: published, waiting for approval, or held as spam (with the reason); throws for those who may not post. */
export type CommunityGate = (
  tx: Tx,
  authorId: string,
  communityId: string,
  text: string,
) => Promise<{ status: 'published' | 'pending' | 'held'; spamReason: string | null }>;

export const postNotFound = () => notFound('Post not found', 'POST_NOT_FOUND');

/** A Lagos calendar day (UTC+1, no daylight saving) of a timestamptz expression. */
export const lagosDay = (col: ReturnType<typeof sql>) => sql`((${col} AT TIME ZONE 'UTC') + interval '1 hour')::date`;

/** Adds to a person's Connect counters (creating their row on first use). */
export async function bumpProfile(tx: Tx, userId: string, by: { posts?: number; followers?: number; followings?: number }) {
  const [p, fs, fg] = [by.posts ?? 0, by.followers ?? 0, by.followings ?? 0];
  await tx
    .insert(connectProfiles)
    .values({ userId, postsCount: Math.max(0, p), followersCount: Math.max(0, fs), followingsCount: Math.max(0, fg) })
    .onConflictDoUpdate({
      target: connectProfiles.userId,
      set: {
        postsCount: sql`greatest(0, ${connectProfiles.postsCount} + ${p})`,
        followersCount: sql`greatest(0, ${connectProfiles.followersCount} + ${fs})`,
        followingsCount: sql`greatest(0, ${connectProfiles.followingsCount} + ${fg})`,
      },
    });
}

/** The media items for these URLs, which must be the author's own uploads: up to 10 images, or one video alone. */
export async function mediaFor(db: Tx, authorId: string, items: { url: string }[]): Promise<MediaItem[]> {
  if (items.length === 0) return [];
  const found = new Map(
    (
      await uploadsOf(
        db,
        authorId,
        items.map((m) => m.url),
      )
    ).map((u) => [u.url, u]),
  );
  const media = items.map(({ url }) => {
    const u = found.get(url);
    if (!u || u.kind === 'audio') throw badRequest('Add photos or a video you uploaded', 'MEDIA_NOT_FOUND');
    return { url: u.url, thumbnailUrl: u.thumbnailUrl, kind: u.kind, width: u.width, height: u.height, durationMs: u.durationMs };
  });
  if (media.some((m) => m.kind === 'video') && media.length > 1) throw badRequest('A post can have one video, on its own', 'MEDIA_MIXED');
  return media;
}

async function mentionIds(db: Tx, authorId: string, text: string): Promise<string[]> {
  const nicks = mentionsOf(text);
  if (nicks.length === 0) return [];
  return (await usersByNickNames(db, nicks)).map((u) => u.id).filter((id) => id !== authorId);
}

/** Writes a published post's tags and mentions (for suggested tags and the tagged tab). */
async function indexPost(tx: Tx, postId: string, tags: string[], mentions: string[]) {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  await tx.delete(postMentions).where(eq(postMentions.postId, postId));
  if (tags.length) await tx.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
  if (mentions.length) await tx.insert(postMentions).values(mentions.map((userId) => ({ postId, userId })));
}

const checkCategory = (category: string | null | undefined) => {
  if (category && !isCategory(category)) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
};

export type CreatePost = {
  body: Omit<CreatePostBody, 'draft' | 'media' | 'tags' | 'text'> & {
    text: string;
    media: { url: string }[];
    tags: string[];
    draft: boolean;
  };
  community?: CommunityGate | null;
  kind?: 'post' | 'quote';
  quoteOf?: string;
};

/** Creates a post (published, a draft, or waiting for a community's approval) and returns it as its author sees it. */
export async function createPost(db: Db, authorId: string, { body, community, kind = 'post', quoteOf }: CreatePost): Promise<Post> {
  checkCategory(body.category);
  if (body.communityId && !community) throw notFound('Community not found', 'COMMUNITY_NOT_FOUND');
  const id = newId();
  await db.transaction(async (tx) => {
    const media = await mediaFor(tx, authorId, body.media);
    const mentions = await mentionIds(tx, authorId, body.text);
    const tags = hashtagsOf(body.text, body.tags);
    let status: 'published' | 'draft' | 'pending' | 'held' = body.draft ? 'draft' : 'published';
    let spamReason: string | null = null;
    if (body.communityId && community) {
      // The gate refuses people who may not post there, and says whether the post waits.
      const admitted = await community(tx, authorId, body.communityId, body.text);
      if (status === 'published') ({ status, spamReason } = admitted);
    }
    const now = new Date();
    await tx.insert(posts).values({
      id,
      authorId,
      communityId: body.communityId ?? null,
      kind,
      repostOf: quoteOf ?? null,
      status,
      text: body.text,
      media,
      categoryId: body.category ?? null,
      tags,
      mentionIds: mentions,
      spamReason,
      createdAt: now,
      publishedAt: status === 'published' ? now : null,
    });
    if (status === 'published') await published(tx, id, authorId, tags, mentions);
    if (quoteOf) {
      await tx
        .update(posts)
        .set({ repostCount: sql`${posts.repostCount} + 1` })
        .where(eq(posts.id, quoteOf));
    }
  });
  return (await readPost(db, authorId, id))!;
}

/** What publishing a post changes besides its row: the author's count, its tags and mentions. */
async function published(tx: Tx, id: string, authorId: string, tags: string[], mentions: string[]) {
  await bumpProfile(tx, authorId, { posts: 1 });
  await indexPost(tx, id, tags, mentions);
}

/** The post row for a change its author may make; 404 when the caller cannot see it, 403 when it is someone else's. */
async function ownPost(tx: Tx, userId: string, postId: string, action: string) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!row || row.status === 'deleted' || row.kind === 'repost') throw postNotFound();
  if (row.authorId !== userId) {
    if (row.status === 'published' && !row.hiddenAt) throw forbidden(`Only the author can ${action} this post`, 'NOT_AUTHOR');
    throw postNotFound();
  }
  return row;
}

export async function editPost(
  db: Db,
  userId: string,
  postId: string,
  body: { text?: string; media?: { url: string }[]; category?: string | null },
): Promise<Post> {
  checkCategory(body.category);
  await db.transaction(async (tx) => {
    const row = await ownPost(tx, userId, postId, 'edit');
    const text = body.text ?? row.text;
    const media = body.media ? await mediaFor(tx, userId, body.media) : row.media;
    if (!text && media.length === 0) throw badRequest('Write something or add a photo or video', 'POST_EMPTY');
    const tags = hashtagsOf(text);
    const mentions = await mentionIds(tx, userId, text);
    await tx
      .update(posts)
      .set({
        text,
        media,
        categoryId: body.category === undefined ? row.categoryId : body.category,
        tags,
        mentionIds: mentions,
        editedAt: new Date(),
      })
      .where(eq(posts.id, postId));
    if (row.status === 'published') await indexPost(tx, postId, tags, mentions);
  });
  return (await readPost(db, userId, postId))!;
}

/** Soft delete: the row stays (a quote still says what it quoted was deleted) but no list shows it. */
export async function deletePost(db: Db, userId: string, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownPost(tx, userId, postId, 'delete');
    await tx.update(posts).set({ status: 'deleted' }).where(eq(posts.id, postId));
    if (row.status === 'published') {
      await bumpProfile(tx, userId, { posts: -1 });
      await indexPost(tx, postId, [], []);
      if (row.kind === 'quote' && row.repostOf) {
        await tx
          .update(posts)
          .set({ repostCount: sql`greatest(0, ${posts.repostCount} - 1)` })
          .where(eq(posts.id, row.repostOf));
      }
    }
  });
}

export async function publishDraft(db: Db, userId: string, postId: string, community?: CommunityGate | null): Promise<Post> {
  await db.transaction(async (tx) => {
    const row = await ownPost(tx, userId, postId, 'publish');
    if (row.status !== 'draft') throw conflict('This post is not a draft', 'NOT_A_DRAFT');
    let status: 'published' | 'pending' | 'held' = 'published';
    let spamReason: string | null = null;
    if (row.communityId) {
      if (!community) throw notFound('Community not found', 'COMMUNITY_NOT_FOUND');
      ({ status, spamReason } = await community(tx, userId, row.communityId, row.text));
    }
    const now = new Date();
    await tx
      .update(posts)
      .set({ status, spamReason, publishedAt: status === 'published' ? now : null })
      .where(eq(posts.id, postId));
    if (status === 'published') await published(tx, postId, userId, row.tags, row.mentionIds);
  });
  return (await readPost(db, userId, postId))!;
}

/** Publishes a post that waited (a community's approval); used by the communities part. */
export async function admitPost(tx: Tx, postId: string): Promise<boolean> {
  const [row] = await tx
    .update(posts)
    .set({ status: 'published', publishedAt: new Date() })
    .where(and(eq(posts.id, postId), inArray(posts.status, ['pending', 'held'])))
    .returning();
  if (!row) return false;
  await published(tx, postId, row.authorId, row.tags, row.mentionIds);
  return true;
}

/** The posts a person can act on (like, comment, repost, report): published and not hidden, or their own published post. */
const actionable = (viewerId: string, postId: string) =>
  sql`SELECT id FROM posts WHERE id = ${postId} AND kind <> 'repost' AND status = 'published' AND (hidden_at IS NULL OR author_id = ${viewerId})`;

/** Like (once per person, however often or concurrently asked) or unlike; the count changes in the same statement. */
export async function setLike(db: Tx, userId: string, postId: string, liked: boolean): Promise<{ likesCount: number }> {
  const change = liked
    ? sql`INSERT INTO post_likes (post_id, user_id) SELECT id, ${userId}::uuid FROM target ON CONFLICT DO NOTHING RETURNING post_id`
    : sql`DELETE FROM post_likes WHERE post_id IN (SELECT id FROM target) AND user_id = ${userId} RETURNING post_id`;
  const [row] = await executeRows<{ likes_count: number }>(
    db,
    sql`WITH target AS (${actionable(userId, postId)}), changed AS (${change})
      UPDATE posts SET likes_count = greatest(0, likes_count ${liked ? sql`+` : sql`-`} (SELECT count(*) FROM changed))
      WHERE id IN (SELECT id FROM target) RETURNING likes_count`,
  );
  if (!row) throw postNotFound();
  return { likesCount: row.likes_count };
}

export async function addComment(db: Tx, userId: string, postId: string, text: string): Promise<PostComment & { commentCount: number }> {
  const id = newId();
  const [row] = await executeRows<{ comment_count: number; created_at: string }>(
    db,
    sql`WITH target AS (${actionable(userId, postId)}),
      added AS (INSERT INTO post_comments (id, post_id, author_id, text) SELECT ${id}::uuid, id, ${userId}::uuid, ${text} FROM target
        RETURNING created_at)
      UPDATE posts SET comment_count = comment_count + (SELECT count(*) FROM added) WHERE id IN (SELECT id FROM target)
      RETURNING comment_count, (SELECT created_at FROM added) AS created_at`,
  );
  if (!row) throw postNotFound();
  const people = await peopleOf(db, [userId]);
  return {
    _id: id,
    postedBy: people.get(userId)!,
    text,
    createdAt: new Date(row.created_at).toISOString(),
    commentCount: row.comment_count,
  };
}

/** All of a post's comments, newest first, a page at a time. */
export async function commentsOf(db: Tx, viewerId: string, postId: string, q: { page: number; limit: number; cursor?: string }) {
  if (!(await readPost(db, viewerId, postId))) throw postNotFound();
  const k = keyset(sql`c.created_at`, sql`c.id`, q);
  const rows = await executeRows<{ id: string; author_id: string; text: string; created_at: string; sort_at: string }>(
    db,
    sql`SELECT c.id, c.author_id, c.text, c.created_at, c.created_at AS sort_at FROM post_comments c
      WHERE c.post_id = ${postId} AND ${k.where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${q.limit + 1} OFFSET ${k.offset}`,
  );
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const people = await peopleOf(
    db,
    page.map((r) => r.author_id),
  );
  const last = page[page.length - 1];
  return {
    comments: page.map((r) => ({
      _id: r.id,
      postedBy: people.get(r.author_id)!,
      text: r.text,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    last:
      more && last ? { sortAt: typeof last.sort_at === 'string' ? last.sort_at : new Date(last.sort_at).toISOString(), id: last.id } : null,
  };
}

/** Reposts a post, or undoes the caller's repost of it (once per person). */
export async function toggleRepost(db: Db, userId: string, postId: string): Promise<{ isReposted: boolean; repostCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await executeRows<{ id: string }>(tx, sql`${actionable(userId, postId)} FOR UPDATE`);
    if (!target) throw postNotFound();
    const [mine] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, userId), eq(posts.repostOf, postId), eq(posts.kind, 'repost'), eq(posts.status, 'published')));
    let delta: number;
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
  const [target] = await executeRows<{ id: string }>(db, actionable(userId, postId));
  if (!target) throw postNotFound();
  return createPost(db, userId, { body: { text, media: [], tags: [], draft: false }, kind: 'quote', quoteOf: postId });
}

/** Counts the caller's views of these posts (once per post per day; never the author's own). */
export async function recordViews(db: Tx, viewerId: string, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.execute(sql`INSERT INTO post_views (post_id, viewer_id, day)
    SELECT id, ${viewerId}::uuid, ${lagosDay(sql`now()`)} FROM posts
    WHERE id IN (${sql.join(
      postIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) AND status = 'published' AND hidden_at IS NULL AND author_id <> ${viewerId}
    ON CONFLICT DO NOTHING`);
}

/** One report per person per post; a post reported by `threshold` distinct people is hidden from feeds. */
export async function reportPost(db: Db, userId: string, postId: string, reason: string, threshold: number) {
  const id = reasonId(reason);
  if (!id) throw badRequest(`Choose a reason: ${REPORT_REASONS.map((r) => r.reason).join(', ')}`, 'REPORT_REASON');
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: posts.id, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.status, 'published')))
      .for('update');
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

const COUNTS = ['views', 'reach', 'likes', 'comments', 'saves', 'reposts'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

/** Views, reach, likes, comments, saves and reposts of the author's post: in total and per Lagos day for 7 and 30 days. */
export async function postInsights(db: Tx, userId: string, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row || row.status === 'deleted' || row.kind === 'repost') throw postNotFound();
  if (row.authorId !== userId) throw forbidden("Only the post's author can see its insights", 'NOT_AUTHOR');
  const today = lagosDay(sql`now()`);
  const perDay = await executeRows<Counts & { day: string }>(
    db,
    sql`WITH days AS (SELECT d::date AS day FROM generate_series(${today} - 29, ${today}, interval '1 day') d)
      SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
        (SELECT count(*)::int FROM post_views v WHERE v.post_id = ${postId} AND v.day = days.day) AS views,
        (SELECT count(*)::int FROM post_views v WHERE v.post_id = ${postId} AND v.day = days.day) AS reach,
        (SELECT count(*)::int FROM post_likes l WHERE l.post_id = ${postId} AND ${lagosDay(sql`l.created_at`)} = days.day) AS likes,
        (SELECT count(*)::int FROM post_comments c WHERE c.post_id = ${postId} AND ${lagosDay(sql`c.created_at`)} = days.day) AS comments,
        (SELECT count(*)::int FROM post_saves s WHERE s.post_id = ${postId} AND ${lagosDay(sql`s.created_at`)} = days.day) AS saves,
        (SELECT count(*)::int FROM posts r WHERE r.repost_of = ${postId} AND r.status = 'published'
          AND ${lagosDay(sql`r.published_at`)} = days.day) AS reposts
      FROM days ORDER BY days.day`,
  );
  const [totals] = await executeRows<Counts & { reach7: number; reach30: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM post_views WHERE post_id = ${postId}) AS views,
      (SELECT count(DISTINCT viewer_id)::int FROM post_views WHERE post_id = ${postId}) AS reach,
      (SELECT count(DISTINCT viewer_id)::int FROM post_views WHERE post_id = ${postId} AND day > ${today} - 7) AS reach7,
      (SELECT count(DISTINCT viewer_id)::int FROM post_views WHERE post_id = ${postId} AND day > ${today} - 30) AS reach30,
      (SELECT count(*)::int FROM post_saves WHERE post_id = ${postId}) AS saves`,
  );
  const period = (days: typeof perDay, reach: number) => ({
    totals: { ...sum(days), reach },
    days: days.map((d) => ({
      day: d.day,
      views: d.views,
      reach: d.reach,
      likes: d.likes,
      comments: d.comments,
      saves: d.saves,
      reposts: d.reposts,
    })),
  });
  return {
    postId,
    totals: {
      views: totals!.views,
      reach: totals!.reach,
      likes: row.likesCount,
      comments: row.commentCount,
      saves: totals!.saves,
      reposts: row.repostCount,
    },
    last7Days: period(perDay.slice(-7), totals!.reach7),
    last30Days: period(perDay, totals!.reach30),
  };
}

const sum = (days: Counts[]): Counts => Object.fromEntries(COUNTS.map((k) => [k, days.reduce((n, d) => n + d[k], 0)])) as Counts;
