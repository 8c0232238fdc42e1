import { and, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { communityInsightsResponse, Post } from '@owo/contracts';
import type { z } from 'zod';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { readerOf, staffOf } from './communities-access.js';
import { templateDescription } from './communities-catalogue.js';
import type { Page } from './communities-read.js';
import { postPage, postsPageSql } from './posts-read.js';
import { listedFor } from './visibility.js';
import { admitPost, lagosDay } from './posts.service.js';
import { REPORT_REASONS } from './catalogue.js';
import type { communities } from './communities-tables.js';
import { posts } from './tables.js';

// A community's posts: its feed (pages from 1), the moderation lists (post requests, spam, reported),
// accepting or declining waiting posts, and the insights.

type CursorPage = Page & { cursor?: string };

/** The community's feed for someone who may read it (public: all but the blocked; private: members). */
export async function communityPosts(db: Tx, viewerId: string, communityId: string, q: CursorPage) {
  await readerOf(db, viewerId, communityId, 'posts');
  // The feed pager counts from 0; community pages count from 1 (spec section 9).
  const feedQ = { page: q.page - 1, limit: q.limit, cursor: q.cursor };
  const res = await postPage(
    db,
    viewerId,
    postsPageSql(sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.community_id = ${communityId}`, feedQ),
    feedQ,
  );
  return {
    posts: res.posts,
    pagination: {
      page: q.page,
      limit: q.limit,
      prev: q.page > 1 ? { page: q.page - 1 } : null,
      next: res.pagination.next ? { page: q.page + 1, cursor: res.pagination.next.cursor } : null,
    },
  };
}

/** A post of a moderation list: why it was held and its reports' reasons. */
type ModRow = Pick<typeof posts.$inferSelect, 'id' | 'spamReason' | 'reportCount'> & { reasons: string[] | null; total: number };
const reasonText = new Map<string, string>(REPORT_REASONS.map((r) => [r.id, r.reason]));

/** A moderation list: the posts picked by `where` (newest first), with spam reason and reports. */
async function moderated(db: Tx, staffId: string, communityId: string, where: SQL, p: Page) {
  await staffOf(db, staffId, communityId);
  const rows = await executeRows<ModRow>(
    db,
    sql`SELECT p.id, p.spam_reason AS "spamReason", p.report_count AS "reportCount",
      ARRAY(SELECT DISTINCT r.reason FROM post_reports r WHERE r.post_id = p.id) AS reasons,
      count(*) OVER ()::int AS total
      FROM posts p WHERE p.community_id = ${communityId} AND p.kind <> 'repost' AND ${where}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await postPage(
        db,
        staffId,
        sql`SELECT p.id, p.kind, p.repost_of, p.author_id, p.created_at AS sort_at FROM posts p WHERE p.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        { page: 0, limit: ids.length + 1 },
        { moderator: true },
      )
    : { posts: [] as Post[] };
  const byId = new Map(found.posts.map((x) => [x._id, x]));
  const items = rows.flatMap((r) => {
    const post = byId.get(r.id);
    if (!post) return [];
    return [
      {
        ...post,
        spamReason: r.spamReason,
        reportCount: r.reportCount,
        reportReasons: (r.reasons ?? []).map((x) => reasonText.get(x) ?? x),
      },
    ];
  });
  return { items, pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export const postRequests = (db: Tx, staffId: string, communityId: string, p: Page) =>
  moderated(db, staffId, communityId, sql`p.status = 'pending'`, p);
export const spamPosts = (db: Tx, staffId: string, communityId: string, p: Page) =>
  moderated(db, staffId, communityId, sql`p.status = 'held'`, p);
export const reportedPosts = (db: Tx, staffId: string, communityId: string, p: Page) =>
  moderated(db, staffId, communityId, sql`p.status = 'published' AND p.report_count > 0`, p);

/**
 * Accepts (publishes) or declines (removes) a post waiting for approval or held as spam. Answers the
 * post as published, or, when declined, as it was when it was declined.
 */
export async function answerPostRequest(db: Db, staffId: string, communityId: string, postId: string, accept: boolean) {
  const waiting = sql`p.id = ${postId} AND p.status IN ('pending', 'held')`;
  const before = (await moderated(db, staffId, communityId, waiting, { page: 1, limit: 1 })).items[0];
  await db.transaction(async (tx) => {
    await staffOf(tx, staffId, communityId, true);
    const [row] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.communityId, communityId), inArray(posts.status, ['pending', 'held'])))
      .for('update');
    if (!row || !before) throw notFound('There is no waiting post with this id here', 'POST_REQUEST_NOT_FOUND');
    if (accept) await admitPost(tx, postId);
    else await tx.update(posts).set({ status: 'deleted' }).where(eq(posts.id, postId));
  });
  if (!accept) return before!;
  const after = (await moderated(db, staffId, communityId, sql`p.id = ${postId}`, { page: 1, limit: 1 })).items[0];
  if (!after) throw notFound('Post not found', 'POST_NOT_FOUND');
  return after;
}

// --- insights ------------------------------------------------------------------------------------

/** A day of the insights as `period` reads it; the members at its end are counted back from today after. */
type InsightDay = z.infer<typeof communityInsightsResponse>['data']['last7Days']['days'][number];
type DayRow = Omit<InsightDay, 'members'>;

async function period(db: Tx, communityId: string, days: number, membersNow: number) {
  const since = sql`(now() - make_interval(days => ${days}))`;
  const rows = await executeRows<DayRow>(
    db,
    sql`WITH days AS (
        SELECT (${lagosDay(sql`now()`)} - g)::date AS day FROM generate_series(0, ${days - 1}) g),
      joined AS (SELECT ${lagosDay(sql`joined_at`)} AS day, count(*)::int AS n FROM community_members
        WHERE community_id = ${communityId} AND role <> 'blocked' AND joined_at >= ${since} GROUP BY 1),
      posted AS (SELECT ${lagosDay(sql`published_at`)} AS day, count(*)::int AS n FROM posts
        WHERE community_id = ${communityId} AND status = 'published' AND kind <> 'repost' AND published_at >= ${since} GROUP BY 1),
      commented AS (SELECT ${lagosDay(sql`c.created_at`)} AS day, count(*)::int AS n FROM post_comments c JOIN posts p ON p.id = c.post_id
        WHERE p.community_id = ${communityId} AND c.created_at >= ${since} GROUP BY 1),
      acts AS (
        SELECT ${lagosDay(sql`published_at`)} AS day, author_id AS who FROM posts
          WHERE community_id = ${communityId} AND status = 'published' AND published_at >= ${since}
        UNION SELECT ${lagosDay(sql`c.created_at`)}, c.author_id FROM post_comments c JOIN posts p ON p.id = c.post_id
          WHERE p.community_id = ${communityId} AND c.created_at >= ${since}
        UNION SELECT ${lagosDay(sql`l.created_at`)}, l.user_id FROM post_likes l JOIN posts p ON p.id = l.post_id
          WHERE p.community_id = ${communityId} AND l.created_at >= ${since}),
      active AS (SELECT a.day, count(DISTINCT a.who)::int AS n FROM acts a
        JOIN community_members m ON m.community_id = ${communityId} AND m.user_id = a.who AND m.role <> 'blocked' GROUP BY 1)
      SELECT d.day::text AS day, coalesce(j.n, 0) AS joined, coalesce(p.n, 0) AS posts, coalesce(c.n, 0) AS comments,
        coalesce(a.n, 0) AS "activeMembers"
      FROM days d LEFT JOIN joined j ON j.day = d.day LEFT JOIN posted p ON p.day = d.day
        LEFT JOIN commented c ON c.day = d.day LEFT JOIN active a ON a.day = d.day
      ORDER BY d.day`,
  );
  const [distinct] = await executeRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT who)::int AS n FROM (
        SELECT author_id AS who FROM posts WHERE community_id = ${communityId} AND status = 'published' AND published_at >= ${since}
        UNION SELECT c.author_id FROM post_comments c JOIN posts p ON p.id = c.post_id
          WHERE p.community_id = ${communityId} AND c.created_at >= ${since}
        UNION SELECT l.user_id FROM post_likes l JOIN posts p ON p.id = l.post_id
          WHERE p.community_id = ${communityId} AND l.created_at >= ${since}) a
      WHERE EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = ${communityId} AND m.user_id = a.who AND m.role <> 'blocked')`,
  );
  const top = await db
    .select({ id: posts.id, text: posts.text, likes: posts.likesCount, comments: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.communityId, communityId), eq(posts.status, 'published'), ne(posts.kind, 'repost'), gte(posts.publishedAt, since)))
    .orderBy(desc(sql`${posts.likesCount} + ${posts.commentCount}`), desc(posts.publishedAt))
    .limit(5);
  // Members at the end of each day: today's count less those who joined after that day.
  let members = membersNow;
  const out = [...rows].reverse().map((r) => {
    const day = { day: r.day, members, joined: r.joined, posts: r.posts, comments: r.comments, activeMembers: r.activeMembers };
    members = Math.max(0, members - r.joined);
    return day;
  });
  const sum = (k: 'joined' | 'posts' | 'comments') => rows.reduce((s, r) => s + r[k], 0);
  return {
    joined: sum('joined'),
    posts: sum('posts'),
    comments: sum('comments'),
    activeMembers: distinct?.n ?? 0,
    days: out.reverse(),
    topPosts: top.map((t) => ({ _id: t.id, text: t.text, likes: t.likes, comments: t.comments })),
  };
}

export async function communityInsights(db: Tx, staffId: string, communityId: string) {
  await staffOf(db, staffId, communityId);
  const [c] = await executeRows<Pick<typeof communities.$inferSelect, 'membersCount'> & { posts: number }>(
    db,
    sql`SELECT members_count AS "membersCount", (SELECT count(*)::int FROM posts WHERE community_id = ${communityId} AND status = 'published'
      AND kind <> 'repost') AS posts FROM communities WHERE id = ${communityId}`,
  );
  const membersCount = c?.membersCount ?? 0;
  return {
    communityId,
    membersCount,
    postsCount: c?.posts ?? 0,
    last7Days: await period(db, communityId, 7, membersCount),
    last30Days: await period(db, communityId, 30, membersCount),
  };
}

// --- description ---------------------------------------------------------------------------------

/**
 * A description for a new community: from the language-model endpoint when one is configured
 * (COMMUNITY_DESCRIBER_URL; it gets {name, category} and answers {description}), else, or when it
 * fails or is slow, from the templates.
 */
export async function describeCommunity(name: string, categoryId: string, describerUrl: string | null): Promise<string> {
  if (describerUrl) {
    try {
      const res = await fetch(describerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, category: categoryId }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as { description?: unknown };
      if (res.ok && typeof body.description === 'string' && body.description.trim()) return body.description.trim().slice(0, 500);
    } catch {
      // Fall through to the templates.
    }
  }
  return templateDescription(name, categoryId);
}
