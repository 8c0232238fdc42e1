/**
 * The Connect home feed against the bare yardstick, on PostgreSQL, in one run: a database seeded by
 * SQL with FEED_USERS people who each follow about FEED_FOLLOWS others, FEED_POSTS posts (with
 * reposts and quotes) over the last 30 days, FEED_LIKES likes and FEED_COMMENTS comments, every
 * counter as the service keeps it; then GET /api/connect/posts/feeds for random people (page 0, and
 * pages 1 to FEED_PAGES through each page's `pagination.next.cursor`) through the real server, and
 * the bare Fastify + pg single-row read at the same concurrency levels; a CPU profile of the server
 * during page 0 at the highest level. Then EXPLAIN ANALYZE of the feed's statement (copied from
 * apps/server/src/services/connect/posts-read.ts and checked against the API's answer) for some of
 * the same people, and again with a candidate index in place of posts_author_feed_idx (built in a
 * transaction that is rolled back) while the page is not read by an index-only scan. Writes the
 * `feed` section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run feed -w @owo/bench
 *
 * Settings: FEED_USERS (default 10000), FEED_FOLLOWS (150), FEED_POSTS (500000), FEED_LIKES
 * (2000000), FEED_COMMENTS (500000), FEED_SAMPLE people whose tokens drive the load (50),
 * FEED_PAGES deeper pages per person (3), FEED_LEVELS (1,16,64), FEED_SECONDS per case and level
 * (10), FEED_WARMUP seconds per case before the first level, unrecorded (3), FEED_EXPLAIN people
 * whose statements are explained (10; 0 for none), FEED_CANDIDATE=0 (no candidate index),
 * FEED_PROFILE=0 (no CPU profile), FEED_PORT (3420; the bare server uses the next port),
 * FEED_CLIENT=node (node:http even when wrk is installed), FEED_WRITE=0 (print, leave RESULTS.md
 * alone), FEED_KEEP=1 (keep the database owo_feed afterwards), FEED_REUSE=1 (use a kept owo_feed as
 * it is: no seeding; the sizes are read from it). DATABASE_POOL_SIZE passes through to the server
 * (the bare server uses the same size).
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 200 people following 20 each, 3,000 posts, 5,000 likes
 * and 1,000 comments, 4 readers with 2 deeper pages each, one level (concurrency 4) of 1 s per case, no
 * warm-up, EXPLAIN for 1 person (with the candidate index), port 4420 (4421, 4422), the database
 * owo_feed_smoke and the Redis prefix owo-bench-feed_smoke, RESULTS.md left alone. A request that
 * fails under load, or the Redis store's page differing from the database's, makes the run exit non-zero.
 *
 * The same file, run with FEED_ROLE=bare, is the bare server.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  admin as adminSql,
  FIRST_NAMES as FIRST,
  LAST_NAMES as LAST,
  bareServer,
  dbUrl as dbUrlOf,
  jsonClient,
  logResult,
  mean,
  freshDatabase,
  measureWhenIdle,
  pct,
  perReq,
  profileCase,
  profileTables,
  signedUpUser,
  startBare,
  startServer,
  stop,
  useWrk,
  type Case,
  type Profiled,
  type Req,
  type Result,
} from './lib.js';
import { check, exitOnProblems, own, sized, writeSection } from './results.js';

const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? '';
/** FEED_<name>, else its default: `full`, or `small` in a smoke run. */
const env = (name: string, full: number, small = full) => Number(process.env[`FEED_${name}`] ?? sized(full, small));
const USERS = env('USERS', 10_000, 200);
const FOLLOWS = Math.min(env('FOLLOWS', 150, 20), USERS - 1);
const POSTS = env('POSTS', 500_000, 3_000);
const LIKES = env('LIKES', 2_000_000, 5_000);
const COMMENTS = env('COMMENTS', 500_000, 1_000);
const SAMPLE = env('SAMPLE', 50, 4);
const PAGES = env('PAGES', 3, 2);
const LEVELS = (process.env.FEED_LEVELS ?? sized('1,16,64', '4')).split(',').map(Number);
const SECONDS = env('SECONDS', 10, 1);
const WARMUP = env('WARMUP', 3, 0);
const EXPLAIN = env('EXPLAIN', 0, 1);
const PROFILE = process.env.FEED_PROFILE === '1';
const CANDIDATE = process.env.FEED_CANDIDATE !== '0';
const PORT = env('PORT', 3420, 4420);
const BARE_PORT = PORT + 1;
/** The second server: the same database, its home timelines in Redis (REDIS_URL for the bench, default the local one), or BENCH_COMPARE. */
const SECOND_PORT = PORT + 2;
const REDIS_URL = process.env.FEED_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = own('owo-bench-feed');
/**
 * BENCH_COMPARE=<another copy's apps/server directory> (a `git worktree` of an older commit): the
 * second server is that copy, on the same database with its timelines in the database too, in place
 * of the Redis one: its cases are "feed (before)" and "deeper (before)", a before/after in one run.
 * The run is written to the section feed-compare of RESULTS.md.
 */
const COMPARE = process.env.BENCH_COMPARE;
const SECOND = COMPARE ? ' (before)' : '-redis';
const BASE = `http://127.0.0.1:${PORT}`;
const DB = own('owo_feed');
const PASSWORD = 'benchpass1';
const FEED = '/api/connect/posts/feeds';
const WRK = useWrk(process.env.FEED_CLIENT);
const REUSE = process.env.FEED_REUSE === '1';
/** Shares of the posts' rows: plain reposts and quotes (the rest are posts). */
const REPOST_PCT = 6;
const QUOTE_PCT = 3;

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
/** Deletes the bench's own Redis keys (SCAN + DEL of its prefix: never a flush of the whole Redis). */
const clearRedis = () =>
  execSync(`redis-cli -u ${REDIS_URL} --scan --pattern '${REDIS_PREFIX}[-:]*' | xargs -r -n 500 redis-cli -u ${REDIS_URL} del > /dev/null`);
const admin = (sql: string, url = ADMIN_URL) => adminSql(sql, url);
const call = jsonClient(BASE);

// ---------------------------------------------------------------------------------------------
// Seeding, by SQL: set-based inserts in one session, the indexes as the migrations made them.

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A step coprime with USERS: `start + k * step` (mod USERS) names USERS different people for k < USERS. */
function strideFor(n: number): number {
  let s = Math.max(1, Math.floor(n * 0.618));
  while (gcd(s, n) !== 1) s++;
  return s;
}

