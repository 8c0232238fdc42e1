import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { executeRows, type Tx } from '../../platform/db.js';
import { databaseTimelines, PAGE_COLUMNS, TIMELINE_DEFAULTS, type TimelineSettings, type TimelineStore } from './timeline-store.js';

// The Redis timeline store: one sorted set per person (`<prefix>tl:<userId>`), members post ids,
// scores their publication time in milliseconds, plus a marker member scored +inf that says the
// timeline is kept. The key expires `activeDays` after its person last read it; a missing key is a
// timeline not kept (never built, expired, or Redis flushed), rebuilt from the database when read.

const MARK = '.';
/** Adds a post to each kept timeline among KEYS and trims it to the cap (+1 for the marker). */
const FAN_OUT = `local n = 0
for _, k in ipairs(KEYS) do
  if redis.call('EXISTS', k) == 1 then
    n = n + redis.call('ZADD', k, ARGV[1], ARGV[2])
    redis.call('ZREMRANGEBYRANK', k, 0, -(tonumber(ARGV[3]) + 2))
  end
end
return n`;
/** Adds entries (score, member pairs in ARGV after the cap) to a kept timeline. */
const MERGE = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[1]) + 2))
return 1`;

const BATCH = 500;
const ms = (at: string) => String(new Date(at).getTime());
const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export function redisTimelines(redis: Redis, prefix: string, settings: TimelineSettings = TIMELINE_DEFAULTS): TimelineStore {
  const key = (userId: string) => `${prefix}tl:${userId}`;
  const ttl = settings.activeDays * 86_400;
  const followers = async (db: Tx, authorId: string) =>
    (await executeRows<{ id: string }>(db, sql`SELECT follower_id AS id FROM follows WHERE followee_id = ${authorId}`)).map((r) => r.id);

  return {
    name: 'redis',
    settings,
    markSql: () => null,
    async refresh() {
      // Redis's touch renews the timeline's expiry as it reads.
    },
    async touch(_db, userId) {
      return (await redis.expire(key(userId), ttl)) === 1;
    },
    async replace(_db, userId, entries) {
      const k = key(userId);
      const m = redis.multi().del(k).zadd(k, '+inf', MARK);
      for (const c of chunks(entries, BATCH)) m.zadd(k, ...c.flatMap((e) => [ms(e.sortAt), e.postId]));
      await m
        .zremrangebyrank(k, 0, -(settings.cap + 2))
        .expire(k, ttl)
        .exec();
    },
    async merge(_db, userId, entries) {
      if (entries.length) await redis.eval(MERGE, 1, key(userId), settings.cap, ...entries.flatMap((e) => [ms(e.sortAt), e.postId]));
    },
    async fanOut(db, e, followersOf, also) {
      const people = [...(followersOf ? await followers(db, followersOf) : []), ...also];
      const p = redis.pipeline();
      for (const c of chunks(people, BATCH)) p.eval(FAN_OUT, c.length, ...c.map(key), ms(e.sortAt), e.postId, settings.cap);
      const res = (await p.exec()) ?? [];
      return res.reduce((n, [err, added]) => n + (err ? 0 : Number(added)), 0);
    },
    async removePost(db, e) {
      const people = [...(await followers(db, e.authorId)), e.authorId];
      const p = redis.pipeline();
      for (const id of people) p.zrem(key(id), e.postId);
      await p.exec();
    },
    async removeAuthor(db, userId, authorId) {
      const ids = (await redis.zrange(key(userId), '0', '-1')).filter((m) => m !== MARK);
      if (!ids.length) return;
      const theirs = await executeRows<{ id: string }>(
        db,
        sql`SELECT id FROM posts WHERE author_id = ${authorId} AND id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      if (theirs.length) await redis.zrem(key(userId), ...theirs.map((r) => r.id));
    },
    async pageSource(_db, userId, checks, cursor, n) {
      // Scores are whole milliseconds: the range starts at the cursor's millisecond and the
      // statement's keyset drops what is not below the cursor. Some entries may fail the checks
      // (deleted, hidden, unfollowed), so twice as many are asked for.
      const max = cursor ? String(Math.floor(new Date(cursor.at).getTime()) + 1) : '(+inf';
      const ids = (await redis.zrevrangebyscore(key(userId), max, '-inf', 'LIMIT', 0, n * 2 + 1)).filter((m) => m !== MARK);
      if (!ids.length) return sql`SELECT ${PAGE_COLUMNS} FROM posts p WHERE false`;
      const below = cursor ? sql`(p.published_at, p.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`;
      return sql`SELECT ${PAGE_COLUMNS} FROM posts p WHERE p.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND ${below} AND ${checks} ORDER BY p.published_at DESC, p.id DESC LIMIT ${n}`;
    },
    async trim() {
      // Redis trims each timeline as it is added to and expires the timelines of people away.
    },
  };
}

/** The store for this process: Redis when it is configured, the database otherwise. */
export const timelineStoreOf = (redis: Redis | null, redisPrefix: string, settings: TimelineSettings = TIMELINE_DEFAULTS): TimelineStore =>
  redis ? redisTimelines(redis, `${redisPrefix}:`, settings) : databaseTimelines(settings);
