/**
 * Issue 29: fan-out on write at 100,000 people, one of them followed by 50,000. A database seeded by
 * SQL with FANOUT_USERS people: person 1 (the celebrity) is followed by FANOUT_BIG of them, everyone
 * follows about FANOUT_FOLLOWS random others, each has FANOUT_PER recent posts, and every person's
 * home timeline is kept (timeline_owners read now) and built by SQL as the server's rebuild builds it
 * (and loaded into Redis the same way as the Redis store keeps it). Then, through the real server,
 * once with the database store and once with Redis (one server at a time: each runs the fan-out job):
 *
 * - the celebrity posts (POST /api/connect/posts): the post's latency, the fan-out time (from the 201
 *   until the job has applied the post's event), the CPU per post of the server, PostgreSQL and Redis
 *   (posting and fan-out together), and the time until 50 sampled followers' home feeds show the post;
 *   first as the server is (50,000 followers is above bigAccountFollowers: pulled at read time), then
 *   fanned out (the celebrity's followers_count set below the threshold: see FANNED below);
 * - an ordinary person (about FANOUT_FOLLOWS followers) posts: the fan-out time;
 * - the timeline store's memory per 100,000 people (home_timelines + timeline_owners; the Redis keys).
 *
 * Writes the `feed-fanout` section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run fanout -w @owo/bench
 *
 * Settings: FANOUT_USERS (100000), FANOUT_BIG (50000), FANOUT_FOLLOWS (30), FANOUT_PER posts per person
 * (2), FANOUT_SAMPLE followers whose feeds are polled (50), FANOUT_POSTS timed posts per case (20),
 * FANOUT_ORDINARY posts of the ordinary person (5), FANOUT_PORT (3440), FANOUT_REDIS_URL
 * (redis://127.0.0.1:6379), FANOUT_WRITE=0 (print only), FANOUT_KEEP=1 (keep owo_fanout),
 * FANOUT_REUSE=1 (use a kept owo_fanout: its timelines are rebuilt, the bench's posts deleted).
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 500 people, one followed by 200 (below the big-account
 * threshold, so both celebrity cases fan out), 5 follows and 2 posts each, 5 sampled followers, 2 timed
 * posts per case and 1 of the ordinary person, port 4450, the database owo_fanout_smoke and the Redis
 * prefix owo-bench-fanout_smoke, RESULTS.md left alone. A sampled feed that never shows the post makes
 * the run exit non-zero.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  admin as adminSql,
  FIRST_NAMES as FIRST,
  LAST_NAMES as LAST,
  cpuBetween,
  dbUrl as dbUrlOf,
  freshDatabase,
  jsonClient,
  pct,
  signedUpUser,
  snapshot,
  startServer,
  stop,
  type Call,
  type Cpu,
} from './lib.js';
import { check, exitOnProblems, own, sized, writeSection } from './results.js';

const ADMIN_URL = process.env.DATABASE_URL ?? '';
/** FANOUT_<name>, else its default: `full`, or `small` in a smoke run. */
const env = (name: string, full: number, small = full) => Number(process.env[`FANOUT_${name}`] ?? sized(full, small));
const USERS = env('USERS', 100_000, 500);
const BIG = Math.min(env('BIG', 50_000, 200), USERS - 1);
const FOLLOWS = Math.min(env('FOLLOWS', 30, 5), USERS - 2);
const PER = env('PER', 2);
const SAMPLE = Math.min(env('SAMPLE', 50, 5), BIG);
const TIMED = env('POSTS', 20, 2);
const ORDINARY = env('ORDINARY', 5, 1);
const PORT = env('PORT', 3440, 4450);
const REDIS_URL = process.env.FANOUT_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_PREFIX = own('owo-bench-fanout');
const DB = own('owo_fanout');
const PASSWORD = 'benchpass1';
const FEED = '/api/connect/posts/feeds?page=0';
const REUSE = process.env.FANOUT_REUSE === '1';
/**
 * The server's timeline settings (TIMELINE_DEFAULTS in apps/server/src/services/connect/timeline-store.ts).
 * The server runs with the defaults (one server per store for every case; TIMELINE_BIG_ACCOUNT_FOLLOWERS
 * would need another server per case). The fanned-out case therefore sets the celebrity's
 * followers_count (what the fan-out job and the feed's read compare with the threshold) to FANNED,
 * below it, for the time of the case: the same as a threshold above FANOUT_BIG, the real 50,000
 * follows unchanged.
 */
const BIG_ACCOUNT = 10_000;
const CAP = 400;
const ACTIVE_DAYS = 14;
const FANNED = BIG_ACCOUNT - 1;
const BENCH_TEXT = 'Fan-out bench post';

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
const admin = (sql: string) => adminSql(sql, ADMIN_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );
const redisCli = (args: string, input?: string) =>
  execSync(`redis-cli -u ${REDIS_URL} ${args}`, { input, maxBuffer: 64 * 2 ** 20 })
    .toString()
    .trim();