const TEXTS = [
  'Saved my first 100k this month with a weekly target. Small steps, but the habit is what counts.',
  'Who else is going to the tech meetup in Yaba on Saturday? Looking for people to carpool with.',
  'Jollof at my aunty’s place today and nobody can tell me anything. Sunday done right.',
  'Reminder: pay your light bill before the weekend rush. The queue on Monday is always long.',
  'Our small shop just crossed 500 orders. Thank you to everyone who bought, shared and reviewed!',
  'Match day! Super Eagles, do us proud tonight. Where are you watching from?',
  'Three books that changed how I think about money, a thread. First one is about compounding.',
  'Morning run around the lagoon, 6 km. The breeze at that hour is something else.',
];
const COMMENT_TEXTS = ['Congrats!', 'This is so true', 'Where is this?', 'I need this energy today', 'Well said 👏', 'Count me in'];
const CATEGORIES = [
  'money-tips',
  'business',
  'lifestyle',
  'tech',
  'sports',
  'entertainment',
  'news',
  'faith',
  'food',
  'fashion',
  'education',
  'health',
];
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;

type SeedStep = { name: string; ms: number; rows: number };

/**
 * Seeds the social graph and the posts for the USERS seeded people, who all log in with the
 * password of the one real signup (`passwordHash`). Ids are UUIDv7 like the server's (`newId`),
 * stamped with the row's time, so posts' ids grow with their publication as they do in use.
 */
