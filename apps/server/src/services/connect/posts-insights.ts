import { eq, sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import { lagosDay, notAuthor, postNotFound } from './posts.service.js';
import { posts } from './tables.js';

const COUNTS = ['views', 'reach', 'likes', 'comments', 'saves', 'reposts'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

/** Views, reach, likes, comments, saves and reposts of the author's post: in total and per Lagos day for 7 and 30 days. */
export async function postInsights(db: Tx, userId: string, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row || row.status === 'deleted' || row.kind === 'repost') throw postNotFound();
  if (row.authorId !== userId) throw await notAuthor(db, userId, postId, "Only the post's author can see its insights");
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