const redisInfo = (section: string, field: string) =>
  Number(new RegExp(`^${field}:(\\S+)`, 'm').exec(redisCli(`INFO ${section}`))?.[1] ?? NaN);
/** Deletes the bench's own keys (SCAN + DEL of its prefix; never a flush of the whole Redis). */
const clearPrefix = () =>
  execSync(`redis-cli -u ${REDIS_URL} --scan --pattern '${REDIS_PREFIX}[-:]*' | xargs -r -n 500 redis-cli -u ${REDIS_URL} del > /dev/null`);
const key = (userId: string) => `${REDIS_PREFIX}:tl:${userId}`;

// ---------------------------------------------------------------------------------------------
// Seeding, by SQL, as feed.ts does: set-based inserts into the migrated schema, the triggers that
// write timeline events off (seeded rows are history, not news).

type Step = { name: string; ms: number; rows: number };

async function timed(db: pg.Client, steps: Step[], name: string, sql: string, params: unknown[] = []) {
  const t0 = Date.now();
  const r = await db.query(sql, params);
  steps.push({ name, ms: Date.now() - t0, rows: r.rowCount ?? 0 });
  console.log(`  ${name}: ${r.rowCount ?? 0} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

const TEXTS = [
  'Saved my first 100k this month with a weekly target. Small steps, but the habit is what counts.',
  'Who else is going to the tech meetup in Yaba on Saturday? Looking for people to carpool with.',
  'Morning run around the lagoon, 6 km. The breeze at that hour is something else.',
  'Our small shop just crossed 500 orders. Thank you to everyone who bought, shared and reviewed!',
];
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]`;

async function seed(db: pg.Client, passwordHash: string): Promise<Step[]> {
  const now = new Date().toISOString();
  const steps: Step[] = [];
  await db.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`);
  await db.query('SELECT setseed(0.29)');
  await db.query('ALTER TABLE posts DISABLE TRIGGER posts_timeline_events; ALTER TABLE follows DISABLE TRIGGER follows_timeline_events');
  await db.query(`CREATE FUNCTION pg_temp.uuid7(at timestamptz, seed text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (lpad(to_hex(floor(extract(epoch FROM at) * 1000)::bigint), 12, '0') || '7' || substr(md5(seed), 1, 3) || '8'
      || substr(md5(seed), 4, 15))::uuid $$`);
  await timed(
    db,
    steps,
    'people (temporary table)',
    `CREATE TEMP TABLE seed_users AS SELECT n, pg_temp.uuid7(ts, 'u' || n) AS id, ts
      FROM (SELECT n, '${now}'::timestamptz - interval '120 days' + interval '90 days' * (n::float8 / ${USERS}) AS ts
        FROM generate_series(1, ${USERS}) n) s`,
  );
  await db.query('ALTER TABLE seed_users ADD PRIMARY KEY (n); ANALYZE seed_users');
  await timed(
    db,
    steps,
    'users',
    `INSERT INTO users (id, first_name, last_name, email, phone_number, nick_name, password_hash, phone_verified_at, created_at, updated_at)
      SELECT id, (${arr(FIRST)})[1 + n % ${FIRST.length}], (${arr(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
        'fanout' || n || '@owo.test', '+234807' || lpad(n::text, 7, '0'), 'fanout' || n, $1, ts, ts, ts
      FROM seed_users ORDER BY n`,
    [passwordHash],
  );
  // Person 1 is followed by people 2 to BIG + 1; everyone follows FOLLOWS random others (never person 1
  // by chance, nor themselves; a repeat draw is dropped).
  await timed(
    db,
    steps,
    'follows',
    `INSERT INTO follows (follower_id, followee_id, created_at)
      SELECT a.id, b.id, greatest(a.ts, b.ts) + random() * ('${now}'::timestamptz - greatest(a.ts, b.ts))
      FROM (
        SELECT n, 1 AS m FROM generate_series(2, ${BIG + 1}) n
        UNION
        SELECT n, 2 + floor(random() * ${USERS - 1})::int FROM generate_series(1, ${USERS}) n, generate_series(1, ${FOLLOWS})
      ) f JOIN seed_users a ON a.n = f.n JOIN seed_users b ON b.n = f.m
      WHERE f.m <> f.n ORDER BY a.id, b.id`,
  );
  await timed(
    db,
    steps,
    'posts',
    `INSERT INTO posts (id, author_id, kind, status, text, media, created_at, published_at)
      SELECT pg_temp.uuid7(s.at, 'p' || s.n || '-' || s.k), s.id, 'post', 'published', (${arr(TEXTS)})[1 + (s.n + s.k) % ${TEXTS.length}],
        '[]'::jsonb, s.at, s.at
      FROM (SELECT u.n, k, u.id, '${now}'::timestamptz - random() * interval '3 days' AS at FROM seed_users u, generate_series(1, ${PER}) k) s
      ORDER BY s.at`,
  );
  await timed(
    db,
    steps,
    'connect_profiles',
    `INSERT INTO connect_profiles (user_id, posts_count, followers_count, followings_count)
      SELECT u.id, ${PER}, coalesce(fr.n, 0), coalesce(fg.n, 0) FROM seed_users u
        LEFT JOIN (SELECT followee_id, count(*)::int AS n FROM follows GROUP BY 1) fr ON fr.followee_id = u.id
        LEFT JOIN (SELECT follower_id, count(*)::int AS n FROM follows GROUP BY 1) fg ON fg.follower_id = u.id`,
  );
  await db.query('ALTER TABLE posts ENABLE TRIGGER posts_timeline_events; ALTER TABLE follows ENABLE TRIGGER follows_timeline_events');
  await timed(db, steps, 'VACUUM (ANALYZE)', 'VACUUM (ANALYZE)');
  return steps;
}

/**
 * Every person's timeline kept (read now) and built as the server's rebuild (rebuildTimeline in
 * timeline-read.ts) builds it: the newest CAP posts of the people followed who are not big accounts,
 * and one's own. Also for a reused database: the bench's own posts are deleted first, the
 * celebrity's followers_count is put back.
 */
async function buildTimelines(db: pg.Client, celebrity: string): Promise<Step[]> {
  const steps: Step[] = [];
  await db.query(`SET synchronous_commit = off; SET work_mem = '256MB'`);
  await db.query(`UPDATE connect_profiles SET followers_count = (SELECT count(*) FROM follows WHERE followee_id = $1) WHERE user_id = $1`, [
    celebrity,
  ]);
  await db.query('ALTER TABLE posts DISABLE TRIGGER posts_timeline_events');
  const gone = await db.query(`DELETE FROM posts WHERE text LIKE '${BENCH_TEXT}%'`);
  await db.query('ALTER TABLE posts ENABLE TRIGGER posts_timeline_events');
  if (gone.rowCount) console.log(`  deleted ${gone.rowCount} posts of an earlier run`);
  await db.query('TRUNCATE timeline_events, home_timelines, timeline_owners');
  await timed(
    db,
    steps,
    'timeline_owners',
    `INSERT INTO timeline_owners (user_id, read_at) SELECT id, now() FROM users WHERE email ~ '^fanout[0-9]+@owo[.]test$'`,
  );
  await timed(
    db,
    steps,
    'home_timelines',
    `INSERT INTO home_timelines (user_id, post_id, author_id, sort_at)
      SELECT user_id, post_id, author_id, sort_at FROM (
        SELECT o.user_id, p.id AS post_id, p.author_id, p.published_at AS sort_at,
          row_number() OVER (PARTITION BY o.user_id ORDER BY p.published_at DESC, p.id DESC) AS r
        FROM timeline_owners o
          JOIN LATERAL (
            SELECT f.followee_id AS a FROM follows f WHERE f.follower_id = o.user_id
              AND NOT EXISTS (SELECT 1 FROM connect_profiles cp WHERE cp.user_id = f.followee_id AND cp.followers_count >= ${BIG_ACCOUNT})
            UNION ALL SELECT o.user_id) w ON true
          JOIN posts p ON p.author_id = w.a AND p.status = 'published' AND p.hidden_at IS NULL
      ) x WHERE r <= ${CAP} ORDER BY user_id, sort_at`,
  );
  await timed(db, steps, 'VACUUM (ANALYZE) timelines', 'VACUUM (ANALYZE) home_timelines, timeline_owners');
  return steps;
}

/** RESP, as redis-cli --pipe reads it. */
const resp = (args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

/**
 * The same timelines into Redis as the Redis store keeps them (replace in timeline-redis.ts): a sorted
 * set per person, scores the posts' time in ms, the marker '.' at +inf, expiring ACTIVE_DAYS after now.
 */
async function loadRedis(db: pg.Client, tmp: string): Promise<{ ms: number; keys: number }> {
  const t0 = Date.now();
  clearPrefix();
  const owners = (await db.query<{ user_id: string }>('SELECT user_id FROM timeline_owners ORDER BY user_id')).rows.map((r) => r.user_id);
  const file = path.join(tmp, 'load.resp');
  for (let i = 0; i < owners.length; i += 5000) {
    const batch = owners.slice(i, i + 5000);
    const rows = await db.query<{ user_id: string; e: string[] }>(
      `SELECT o.id AS user_id, coalesce(array_agg(floor(extract(epoch FROM h.sort_at) * 1000)::bigint || ' ' || h.post_id)
          FILTER (WHERE h.post_id IS NOT NULL), '{}') AS e
        FROM unnest($1::uuid[]) o(id) LEFT JOIN home_timelines h ON h.user_id = o.id GROUP BY o.id`,
      [batch],
    );
    let out = '';
    for (const r of rows.rows) {
      out += resp(['ZADD', key(r.user_id), '+inf', '.', ...r.e.flatMap((x) => x.split(' '))]);
      out += resp(['EXPIRE', key(r.user_id), String(ACTIVE_DAYS * 86_400)]);
    }
    writeFileSync(file, out);
    execSync(`redis-cli -u ${REDIS_URL} --pipe < ${file} > /dev/null`);
  }
  return { ms: Date.now() - t0, keys: owners.length };
}

// ---------------------------------------------------------------------------------------------
// Measuring, through one server.

type Person = { id: string; email: string; token: string };
type PostRun = { latency: number; fanOut: number; postId: string };
type Case = {
  store: 'database' | 'redis';
  name: string;
  /** Followers of the author whose timeline the post should reach (all are kept). */
  reach: number;
  posts: PostRun[];
  cpu: Cpu & { redis: number; secs: number };
  /** Time from the 201 until each sampled follower's page 0 showed the post, ms (celebrity cases). */
  visible?: number[];
  /** The first post's fan-out time, ms (celebrity cases). */
  firstFanOut?: number;
  /** Timelines holding the first post once fanned out (database), or sampled keys holding it (Redis). */
  delivered?: string;
};

const redisCpu = () => {
  try {
    const pid = redisInfo('server', 'process_id');
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};

async function login(call: Call, email: string): Promise<string> {
  const l = await call('POST', '/api/user/users/login', { username: email, password: PASSWORD });
  if (l.code !== 200) throw new Error(`login ${email}: ${l.code} ${l.json.message}`);
  return String(l.json.data.accessToken);
}

/** Resolves once the post's timeline event has been applied (deleted by the fan-out job); ms since `from`. */
async function drained(db: pg.Client, postId: string, from: number): Promise<number> {
  for (;;) {
    const r = await db.query('SELECT 1 FROM timeline_events WHERE post_id = $1', [postId]);
    if (r.rowCount === 0) return performance.now() - from;
    if (performance.now() - from > 120_000) throw new Error(`the event of post ${postId} was not applied in 2 minutes`);
    await sleep(10);
  }
}

/** Polls the followers' page 0 until each shows the post; per follower, ms from `from`. */
async function pollFeeds(call: Call, followers: Person[], postId: string, from: number): Promise<number[]> {
  return Promise.all(
    followers.map(async (f) => {
      for (;;) {
        const r = await call('GET', FEED, undefined, { authorization: `Bearer ${f.token}` });
        if (r.code !== 200) throw new Error(`feed of ${f.email}: ${r.code} ${r.json.message}`);
        if ((r.json.data as unknown as { _id: string }[]).some((p) => p._id === postId)) return performance.now() - from;
        if (performance.now() - from > 60_000) return Infinity;
        await sleep(50);
      }
    }),
  );
}

async function post(call: Call, author: Person, i: number): Promise<{ postId: string; latency: number; at: number }> {
  const t0 = performance.now();
  const r = await call(
    'POST',
    '/api/connect/posts',
    { text: `${BENCH_TEXT} ${i}: ${TEXTS[i % TEXTS.length]}` },
    { authorization: `Bearer ${author.token}` },
  );
  const at = performance.now();
  if (r.code !== 201) throw new Error(`post by ${author.email}: ${r.code} ${r.json.message}`);
  return { postId: String((r.json.data as unknown as { _id: string })._id), latency: at - t0, at };
}

/** One case: a first post with the sampled feeds polled, then `n` posts one after another, each until fanned out. */
async function runCase(
  ctx: { call: Call; db: pg.Client; monitor: pg.Client; server: number; store: Case['store'] },
  name: string,
  author: Person,
  reach: number,
  n: number,
  sample: Person[],
): Promise<Case> {
  const { call, db } = ctx;
  const c: Case = {
    store: ctx.store,
    name,
    reach,
    posts: [],
    cpu: { app: 0, postgres: 0, load: 0, others: 0, idle: 0, redis: 0, secs: 0 },
  };
  let counter = Date.now() % 100_000;
  if (sample.length) {
    const first = await post(call, author, counter++);
    const [visible, fanOut] = await Promise.all([pollFeeds(call, sample, first.postId, first.at), drained(db, first.postId, first.at)]);
    c.visible = visible;
    c.firstFanOut = fanOut;
    const unseen = visible.filter((v) => !Number.isFinite(v)).length;
    check(unseen === 0, `${ctx.store}, ${name}: ${unseen} of ${sample.length} sampled feeds did not show the post within 60 s`);
    if (ctx.store === 'database') {
      const r = await db.query<{ n: string }>('SELECT count(*) AS n FROM home_timelines WHERE post_id = $1', [first.postId]);
      c.delivered = `${r.rows[0]!.n} timelines`;
    } else {
      const lua = `local n = 0 for _, k in ipairs(KEYS) do if redis.call('ZSCORE', k, ARGV[1]) then n = n + 1 end end return n`;
      const got = redisCli(`EVAL "${lua}" ${sample.length} ${sample.map((p) => key(p.id)).join(' ')} ${first.postId}`);
      c.delivered = `${got} of the ${sample.length} sampled timelines`;
    }
    console.log(
      `  ${ctx.store} ${name}: first post ${first.latency.toFixed(0)} ms, fanned out in ${fanOut.toFixed(0)} ms (${c.delivered}); ` +
        `in all ${sample.length} sampled feeds after ${Math.max(...visible).toFixed(0)} ms`,
    );
  }
  const s0 = await snapshot(ctx.monitor, DB);
  const r0 = redisCpu();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const p = await post(call, author, counter++);
    const fanOut = await drained(db, p.postId, p.at);
    c.posts.push({ latency: p.latency, fanOut, postId: p.postId });
  }
  const cpu = cpuBetween(s0, await snapshot(ctx.monitor, DB), ctx.server);
  const redis = redisCpu() - r0;
  c.cpu = { ...cpu, others: Math.max(0, cpu.others - redis), redis, secs: (performance.now() - t0) / 1000 };
  console.log(
    `  ${ctx.store} ${name}: ${n} posts, latency p50 ${median(c.posts.map((p) => p.latency)).toFixed(0)} ms, fan-out p50 ${median(c.posts.map((p) => p.fanOut)).toFixed(0)} ms, max ${Math.max(...c.posts.map((p) => p.fanOut)).toFixed(0)} ms; ` +
      `CPU ms/post: server ${((1000 * cpu.app) / n).toFixed(0)}, PostgreSQL ${((1000 * cpu.postgres) / n).toFixed(0)}, Redis ${((1000 * redis) / n).toFixed(0)}, others ${((1000 * c.cpu.others) / n).toFixed(0)}`,
  );
  return c;
}

// ---------------------------------------------------------------------------------------------

type Memory = {
  dbTimelines: number;
  dbOwners: number;
  entries: number;
  owners: number;
  redisUsed: number;
  redisSampled: number;
  redisKeys: number;
};

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
  try {
    redisCli('PING');
  } catch {
    console.error(`Redis does not answer at ${REDIS_URL} (FANOUT_REDIS_URL).`);
    process.exit(2);
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-fanout-'));
  const monitor = new pg.Client({ connectionString: ADMIN_URL });
  await monitor.connect();
  const reuse = await freshDatabase(monitor, ADMIN_URL, DB, REUSE);
  const base = `http://127.0.0.1:${PORT}`;
  const call = jsonClient(base);
  // The first server (database store) migrates a new database as it starts.
  let server = await startServer(dbUrl(DB), PORT, path.join(tmp, 'data'));
  const db = new pg.Client({ connectionString: dbUrl(DB) });
  await db.connect();
  const cases: Case[] = [];
  let seedSteps: Step[] = [];
  let buildSteps: Step[];
  let seedMs = 0;
  let redisLoad: { ms: number; keys: number };
  let memory: Memory;
  let sizes: Record<string, number>;
  try {
    if (!reuse) {
      const t0 = Date.now();
      const real = await signedUpUser(call, {
        phone: '08031234599',
        email: 'fanout-signup@owo.test',
        firstName: 'Fan',
        lastName: 'Out',
        pin: '2580',
      });
      const hash = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [real.id]);
      console.log(`seeding ${USERS} people, one followed by ${BIG}, about ${FOLLOWS} follows each, ${PER} posts each:`);
      seedSteps = await seed(db, hash.rows[0]!.password_hash);
      seedMs = Date.now() - t0;
    } else console.log(`reusing the kept database ${DB}`);
    const celebrity = (await db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'fanout1@owo.test'`)).rows[0]?.id;
    if (!celebrity) throw new Error(`${DB} has no fanout1@owo.test: drop it or run without FANOUT_REUSE`);
    console.log('building every timeline:');
    buildSteps = await buildTimelines(db, celebrity);

    const s = await db.query<Record<string, string>>(`SELECT
        (SELECT count(*) FROM users WHERE email ~ '^fanout[0-9]+@owo[.]test$') AS users,
        (SELECT count(*) FROM follows) AS follows,
        (SELECT count(*) FROM follows WHERE followee_id = '${celebrity}') AS big,
        (SELECT max(followers_count) FROM connect_profiles WHERE user_id <> '${celebrity}') AS next_followers,
        (SELECT count(*) FROM posts) AS posts,
        (SELECT count(*) FROM timeline_owners) AS owners,
        (SELECT count(*) FROM home_timelines) AS entries,
        pg_total_relation_size('home_timelines') AS tl_bytes,
        pg_total_relation_size('timeline_owners') AS own_bytes,
        pg_database_size(current_database()) / 1048576 AS mb`);
    const x = s.rows[0]!;
    sizes = Object.fromEntries(Object.entries(x).map(([k, v]) => [k, Number(v)]));
    console.log(JSON.stringify(sizes));

    // Redis: the same timelines under the bench's prefix; used_memory before and after.
    const before = redisInfo('memory', 'used_memory');
    redisLoad = await loadRedis(db, tmp);
    const after = redisInfo('memory', 'used_memory');
    const some = (await db.query<{ user_id: string }>('SELECT user_id FROM timeline_owners ORDER BY md5(user_id::text) LIMIT 1000')).rows;
    const usage = redisCli('', some.map((r) => `MEMORY USAGE ${key(r.user_id)}`).join('\n'))
      .split('\n')
      .map(Number);
    const keys = Number(redisCli(`EVAL "return #redis.call('KEYS', ARGV[1])" 0 '${REDIS_PREFIX}:tl:*'`));
    memory = {
      dbTimelines: sizes.tl_bytes!,
      dbOwners: sizes.own_bytes!,
      entries: sizes.entries!,
      owners: sizes.owners!,
      redisUsed: after - before,
      redisSampled: (usage.reduce((a, b) => a + b, 0) / Math.max(1, usage.length)) * keys,
      redisKeys: keys,
    };
    console.log(
      `Redis: ${keys} keys loaded in ${(redisLoad.ms / 1000).toFixed(1)} s, used_memory +${((after - before) / 2 ** 20).toFixed(0)} MiB`,
    );

    const sample = (
      await db.query<{ id: string; email: string }>(
        `SELECT u.id, u.email FROM follows f JOIN users u ON u.id = f.follower_id WHERE f.followee_id = $1 ORDER BY md5(u.email) LIMIT ${SAMPLE}`,
        [celebrity],
      )
    ).rows;
    const ordinary = (
      await db.query<{ id: string; email: string; followers: number }>(
        `SELECT u.id, u.email, cp.followers_count AS followers FROM connect_profiles cp JOIN users u ON u.id = cp.user_id
          WHERE u.email ~ '^fanout[0-9]+@owo[.]test$' AND u.id <> $1 ORDER BY abs(cp.followers_count - ${FOLLOWS}), u.email LIMIT 1`,
        [celebrity],
      )
    ).rows[0]!;

    for (const store of ['database', 'redis'] as const) {
      if (store === 'redis') {
        await stop(server);
        server = await startServer(dbUrl(DB), PORT, path.join(tmp, 'data-redis'), [], { REDIS_URL, REDIS_PREFIX });
      }
      // Sessions live where the server keeps them: everyone logs in on this server.
      const who = async (p: { id: string; email: string }): Promise<Person> => ({ ...p, token: await login(call, p.email) });
      const celeb = await who({ id: celebrity, email: 'fanout1@owo.test' });
      const plain = await who(ordinary);
      const followers: Person[] = [];
      for (let i = 0; i < sample.length; i += 10) followers.push(...(await Promise.all(sample.slice(i, i + 10).map(who))));
      // Each sampled follower reads once (their timeline is kept: no rebuild), as a check.
      for (const f of followers) {
        const r = await call('GET', FEED, undefined, { authorization: `Bearer ${f.token}` });
        if (r.code !== 200 || !(r.json.data as unknown[]).length)
          throw new Error(`${store}: the feed of ${f.email}: ${r.code} ${r.json.message}`);
      }
      const ctx = { call, db, monitor, server: server.pid!, store };
      console.log(`${store} store:`);
      cases.push(await runCase(ctx, 'celebrity, pulled at read time', celeb, BIG, TIMED, followers));
      await db.query('UPDATE connect_profiles SET followers_count = $2 WHERE user_id = $1', [celebrity, FANNED]);
      try {
        cases.push(await runCase(ctx, 'celebrity, fanned out', celeb, BIG, TIMED, followers));
      } finally {
        await db.query(
          `UPDATE connect_profiles SET followers_count = (SELECT count(*) FROM follows WHERE followee_id = $1) WHERE user_id = $1`,
          [celebrity],
        );
      }
      cases.push(await runCase(ctx, `ordinary person (${ordinary.followers} followers)`, plain, ordinary.followers, ORDINARY, []));
    }
  } finally {
    call.close();
    await stop(server);
    await db.end();
    try {
      clearPrefix();
    } catch {
      /* Redis gone */
    }
    if (process.env.FANOUT_KEEP !== '1') await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await monitor.end();
    rmSync(tmp, { recursive: true, force: true });
  }
  const md = report(cases, sizes, memory, seedSteps, seedMs, buildSteps, redisLoad);
  if (process.env.FANOUT_WRITE !== '0') writeSection('feed-fanout', md);
  console.log(md);
  exitOnProblems();
}

// ---------------------------------------------------------------------------------------------

function report(
  cases: Case[],
  s: Record<string, number>,
  m: Memory,
  seedSteps: Step[],
  seedMs: number,
  buildSteps: Step[],
  redisLoad: { ms: number; keys: number },
): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const mib = (b: number) => f0(b / 2 ** 20);
  const per100k = (b: number, people: number) => (b / Math.max(1, people)) * 100_000;
  const perPost = (c: Case, secs: number) => f0((1000 * secs) / Math.max(1, c.posts.length));
  const rows = cases
    .map((c) => {
      const lat = c.posts.map((p) => p.latency);
      const fan = c.posts.map((p) => p.fanOut);
      const vis = c.visible ? `${f0(median(c.visible))} / ${f0(Math.max(...c.visible))}` : '';
      return `| ${c.store} | ${c.name} | ${c.reach} | ${c.posts.length} | ${f0(median(lat))} | ${f0(Math.max(...lat))} | ${f0(median(fan))} | ${f0(Math.max(...fan))} | ${vis} | ${c.delivered ?? ''} | ${perPost(c, c.cpu.app)} | ${perPost(c, c.cpu.postgres)} | ${perPost(c, c.cpu.redis)} | ${perPost(c, c.cpu.others)} | ${f0(100 * c.cpu.idle)}% |`;
    })
    .join('\n');
  const aim = cases
    .filter((c) => c.visible)
    .map((c) => {
      const worst = Math.max(c.firstFanOut ?? 0, ...c.posts.map((p) => p.fanOut));
      const visible = Math.max(...c.visible!);
      return `- ${c.store}, ${c.name}: **${visible <= 5000 ? 'met' : 'not met'}** for the feeds (all ${c.visible!.length} sampled followers saw the post after ${f0(visible)} ms); the fan-out itself took ${f0(median(c.posts.map((p) => p.fanOut)))} ms (median of ${c.posts.length}; the first post's ${f0(c.firstFanOut ?? 0)} ms), at most ${f0(worst)} ms${worst <= 5000 ? '' : ' (**over 5 s**)'}.`;
    })
    .join('\n');
  const busy = cases.some((c) => c.cpu.others > 0.25 * (c.cpu.app + c.cpu.postgres + c.cpu.redis));
  const entriesPer = m.entries / Math.max(1, m.owners);
  const bytesPerEntryDb = m.dbTimelines / Math.max(1, m.entries);
  const bytesPerEntryRedis = m.redisUsed / Math.max(1, m.entries + m.redisKeys);
  const steps = (xs: Step[]) => xs.map((x) => `${x.name} ${f1(x.ms / 1000)} s`).join(', ');
  return `# Benchmark: fan-out of the home timelines at ${s.users} people (issue 29)

Recorded by \`bench/fanout.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
the real server (one process, started by the bench), PostgreSQL and Redis on the same machine.${
    busy
      ? ' **The machine was shared with other work** (its load average was high while this ran): the "others" column is the CPU every other process used per post, and the times move with it.'
      : ''
  }

The data: ${s.users} people, ${s.follows} follows: person 1 (the "celebrity") is followed by ${s.big}, everyone follows about ${FOLLOWS}
random others (the next most followed person has ${s.next_followers} followers), ${s.posts} posts (${PER} per person over the last 3 days); ${s.mb} MB.
${seedSteps.length ? `Seeded by SQL in ${f0(seedMs / 1000)} s (${steps(seedSteps)}).` : 'A kept database (FANOUT_REUSE=1).'} Every person's timeline is kept
(\`timeline_owners\` read now, so every follower is a fan-out target) and built by SQL with the server's rebuild rule (the newest
${CAP} posts of the people followed who are not big accounts, and one's own): ${steps(buildSteps)}; the same ${redisLoad.keys} timelines were
loaded into Redis as the Redis store keeps them (a sorted set per person with its marker, expiring in ${ACTIVE_DAYS} days) in ${f1(redisLoad.ms / 1000)} s.
Building by SQL is what the server would reach as each person reads (a rebuild on the first read, then fan-out); logging 100,000
people in to let the server rebuild them would take far longer than the rest of the bench.

The server runs once with the database store and once with Redis (\`REDIS_URL\`, prefix \`${REDIS_PREFIX}\`, deleted with SCAN + DEL
afterwards), one at a time, since every process runs the \`connect.timeline-fanout\` job (every 250 ms). Per case the author posts through
the API (\`POST /api/connect/posts\`, its own token) one post after another, each once the previous one is fanned out:

- **celebrity, pulled at read time**: as the server is, ${s.big} followers is above \`bigAccountFollowers\` (${BIG_ACCOUNT}): the post goes into the author's
  own timeline only and followers' feeds pull it at read time.
- **celebrity, fanned out**: the post copied into all ${s.big} followers' timelines. The server keeps its default
  threshold (\`TIMELINE_BIG_ACCOUNT_FOLLOWERS\`, one server per store for every case), so for this case the celebrity's \`connect_profiles.followers_count\`, the number the fan-out
  job and the feed's read compare with the threshold, is set to ${FANNED} (put back afterwards): the same as a threshold above ${s.big}, the follows unchanged.
- **ordinary person**: the person whose follower count is nearest ${FOLLOWS}.

"fan-out" is the time from the post's 201 until the job has applied its event (the \`timeline_events\` row is deleted once the store has
it; polled every 10 ms): it includes the wait for the job's next run, up to its 250 ms period, so about 125 ms of it on average is that wait. For the celebrity's first post of each case, ${SAMPLE} sampled followers (logged in) poll page 0 of their home feed
(\`GET ${FEED}\`, every 50 ms, all at once) until it shows the post: "in the feeds" is the median / the last of them, from the 201. A feed
shows a post whose event is not applied yet (the read pulls pending events), so a post is in its followers' feeds before the fan-out ends.
"delivered" counts the timelines holding that first post afterwards (\`home_timelines\` rows: the followers and the author; with Redis,
ZSCORE in the sampled followers' keys). CPU per post is over the timed posts, each with its fan-out: the server's process, PostgreSQL's
backends of the bench database, \`redis-server\`, and every other process ("others": other work on the machine, and PostgreSQL's own background processes, the WAL writer, checkpointer and autovacuum, which the
rows a fan-out writes set to work; the bench's own polling is in PostgreSQL's figure).

| store | case | followers | posts | post p50 ms | post max ms | fan-out p50 ms | fan-out max ms | in the feeds, median / last ms | delivered (first post) | CPU ms/post: server | PostgreSQL | Redis | others | machine idle |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

Aim (issue 29): a post of the account followed by ${s.big} is in its followers' feeds within 5 s.

${aim}

## The timeline store's memory

| store | what | total | per person | per 100,000 people | per entry |
|---|---|---|---|---|---|
| database | \`home_timelines\` (${m.entries} rows, ${f1(entriesPer)} per person; table and its two indexes) | ${mib(m.dbTimelines)} MiB | ${f0(m.dbTimelines / m.owners)} B | ${mib(per100k(m.dbTimelines, m.owners))} MiB | ${f0(bytesPerEntryDb)} B |
| database | \`timeline_owners\` (${m.owners} rows) | ${mib(m.dbOwners)} MiB | ${f0(m.dbOwners / m.owners)} B | ${mib(per100k(m.dbOwners, m.owners))} MiB | |
| Redis | ${m.redisKeys} keys: \`used_memory\` before and after loading | ${mib(m.redisUsed)} MiB | ${f0(m.redisUsed / m.redisKeys)} B | ${mib(per100k(m.redisUsed, m.redisKeys))} MiB | ${f0(bytesPerEntryRedis)} B |
| Redis | the same: \`MEMORY USAGE\` of 1,000 random keys, times ${m.redisKeys} | ${mib(m.redisSampled)} MiB | ${f0(m.redisSampled / m.redisKeys)} B | ${mib(per100k(m.redisSampled, m.redisKeys))} MiB | |

These timelines hold ${f1(entriesPer)} entries each (${FOLLOWS} people followed with ${PER} recent posts each); a timeline holds up to ${CAP}.
At the cap, at the same bytes per entry, 100,000 people would take about ${mib(100_000 * CAP * bytesPerEntryDb)} MiB in \`home_timelines\`;
in Redis more than ${mib(100_000 * CAP * bytesPerEntryRedis)} MiB, since a sorted set of more than 128 members leaves the compact listpack encoding
(\`zset-max-listpack-entries\`) for a skip list and a hash table, several times larger per entry.
`;
}

await main();