async function seed(db: pg.Client, passwordHash: string): Promise<SeedStep[]> {
  const now = new Date().toISOString();
  const steps: SeedStep[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const t0 = Date.now();
    const r = await db.query(sql, params);
    steps.push({ name, ms: Date.now() - t0, rows: r.rowCount ?? 0 });
    console.log(`  ${name}: ${r.rowCount ?? 0} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const likeable = POSTS * (1 - (REPOST_PCT + QUOTE_PCT) / 100) + (POSTS * QUOTE_PCT) / 100;
  // Per likeable post, an exponential number of likes and comments with the asked-for means (so a few
  // posts have many): floor(-ln(1 - u) * m) has the mean m - 1/2 or so, hence the + 0.5.
  const likesMean = LIKES / likeable + 0.5;
  const commentsMean = COMMENTS / likeable + 0.5;
  const stride = strideFor(USERS);
  const at = (i: string) => `'${now}'::timestamptz - interval '30 days' * ((${POSTS} - ${i} + 0.5) / ${POSTS}::float8)`;
  await db.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`);
  await db.query('SELECT setseed(0.42)');
  // Seeded rows are history, not news: no fan-out events for them (timelines are built when read).
  await db.query('ALTER TABLE posts DISABLE TRIGGER posts_timeline_events; ALTER TABLE follows DISABLE TRIGGER follows_timeline_events');
  // UUIDv7: 48 bits of Unix milliseconds, version 7, the rest from a hash of the seed text.
  await db.query(`CREATE FUNCTION pg_temp.uuid7(at timestamptz, seed text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (lpad(to_hex(floor(extract(epoch FROM at) * 1000)::bigint), 12, '0') || '7' || substr(md5(seed), 1, 3) || '8'
      || substr(md5(seed), 4, 15))::uuid $$`);
  await step(
    'seed people (temporary table)',
    `CREATE TEMP TABLE seed_users AS SELECT n, pg_temp.uuid7(ts, 'u' || n) AS id, ts
      FROM (SELECT n, '${now}'::timestamptz - interval '120 days' + interval '90 days' * (n::float8 / ${USERS}) AS ts
        FROM generate_series(1, ${USERS}) n) s`,
  );
  await db.query('ALTER TABLE seed_users ADD PRIMARY KEY (n); ANALYZE seed_users');
  await step(
    'users',
    `INSERT INTO users (id, first_name, last_name, email, phone_number, nick_name, password_hash, phone_verified_at, created_at, updated_at)
      SELECT id, (${arr(FIRST)})[1 + n % ${FIRST.length}], (${arr(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
        'feed' || n || '@owo.test', '+234809' || lpad(n::text, 7, '0'), 'feed' || n, $1, ts, ts, ts
      FROM seed_users ORDER BY n`,
    [passwordHash],
  );
  // Whom each person follows: FOLLOWS people drawn with a skew to the low numbers (some people are
  // followed by thousands, most by tens), without repeats or oneself.
  await step(
    'follows',
    `INSERT INTO follows (follower_id, followee_id, created_at)
      SELECT a.id, b.id, greatest(a.ts, b.ts) + random() * ('${now}'::timestamptz - greatest(a.ts, b.ts))
      FROM (
        SELECT n, m, row_number() OVER (PARTITION BY n ORDER BY random()) AS k FROM (
          SELECT DISTINCT n, 1 + floor(${USERS} * power(random(), 1.6))::int AS m
          FROM seed_users, generate_series(1, ${Math.ceil(FOLLOWS * 1.3)})
        ) c WHERE m <> n
      ) f JOIN seed_users a ON a.n = f.n JOIN seed_users b ON b.n = f.m
      WHERE f.k <= ${FOLLOWS} ORDER BY a.id, b.id`,
  );
  // Posts, one every 30 days / POSTS, by random people: of each hundred, REPOST_PCT plain reposts and
  // QUOTE_PCT quotes of an earlier plain post (one numbered 50 mod 100, up to about 2 days older), the
  // rest posts, 30% with a photo and 40% in a category. likes_count and comment_count are the
  // numbers of likes and comments the next steps insert for each post.
  await step(
    'posts',
    `INSERT INTO posts (id, author_id, kind, repost_of, status, text, media, category_id, likes_count, comment_count, created_at, published_at)
      SELECT pg_temp.uuid7(s.at, 'p' || s.i), u.id, s.kind,
        CASE WHEN s.kind <> 'post' THEN pg_temp.uuid7(${at('s.j')}, 'p' || s.j) END,
        'published',
        CASE s.kind WHEN 'repost' THEN '' WHEN 'quote' THEN 'So true. ' || (${arr(TEXTS)})[1 + s.i % ${TEXTS.length}]
          ELSE (${arr(TEXTS)})[1 + s.i % ${TEXTS.length}] END,
        CASE WHEN s.kind = 'post' AND s.i % 10 < 3 THEN jsonb_build_array(jsonb_build_object('url', '/files/feed/' || s.i || '.jpg',
          'thumbnailUrl', '/files/feed/' || s.i || '-thumb.jpg', 'kind', 'image', 'width', 1080, 'height', 1350, 'durationMs', null))
          ELSE '[]'::jsonb END,
        CASE WHEN s.kind = 'post' AND s.i % 5 < 2 THEN (${arr(CATEGORIES)})[1 + (s.i / 5) % ${CATEGORIES.length}] END,
        CASE WHEN s.kind = 'repost' THEN 0 ELSE least(${USERS - 1}, floor(-ln(1 - random()) * ${likesMean}))::int END,
        CASE WHEN s.kind = 'repost' THEN 0 ELSE floor(-ln(1 - random()) * ${commentsMean})::int END,
        s.at, s.at
      FROM (
        SELECT i, ${at('i')} AS at, 1 + floor(random() * ${USERS})::int AS author, q.j,
          CASE WHEN q.j IS NULL OR i % 100 >= ${REPOST_PCT + QUOTE_PCT} THEN 'post' WHEN i % 100 < ${REPOST_PCT} THEN 'repost' ELSE 'quote' END AS kind
        FROM generate_series(1, ${POSTS}) i,
          LATERAL (SELECT nullif(greatest(0, i - i % 100 - 50 - 100 * floor(random() * 300)::int), 0) AS j) q
      ) s JOIN seed_users u ON u.n = s.author
      ORDER BY s.i
      ON CONFLICT DO NOTHING`,
  );
  // Likes: likes_count different people per post (start + k * stride, mod USERS), soon after it was published.
  await step(
    'post_likes',
    `INSERT INTO post_likes (post_id, user_id, created_at)
      SELECT p.id, u.id, p.published_at + power(random(), 3) * ('${now}'::timestamptz - p.published_at)
      FROM posts p CROSS JOIN LATERAL generate_series(0, p.likes_count - 1) k
        JOIN seed_users u ON u.n = 1 + ((abs(hashtext(p.id::text))::bigint + k::bigint * ${stride}) % ${USERS})
      WHERE p.likes_count > 0 ORDER BY p.id, k`,
  );
  await step(
    'post_comments',
    `INSERT INTO post_comments (id, post_id, author_id, text, created_at)
      SELECT pg_temp.uuid7(c.at, 'c' || c.id || c.k), c.id, u.id, (${arr(COMMENT_TEXTS)})[1 + (c.k + c.h) % ${COMMENT_TEXTS.length}], c.at
      FROM (
        SELECT p.id, k, abs(hashtext(p.id::text)) AS h, 1 + floor(random() * ${USERS})::int AS author, p.published_at + power(random(), 2) * ('${now}'::timestamptz - p.published_at) AS at
        FROM posts p CROSS JOIN LATERAL generate_series(0, p.comment_count - 1) k WHERE p.comment_count > 0
      ) c JOIN seed_users u ON u.n = c.author
      ORDER BY c.id, c.k`,
  );
  // Reposts and quotes count on the post they repost (toggleRepost, createPost with quoteOf).
  await step(
    'posts.repost_count',
    `UPDATE posts p SET repost_count = c.n FROM (
        SELECT repost_of, count(*)::int AS n FROM posts WHERE repost_of IS NOT NULL AND status = 'published' GROUP BY repost_of
      ) c WHERE p.id = c.repost_of`,
  );
  // Each person's counters (bumpProfile): published posts and quotes (not plain reposts), followers, followings.
  await step(
    'connect_profiles',
    `INSERT INTO connect_profiles (user_id, posts_count, followers_count, followings_count)
      SELECT u.id, coalesce(pc.n, 0), coalesce(fr.n, 0), coalesce(fg.n, 0) FROM seed_users u
        LEFT JOIN (SELECT author_id, count(*)::int AS n FROM posts WHERE status = 'published' AND kind <> 'repost' GROUP BY 1) pc
          ON pc.author_id = u.id
        LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY 1) fr ON fr.followee_id = u.id
        LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY 1) fg ON fg.follower_id = u.id
      WHERE pc.n > 0 OR fr.n > 0 OR fg.n > 0`,
  );
  await db.query('ALTER TABLE posts ENABLE TRIGGER posts_timeline_events; ALTER TABLE follows ENABLE TRIGGER follows_timeline_events');
  await step('VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  return steps;
}

/** What the database holds (read back, so a reused database is described as it is). */
type Sizes = {
  users: number;
  follows: number;
  followsMin: number;
  followsMax: number;
  topFollowers: number;
  posts: number;
  reposts: number;
  quotes: number;
  likes: number;
  comments: number;
  days: number;
  mb: number;
};
async function sizesOf(db: pg.Client): Promise<Sizes> {
  const r = await db.query<Record<string, string>>(`SELECT
      (SELECT count(*) FROM users WHERE email LIKE 'feed%@owo.test') AS users,
      (SELECT count(*) FROM follows) AS follows,
      (SELECT min(n) FROM (SELECT count(*) AS n FROM follows GROUP BY follower_id) x) AS follows_min,
      (SELECT max(n) FROM (SELECT count(*) AS n FROM follows GROUP BY follower_id) x) AS follows_max,
      (SELECT max(followers_count) FROM connect_profiles) AS top_followers,
      (SELECT count(*) FROM posts) AS posts,
      (SELECT count(*) FROM posts WHERE kind = 'repost') AS reposts,
      (SELECT count(*) FROM posts WHERE kind = 'quote') AS quotes,
      (SELECT count(*) FROM post_likes) AS likes,
      (SELECT count(*) FROM post_comments) AS comments,
      (SELECT extract(epoch FROM max(published_at) - min(published_at)) / 86400 FROM posts) AS days,
      pg_database_size(current_database()) / 1048576 AS mb`);
  const x = r.rows[0]!;
  return {
    users: Number(x.users),
    follows: Number(x.follows),
    followsMin: Number(x.follows_min),
    followsMax: Number(x.follows_max),
    topFollowers: Number(x.top_followers),
    posts: Number(x.posts),
    reposts: Number(x.reposts),
    quotes: Number(x.quotes),
    likes: Number(x.likes),
    comments: Number(x.comments),
    days: Number(x.days),
    mb: Number(x.mb),
  };
}

// ---------------------------------------------------------------------------------------------
// The people who read: seeded people picked by a hash of their email, logged in through the API,
// and each one's first PAGES + 1 pages of the home feed, followed through `pagination.next`.

type Reader = { id: string; email: string; token: string; pages: string[]; cursors: string[]; ids0: string[]; bytes0: number };
type FeedJson = { data: { _id: string }[]; pagination: { next: { page: number; cursor?: string } | null } };

async function readers(db: pg.Client): Promise<Reader[]> {
  const picked = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE email LIKE 'feed%@owo.test' ORDER BY md5(email) LIMIT ${SAMPLE}`,
  );
  const out: Reader[] = [];
  const one = async ({ id, email }: { id: string; email: string }) => {
    const l = await call('POST', '/api/user/users/login', { username: email, password: PASSWORD });
    if (l.code !== 200) throw new Error(`login ${email}: ${l.code} ${l.json.message}`);
    const token = String(l.json.data.accessToken);
    const pages = [`${FEED}?page=0`];
    const cursors: string[] = [];
    let ids0: string[] = [];
    let bytes0 = 0;
    for (let page = 0; page <= PAGES; page++) {
      const r = await call('GET', pages[page]!, undefined, { authorization: `Bearer ${token}` });
      if (r.code !== 200) throw new Error(`feed page ${page} for ${email}: ${r.code} ${r.json.message}`);
      const json = r.json as unknown as FeedJson;
      if (json.data.length !== 20) throw new Error(`feed page ${page} for ${email} has ${json.data.length} posts, not 20`);
      if (page === 0) {
        ids0 = json.data.map((p) => p._id);
        bytes0 = JSON.stringify(r.json).length;
      }
      const next = json.pagination.next;
      if (page < PAGES) {
        if (!next?.cursor) throw new Error(`feed page ${page} for ${email} has no next cursor`);
        cursors.push(next.cursor);
        pages.push(`${FEED}?page=${next.page}&cursor=${next.cursor}`);
      }
    }
    out.push({ id, email, token, pages, cursors, ids0, bytes0 });
  };
  for (let i = 0; i < picked.rows.length; i += 4) await Promise.all(picked.rows.slice(i, i + 4).map(one));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The feed's statement, as homeFeed (posts-read.ts) builds it for a person without communities:
// page 0 with OFFSET, later pages below the cursor's (published_at, id). The bench checks that it
// picks the posts the API answered with, so a change to the server's statement shows here.

/** The statement with its parameters numbered in the order they appear, as Drizzle numbers them. */
function feedStatement(cursor: boolean): string {
  let n = 0;
  return feedSql(cursor).replace(/\$\?/g, () => `$${++n}`);
}
const feedSql = (cursor: boolean) => `WITH page AS (SELECT p.id, p.kind, p.repost_of, p.author_id, p.published_at AS sort_at FROM posts p
    WHERE p.status = 'published' AND p.hidden_at IS NULL
      AND p.author_id IN (SELECT followee_id FROM follows WHERE follower_id = $? UNION ALL SELECT $?::uuid)
      AND ${cursor ? '(p.published_at, p.id) < ($?::timestamptz, $?::uuid)' : 'true'}
    ORDER BY p.published_at DESC, p.id DESC LIMIT $? OFFSET $?),
  shown AS (
    SELECT CASE WHEN kind = 'repost' THEN repost_of ELSE id END AS id FROM page
    UNION SELECT repost_of FROM page WHERE kind = 'quote' AND repost_of IS NOT NULL
  )
  SELECT
    (SELECT coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'repostOf', repost_of, 'authorId', author_id,
      'sortAt', sort_at) ORDER BY sort_at DESC, id DESC), '[]'::json) FROM page) AS page,
    (SELECT coalesce(json_agg(r), '[]'::json) FROM (
  SELECT p.id, p.xmin::text AS stamp,
    EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = $?) AS is_liked,
    EXISTS (SELECT 1 FROM post_saves s WHERE s.post_id = p.id AND s.user_id = $?) AS is_saved,
    EXISTS (SELECT 1 FROM posts r WHERE r.repost_of = p.id AND r.author_id = $? AND r.kind = 'repost'
      AND r.status = 'published') AS is_reposted
  FROM posts p WHERE p.id IN (SELECT id FROM shown)) r) AS readers`;

/** The parameters in `feedSql`'s order: the person twice, the cursor's time and id, limit + 1 and offset, the person three times. */
function feedParams(viewer: string, cursor?: string): unknown[] {
  const at = cursor ? Buffer.from(cursor, 'base64url').toString().split('|') : [];
  return [viewer, viewer, ...at, 21, 0, viewer, viewer, viewer];
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'Actual Total Time': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Heap Fetches'?: number;
  'Workers Launched'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
};
type Explained = {
  ms: number;
  planningMs: number;
  pageMs: number;
  postsRows: number;
  heapFetches: number;
  /** Parallel workers launched for the statement. */
  workers: number;
  blocks: number;
  pageBlocks: number;
  text: string;
  indexes: string[];
};

function walk(n: PlanNode, f: (n: PlanNode) => void): void {
  f(n);
  for (const c of n.Plans ?? []) walk(c, f);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement for one person: where its time goes. */
async function explain(db: pg.Client, viewer: string, cursor?: string): Promise<Explained> {
  const sql = feedStatement(!!cursor);
  const params = feedParams(viewer, cursor);
  const json = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
    params,
  );
  const top = json.rows[0]!['QUERY PLAN'][0];
  let page: PlanNode | undefined;
  let workers = 0;
  walk(top.Plan, (n) => {
    if (n['Subplan Name'] === 'CTE page') page = n;
    workers += n['Workers Launched'] ?? 0;
  });
  let postsRows = 0;
  let heapFetches = 0;
  const indexes = new Set<string>();
  if (page)
    walk(page, (n) => {
      if (n['Relation Name'] === 'posts') {
        postsRows += n['Actual Rows'] * n['Actual Loops'];
        heapFetches += n['Heap Fetches'] ?? 0;
        indexes.add(`${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`);
      }
    });
  const text = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return {
    ms: top['Execution Time'],
    planningMs: top['Planning Time'],
    pageMs: page ? page['Actual Total Time'] : 0,
    postsRows,
    heapFetches,
    workers,
    blocks: top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks'],
    pageBlocks: page ? page['Shared Hit Blocks'] + page['Shared Read Blocks'] : 0,
    text: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
    indexes: [...indexes],
  };
}

/** The statement alone, timed from here without EXPLAIN's overhead: the median of `times` runs. */
async function timeStatement(db: pg.Client, viewer: string, cursor: string | undefined, times: number): Promise<number> {
  const sql = feedStatement(!!cursor);
  const params = feedParams(viewer, cursor);
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await db.query(sql, params);
    ms.push(performance.now() - t0);
  }
  return pct(
    ms.sort((a, b) => a - b),
    50,
  );
}

/** The copied statement picks the posts the API showed (reposts shown as the post they repost). */
async function checkStatement(db: pg.Client, r: Reader): Promise<boolean> {
  const res = await db.query<{ page: { id: string; kind: string; repostOf: string | null }[] }>(feedStatement(false), feedParams(r.id));
  const ids: string[] = [];
  for (const row of res.rows[0]!.page.slice(0, 20)) {
    const id = row.kind === 'repost' ? row.repostOf! : row.id;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.join() === r.ids0.join();
}

// ---------------------------------------------------------------------------------------------

/** The statement's figures for some people: EXPLAIN ANALYZE of page 0 and page 1, and each timed alone. */
type Statements = { page0: Explained[]; deeper: Explained[]; alone0: number[]; aloneDeeper: number[] };
type Analysis = Statements & {
  matches: boolean;
  followees: number;
  candidates: number;
  /** The same with CANDIDATE_INDEX in place of posts_author_feed_idx (built in a transaction, rolled back). */
  candidate?: Statements & { buildMs: number };
};

const median = (xs: number[]) =>
  pct(
    [...xs].sort((x, y) => x - y),
    50,
  );

async function statements(db: pg.Client, some: Reader[]): Promise<Statements> {
  const out: Statements = { page0: [], deeper: [], alone0: [], aloneDeeper: [] };
  for (const p of some) {
    await timeStatement(db, p.id, undefined, 3); // warm
    out.page0.push(await explain(db, p.id));
    out.deeper.push(await explain(db, p.id, p.cursors[0]));
    out.alone0.push(await timeStatement(db, p.id, undefined, 9));
    out.aloneDeeper.push(await timeStatement(db, p.id, p.cursors[0], 9));
  }
  return out;
}

const summary = (x: Statements) =>
  `page 0 ${median(x.page0.map((e) => e.ms)).toFixed(1)} ms (page rows ${median(x.page0.map((e) => e.pageMs)).toFixed(1)} ms, ` +
  `${median(x.page0.map((e) => e.postsRows)).toFixed(0)} posts rows read, ${median(x.page0.map((e) => e.heapFetches)).toFixed(0)} heap fetches), ` +
  `page 1 ${median(x.deeper.map((e) => e.ms)).toFixed(1)} ms; alone ${median(x.alone0).toFixed(1)} / ${median(x.aloneDeeper).toFixed(1)} ms`;

/**
 * The index tried in place of posts_author_feed_idx: the same keys and predicate, plus the two
 * other columns the page's rows need (kind, repost_of), so the page is found by an index-only scan.
 * Key columns rather than INCLUDE, which Drizzle's index builder does not have.
 */
const CANDIDATE_INDEX = `CREATE INDEX posts_author_feed_idx ON posts
  (author_id, published_at DESC NULLS LAST, id DESC NULLS LAST, kind, repost_of)
  WHERE status = 'published' AND hidden_at IS NULL`;

let monitor: pg.Client;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-feed-'));
/** One case at one level, once the bench database's backends are idle. */
const measure = (c: Case, concurrency: number, seconds = SECONDS): Promise<Result> =>
  measureWhenIdle({ wrk: WRK, tmp, call, monitor, db: DB }, c, concurrency, seconds);

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
  monitor = new pg.Client({ connectionString: ADMIN_URL });
  await monitor.connect();
  const reuse = await freshDatabase(monitor, ADMIN_URL, DB, REUSE);
  // The server migrates the new database as it starts.
  let server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-feed');
  const db = new pg.Client({ connectionString: dbUrl(DB) });
  await db.connect();
  let bare: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  const results: Result[] = [];
  let steps: SeedStep[] = [];
  let seedMs = 0;
  let analysis: Analysis | undefined;
  let prof: Profiled | undefined;
  let sizes: Sizes;
  let people: Reader[];
  try {
    if (!reuse) {
      const t0 = Date.now();
      // One real signup: its password hash is every seeded person's.
      const real = await signedUpUser(call, {
        phone: '08031234567',
        email: 'feed-signup@owo.test',
        firstName: 'Feed',
        lastName: 'Signup',
        pin: '2580',
      });
      const hash = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [real.id]);
      console.log(`seeding ${USERS} people, ${POSTS} posts, about ${LIKES} likes and ${COMMENTS} comments:`);
      steps = await seed(db, hash.rows[0]!.password_hash);
      seedMs = Date.now() - t0;
      console.log(`seeded in ${(seedMs / 1000).toFixed(0)} s`);
    } else console.log(`reusing the kept database ${DB}`);
    sizes = await sizesOf(db);
    console.log(JSON.stringify(sizes));
    people = await readers(db);
    const bytes = mean(people.map((p) => p.bytes0));
    console.log(`${people.length} people logged in; each has ${PAGES + 1} full pages; page 0 is ${(bytes / 1024).toFixed(1)} KiB of JSON`);

    // The same feeds from a second server: the BENCH_COMPARE copy (sessions in the same database, so
    // the same tokens), or one whose timeline store is Redis (its keys under the bench's own prefix,
    // deleted first: SCAN + DEL, never a flush of the whole Redis).
    if (!COMPARE) clearRedis();
    second = COMPARE
      ? await startServer(dbUrl(DB), SECOND_PORT, os.tmpdir() + '/owo-feed-before', [], {}, COMPARE)
      : await startServer(dbUrl(DB), SECOND_PORT, os.tmpdir() + '/owo-feed-redis', [], { REDIS_URL, REDIS_PREFIX });
    const secondBase = `http://127.0.0.1:${SECOND_PORT}`;
    // Sessions are kept where that server keeps them: the BENCH_COMPARE copy in the same database (the
    // same tokens), the Redis server in Redis (each person logs in there too).
    const secondTokens = new Map<string, string>();
    for (const p of people) {
      if (COMPARE) {
        secondTokens.set(p.id, p.token);
        continue;
      }
      const l = await call('POST', `${secondBase}/api/user/users/login`, { username: p.email, password: PASSWORD });
      if (l.code !== 200) throw new Error(`login ${p.email} on the Redis server: ${l.code} ${l.json.message}`);
      secondTokens.set(p.id, String(l.json.data.accessToken));
    }
    const same = await call('GET', `${secondBase}${people[0]!.pages[0]}`, undefined, {
      authorization: `Bearer ${secondTokens.get(people[0]!.id)}`,
    });
    const secondName = COMPARE ? 'the BENCH_COMPARE server' : 'the Redis store';
    if (same.code !== 200) throw new Error(`${secondName}'s feed: ${same.code} ${same.json.message}`);
    const sameIds = (same.json as unknown as FeedJson).data.map((p) => p._id);
    const matches = JSON.stringify(sameIds) === JSON.stringify(people[0]!.ids0);
    console.log(`${secondName}'s page 0 ${matches ? 'matches' : 'DIFFERS FROM'} the database store's`);
    check(matches, `${secondName}'s page 0 for ${people[0]!.email} differs from the database store's`);
    const secondRoot = second.pid!;

    bare = await startBare(fileURLToPath(import.meta.url), 'FEED_ROLE', dbUrl(DB), BARE_PORT);
    const bareRoot = bare.pid!;
    const serverRoot = () => server.pid!;
    const req = (p: Reader, pathname: string): Req => ({ method: 'GET', path: pathname, token: p.token });
    const cases: Case[] = [
      {
        name: 'bare',
        label: 'bare read (Fastify + pg, one row by primary key)',
        base: `http://127.0.0.1:${BARE_PORT}`,
        reqs: people.map((p) => req(p, `/bare?id=${p.id}`)),
        root: () => bareRoot,
      },
      {
        name: 'feed',
        label: `home feed, page 0: GET ${FEED}?page=0`,
        base: BASE,
        reqs: people.map((p) => req(p, p.pages[0]!)),
        root: serverRoot,
      },
      {
        name: 'deeper',
        label: `home feed, pages 1 to ${PAGES}: GET ${FEED}?page=N&cursor=(pagination.next.cursor of page N-1)`,
        base: BASE,
        reqs: people.flatMap((p) => p.pages.slice(1).map((u) => req(p, u))),
        root: serverRoot,
      },
      {
        name: `feed${SECOND}`,
        label: COMPARE ? `home feed, page 0, the server in ${COMPARE}` : `home feed, page 0, timelines in Redis`,
        base: secondBase,
        reqs: people.map((p) => req({ ...p, token: secondTokens.get(p.id)! }, p.pages[0]!)),
        root: () => secondRoot,
      },
      {
        name: `deeper${SECOND}`,
        label: COMPARE ? `home feed, pages 1 to ${PAGES}, the server in ${COMPARE}` : `home feed, pages 1 to ${PAGES}, timelines in Redis`,
        base: secondBase,
        reqs: people.flatMap((p) => p.pages.slice(1).map((u) => req({ ...p, token: secondTokens.get(p.id)! }, u))),
        root: () => secondRoot,
      },
    ];
    const [bareCase, ...real] = cases as [Case, ...Case[]];
    for (const c of cases) {
      const r = c.reqs[0]!;
      const res = await call('GET', `${c.base}${r.path}`, undefined, { authorization: `Bearer ${r.token}` });
      if (res.code !== 200) throw new Error(`${c.name}: ${res.code} ${res.json.message}`);
    }
    if (WARMUP > 0) for (const c of cases) await measure(c, 16, WARMUP);
    console.log(`warm-up done (${WARMUP} s per case at concurrency 16, not recorded); load generator: ${WRK ? 'wrk' : 'node:http'}`);
    const top = Math.max(...LEVELS);
    // Per level: the bare read before and after the feed's two cases; ratios are to the mean of the two.
    for (const level of LEVELS) {
      for (const c of [bareCase, ...real, bareCase]) {
        const r = await measure(c, level);
        results.push(r);
        logResult(r);
        check(r.failed === 0 && r.ok > 0, `${r.case} at concurrency ${level}: ${r.ok} answered, ${r.failed} failed`);
      }
    }

    if (PROFILE) {
      // The server's CPU profile during page 0 at the highest level (a fresh server, with --cpu-prof).
      await stop(server);
      const feedCase = real[0]!;
      prof = await profileCase(
        async (flags) => (server = await startServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-feed', flags)),
        path.join(tmp, 'prof'),
        async () => WARMUP > 0 && (await measure(feedCase, top, WARMUP)),
        () => measure(feedCase, top),
      );
      logResult(prof.run);
      check(prof.run.failed === 0 && prof.run.ok > 0, `the profiled run: ${prof.run.ok} answered, ${prof.run.failed} failed`);
    }

    if (EXPLAIN > 0) {
      await stop(bare);
      bare = undefined;
      const some = people.slice(0, EXPLAIN);
      let matches = true;
      for (const p of some) matches = (await checkStatement(db, p)) && matches;
      check(matches, 'the copied statement no longer picks the posts the API shows: compare it with posts-read.ts');
      const f = await db.query<{ followees: string; candidates: string }>(
        `SELECT avg(f.n) AS followees, avg(c.n) AS candidates FROM unnest($1::uuid[]) v(id),
          LATERAL (SELECT count(*) AS n FROM follows WHERE follower_id = v.id) f,
          LATERAL (SELECT count(*) AS n FROM posts p WHERE p.status = 'published' AND p.hidden_at IS NULL
            AND p.author_id IN (SELECT followee_id FROM follows WHERE follower_id = v.id UNION ALL SELECT v.id)) c`,
        [some.map((p) => p.id)],
      );
      analysis = {
        ...(await statements(db, some)),
        matches,
        followees: Number(f.rows[0]!.followees),
        candidates: Number(f.rows[0]!.candidates),
      };
      console.log(`EXPLAIN ANALYZE over ${some.length} people: ${summary(analysis)}; statement matches the API: ${matches}`);
      // Only while the page is not already found by an index-only scan (that is, until the schema has it).
      if (CANDIDATE && analysis.page0.some((e) => !e.indexes.some((i) => i.startsWith('Index Only Scan')))) {
        await db.query('BEGIN');
        try {
          const t0 = Date.now();
          await db.query('DROP INDEX posts_author_feed_idx');
          await db.query(CANDIDATE_INDEX);
          const buildMs = Date.now() - t0;
          analysis.candidate = { ...(await statements(db, some)), buildMs };
        } finally {
          await db.query('ROLLBACK');
        }
        console.log(`with the candidate index (rolled back): ${summary(analysis.candidate)}`);
      }
    }
  } finally {
    call.close();
    if (bare) await stop(bare);
    if (second) await stop(second);
    await stop(server);
    await db.end();
    await monitor.end();
    if (process.env.FEED_KEEP !== '1') {
      await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      try {
        if (!COMPARE) clearRedis();
      } catch {
        /* Redis gone */
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  }
  const md = report(results, sizes, steps, seedMs, people, analysis, prof);
  if (process.env.FEED_WRITE !== '0') writeSection(COMPARE ? 'feed-compare' : 'feed-timelines', md);
  console.log(md);
  exitOnProblems();
}

// ---------------------------------------------------------------------------------------------

function report(
  results: Result[],
  s: Sizes,
  steps: SeedStep[],
  seedMs: number,
  people: Reader[],
  a: Analysis | undefined,
  prof: Profiled | undefined,
): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const ms = (r: Result, secs: number) => perReq(r, secs).toFixed(3);
  const yard = new Map<number, number>();
  for (const level of LEVELS) yard.set(level, mean(results.filter((r) => r.case === 'bare' && r.concurrency === level).map((r) => r.rps)));
  const ratio = (r: Result) => r.rps / Math.max(1e-9, yard.get(r.concurrency)!);
  const rows = results
    .map(
      (r) =>
        `| ${r.case} | ${r.concurrency} | ${f0(r.rps)} | ${f1(r.p50)} | ${f1(r.p99)} | ${r.failed} | ${r.case === 'bare' ? '(yardstick)' : `${f1(100 * ratio(r))}%`} | ${ms(r, r.cpu.app)} | ${ms(r, r.cpu.postgres)} | ${ms(r, r.cpu.load)} | ${ms(r, r.cpu.others)} | ${f0(100 * r.cpu.idle)}% |`,
    )
    .join('\n');
  const top = Math.max(...LEVELS);
  const atTop = results.filter((r) => r.case !== 'bare' && r.concurrency === top);
  const aimLines = atTop.map((r) => {
    const met = ratio(r) >= 0.25 && r.p99 <= 50;
    return `- ${r.case}: **${met ? 'met' : 'not met'}**: ${f1(100 * ratio(r))}% of the bare read's rate (${f0(r.rps)} against ${f0(yard.get(top)!)} req/s), p99 ${f1(r.p99)} ms.`;
  });
  const others = LEVELS.filter((l) => l !== top)
    .map((l) =>
      results
        .filter((r) => r.case !== 'bare' && r.concurrency === l)
        .map((r) => `${r.case} ${f1(100 * ratio(r))}% at ${l}`)
        .join(', '),
    )
    .join('; ');
  const seeded = steps.length
    ? `Seeded by SQL in ${f0(seedMs / 1000)} s (${steps.map((x) => `${x.name} ${f1(x.ms / 1000)} s`).join(', ')}): set-based inserts into the migrated schema, with all its indexes.`
    : 'The database was a kept one (FEED_REUSE=1), described as it is.';
  const bytes = mean(people.map((p) => p.bytes0));

  let explainMd = '';
  if (a) {
    const row = (name: string, x: Explained[], alone: number[]) =>
      `| ${name} | ${f1(median(x.map((e) => e.ms)))} | ${f1(median(x.map((e) => e.planningMs)))} | ${f1(median(x.map((e) => e.pageMs)))} | ${f0(median(x.map((e) => e.postsRows)))} | ${f0(median(x.map((e) => e.heapFetches)))} | ${f0(median(x.map((e) => e.pageBlocks)))} / ${f0(median(x.map((e) => e.blocks)))} | ${f1(median(alone))} | ${[...new Set(x.flatMap((e) => e.indexes))].join('; ')} |`;
    const c = a.candidate;
    const typical = a.page0.indexOf([...a.page0].sort((x, y) => x.ms - y.ms)[Math.floor(a.page0.length / 2)]!);
    explainMd = `## The statement: EXPLAIN ANALYZE

The page's statement (\`postPage\` with \`homeFeed\`'s page, copied from \`posts-read.ts\`; it ${a.matches ? 'picks the same posts as the API answered, for each of these people' : '**no longer picks the posts the API answered: posts-read.ts has changed, compare them**'}),
with EXPLAIN (ANALYZE, BUFFERS), for ${a.page0.length} of the people, on the idle database after the load (medians). They follow
${f0(a.followees)} people on average, who with them have ${f0(a.candidates)} published posts on average: the rows the page is picked from.
${c ? `The last two rows are the same with the candidate index below in place of \`posts_author_feed_idx\` (dropped and built in a transaction, ${f1(c.buildMs / 1000)} s, then rolled back).` : ''}

| page | execution ms | planning ms | of which picking the page's rows (CTE page) ms | posts rows read for the page | heap fetches | buffers (page / all) | statement alone, ms | how the page's posts are read |
|---|---|---|---|---|---|---|---|---|
${row('0', a.page0, a.alone0)}
${row('1 (cursor)', a.deeper, a.aloneDeeper)}
${c ? `${row('0, candidate index', c.page0, c.alone0)}\n${row('1 (cursor), candidate index', c.deeper, c.aloneDeeper)}` : ''}

"Statement alone" is the same statement sent from the bench without EXPLAIN, one at a time (EXPLAIN
ANALYZE's timing of each row adds to its own figures).${c ? ` The candidate index:\n\n\`\`\`sql\n${CANDIDATE_INDEX};\n\`\`\`` : ''}

<details><summary>The plan of page 0 for the median person${c ? ', as the schema is and with the candidate index' : ''}</summary>

\`\`\`
${a.page0[typical]!.text}
\`\`\`
${c ? `\n\`\`\`\n${c.page0[typical]!.text}\n\`\`\`\n` : ''}
</details>
`;
  }

  let profMd = '';
  if (prof) {
    const r = prof.run;
    profMd = `## Profile: the server during page 0 at concurrency ${r.concurrency}

A fresh server started with \`--cpu-prof\` (after ${WARMUP} s of warm-up): ${f0(r.rps)} req/s, p50 ${f1(r.p50)} ms, p99 ${f1(r.p99)} ms. CPU per request from /proc: server ${ms(r, r.cpu.app)} ms, PostgreSQL ${ms(r, r.cpu.postgres)} ms, wrk ${ms(r, r.cpu.load)} ms. Profile: ${prof.note}.

${prof.summary ? profileTables(prof.summary, { packages: 10, layers: 10, functions: 15 }) : ''}`;
  }

  return `# Benchmark: the Connect home feed against a bare Fastify + pg read

Recorded by \`bench/feed.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB,
Node ${process.version}, one server process with ${POOL} database connections (\`DATABASE_POOL_SIZE\`),
PostgreSQL on the same machine, and the load generator (${WRK ? 'wrk, from Debian, one thread' : 'node:http in the bench process'}) on the same
machine too. The machine was shared with other work while this was recorded: the "others" column is
the CPU every other process used per request, and the figures move with it.

The data: ${s.users} people, ${s.follows} follows (${f0(s.follows / Math.max(1, s.users))} per person, ${s.followsMin} to ${s.followsMax}; whom is drawn with a
skew, so the most followed person has ${s.topFollowers} followers), ${s.posts} posts over ${f0(s.days)} days by random people (${s.reposts} of them plain reposts
and ${s.quotes} quotes of a post up to two days older; 30% of the posts with a photo), ${s.likes} likes and ${s.comments} comments
(an exponential number per post), every counter (likes, comments, reposts, each person's posts, followers and
followings) as the service keeps it; ${s.mb} MB. ${seeded} Everyone logs in with the password of one real signup.

${people.length} of the seeded people, picked by a hash of their email, log in through the API; each request carries a random
one's token. "feed" is page 0 of their home feed (\`GET ${FEED}?page=0\`, 20 posts, ${f1(bytes / 1024)} KiB of JSON,
uncompressed: wrk sends no Accept-Encoding); "deeper" is pages 1 to ${PAGES}, each asked for as the client does, with the
page number and the \`pagination.next.cursor\` of the page before (collected before the load). The home timelines are
fanned out on write (docs/connect.md): each request is one read of the person's stored timeline marker (a primary-key
row in \`timeline_owners\`, or with Redis an EXPIRE and a ZREVRANGEBYSCORE in one round trip), one statement that merges the
stored entries with what is pulled at read time (very followed accounts, communities, events not yet fanned out) and
reads the caller's part of its posts (may they see each, liked, saved, reposted), then joins each post's shared part
(text, counts, three likers, the latest comments), kept per server process at the post row's version and read again
only where that moved; and one statement for the people named.
${
  COMPARE
    ? `"feed" and "deeper" are served by this tree's server; "feed (before)" and "deeper (before)" by the server in \`${COMPARE}\` (BENCH_COMPARE) on the same database, in the same run, level by level.`
    : `"feed" and "deeper" are served by a server whose timelines are in the database; "feed-redis" and "deeper-redis" by a
second server on the same database whose timelines are in Redis (Redis's own CPU is in "others").`
} The yardstick is a bare Fastify + pg server (a separate process, the same pool size) answering
\`GET /bare?id=\` with one \`users\` row read by primary key, as JSON; it runs before and after the feed's two cases at each
level, and the ratios are to the mean of its two rates. Each case runs ${SECONDS} s per level, after ${WARMUP} s of unrecorded warm-up per case.

| case | concurrency | req/s | p50 ms | p99 ms | failed | ratio to bare | CPU ms/req: app | PostgreSQL | wrk | others | machine idle |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

"app" is the server's process (or the bare server's); "PostgreSQL" the backends connected to the
bench database; "others" every other process on the machine, per request.

Aim: at ${top} connections, at least 25% of the bare read's rate and p99 at most 50 ms.

${aimLines.join('\n')}
${others ? `\nAt the other levels: ${others}.\n` : ''}
${whereTimeGoes(results, a, prof, s.posts)}
${explainMd}
${profMd}
`;
}

