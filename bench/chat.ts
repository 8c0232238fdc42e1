/**
 * Chat over Socket.IO against a bare Socket.IO relay, on PostgreSQL, in one run. CHAT_PAIRS pairs
 * of people, each person one socket (2 × CHAT_PAIRS sockets, all in this process), each person
 * sending text messages to the other of their pair: through the real server (`message:send` at
 * /api/chat/socket.io: the session checked, the payload validated, the message stored in its
 * conversation, then `message:new` to both people's rooms and the stored message in the ack), and
 * through the yardstick, a bare Socket.IO relay in its own process (no auth, no storage: the same
 * rooms, the same `message:new` to both people, an ack). Each message is timed from the emit to the
 * other person's `message:new`, on one clock (both ends are in this process).
 *
 * Two modes. "max": a fixed number of messages kept in flight (CHAT_INFLIGHT levels; slot k is
 * person k mod 2 × CHAT_PAIRS, who sends the next one as soon as the last is delivered and acked),
 * for CHAT_SECONDS; at each level the bare relay runs before and after the server and the ratio is
 * to the mean of its two rates. "paced": an open loop at half the server's best "max" rate (the
 * people in turn, at fixed times), against the server and then the bare relay. Every run of the
 * server is checked against the database: the messages stored under the run's ids equal the
 * messages acknowledged, and every conversation's seq runs 1..n. Deliveries lost (acknowledged,
 * never delivered) and duplicated are counted. Then a CPU profile of a fresh server (--cpu-prof)
 * at the highest level. Writes the `chat` section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run chat -w @owo/bench
 *
 * Settings: CHAT_PAIRS (default 500), CHAT_INFLIGHT levels (100,500,1000), CHAT_SECONDS per run (10),
 * CHAT_WARMUP seconds per server at the highest level before the first run, unrecorded (3),
 * CHAT_TEXT characters per message (80), CHAT_PROFILE=0 (no CPU profile), CHAT_PORT (3430; the bare
 * relay uses the next port), CHAT_WRITE=0 (print, leave RESULTS.md alone), CHAT_KEEP=1 (keep the
 * database owo_chat afterwards). DATABASE_POOL_SIZE passes through to the server; REDIS_URL too
 * (unset, the server runs without the Redis adapter).
 *
 * People: one signs up through the API; the others are inserted by SQL with that signup's password
 * hash, and each gets a session as the server's createSession writes one (a random token, its
 * keyed hash stored), under the APP_SECRET the bench gives the server it starts.
 *
 * CHAT_GROUP_SIZE (256; 0 skips it) and CHAT_GROUP_RATE (50 a second): the group run (chat-group.ts), after the
 * 1:1 runs, against the server only.
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 5 pairs, 10 messages in flight for 1 s, no warm-up, no
 * profile, a group of 6 at 10 messages a second, port 4430 (the relay 4431), the database owo_chat_smoke,
 * RESULTS.md left alone. A message failed, lost or duplicated, stored messages that differ from those
 * acknowledged, a conversation whose seq has gaps, a socket dropped, or a group delivery missing makes
 * the run exit non-zero.
 *
 * The same file, run with CHAT_ROLE=bare, is the bare relay.
 */
import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import {
  admin as adminSql,
  cpuBetween,
  dbUrl as dbUrlOf,
  jsonClient,
  mean,
  pct,
  profileCase,
  profileTables,
  signedUpUser,
  snapshot,
  startBare,
  startServer,
  stop,
  type Cpu,
  type Profiled,
  type Result,
} from './lib.js';
import { check, exitOnProblems, own, sized, writeSection } from './results.js';
import { groupReport, groupRun, type GroupOutcome } from './chat-group.js';

