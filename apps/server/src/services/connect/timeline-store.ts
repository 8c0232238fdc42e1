import { and, eq, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import { homeTimelines, timelineOwners } from './timeline-tables.js';

// The home timelines' store: which posts each active person's home feed shows, newest first,
// filled by fan-out on write (timeline-fanout.ts) and read by timeline-read.ts. Two
// implementations of one interface: a table (the embedded default, timeline-tables.ts) and Redis
// sorted sets when REDIS_URL is set (timeline-redis.ts). Either is a cache of posts and follows:
// a timeline that is not kept (never built, its person away for `activeDays`, Redis flushed) is
// rebuilt from them when its person reads it. Every entry is checked again at read time against
// the visibility rule (visibility.ts), so a stale entry is never shown.

export type TimelineSettings = {
  /** Entries kept per person (older ones are trimmed). */
  cap: number;
  /** A timeline is kept while its person read it in the last this many days. */
  activeDays: number;
  /** Authors with at least this many followers are not fanned out: their posts are pulled at read time. */
  bigAccountFollowers: number;
};

export const TIMELINE_DEFAULTS: TimelineSettings = { cap: 400, activeDays: 14, bigAccountFollowers: 10_000 };

/** One post in a timeline: a post, a quote or a plain repost row, by its publication time. */
export type TimelineEntry = Pick<typeof homeTimelines.$inferSelect, 'postId' | 'authorId'> & { sortAt: string };

/** A timeline's mark as `markSql` reads it: NULL when the person has none. */
export type TimelineMark = { kept: boolean; stale: boolean } | null;

/** Where a page starts in the store: below this (published_at, id), or from the newest. */
export type StoreCursor = { at: string; id: string } | null;

export interface TimelineStore {
  readonly name: 'database' | 'redis';
  readonly settings: TimelineSettings;
  /** Marks the person's timeline as read now; false when it is not kept (never built, expired, flushed). */
  touch(db: Tx, userId: string): Promise<boolean>;
  /**
   * Where the store is the database: the person's mark as an expression read inside the page's own
   * statement (a round trip less than `touch`), JSON `{kept, stale}` or NULL; `refresh` then writes a
   * stale mark. Null for a store that must be asked apart (`touch`).
   */
  markSql(userId: string): SQL | null;
  /** Marks the timeline as read now (after `markSql` found it stale). */
  refresh(db: Tx, userId: string): Promise<void>;
  /** Replaces the person's timeline with these entries (a rebuild), and keeps it from now on. */
  replace(db: Tx, userId: string, entries: TimelineEntry[]): Promise<void>;
  /** Adds entries to the person's timeline if it is kept (a new follow's recent posts). */
  merge(db: Tx, userId: string, entries: TimelineEntry[]): Promise<void>;
  /** Adds a post to the kept timelines of these people; how many received it. */
  fanOut(db: Tx, entry: TimelineEntry, followersOf: string | null, also: string[]): Promise<number>;
  /** Takes a post out of the timelines of its author's followers and the author's own. */
  removePost(db: Tx, entry: Pick<TimelineEntry, 'postId' | 'authorId'>): Promise<void>;
  /** Takes an author's posts out of one person's timeline (an unfollow). */
  removeAuthor(db: Tx, userId: string, authorId: string): Promise<void>;
  /**
   * The page's stored rows as a statement over `posts p` selecting the page columns (id, kind,
   * repost_of, author_id, sort_at), at most `n`, newest first, each passing `checks`.
   */
  pageSource(db: Tx, userId: string, checks: SQL, cursor: StoreCursor, n: number): Promise<SQL>;
  /** Drops what is beyond the cap and the timelines of people away longer than `activeDays`. */
  trim(db: Tx): Promise<void>;
}

export const PAGE_COLUMNS = sql`p.id, p.kind, p.repost_of, p.author_id, p.published_at AS sort_at`;

/** The followers of `authorId` whose timeline is kept, as a statement selecting `user_id`. */
const activeFollowers = (authorId: string, days: number) => sql`SELECT f.follower_id AS user_id FROM follows f
  JOIN timeline_owners o ON o.user_id = f.follower_id AND o.read_at > now() - make_interval(days => ${days})
  WHERE f.followee_id = ${authorId}`;

/** Entries as rows of a statement (timestamps kept as the database wrote them, to the microsecond). */
const rowsOf = (entries: TimelineEntry[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(
    entries.map((e) => ({ post_id: e.postId, author_id: e.authorId, sort_at: e.sortAt })),
  )}::jsonb) AS e(post_id uuid, author_id uuid, sort_at timestamptz)`;

/** The database store: rows of home_timelines, kept for the people in timeline_owners. */
export function databaseTimelines(settings: TimelineSettings = TIMELINE_DEFAULTS): TimelineStore {
  const active = sql`now() - make_interval(days => ${settings.activeDays})`;
  return {
    name: 'database',
    settings,
    async touch(db, userId) {
      const [row] = await executeRows<{ mark: TimelineMark }>(db, sql`SELECT ${this.markSql(userId)} AS mark`);
      if (!row?.mark?.kept) return false;
      if (row.mark.stale) await this.refresh(db, userId);
      return true;
    },
    // A write at most once an hour per person, not on every read.
    markSql: (userId) => sql`(SELECT json_build_object('kept', read_at > ${active}, 'stale', read_at < now() - interval '1 hour')
      FROM timeline_owners WHERE user_id = ${userId})`,
    async refresh(db, userId) {
      await db
        .update(timelineOwners)
        .set({ readAt: sql`now()` })
        .where(eq(timelineOwners.userId, userId));
    },
    async replace(db, userId, entries) {
      await db.delete(homeTimelines).where(eq(homeTimelines.userId, userId));
      if (entries.length)
        await db.execute(sql`INSERT INTO home_timelines (user_id, post_id, author_id, sort_at)
          SELECT ${userId}::uuid, e.post_id, e.author_id, e.sort_at FROM ${rowsOf(entries)} ON CONFLICT DO NOTHING`);
      await db
        .insert(timelineOwners)
        .values({ userId })
        .onConflictDoUpdate({ target: timelineOwners.userId, set: { readAt: sql`now()` } });
    },
    async merge(db, userId, entries) {
      if (!entries.length) return;
      await db.execute(sql`INSERT INTO home_timelines (user_id, post_id, author_id, sort_at)
        SELECT o.user_id, e.post_id, e.author_id, e.sort_at FROM timeline_owners o, ${rowsOf(entries)}
        WHERE o.user_id = ${userId} AND o.read_at > ${active} ON CONFLICT DO NOTHING`);
    },
    async fanOut(db, e, followersOf, also) {
      const people = followersOf ? activeFollowers(followersOf, settings.activeDays) : sql`SELECT NULL::uuid AS user_id WHERE false`;
      const extra = also.length
        ? sql`SELECT user_id FROM timeline_owners WHERE user_id IN (${sql.join(
            also.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) AND read_at > ${active}`
        : sql`SELECT NULL::uuid WHERE false`;
      const rows = await executeRows<{ n: number }>(
        db,
        sql`WITH added AS (INSERT INTO home_timelines (user_id, post_id, author_id, sort_at)
          SELECT user_id, ${e.postId}::uuid, ${e.authorId}::uuid, ${e.sortAt}::timestamptz FROM (${people} UNION ${extra}) r
          ON CONFLICT DO NOTHING RETURNING 1) SELECT count(*)::int AS n FROM added`,
      );
      return rows[0]?.n ?? 0;
    },
    async removePost(db, e) {
      await db.delete(homeTimelines).where(eq(homeTimelines.postId, e.postId));
    },
    async removeAuthor(db, userId, authorId) {
      await db.delete(homeTimelines).where(and(eq(homeTimelines.userId, userId), eq(homeTimelines.authorId, authorId)));
    },
    async pageSource(_db, userId, checks, cursor, n) {
      const below = cursor ? sql`(t.sort_at, t.post_id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`;
      return sql`SELECT ${PAGE_COLUMNS} FROM home_timelines t JOIN posts p ON p.id = t.post_id
        WHERE t.user_id = ${userId} AND ${below} AND ${checks} ORDER BY t.sort_at DESC, t.post_id DESC LIMIT ${n}`;
    },
    async trim(db) {
      await db.execute(sql`DELETE FROM timeline_owners WHERE read_at <= ${active}`);
      await db.execute(sql`DELETE FROM home_timelines h WHERE NOT EXISTS (SELECT 1 FROM timeline_owners o WHERE o.user_id = h.user_id)`);
      await db.execute(sql`DELETE FROM home_timelines h USING (
          SELECT user_id, post_id, row_number() OVER (PARTITION BY user_id ORDER BY sort_at DESC, post_id DESC) AS rank
          FROM home_timelines) r
        WHERE r.rank > ${settings.cap} AND h.user_id = r.user_id AND h.post_id = r.post_id`);
    },
  };
}