/** "Where the time goes": the run's own figures, in sentences, and what would change them. */
function whereTimeGoes(results: Result[], a: Analysis | undefined, prof: Profiled | undefined, posts: number): string {
  const top = Math.max(...LEVELS);
  const feed = results.find((r) => r.case === 'feed' && r.concurrency === top);
  const bare = results.filter((r) => r.case === 'bare' && r.concurrency === top);
  if (!feed || bare.length === 0) return '';
  const bareRps = mean(bare.map((r) => r.rps));
  const bareApp = mean(bare.map((r) => perReq(r, r.cpu.app)));
  const barePg = mean(bare.map((r) => perReq(r, r.cpu.postgres)));
  const app = perReq(feed, feed.cpu.app);
  const pgMs = perReq(feed, feed.cpu.postgres);
  const cores = os.cpus().length;
  const lines = [
    `- CPU per page-0 request at ${top} connections: PostgreSQL ${pgMs.toFixed(2)} ms (the bare read: ${barePg.toFixed(2)} ms), the server ${app.toFixed(2)} ms (the bare server: ${bareApp.toFixed(2)} ms); PostgreSQL is ${((100 * pgMs) / (pgMs + app)).toFixed(0)}% of the two. With ${cores} cores for both, that is at most about ${((1000 * cores) / (pgMs + app)).toFixed(0)} req/s.`,
    `- The aim asks for ${(0.25 * bareRps).toFixed(0)} req/s (25% of ${bareRps.toFixed(0)}), about ${((1000 * cores) / (0.25 * bareRps)).toFixed(2)} ms of CPU per request for the server and PostgreSQL together; and p99 at most 50 ms with ${top} requests always in flight needs at least ${(top / 0.05).toFixed(0)} req/s (Little's law: ${top} / 0.05 s).`,
  ];
  if (a) {
    const e0 = a.page0;
    const total = median(e0.map((e) => e.ms));
    const pageMs = median(e0.map((e) => e.pageMs));
    const seq = e0.some((e) => e.indexes.some((i) => i.includes('Seq Scan')));
    lines.push(
      `- The page's statement takes ${median(a.alone0).toFixed(1)} ms alone (page 0). By EXPLAIN ANALYZE, picking the page's 21 rows is ${pageMs.toFixed(1)} ms of its ${total.toFixed(1)} ms: it reads ${median(e0.map((e) => e.postsRows)).toFixed(0)} posts rows (${[...new Set(e0.flatMap((e) => e.indexes))].join('; ')}) and sorts them to keep the newest 21, of the ${a.candidates.toFixed(0)} published posts of the ${a.followees.toFixed(0)} people followed. The rest, the caller's part of the 20 posts (liked, saved, reposted), is ${(total - pageMs).toFixed(1)} ms.`,
    );
    const workers = median(e0.map((e) => e.workers));
    if (workers > 0)
      lines.push(
        `- The scan runs in parallel (${workers.toFixed(0)} workers launched per statement): the workers are short-lived processes that the accounting by process misses, so their CPU is counted under "others", not "PostgreSQL".`,
      );
    if (seq)
      lines.push(
        `- Why every post is read: \`posts_author_feed_idx\` (author_id, published_at, id) does not hold \`kind\` and \`repost_of\`, which the page's rows carry, so reading a followed person's posts through it costs a heap fetch per post, about ${a.candidates.toFixed(0)} random fetches in all; at the default random_page_cost the planner prices that above one (parallel) sequential scan of all ${posts} posts, and takes the scan.`,
      );
    const c = a.candidate;
    if (c) {
      const before = median(a.alone0);
      const after = median(c.alone0);
      lines.push(
        `- With \`kind\` and \`repost_of\` added to that index (the candidate index below, in place of \`posts_author_feed_idx\`; in tables.ts, \`.on(t.authorId, t.publishedAt.desc(), t.id.desc(), t.kind, t.repostOf)\`), the page is read by ${[...new Set(c.page0.flatMap((e) => e.indexes))].join('; ')}: the statement alone takes ${after.toFixed(1)} ms instead of ${before.toFixed(1)} ms (page 0) and ${median(c.aloneDeeper).toFixed(1)} ms instead of ${median(a.aloneDeeper).toFixed(1)} ms (page 1), with the same rows. The server's own CPU is then the larger part: at the ${app.toFixed(1)} ms per request measured here, ${cores} cores could serve at most ${((1000 * cores) / app).toFixed(0)} req/s even if PostgreSQL took no time, ${((100 * (1000 * cores)) / app / bareRps).toFixed(0)}% of the bare read's rate.`,
      );
    }
  }
  if (prof?.summary) {
    const s = prof.summary;
    lines.push(
      `- In the server (profile below), by the layer that asked for the time: ${s.byCaller
        .slice(0, 6)
        .map(([k, v]) => `${k} ${((100 * v) / s.busyMs).toFixed(0)}%`)
        .join(', ')}.`,
    );
  }
  return `## Where the time goes (page 0, concurrency ${top})

${lines.join('\n')}
`;
}

if (process.env.FEED_ROLE === 'bare') await bareServer(POOL);
else await main();