const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? '';
/** CHAT_<name>, else its default: `full`, or `small` in a smoke run. */
const env = (name: string, full: number, small = full) => Number(process.env[`CHAT_${name}`] ?? sized(full, small));
const PAIRS = env('PAIRS', 500, 5);
const LEVELS = (process.env.CHAT_INFLIGHT ?? sized('100,500,1000', '10')).split(',').map(Number);
const SECONDS = env('SECONDS', 10, 1);
const WARMUP = env('WARMUP', 3, 0);
const TEXT = env('TEXT', 80);
const PROFILE = (process.env.CHAT_PROFILE ?? sized('1', '0')) !== '0';
/** Members of the group run (0: no group run); CHAT_GROUP_RATE its messages a second (50). */
const GROUP_SIZE = env('GROUP_SIZE', 256, 6);
const GROUP_RATE = env('GROUP_RATE', 50, 10);
const PORT = env('PORT', 3430, 4430);
const BARE_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const BARE_BASE = `http://127.0.0.1:${BARE_PORT}`;
const SOCKET_PATH = '/api/chat/socket.io';
const DB = own('owo_chat');
/** The ack's timeout; a message acknowledged but not delivered this long after its emit (plus a second) counts as lost. */
const ACK_MS = 10_000;
/** Sockets connecting at once. */
const CONNECT_BATCH = 50;

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
const admin = (sql: string, url = ADMIN_URL) => adminSql(sql, url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The yardstick: a bare Socket.IO relay. The client names itself in the handshake (`auth: {id}`)
// and joins `user:<id>`; `message:send` goes out as `message:new` to the recipient's room and the
// sender's (as the server's `deliver` does) and is acknowledged. No auth, no storage.

type Wire = { msgId: string; toUserId: string; msgType: string; msgBody: { text: string } };
type Reply = { status: true; data: unknown } | { status: false; message: string; code: string };

async function bareRelay(): Promise<void> {
  // Answers the plain GET that startBare waits for; Socket.IO takes its own path.
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('bare relay');
  });
  const io = new Server(http, { path: SOCKET_PATH, serveClient: false });
  io.on('connection', (socket) => {
    const id = String((socket.handshake.auth as { id?: unknown } | undefined)?.id ?? '');
    void socket.join(`user:${id}`);
    socket.on('message:send', (p: Wire, ack?: (r: Reply) => void) => {
      const m = { ...p, fromUserId: id, createdAt: new Date().toISOString() };
      io.to(`user:${p.toUserId}`).to(`user:${id}`).emit('message:new', m);
      if (typeof ack === 'function') ack({ status: true, data: m });
    });
  });
  const stopRelay = () => {
    io.local.disconnectSockets(true);
    void io.close(() => process.exit(0));
  };
  process.once('SIGTERM', stopRelay);
  process.once('SIGINT', stopRelay);
  await new Promise<void>((resolve) => http.listen(Number(process.env.BENCH_BARE_PORT), '127.0.0.1', resolve));
}

// ---------------------------------------------------------------------------------------------
// People and their sessions.

type Person = { id: string; token: string };

/** The server's keyed hash of a bearer token (sessionTokenHash: HMAC-SHA256 with APP_SECRET, base64url). */
const tokenHash = (secret: string, token: string) => createHmac('sha256', secret).update(token).digest('base64url');

