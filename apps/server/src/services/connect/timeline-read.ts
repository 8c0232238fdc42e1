import { sql, type SQL } from 'drizzle-orm';
import type { FeedQuery } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { keyset, postPage, postsPageSql as page, type PostPage } from './posts-read.js';
import type { TimelineEntry, TimelineStore } from './timeline-store.js';
import { listedFor } from './visibility.js';

// The home feed: the person's stored timeline (fan-out on write, timeline-store.ts) merged, in one
// statement, with what is pulled at read time: the posts of the very followed people they follow,
// the communities they belong to, and the events the fan-out has not applied yet (so a new post or
// follow shows at once). Every row passes the visibility rule (visibility.ts) and, for stored
// rows, the person must still follow the author.

/** Is `p` the viewer's own post, or by someone they follow? */
const followedOrOwn = (viewerId: string) =>
  sql`(p.author_id = ${viewerId} OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = p.author_id))`;

/**
 * The people the viewer follows whose posts are not fanned out (bigAccountFollowers). The threshold, a
 * setting, is written into the statement: as a parameter, PostgreSQL's generic plan for the page takes
 * a third of all profiles to be above it, costs the page far above its custom plans and so plans the
 * page's statement again on every call.
 */
const bigFollowees = (viewerId: string, threshold: number) => sql`SELECT cp.user_id FROM connect_profiles cp
  WHERE cp.followers_count >= ${sql.raw(String(Math.trunc(threshold)))}
    AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = cp.user_id)`;

/** Rebuilds a person's timeline from the follow graph and their own posts (newest `cap`). */
export async function rebuildTimeline(db: Tx, store: TimelineStore, viewerId: string) {
  const { cap, bigAccountFollowers } = store.settings;
  const entries = await executeRows<TimelineEntry>(
    db,
    sql`SELECT p.id AS "postId", p.author_id AS "authorId", p.published_at AS "sortAt" FROM posts p
      WHERE p.status = 'published' AND p.hidden_at IS NULL AND p.author_id IN (
        SELECT f.followee_id FROM follows f WHERE f.follower_id = ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM connect_profiles cp WHERE cp.user_id = f.followee_id AND cp.followers_count >= ${bigAccountFollowers})
        UNION ALL SELECT ${viewerId}::uuid)
      ORDER BY p.published_at DESC, p.id DESC LIMIT ${cap}`,
  );
  await store.replace(db, viewerId, entries);
}

/** The viewer's home feed page: posts and reposts of the people they follow, their own, and their communities'. */
export async function homeTimeline(
  db: Tx,
  store: TimelineStore,
  viewerId: string,
  q: FeedQuery,
  communities: SQL | null,
): Promise<PostPage> {
  // The cursor is read first: a bad one is refused before the timeline is touched or rebuilt.
  const k = keyset(sql`sort_at`, sql`id`, q);
  // The database store's mark is read inside the page's statement; another store is asked first.
  const mark = store.markSql(viewerId);
  if (!mark && !(await store.touch(db, viewerId))) await rebuildTimeline(db, store, viewerId);
  const n = q.limit + 1 + k.offset;
  const each = { ...q, page: 0, limit: n - 1 };
  const listed = listedFor(viewerId);

  const stored = await store.pageSource(db, viewerId, sql`${listed} AND ${followedOrOwn(viewerId)}`, k.cursor, n);
  const pulled = [
    page(sql`${listed} AND p.author_id IN (${bigFollowees(viewerId, store.settings.bigAccountFollowers)})`, each),
    // Not yet fanned out: new posts of the people followed (or one's own), and a new follow's posts.
    page(sql`${listed} AND ${followedOrOwn(viewerId)} AND p.id IN (SELECT e.post_id FROM timeline_events e WHERE e.kind = 'post')`, each),
    page(
      sql`${listed} AND ${followedOrOwn(viewerId)}
        AND p.author_id IN (SELECT e.target_id FROM timeline_events e WHERE e.actor_id = ${viewerId} AND e.kind = 'follow')`,
      each,
    ),
    ...(communities ? [page(sql`${listed} AND ${communities}`, each)] : []),
  ];
  const arms = [stored, ...pulled].map((s) => sql`(${s})`);
  const merged = sql`SELECT * FROM (${sql.join(arms, sql` UNION `)}) f
    ORDER BY sort_at DESC, id DESC LIMIT ${q.limit + 1} OFFSET ${k.offset}`;
  const { mark: read, ...found } = await postPage(db, viewerId, merged, q, mark ? { mark } : {});
  if (!mark) return found;
  if (!read?.kept) {
    // Not kept (never built, or its person away): built now, and the page read from it.
    await rebuildTimeline(db, store, viewerId);
    return postPage(db, viewerId, merged, q);
  }
  if (read.stale) await store.refresh(db, viewerId);
  return found;
}