/** `n` people inserted by SQL (phone verified, a nickname, the given password hash), each with a live session. */
async function seedPeople(db: pg.Client, secret: string, passwordHash: string, n: number): Promise<Person[]> {
  const r = await db.query<{ id: string }>(
    `INSERT INTO users (id, first_name, last_name, email, phone_number, nick_name, password_hash, phone_verified_at)
      SELECT gen_random_uuid(), 'Chat', 'Person ' || i, 'chat' || i || '@owo.test', '+234807' || lpad(i::text, 7, '0'),
        'chat' || i, $1, now()
      FROM generate_series(1, $2::int) i
      RETURNING id`,
    [passwordHash, n],
  );
  const people = r.rows.map((row) => ({ id: row.id, token: randomBytes(32).toString('base64url') }));
  await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at)
      SELECT gen_random_uuid(), u, h, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS t(u, h)`,
    [people.map((p) => p.id), people.map((p) => tokenHash(secret, p.token))],
  );
  return people;
}

// ---------------------------------------------------------------------------------------------
// Sockets, messages and their timing.

let people: Person[] = [];
/** Person i's partner: the first half pairs with the second. */
const partnerOf = (i: number) => (i < PAIRS ? i + PAIRS : i - PAIRS);
const allSockets = new Set<ClientSocket>();
let closing = false;
let disconnects = 0;

type Rec = {
  slot: number;
  from: number;
  to: number;
  /** performance.now() at the emit. */
  t0: number;
  /** When it was due (paced mode), for the lag of the bench's own timer. */
  due: number;
  ok: boolean | null;
  /** When the other person's `message:new` arrived (0: not yet). */
  at: number;
  done: boolean;
};
type Phase = {
  tag: string;
  recs: Map<string, Rec>;
  live: Set<Rec>;
  echoes: number;
  strays: number;
  dups: number;
  firstError: string;
  /** Called when a message is delivered and acknowledged, failed, or given up on. */
  settled: (r: Rec) => void;
};
let phase: Phase | null = null;

type Target = {
  name: 'chat' | 'bare';
  label: string;
  base: string;
  sockets: ClientSocket[];
  /** performance.now() when the last socket connected. */
  connectedAt: number;
  root: () => number;
};

function onNew(me: number, m: { msgId?: unknown; fromUserId?: unknown }) {
  const now = performance.now();
  const ph = phase;
  if (!ph) return;
  if (m.fromUserId === people[me]!.id) {
    ph.echoes++;
    return;
  }
  const rec = ph.recs.get(String(m.msgId));
  if (!rec || rec.to !== me) {
    ph.strays++;
    return;
  }
  if (rec.at) {
    ph.dups++;
    return;
  }
  rec.at = now;
  if (rec.ok !== null) settle(ph, rec);
}

function settle(ph: Phase, rec: Rec) {
  if (rec.done) return;
  rec.done = true;
  ph.live.delete(rec);
  ph.settled(rec);
}

function connectOne(base: string, auth: Record<string, string>, me: number): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const s = connect(base, { path: SOCKET_PATH, auth, transports: ['websocket'], reconnection: false, forceNew: true });
    allSockets.add(s);
    s.on('message:new', (m: { msgId?: unknown; fromUserId?: unknown }) => onNew(me, m));
    s.once('connect', () => {
      s.on('disconnect', () => {
        if (!closing) disconnects++;
      });
      resolve(s);
    });
    s.once('connect_error', (err) => reject(new Error(`socket ${me} to ${base}: ${err.message}`)));
  });
}

/** Every person's socket to `base`, CONNECT_BATCH at a time. */
async function connectAll(base: string, authOf: (p: Person) => Record<string, string>): Promise<ClientSocket[]> {
  const out: ClientSocket[] = [];
  for (let i = 0; i < people.length; i += CONNECT_BATCH)
    out.push(...(await Promise.all(people.slice(i, i + CONNECT_BATCH).map((p, j) => connectOne(base, authOf(p), i + j)))));
  return out;
}

async function closeSockets(sockets: Iterable<ClientSocket>): Promise<void> {
  closing = true;
  for (const s of sockets) {
    s.close();
    allSockets.delete(s);
  }
  closing = false;
}

const filler = 'Owo chat bench message, the quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(TEXT / 60) + 1);

function send(t: Target, ph: Phase, slot: number, from: number, n: number, due = 0): void {
  const to = partnerOf(from);
  const msgId = `${ph.tag}.${from}.${n}`;
  const text = `${n} ${filler}`.slice(0, TEXT);
  const rec: Rec = { slot, from, to, t0: performance.now(), due, ok: null, at: 0, done: false };
  ph.recs.set(msgId, rec);
  ph.live.add(rec);
  t.sockets[from]!.timeout(ACK_MS).emit(
    'message:send',
    { msgId, toUserId: people[to]!.id, msgType: 'text', msgBody: { text } },
    (err: Error | null, reply?: Reply) => {
      rec.ok = !err && reply?.status === true;
      if (!rec.ok && !ph.firstError) ph.firstError = err ? err.message : reply && !reply.status ? `${reply.code}: ${reply.message}` : '?';
      if (!rec.ok || rec.at) settle(ph, rec);
    },
  );
}

type Outcome = Result & {
  mode: 'max' | 'paced';
  /** Messages in flight (max) or offered per second (paced). */
  level: number;
  target: 'chat' | 'bare';
  tag: string;
  sent: number;
  acked: number;
  lost: number;
  dups: number;
  strays: number;
  echoes: number;
  /** Paced: p99 of how late the bench's timer emitted, ms. */
  lagP99: number;
  /** The server's runs: messages stored under the run's ids (null for the bare relay). */
  stored: number | null;
  /** Sockets the server closed during the run. */
  disconnects: number;
  /** Each second of the run, by emit time: its start in seconds since the sockets connected, messages, p99 and max latency. */
  timeline: Second[];
};
/** `probe`: the slowest commit of the probe (paced runs) that started in that second, ms. */
type Second = { since: number; n: number; p99: number; max: number; probe: number };

let monitor: pg.Client;
let seqCounter = 0;

/**
 * One run against `t`: `mode` max keeps `level` messages in flight for `seconds`; paced emits
 * `level` messages a second for `seconds`. Then waits for every message to settle.
 */
async function run(t: Target, mode: 'max' | 'paced', level: number, seconds: number, record = true): Promise<Outcome> {
  const tag = `${mode === 'max' ? 'm' : 'p'}${++seqCounter}`;
  const n = people.length;
  let start = 0;
  let end = 0;
  let next = 0;
  let open = 0;
  let drained: () => void = () => undefined;
  const lags: number[] = [];
  const ph: Phase = {
    tag,
    recs: new Map(),
    live: new Set(),
    echoes: 0,
    strays: 0,
    dups: 0,
    firstError: '',
    settled: (rec) => {
      if (mode !== 'max') return;
      if (performance.now() < end) send(t, ph, rec.slot, rec.slot % n, next++);
      else if (--open === 0) drained();
    },
  };
  phase = ph;
  // Acknowledged but never delivered, or never answered at all: given up on after ACK_MS + 1 s.
  const sweeper = setInterval(() => {
    const now = performance.now();
    for (const rec of ph.live) if (now - rec.t0 > ACK_MS + 1000) settle(ph, rec);
  }, 250);
  const s0 = record ? await snapshot(monitor, DB) : null;
  const probe = mode === 'paced' && record ? commitProbe() : null;
  const dropped = disconnects;
  start = performance.now();
  end = start + seconds * 1000;
  if (mode === 'max') {
    const done = new Promise<void>((r) => (drained = r));
    open = level;
    for (let slot = 0; slot < level; slot++) send(t, ph, slot, slot % n, next++);
    await done;
  } else {
    const total = Math.round(level * seconds);
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - start) * level) / 1000) + 1);
        for (; next < due; next++) {
          const at = start + (next * 1000) / level;
          lags.push(now - at);
          send(t, ph, next, next % n, next, at);
        }
        if (next < total) setTimeout(tick, 1);
        else resolve();
      };
      tick();
    });
    while (ph.live.size > 0) await sleep(20);
  }
  const s1 = record ? await snapshot(monitor, DB) : null;
  const commits = probe ? await probe.stop() : [];
  await sleep(300); // late duplicates
  clearInterval(sweeper);
  phase = null;

  const recs = [...ph.recs.values()];
  const delivered = recs.filter((r) => r.at > 0);
  const inWindow = delivered.filter((r) => r.at <= end).length;
  const latencies = delivered.map((r) => r.at - r.t0).sort((a, b) => a - b);
  const acked = recs.filter((r) => r.ok === true).length;
  const failed = recs.filter((r) => r.ok !== true).length;
  const lost = recs.filter((r) => r.ok === true && r.at === 0).length;
  const buckets: number[][] = [];
  for (const r of delivered) (buckets[Math.floor((r.t0 - start) / 1000)] ??= []).push(r.at - r.t0);
  const timeline = [...buckets.entries()].map(([i, xs = []]) => {
    xs.sort((a, b) => a - b);
    const probeMax = Math.max(0, ...commits.filter((c) => Math.floor((c.t0 - start) / 1000) === i).map((c) => c.ms));
    return { since: (start - t.connectedAt) / 1000 + i, n: xs.length, p99: pct(xs, 99), max: xs[xs.length - 1] ?? 0, probe: probeMax };
  });
  let stored: number | null = null;
  if (t.name === 'chat') stored = await storedUnder(tag);
  const cpu: Cpu = s0 && s1 ? cpuBetween(s0, s1, t.root()) : { app: 0, postgres: 0, load: 0, others: 0, idle: 0 };
  if (ph.firstError) console.log(`  first failure in ${tag}: ${ph.firstError}`);
  return {
    ok: delivered.length,
    failed,
    elapsed: seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    case: t.name,
    concurrency: level,
    rps: inWindow / seconds,
    cpu,
    mode,
    level,
    target: t.name,
    tag,
    sent: recs.length,
    acked,
    lost,
    dups: ph.dups,
    strays: ph.strays,
    echoes: ph.echoes,
    lagP99: pct(
      lags.sort((a, b) => a - b),
      99,
    ),
    stored,
    disconnects: disconnects - dropped,
    timeline,
  };
}

let chatDb: pg.Client;
async function storedUnder(tag: string): Promise<number> {
  const r = await chatDb.query<{ n: string }>(`SELECT count(*) AS n FROM chat_messages WHERE client_msg_id LIKE $1`, [`${tag}.%`]);
  return Number(r.rows[0]!.n);
}

const timelineText = (xs: Second[]) =>
  xs.map((x) => `${x.since.toFixed(0)} s: ${x.n}, ${x.p99.toFixed(0)}/${x.max.toFixed(0)}, probe ${x.probe.toFixed(0)}`).join('; ');

/**
 * During a paced run: a one-row INSERT (autocommit: one round trip and a WAL flush) into a table of
 * the bench database every 50 ms on a connection of its own, timed. It shows whether PostgreSQL's
 * commits stall at the seconds the messages do.
 */
function commitProbe(): { stop: () => Promise<{ t0: number; ms: number }[]> } {
  const out: { t0: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    const c = new pg.Client({ connectionString: dbUrl(DB) });
    await c.connect();
    try {
      await c.query('CREATE TABLE IF NOT EXISTS bench_commit_probe (at timestamptz NOT NULL DEFAULT now())');
      while (running) {
        const t0 = performance.now();
        await c.query('INSERT INTO bench_commit_probe DEFAULT VALUES');
        out.push({ t0, ms: performance.now() - t0 });
        await sleep(50);
      }
    } finally {
      await c.end();
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return out;
    },
  };
}

const perMsg = (o: Outcome, secs: number) => (secs * 1000) / Math.max(1, o.ok);

/** A run went wrong: a message failed, lost or duplicated, the server's store differs from its acks, a socket dropped. */
function checkOutcome(o: Outcome): void {
  check(
    o.failed === 0 && o.lost === 0 && o.dups === 0 && o.ok > 0 && o.disconnects === 0 && (o.stored === null || o.stored === o.acked),
    `${o.target} ${o.mode} ${o.level}: ${o.sent} sent, ${o.acked} acked, ${o.failed} failed, ${o.lost} lost, ${o.dups} duplicated, ` +
      `${o.stored === null ? '' : `${o.stored} stored, `}${o.disconnects} sockets dropped`,
  );
}

function logOutcome(o: Outcome): void {
  console.log(
    `${o.target.padEnd(4)} ${o.mode.padEnd(5)} ${String(o.level).padStart(5)}: ${o.rps.toFixed(0).padStart(5)} delivered/s, p50 ${o.p50.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms; ` +
      `sent ${o.sent}, acked ${o.acked}, failed ${o.failed}, lost ${o.lost}, dup ${o.dups}, stray ${o.strays}, echoes ${o.echoes}` +
      `${o.stored === null ? '' : `, stored ${o.stored}`}${o.mode === 'paced' ? `, timer lag p99 ${o.lagP99.toFixed(1)} ms` : ''}${o.disconnects ? `, DISCONNECTED ${o.disconnects}` : ''}; ` +
      `CPU ms/msg: app ${perMsg(o, o.cpu.app).toFixed(3)}, postgres ${perMsg(o, o.cpu.postgres).toFixed(3)}, bench ${perMsg(o, o.cpu.load).toFixed(3)}, others ${perMsg(o, o.cpu.others).toFixed(3)}; idle ${(100 * o.cpu.idle).toFixed(0)}%`,
  );
  if (o.mode === 'paced') console.log(`  by second (s since the sockets connected: messages, p99/max ms): ${timelineText(o.timeline)}`);
}

// ---------------------------------------------------------------------------------------------

/** Checks after the runs: every conversation's messages numbered 1..last_seq without gaps. */
type Integrity = { conversations: number; messages: number; badSeq: number; lastSeqSum: number };
async function integrity(db: pg.Client): Promise<Integrity> {
  const r = await db.query<{ conversations: string; messages: string; bad: string; last: string }>(`SELECT
      (SELECT count(*) FROM chat_conversations) AS conversations,
      (SELECT count(*) FROM chat_messages) AS messages,
      (SELECT coalesce(sum(last_seq), 0) FROM chat_conversations) AS last,
      (SELECT count(*) FROM chat_conversations c WHERE c.last_seq <> (SELECT count(*) FROM chat_messages m WHERE m.conversation_id = c.id)
        OR c.last_seq <> coalesce((SELECT max(seq) FROM chat_messages m WHERE m.conversation_id = c.id), 0)) AS bad`);
  const x = r.rows[0]!;
  return { conversations: Number(x.conversations), messages: Number(x.messages), badSeq: Number(x.bad), lastSeqSum: Number(x.last) };
}

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
  // The server the bench starts keys its session hashes with this secret, so sessions can be written by SQL.
  const secret = process.env.APP_SECRET ?? randomBytes(32).toString('hex');
  process.env.APP_SECRET = secret;
  monitor = new pg.Client({ connectionString: ADMIN_URL });
  await monitor.connect();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-chat-'));
  const dataDir = path.join(tmp, 'data');
  const call = jsonClient(BASE);
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  chatDb = new pg.Client({ connectionString: dbUrl(DB) });
  const results: Outcome[] = [];
  let prof: Profiled | undefined;
  let group: GroupOutcome | undefined;
  let checks: Integrity | undefined;
  let half: number;
  let setupMs: number;
  const pgInfo = await monitor.query<{ v: string; sc: string }>(
    `SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sc`,
  );
  const pgSays = `PostgreSQL ${pgInfo.rows[0]!.v.split(' ')[0]} (synchronous_commit ${pgInfo.rows[0]!.sc})`;
  try {
    // The server migrates the new database as it starts.
    server = await startServer(dbUrl(DB), PORT, dataDir);
    await chatDb.connect();
    const t0 = Date.now();
    const real = await signedUpUser(call, {
      phone: '08031234567',
      email: 'chat-signup@owo.test',
      firstName: 'Chat',
      lastName: 'Signup',
      pin: '2580',
    });
    const hash = await chatDb.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [real.id]);
    people = [{ id: real.id, token: real.token }, ...(await seedPeople(chatDb, secret, hash.rows[0]!.password_hash, 2 * PAIRS - 1))];
    setupMs = Date.now() - t0;
    console.log(`${people.length} people with sessions in ${(setupMs / 1000).toFixed(1)} s (one signup through the API, the rest by SQL)`);

    bare = await startBare(fileURLToPath(import.meta.url), 'CHAT_ROLE', dbUrl(DB), BARE_PORT);
    const bareRoot = bare.pid!;
    let tc = Date.now();
    const chatSockets = await connectAll(BASE, (p) => ({ token: p.token }));
    const chatConnected = performance.now();
    console.log(`${chatSockets.length} sockets connected to the server in ${((Date.now() - tc) / 1000).toFixed(1)} s`);
    tc = Date.now();
    const bareSockets = await connectAll(BARE_BASE, (p) => ({ id: p.id }));
    const bareConnected = performance.now();
    console.log(`${bareSockets.length} sockets connected to the bare relay in ${((Date.now() - tc) / 1000).toFixed(1)} s`);
    const chat: Target = {
      name: 'chat',
      label: 'the server: message:send, stored',
      base: BASE,
      sockets: chatSockets,
      connectedAt: chatConnected,
      root: () => server!.pid!,
    };
    const bareT: Target = {
      name: 'bare',
      label: 'bare Socket.IO relay',
      base: BARE_BASE,
      sockets: bareSockets,
      connectedAt: bareConnected,
      root: () => bareRoot,
    };

    const top = Math.max(...LEVELS);
    if (WARMUP > 0) {
      for (const t of [bareT, chat]) {
        const w = await run(t, 'max', top, WARMUP, false);
        console.log(`warm-up ${t.name}: ${w.rps.toFixed(0)} delivered/s (not recorded)`);
      }
    }
    for (const level of LEVELS) {
      for (const t of [bareT, chat, bareT]) {
        const o = await run(t, 'max', level, SECONDS);
        results.push(o);
        logOutcome(o);
        checkOutcome(o);
      }
    }
    const best = Math.max(...results.filter((r) => r.target === 'chat').map((r) => r.rps));
    half = Math.max(1, Math.round(best / 2));
    for (const t of [chat, bareT]) {
      const o = await run(t, 'paced', half, SECONDS);
      results.push(o);
      logOutcome(o);
      checkOutcome(o);
    }
    await closeSockets(bareSockets);
    await stop(bare);
    bare = undefined;
    if (GROUP_SIZE > 0) {
      group = await groupRun({
        db: chatDb,
        monitor,
        dbName: DB,
        base: BASE,
        path: SOCKET_PATH,
        serverPid: server.pid!,
        people,
        size: GROUP_SIZE,
        rate: GROUP_RATE,
        seconds: SECONDS,
      });
      console.log(JSON.stringify(group));
      check(
        group.acked === group.sent && group.stored === group.acked && group.deliveries === group.expected,
        `the group run: ${group.sent} sent, ${group.acked} acked, ${group.stored} stored, ${group.deliveries} of ${group.expected} deliveries`,
      );
    }

    if (PROFILE) {
      // A fresh server with --cpu-prof, the people connected again, at the highest level.
      await closeSockets(chatSockets);
      await stop(server);
      let profSockets: ClientSocket[] = [];
      const profTarget: Target = { ...chat, sockets: profSockets };
      prof = await profileCase(
        async (flags) => (server = await startServer(dbUrl(DB), PORT, dataDir, flags)),
        path.join(tmp, 'prof'),
        async () => {
          profSockets = await connectAll(BASE, (p) => ({ token: p.token }));
          profTarget.sockets = profSockets;
          profTarget.connectedAt = performance.now();
          await run(profTarget, 'max', top, WARMUP, false);
        },
        () => run(profTarget, 'max', top, SECONDS),
      );
      logOutcome(prof.run as Outcome);
      checkOutcome(prof.run as Outcome);
      await closeSockets(profSockets);
    }
    checks = await integrity(chatDb);
    console.log(JSON.stringify(checks));
    check(checks.badSeq === 0, `${checks.badSeq} conversations whose seq has gaps`);
  } finally {
    await closeSockets([...allSockets]);
    call.close();
    if (bare) await stop(bare);
    if (server) await stop(server);
    await chatDb.end().catch(() => undefined);
    await monitor.end();
    if (process.env.CHAT_KEEP !== '1') await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    rmSync(tmp, { recursive: true, force: true });
  }
  const md = report(results, half, checks, prof, setupMs, pgSays) + groupReport(group);
  if (process.env.CHAT_WRITE !== '0') writeSection('chat', md);
  console.log(md);
  exitOnProblems();
}

// ---------------------------------------------------------------------------------------------

function report(
  results: Outcome[],
  half: number,
  checks: Integrity | undefined,
  prof: Profiled | undefined,
  setupMs: number,
  pgSays: string,
): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const ms = (o: Outcome, secs: number) => perMsg(o, secs).toFixed(3);
  const bareAt = (level: number) =>
    mean(results.filter((r) => r.target === 'bare' && r.mode === 'max' && r.level === level).map((r) => r.rps));
  const row = (o: Outcome) =>
    `| ${o.target === 'chat' ? 'server (stored)' : 'bare relay'} | ${o.mode === 'max' ? `max, ${o.level} in flight` : `paced, ${o.level}/s offered`} | ${people.length} | ${f0(o.rps)} | ${f1(o.p50)} | ${f1(o.p99)} | ${o.lost} | ${o.dups} | ${o.failed} | ${o.stored === null ? 'n/a' : `${o.stored} = ${o.acked}: ${o.stored === o.acked ? 'yes' : '**no**'}`} | ${o.target === 'chat' && o.mode === 'max' ? `${f1((100 * o.rps) / Math.max(1e-9, bareAt(o.level)))}%` : ''} | ${ms(o, o.cpu.app)} | ${ms(o, o.cpu.postgres)} | ${ms(o, o.cpu.load)} | ${ms(o, o.cpu.others)} | ${f0(100 * o.cpu.idle)}% |`;
  const chatMax = results.filter((r) => r.target === 'chat' && r.mode === 'max');
  const bareMax = results.filter((r) => r.target === 'bare' && r.mode === 'max');
  const bestChat = chatMax.reduce((a, b) => (b.rps > a.rps ? b : a));
  const bestBareLevel = [...new Set(bareMax.map((r) => r.level))].reduce((a, b) => (bareAt(b) > bareAt(a) ? b : a));
  const bestBare = bareAt(bestBareLevel);
  const ratio = bestChat.rps / Math.max(1e-9, bestBare);
  const pacedChat = results.find((r) => r.target === 'chat' && r.mode === 'paced');
  const pacedBare = results.find((r) => r.target === 'bare' && r.mode === 'paced');
  const allStored = results.filter((r) => r.target === 'chat').every((r) => r.stored === r.acked);
  const lostAll = results.reduce((a, r) => a + r.lost + r.dups, 0);
  const rateMet = ratio >= 0.2;
  const p99Met = !!pacedChat && pacedChat.p99 <= 50;
  const appMs = perMsg(bestChat, bestChat.cpu.app);
  const pgMs = perMsg(bestChat, bestChat.cpu.postgres);
  const loadMs = perMsg(bestChat, bestChat.cpu.load);
  const bestBareRun = bareMax.filter((r) => r.level === bestBareLevel).reduce((a, b) => (b.rps > a.rps ? b : a));
  const cores = os.cpus().length;
  const median = (xs: number[]) =>
    pct(
      [...xs].sort((x, y) => x - y),
      50,
    );
  let pacedMd = '';
  if (pacedChat) {
    const tl = pacedChat.timeline;
    const slow = tl.filter((x) => x.p99 > 50);
    const fast = tl.filter((x) => x.p99 <= 50);
    pacedMd = `- At half rate, second by second (by emit time), the server's p99 passed 50 ms in ${slow.length} of ${tl.length} seconds${slow.length ? ` (their slowest messages ${slow.map((x) => f0(x.max)).join(', ')} ms)` : ''}. A probe on its own connection, a one-row INSERT (one round trip and a WAL flush) every 50 ms, had its slowest commit at a median of ${f1(median(slow.map((x) => x.probe)))} ms in those seconds${fast.length ? ` against ${f1(median(fast.map((x) => x.probe)))} ms in the others` : ''}${pacedBare ? `; in the bare relay's paced run, ${f1(median(pacedBare.timeline.map((x) => x.probe)))} ms` : ''}.

<details><summary>The paced runs by second: seconds since the sockets connected: messages, p99 / max ms, the probe's slowest commit ms</summary>

server: ${timelineText(tl)}

${pacedBare ? `bare relay: ${timelineText(pacedBare.timeline)}` : ''}
</details>
`;
  }

  let profMd = '';
  if (prof) {
    const r = prof.run as Outcome;
    profMd = `## Profile: the server at ${r.level} messages in flight

A fresh server started with \`--cpu-prof\` (the sockets connected again, ${WARMUP} s of warm-up): ${f0(r.rps)} delivered/s,
p50 ${f1(r.p50)} ms, p99 ${f1(r.p99)} ms, stored ${r.stored} = acked ${r.acked}. CPU per message from /proc: server ${ms(r, r.cpu.app)} ms,
PostgreSQL ${ms(r, r.cpu.postgres)} ms, the bench ${ms(r, r.cpu.load)} ms. Profile: ${prof.note}.

${prof.summary ? profileTables(prof.summary, { packages: 12, layers: 10, functions: 20 }) : ''}`;
  }

  return `# Benchmark: chat over Socket.IO, stored, against a bare Socket.IO relay

Recorded by \`bench/chat.ts\` on ${new Date().toISOString().slice(0, 10)}: ${cores} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version},
one server process (${process.env.REDIS_URL ? 'with the Redis adapter' : 'no Redis adapter'}) with ${POOL} database connections (\`DATABASE_POOL_SIZE\`), ${pgSays}
on the same machine, and the load generator (socket.io-client, all
${people.length} sockets in the bench's process) on the same machine too: all share the ${cores} cores, and the machine was
shared with other work (the "others" column).

${PAIRS} pairs of people, ${people.length} sockets (websocket transport), each person sending to the other of their pair:
\`message:send\` \`{msgId, toUserId, msgType: 'text', msgBody: {text}}\` of ${TEXT} characters with an ack (10 s timeout). The
server checks the session, validates, stores the message in the pair's conversation (the conversation's upsert taking
its row lock and the next seq, the message row, the sender's marks: one statement) and emits \`message:new\` to both people's rooms. The
yardstick is a bare Socket.IO relay (a separate process, no auth, no storage) that emits the same \`message:new\` to the
same two rooms and acks. Latency: from the emit to the other person's \`message:new\`, both in this process. "max" keeps
N messages in flight (each sent again as soon as the last is delivered and acked) for ${SECONDS} s, the bare relay before and
after the server at each level (the ratio is to the mean of the two); "paced" emits at a fixed rate, half the server's
best "max" rate, the people in turn (the bench's timer was late by at most ${f1(Math.max(pacedChat?.lagP99 ?? 0, pacedBare?.lagP99 ?? 0))} ms at p99).
Each server got ${WARMUP} s at the highest level first, not recorded. ${people.length} people were ready in ${f1(setupMs / 1000)} s: one signed up
through the API, the rest inserted by SQL with its password hash and a session each, written as the server writes one.

| case | mode | sockets | delivered/s | p50 ms | p99 ms | lost | duplicated | failed | stored = acked | ratio to bare | CPU ms/msg: app | PostgreSQL | bench | others | machine idle |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${results.map(row).join('\n')}

"lost": acknowledged but never delivered to the other person; "failed": no ack within 10 s or a failed ack; "stored":
the rows in \`chat_messages\` with the run's msgIds. After all runs: ${checks ? `${checks.messages} messages in ${checks.conversations} conversations, ${checks.badSeq === 0 ? 'every conversation numbered 1..last_seq without gaps' : `**${checks.badSeq} conversations whose seq has gaps**`}` : 'not checked'}; sockets closed by a server during the runs: ${results.reduce((n, r) => n + r.disconnects, 0)}.

## The aims

- Rate: the server's best, ${f0(bestChat.rps)} delivered/s (${bestChat.level} in flight), is **${f1(100 * ratio)}%** of the bare relay's best, ${f0(bestBare)} delivered/s (${bestBareLevel} in flight); aim at least 20%: **${rateMet ? 'met' : 'not met'}**${allStored ? ', with every acknowledged message stored' : ', **but not every acknowledged message was stored**'}${lostAll ? ` (${lostAll} deliveries lost or duplicated)` : ', none lost or duplicated'}.
- Latency at half that rate: ${pacedChat ? `${half} messages/s offered, p50 ${f1(pacedChat.p50)} ms, p99 **${f1(pacedChat.p99)} ms**; aim at most 50 ms: **${p99Met ? 'met' : 'not met'}**` : 'not measured'}${pacedBare ? ` (the bare relay at the same rate: p50 ${f1(pacedBare.p50)} ms, p99 ${f1(pacedBare.p99)} ms)` : ''}.

## Where the time goes

- CPU per message at the server's best rate: the server ${appMs.toFixed(2)} ms, PostgreSQL ${pgMs.toFixed(2)} ms, the bench's own sockets ${loadMs.toFixed(2)} ms
  (the bare relay at its best: ${perMsg(bestBareRun, bestBareRun.cpu.app).toFixed(2)} ms in the relay, ${perMsg(bestBareRun, bestBareRun.cpu.load).toFixed(2)} ms in the bench). With ${cores} cores for all of them,
  ${(appMs + pgMs + loadMs).toFixed(2)} ms a message allows about ${f0((1000 * cores) / (appMs + pgMs + loadMs))} messages/s.
- Per message, by the code (\`socket.ts\` and \`chat.service.ts\`): the session from the process's memory (read again every 30 s per
  socket), the zod check, one statement for the recipient (\`usersByIds\`), then one statement with the conversation's
  INSERT … ON CONFLICT DO UPDATE (its lock and the next seq), the message's INSERT and the marks' upsert, committed on its own
  (a WAL flush): 2 round trips to PostgreSQL on one of the pool's ${POOL} connections (9 before, as a transaction of seven
  statements: 400 messages/s in the first recording, on a busier machine); then two socket writes
  (\`message:new\` to both rooms) and the ack.
${pacedMd}${
    prof?.summary
      ? `- In the server (profile below), by the layer that asked for the time: ${prof.summary.byCaller
          .slice(0, 6)
          .map(([k, v]) => `${k} ${((100 * v) / prof.summary!.busyMs).toFixed(0)}%`)
          .join(', ')}.`
      : ''
  }

${profMd}
`;
}

if (process.env.CHAT_ROLE === 'bare') await bareRelay();
else await main();
