/**
 * The everyday reads against a bare yardstick, on PostgreSQL, in one run: balances, a history page,
 * your own profile and people search through the real server, and a bare Fastify + pg server that
 * answers one primary-key read, at the same concurrency levels. Then a CPU profile of the server
 * during balances at the highest level, summarised by function and by package, with PostgreSQL's
 * share of the CPU. Writes the `reads` section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run reads -w @owo/bench
 *
 * Settings: READS_LEVELS (default 1,16,64), READS_SECONDS per case and level (default 10),
 * READS_USERS (default 40), READS_PORT (default 3410; the bare server uses the next port),
 * READS_WARMUP seconds per case before the first level, unrecorded (default 3), READS_CLIENT=node
 * (node:http even when wrk is installed), READS_PROFILE=0 (skip the profile), READS_CPU_PROF=dir
 * (keep the .cpuprofile there; default a temporary directory), READS_WRITE=0 (print, leave
 * RESULTS.md alone), READS_KEEP=1 (keep the database owo_reads afterwards). DATABASE_POOL_SIZE
 * passes through to the server (the bare server uses the same size).
 *
 * The same file, run with READS_ROLE=bare, is the bare server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { admin as adminSql, benchServerEnv, dbUrl as dbUrlOf, GOOD_CARD, jsonClient, signedUpUser, type BenchUser } from './lib.js';
import { writeSection } from './results.js';

const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);

/** The yardstick: Fastify answering GET /bare?id= with one users row read by primary key, as JSON. */
async function bareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: process.env.READS_DB_URL, max: POOL });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { id?: string } }>('/bare', async (req, reply) => {
    const r = await pool.query('SELECT id, first_name, last_name, nick_name, phone_number, created_at FROM users WHERE id = $1', [
      req.query.id,
    ]);
    if (!r.rows[0]) return reply.status(404).send({ status: false, message: 'not found' });
    return { status: true, message: 'User', data: r.rows[0] as unknown };
  });
  const stop = async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  await app.listen({ port: Number(process.env.READS_BARE_PORT), host: '127.0.0.1' });
}

const ADMIN_URL = process.env.DATABASE_URL ?? '';
const LEVELS = (process.env.READS_LEVELS ?? '1,16,64').split(',').map(Number);
const SECONDS = Number(process.env.READS_SECONDS ?? 10);
const USERS = Number(process.env.READS_USERS ?? 40);
const PORT = Number(process.env.READS_PORT ?? 3410);
const BARE_PORT = PORT + 1;
const WARMUP = Number(process.env.READS_WARMUP ?? 3);
const BASE = `http://127.0.0.1:${PORT}`;
const PIN = '2580';
const DB = 'owo_reads';
const FUNDINGS = 3;
const SENDS = 9;
const WRK = process.env.READS_CLIENT !== 'node' && spawnSync('wrk', ['--version']).error === undefined;
const FIRST = [
  'Adebayo',
  'Chinedu',
  'Emeka',
  'Fatima',
  'Ngozi',
  'Oluwaseun',
  'Tunde',
  'Yetunde',
  'Ibrahim',
  'Aisha',
  'Kelechi',
  'Funmilayo',
];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Nwosu', 'Okonkwo', 'Abubakar'];
/** Three-letter searches, each matching some of the seeded people. */
const QUERIES = ['ade', 'chi', 'eme', 'fat', 'ngo', 'olu', 'tun', 'bel', 'eze', 'bal', 'nwo', 'oko'];

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
const admin = (sql: string, url = ADMIN_URL) => adminSql(sql, url);
const call = jsonClient(BASE);

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  process.kill(-child.pid!, 'SIGTERM');
  throw new Error(`${url} did not answer`);
}

function startServer(profileDir?: string): Promise<ChildProcess> {
  const nodeFlags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn('npx', ['tsx', ...nodeFlags, 'src/main.ts'], {
    cwd: new URL('../apps/server/', import.meta.url),
    env: benchServerEnv(dbUrl(DB), PORT, os.tmpdir() + '/owo-reads'),
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return waitFor(`${BASE}/api/health`, child).then(() => child);
}

function startBare(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, READS_ROLE: 'bare', READS_DB_URL: dbUrl(DB), READS_BARE_PORT: String(BARE_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return waitFor(`http://127.0.0.1:${BARE_PORT}/bare?id=00000000-0000-0000-0000-000000000000`, child).then(() => child);
}

/** The processes under `root` (npx, sh, tsx, node), from /proc. */
function treeOf(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  for (const pid of parent.keys())
    for (let p: number | undefined = pid, n = 0; p && n < 32; p = parent.get(p), n++) if (p === root) out.push(pid);
  return out;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a server: SIGTERM to its innermost process only (the node running it), then the rest of
 * its group. Signalling the whole group at once lets tsx relay a second SIGTERM to the node process,
 * which then dies at once, before --cpu-prof has written its profile.
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const tree = treeOf(child.pid!);
  const leaves = tree.filter((pid) => !tree.some((q) => q !== pid && treeOf(pid).includes(q)));
  for (const pid of leaves) process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 150 && leaves.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  const exited = new Promise((r) => child.once('exit', r));
  if (child.exitCode === null) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* gone meanwhile */
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  }
}

type User = BenchUser;
async function makeUser(i: number): Promise<User> {
  const phone = `0803${String(8_000_000 + i).padStart(7, '0')}`;
  const person = { phone, email: `reads${i}@owo.test`, firstName: FIRST[i % FIRST.length]!, lastName: LAST[i % LAST.length]!, pin: PIN };
  const { auth, ...user } = await signedUpUser(call, person);
  for (let k = 0; k < FUNDINGS; k++) {
    const f = await call('POST', '/api/wallet/fund/card', { amount: 10_000_000 + k, card: GOOD_CARD }, auth);
    if (f.code !== 200) throw new Error(`fund: ${f.json.message}`);
  }
  return user;
}

/** Each user pays the next SENDS users once: SENDS debits and SENDS credits each, plus the fundings. */
async function seedPayments(users: User[]): Promise<void> {
  const sends = Math.min(SENDS, users.length - 1);
  const jobs = users.flatMap((from, i) => Array.from({ length: sends }, (_, k) => ({ from, to: users[(i + k + 1) % users.length]!, k })));
  // The first payment of each user first (its PIN check is an argon2 hash), then the rest.
  jobs.sort((a, b) => a.k - b.k);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) {
        const j = jobs[next++]!;
        const auth = { authorization: `Bearer ${j.from.token}` };
        const r = await call(
          'POST',
          '/api/transaction/api/v1/initiate',
          { type: 'sendMoney', recipientId: j.to.id, amount: 100 + j.k },
          auth,
        );
        if (r.code !== 200) throw new Error(`initiate: ${r.json.message}`);
        const c = await call(
          'POST',
          '/api/transaction/api/v1/complete',
          { reference: String(r.json.data.reference) },
          { ...auth, transactionPin: PIN },
        );
        if (c.code !== 200) throw new Error(`complete: ${c.json.message}`);
      }
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux): the app process tree (server or bare), the PostgreSQL
// backends connected to the bench database, the load generator (this process and its finished
// children, i.e. wrk), and the whole machine, where other people's work shows as "others".

type Snap = {
  load: number;
  procs: Map<string, { ppid: string; secs: number; postgres: boolean }>;
  pgPids: Set<string>;
  all: number;
  idle: number;
};
let monitor: pg.Client;

async function snapshot(): Promise<Snap> {
  const snap: Snap = { load: 0, procs: new Map(), pgPids: new Set(), all: 0, idle: 0 };
  const r = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [DB]);
  for (const row of r.rows) snap.pgPids.add(String(row.pid));
  try {
    const stat = readFileSync('/proc/stat', 'utf8');
    const cpu = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    snap.all = cpu.reduce((a, b) => a + b, 0) / 100;
    snap.idle = (cpu[3]! + cpu[4]!) / 100;
    const self = readFileSync('/proc/self/stat', 'utf8');
    const f = self.slice(self.lastIndexOf(')') + 2).split(' ');
    snap.load = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return snap; // not Linux
  }
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const postgres = stat.includes('(postgres)');
      snap.procs.set(pid, { ppid: f[1]!, secs: (Number(f[11]) + Number(f[12])) / 100, postgres });
    } catch {
      /* gone */
    }
  }
  return snap;
}

function inTree(procs: Snap['procs'], pid: string, root: number): boolean {
  for (let p: string | undefined = pid, n = 0; p && n < 32; p = procs.get(p)?.ppid, n++) if (p === String(root)) return true;
  return false;
}

type Cpu = { app: number; postgres: number; load: number; others: number; idle: number };
/** CPU seconds between two snapshots: the app tree under `root`, the bench database's backends, the load generator, everything else. */
function cpuBetween(a: Snap, b: Snap, root: number): Cpu {
  let app = 0;
  let postgres = 0;
  for (const [pid, p] of b.procs) {
    const d = p.secs - (a.procs.get(pid)?.secs ?? 0);
    if (inTree(b.procs, pid, root)) app += d;
    else if (p.postgres && (b.pgPids.has(pid) || a.pgPids.has(pid))) postgres += d;
  }
  const all = b.all - a.all;
  const idle = b.idle - a.idle;
  const load = b.load - a.load;
  return { app, postgres, load, others: Math.max(0, all - idle - app - postgres - load), idle: idle / Math.max(1e-9, all) };
}

// ---------------------------------------------------------------------------------------------
// Load: wrk with a Lua script fed one request file per case (a random line per request), or node:http.

type Req = { method: string; path: string; token: string; body?: string };
type Run = { ok: number; failed: number; elapsed: number; p50: number; p99: number };

const LUA = `-- written by bench/reads.ts: sends a random request of READS_REQS per call and counts answers.
local reqs = {}
local threads = {}
function setup(thread) threads[#threads + 1] = thread end
-- Formatted in init, once wrk has set the Host header.
function init(args)
  for line in io.lines(os.getenv("READS_REQS")) do
    local method, path, token, body = line:match("^(%S+)\\t(%S+)\\t(%S+)\\t(.*)$")
    local headers = { ["Authorization"] = "Bearer " .. token }
    if body == "" then body = nil else headers["Content-Type"] = "application/json" end
    reqs[#reqs + 1] = wrk.format(method, path, headers, body)
  end
  math.randomseed(os.time() + #reqs)
  ok, failed = 0, 0
end
function request() return reqs[math.random(#reqs)] end
function response(status, headers, body)
  if status == 200 then ok = ok + 1 else
    failed = failed + 1
    if failed == 1 then io.stderr:write("first failure: " .. status .. " " .. string.sub(body or "", 1, 200) .. "\\n") end
  end
end
function done(summary, latency, requests)
  local o, f = 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); f = f + t:get("failed") end
  local e = summary.errors
  io.write(string.format('BENCH {"ok":%d,"failed":%d,"socket":%d,"durationUs":%d,"p50us":%d,"p99us":%d}\\n',
    o, f, e.connect + e.read + e.write + e.timeout, summary.duration, latency:percentile(50), latency:percentile(99)))
end
`;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-reads-'));
const luaFile = path.join(tmp, 'reads.lua');

async function runWrk(base: string, reqs: Req[], concurrency: number, seconds: number): Promise<Run> {
  const file = path.join(tmp, 'reqs.txt');
  writeFileSync(file, reqs.map((r) => `${r.method}\t${r.path}\t${r.token}\t${r.body ?? ''}`).join('\n') + '\n');
  const args = ['-t', '1', '-c', String(concurrency), '-d', `${seconds}s`, '--timeout', '10s', '-s', luaFile, base];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, READS_REQS: file }, stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
  });
  const line = /BENCH (\{.*\})/.exec(out)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line) as { ok: number; failed: number; socket: number; durationUs: number; p50us: number; p99us: number };
  return { ok: r.ok, failed: r.failed + r.socket, elapsed: r.durationUs / 1e6, p50: r.p50us / 1000, p99: r.p99us / 1000 };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function runNode(base: string, reqs: Req[], concurrency: number, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let failed = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const r = reqs[Math.floor(Math.random() * reqs.length)]!;
        const t0 = performance.now();
        const res = await call(r.method, `${base}${r.path}`, r.body === undefined ? undefined : (JSON.parse(r.body) as unknown), {
          authorization: `Bearer ${r.token}`,
        }).catch(() => ({ code: 0 }));
        latencies.push(performance.now() - t0);
        if (res.code !== 200) failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length - failed,
    failed,
    elapsed: (Date.now() - started) / 1000,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
  };
}

type Case = { name: string; label: string; base: string; reqs: Req[]; root: () => number };
type Result = Run & { case: string; concurrency: number; rps: number; cpu: Cpu };

async function measure(c: Case, concurrency: number, seconds = SECONDS): Promise<Result> {
  const s0 = await snapshot();
  const r = WRK ? await runWrk(c.base, c.reqs, concurrency, seconds) : await runNode(c.base, c.reqs, concurrency, seconds);
  const cpu = cpuBetween(s0, await snapshot(), c.root());
  return { ...r, case: c.name, concurrency, rps: r.ok / r.elapsed, cpu };
}

const perReq = (r: Result, secs: number) => (secs * 1000) / Math.max(1, r.ok + r.failed);
function log(r: Result) {
  console.log(
    `${r.case.padEnd(8)} c=${String(r.concurrency).padStart(2)}: ${r.rps.toFixed(0).padStart(5)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failed ${r.failed}; ` +
      `CPU ms/req: app ${perReq(r, r.cpu.app).toFixed(3)}, postgres ${perReq(r, r.cpu.postgres).toFixed(3)}, wrk ${perReq(r, r.cpu.load).toFixed(3)}, others ${perReq(r, r.cpu.others).toFixed(3)}; idle ${(100 * r.cpu.idle).toFixed(0)}%`,
  );
}

// ---------------------------------------------------------------------------------------------
// The CPU profile: self time by function and by package, for samples inside the measured window.

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

function packageOf(fn: string, url: string): string {
  if (fn === '(garbage collector)') return '(garbage collector)';
  if (fn === '(program)') return '(program: V8/native, unattributed)';
  if (fn === '(idle)') return '(idle)';
  if (!url) return '(V8 builtins/native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) {
    const m = url
      .slice(5)
      .replace(/^internal\//, '')
      .split('/')[0]!
      .replace(/\.js$/, '')
      .replace(/^_/, '');
    return `node:${m.replace(/_.*$/, '')}`;
  }
  const src = url.indexOf('/apps/server/src/');
  if (src >= 0)
    return `@owo/server ${
      url
        .slice(src + 17)
        .split('/')
        .slice(0, -1)
        .join('/') || '.'
    }`;
  if (url.includes('/packages/contracts/')) return '@owo/contracts';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

function shortUrl(url: string): string {
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + 14);
  const src = url.indexOf('/apps/server/src/');
  if (src >= 0) return `server/${url.slice(src + 17)}`;
  return url.replace(/^file:\/\//, '');
}

type ProfileSummary = {
  samples: number;
  windowMs: number;
  busyMs: number;
  byPackage: [string, number][];
  /** Self time with Node's internals, V8 builtins and native code charged to the nearest caller in a package or in the server's code. */
  byCaller: [string, number][];
  byFunction: [string, number][];
  file: string;
};

const isLayer = (where: string) => !where.startsWith('(') && !where.startsWith('node:');

/** Sums the self time of samples between `from` and `to` (microseconds on the monotonic clock V8 uses) by package and by function. */
function summarise(file: string, from: number, to: number): ProfileSummary {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (n: ProfileNode) => packageOf(n.callFrame.functionName, n.callFrame.url);
  /** The nearest frame, this one or a caller, in a package or the server's code. */
  const owner = (id: number): string => {
    for (let i: number | undefined = id; i !== undefined; i = parent.get(i)) {
      const w = where(byId.get(i)!);
      if (isLayer(w)) return w;
    }
    return where(byId.get(id)!);
  };
  const pkg = new Map<string, number>();
  const caller = new Map<string, number>();
  const fns = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let t = p.startTime;
  let samples = 0;
  let busy = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000; // ms until the next sample
    const n = byId.get(p.samples[i]!)!;
    const { functionName, url, lineNumber } = n.callFrame;
    const w = where(n);
    samples++;
    if (w === '(idle)') continue;
    busy += dt;
    add(pkg, w, dt);
    const o = owner(n.id);
    add(caller, o, dt);
    const key = url
      ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`
      : `${functionName || '(anonymous)'}${isLayer(o) ? ` (called from ${o})` : ''}`;
    add(fns, key, dt);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return {
    samples,
    windowMs: (to - from) / 1000,
    busyMs: busy,
    byPackage: sorted(pkg),
    byCaller: sorted(caller),
    byFunction: sorted(fns),
    file,
  };
}

/** The monotonic clock in microseconds: the clock V8's profiler stamps its samples with. */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

// ---------------------------------------------------------------------------------------------

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
  writeFileSync(luaFile, LUA);
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB}`);
  monitor = new pg.Client({ connectionString: ADMIN_URL });
  await monitor.connect();
  let server = await startServer();
  let bare: ChildProcess | undefined;
  const results: Result[] = [];
  let prof: { run: Result; summary: ProfileSummary | null; note: string } | undefined;
  try {
    const t0 = Date.now();
    const users: User[] = [];
    for (let i = 0; i < USERS; i += 8)
      users.push(...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, k) => makeUser(i + k)))));
    await seedPayments(users);
    await admin('VACUUM (ANALYZE)', dbUrl(DB));
    const sample = await call(
      'POST',
      '/api/transaction/api/v1/transactions',
      { page: 1, limit: 20 },
      { authorization: `Bearer ${users[0]!.token}` },
    );
    const search = await call('GET', '/api/user/users/filter?query=ade', undefined, { authorization: `Bearer ${users[0]!.token}` });
    console.log(
      `${users.length} users seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s; a history page has ${sample.json.data.length} rows of ${sample.json.pagination?.total}; ` +
        `"ade" finds ${search.json.pagination?.total} people`,
    );
    if (sample.json.data.length !== 20) throw new Error('a history page should have 20 rows');
    bare = await startBare();
    const bareRoot = bare.pid!;
    const serverRoot = () => server.pid!;
    const auth = (u: User) => u.token;
    const cases: Case[] = [
      {
        name: 'bare',
        label: 'bare read (Fastify + pg, one row by primary key)',
        base: `http://127.0.0.1:${BARE_PORT}`,
        reqs: users.map((u) => ({ method: 'GET', path: `/bare?id=${u.id}`, token: auth(u) })),
        root: () => bareRoot,
      },
      {
        name: 'balances',
        label: 'balances: GET /api/wallet/wallet-balances',
        base: BASE,
        reqs: users.map((u) => ({ method: 'GET', path: '/api/wallet/wallet-balances', token: auth(u) })),
        root: serverRoot,
      },
      {
        name: 'history',
        label: 'history page: POST /api/transaction/api/v1/transactions {"page":1,"limit":20}',
        base: BASE,
        reqs: users.map((u) => ({
          method: 'POST',
          path: '/api/transaction/api/v1/transactions',
          token: auth(u),
          body: '{"page":1,"limit":20}',
        })),
        root: serverRoot,
      },
      {
        name: 'profile',
        label: 'own profile: GET /api/user/users/{own id}',
        base: BASE,
        reqs: users.map((u) => ({ method: 'GET', path: `/api/user/users/${u.id}`, token: auth(u) })),
        root: serverRoot,
      },
      {
        name: 'search',
        label: 'people search: GET /api/user/users/filter?query={3 letters}',
        base: BASE,
        reqs: users.flatMap((u) => QUERIES.map((q) => ({ method: 'GET', path: `/api/user/users/filter?query=${q}`, token: auth(u) }))),
        root: serverRoot,
      },
    ];
    const [bareCase, ...real] = cases as [Case, ...Case[]];
    // Every case answers 200 before any is timed.
    for (const c of cases) {
      const r = c.reqs[0]!;
      const res = await call(r.method, `${c.base}${r.path}`, r.body === undefined ? undefined : (JSON.parse(r.body) as unknown), {
        authorization: `Bearer ${r.token}`,
      });
      if (res.code !== 200) throw new Error(`${c.name}: ${res.code} ${res.json.message}`);
    }
    if (WARMUP > 0) for (const c of cases) await measure(c, 16, WARMUP);
    console.log(`warm-up done (${WARMUP} s per case at concurrency 16, not recorded); load generator: ${WRK ? 'wrk' : 'node:http'}`);
    // Per level: the bare read before and after the four real cases, so the yardstick is sampled
    // either side of them on a machine whose speed drifts; ratios are to the mean of the two.
    for (const level of LEVELS) {
      for (const c of [bareCase, ...real, bareCase]) {
        const r = await measure(c, level);
        results.push(r);
        log(r);
      }
    }
    // The profile: a fresh server with --cpu-prof, balances at the highest level; only the samples
    // taken while wrk ran are summarised (start-up, seeding and the warm-up are left out).
    if (process.env.READS_PROFILE !== '0') {
      const top = Math.max(...LEVELS);
      const dir = process.env.READS_CPU_PROF ?? path.join(tmp, 'prof');
      await stop(server);
      server = await startServer(dir);
      const balances = real[0]!;
      await measure(balances, top, WARMUP);
      const from = monoUs();
      const run = await measure(balances, top);
      const to = monoUs();
      log(run);
      await stop(server);
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(dir, f))
        .filter((f) => statSync(f).mtimeMs >= Date.now() - 10 * 60_000);
      // One profile per thread (the module loader's thread too, idle): the busiest is the server's.
      const summaries = files.map((f) => summarise(f, from, to)).sort((a, b) => b.busyMs - a.busyMs);
      const summary = summaries[0] && summaries[0].busyMs > 0 ? summaries[0] : null;
      prof = {
        run,
        summary,
        note: summary
          ? `${summary.samples} samples in the ${(summary.windowMs / 1000).toFixed(1)} s window, from ${path.basename(summary.file)}`
          : `no samples in the window (${files.length} profiles found)`,
      };
      console.log(prof.note);
      if (summary) {
        for (const [k, v] of summary.byPackage.slice(0, 15)) console.log(`  ${((100 * v) / summary.busyMs).toFixed(1).padStart(5)}%  ${k}`);
        for (const [k, v] of summary.byCaller.slice(0, 12))
          console.log(`  ${((100 * v) / summary.busyMs).toFixed(1).padStart(5)}%  via ${k}`);
        for (const [k, v] of summary.byFunction.slice(0, 20))
          console.log(`  ${((100 * v) / summary.busyMs).toFixed(1).padStart(5)}%  ${k}`);
      }
    }
  } finally {
    call.close();
    if (bare) await stop(bare);
    await stop(server);
    await monitor.end();
    if (process.env.READS_KEEP !== '1') await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    if (!process.env.READS_CPU_PROF) rmSync(tmp, { recursive: true, force: true });
  }
  const md = report(results, prof);
  if (process.env.READS_WRITE !== '0') writeSection('reads', md);
  console.log(md);
}

function report(results: Result[], prof: { run: Result; summary: ProfileSummary | null; note: string } | undefined): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const ms = (r: Result, secs: number) => perReq(r, secs).toFixed(3);
  const yard = new Map<number, number>();
  for (const level of LEVELS) yard.set(level, mean(results.filter((r) => r.case === 'bare' && r.concurrency === level).map((r) => r.rps)));
  const ratio = (r: Result) => r.rps / Math.max(1e-9, yard.get(r.concurrency)!);
  const rows = results
    .map((r) => {
      return `| ${r.case} | ${r.concurrency} | ${f0(r.rps)} | ${f1(r.p50)} | ${f1(r.p99)} | ${r.failed} | ${r.case === 'bare' ? '(yardstick)' : `${f0(100 * ratio(r))}%`} | ${ms(r, r.cpu.app)} | ${ms(r, r.cpu.postgres)} | ${ms(r, r.cpu.load)} | ${ms(r, r.cpu.others)} | ${f0(100 * r.cpu.idle)}% |`;
    })
    .join('\n');
  const aims: { name: string; min: number }[] = [
    { name: 'balances', min: 0.6 },
    { name: 'profile', min: 0.6 },
    { name: 'history', min: 0.4 },
  ];
  const top = Math.max(...LEVELS);
  const aimLines = aims.map(({ name, min }) => {
    const per = LEVELS.map((l) => {
      const r = results.find((x) => x.case === name && x.concurrency === l)!;
      return { l, v: ratio(r) };
    });
    const met = per.every((p) => p.v >= min);
    return `- ${name} at least ${f0(100 * min)}% of the bare read at each level: **${met ? 'met' : 'not met'}** (${per.map((p) => `${f0(100 * p.v)}% at ${p.l}`).join(', ')}).`;
  });
  const p99s = results.filter((r) => r.case !== 'bare' && r.concurrency === top);
  const p99Met = p99s.every((r) => r.p99 <= 30);
  aimLines.push(
    `- p99 at most 30 ms at ${top} connections: **${p99Met ? 'met' : 'not met'}** (${p99s.map((r) => `${r.case} ${f1(r.p99)} ms`).join(', ')}).`,
  );

  let profMd = '';
  if (prof) {
    const r = prof.run;
    const s = prof.summary;
    const head = `Balances at concurrency ${r.concurrency} on a fresh server started with \`--cpu-prof\` (after ${WARMUP} s of warm-up): ${f0(r.rps)} req/s, p50 ${f1(r.p50)} ms, p99 ${f1(r.p99)} ms. CPU per request from /proc: server ${ms(r, r.cpu.app)} ms, PostgreSQL (this database's backends) ${ms(r, r.cpu.postgres)} ms (${f0((100 * r.cpu.postgres) / Math.max(1e-9, r.cpu.app + r.cpu.postgres))}% of the two), wrk ${ms(r, r.cpu.load)} ms. Profile: ${prof.note}.`;
    const pkgRows = s
      ? s.byPackage
          .slice(0, 14)
          .map(([k, v]) => `| ${k} | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
          .join('\n')
      : '';
    const callerRows = s
      ? s.byCaller
          .slice(0, 12)
          .map(([k, v]) => `| ${k} | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
          .join('\n')
      : '';
    const fnRows = s
      ? s.byFunction
          .slice(0, 20)
          .map(([k, v]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
          .join('\n')
      : '';
    profMd = `## Profile: balances at concurrency ${r.concurrency}

${head}

${
  s
    ? `The server's main thread was busy ${f0(s.busyMs)} ms of the ${f0(s.windowMs)} ms window (${f0((100 * s.busyMs) / s.windowMs)}%). Self time by package (share of the busy time):

| package or module | self ms | share |
|---|---|---|
${pkgRows}

The same time with Node's internals, V8 builtins and native code (socket writes, JSON, hashing)
charged to the nearest caller in a package or in the server's own code: which layer asked for it.

| layer | ms | share |
|---|---|---|
${callerRows}

Top functions by self time:

| function | self ms | share |
|---|---|---|
${fnRows}
`
    : ''
}`;
  }
  const bareCpu = mean(results.filter((r) => r.case === 'bare' && r.concurrency === top).map((r) => perReq(r, r.cpu.app)));
  const balCpu = results.filter((r) => r.case === 'balances' && r.concurrency === top).map((r) => perReq(r, r.cpu.app))[0] ?? 0;
  return `# Benchmark: everyday reads against a bare Fastify + pg read

Recorded by \`bench/reads.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB,
Node ${process.version}, one server process with ${POOL} database connections (\`DATABASE_POOL_SIZE\`),
PostgreSQL on the same machine, and the load generator (${WRK ? 'wrk, from Debian, one thread' : 'node:http in the bench process'}) on the same
machine too. ${USERS} users, each with ${FUNDINGS} card fundings and ${Math.min(SENDS, USERS - 1)} payments sent and received (so every
history page is full: 20 rows of ${FUNDINGS + 2 * Math.min(SENDS, USERS - 1)}); each request carries a random user's bearer token. The yardstick is a bare
Fastify + pg server (a separate process, the same pool size) answering \`GET /bare?id=\` with one
\`users\` row read by primary key, as JSON; it is run before and after the four real cases at each
level, and the ratios are to the mean of its two rates. Each case runs ${SECONDS} s per level, after ${WARMUP} s of
unrecorded warm-up per case. The machine was shared with other test runs while this was recorded:
the "others" column is the CPU used by every other process per request, and the figures move with it.

Cases, with the queries each sends to PostgreSQL (from the code):

- bare: \`GET /bare?id=\`, one query.
- balances: \`GET /api/wallet/wallet-balances\`: the balances (a sum over the person's ledger accounts grouped by code), through Drizzle; the session is remembered after the first call (one query per read).
- history: \`POST /api/transaction/api/v1/transactions\` \`{"page":1,"limit":20}\`: the page and its count (two queries in parallel, on two pool connections).
- profile: \`GET /api/user/users/{own id}\`: the users row, one prepared statement.
- search: \`GET /api/user/users/filter?query=\` with one of 12 three-letter queries: the page with its count (\`count(*) OVER ()\`, ILIKE over names), one query.

| case | concurrency | req/s | p50 ms | p99 ms | failed | ratio to bare | CPU ms/req: app | PostgreSQL | wrk | others | machine idle |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}

"app" is the server's process (or the bare server's); "PostgreSQL" the backends connected to the
bench database; "others" every other process on the machine (the shared load), per request.

Aims:

${aimLines.join('\n')}

At concurrency ${top}, the server spends ${balCpu.toFixed(3)} ms of its own CPU per balances request against ${bareCpu.toFixed(3)} ms
per bare read.

${profMd}
${whereTimeGoes(results, prof)}
`;
}

/** "Where the time goes": the run's own figures, put in sentences. */
function whereTimeGoes(results: Result[], prof: { run: Result; summary: ProfileSummary | null } | undefined): string {
  if (!prof?.summary) return '';
  const s = prof.summary;
  const r = prof.run;
  const top = r.concurrency;
  const n = (x: Result) => Math.max(1, x.ok + x.failed);
  const bare = results.filter((x) => x.case === 'bare' && x.concurrency === top);
  const bareApp = mean(bare.map((x) => (x.cpu.app * 1000) / n(x)));
  const barePg = mean(bare.map((x) => (x.cpu.postgres * 1000) / n(x)));
  const app = (r.cpu.app * 1000) / n(r);
  const pgMs = (r.cpu.postgres * 1000) / n(r);
  const share = (pred: (k: string) => boolean, m: [string, number][]) =>
    (100 * m.filter(([k]) => pred(k)).reduce((a, [, v]) => a + v, 0)) / s.busyMs;
  const layer = (name: string) => share((k) => k === name, s.byCaller);
  const fn = (re: RegExp) => share((k) => re.test(k), s.byFunction);
  const serverOwn = share((k) => k.startsWith('@owo/server'), s.byCaller);
  const layers = s.byCaller
    .slice(0, 6)
    .map(([k, v]) => `${k} ${((100 * v) / s.busyMs).toFixed(0)}%`)
    .join(', ');
  return `## Where the time goes (balances, concurrency ${top})

- The server's main thread was busy ${((100 * s.busyMs) / s.windowMs).toFixed(0)}% of the measured window${s.busyMs / s.windowMs > 0.85 ? ': the rate is bound by the server process (one core), not by PostgreSQL' : ''}.
- CPU per request: the server ${app.toFixed(2)} ms against the bare server's ${bareApp.toFixed(2)} ms (${(app / Math.max(1e-9, bareApp)).toFixed(1)}x); PostgreSQL's backends ${pgMs.toFixed(2)} ms against ${barePg.toFixed(2)} ms for the bare read (one query each: the session is remembered). PostgreSQL is ${((100 * pgMs) / (pgMs + app)).toFixed(0)}% of the two.
- By the layer that asked for the time (Node internals and native code charged to their caller): ${layers}.
- drizzle-orm (building each query's SQL text from its objects, \`is()\` checks, mapping rows): ${layer('drizzle-orm').toFixed(0)}% of the busy time; pg, pg-pool and pg-protocol (sending the queries, with their socket writes, and reading the rows) ${(layer('pg') + layer('pg-protocol') + layer('pg-pool')).toFixed(0)}%.
- Socket writes (\`writev\`/\`write*\` natives, which on loopback include the kernel's TCP work for the receiver): ${fn(/^(writev|writeBuffer|writeUtf8String|writeLatin1String)\b/).toFixed(0)}%; fastify with its plugins ${(layer('fastify') + share((k) => k.startsWith('@fastify/') || k === 'find-my-way' || k === 'avvio' || k === 'light-my-request', s.byCaller)).toFixed(0)}%; zod (request and response schemas) ${(layer('zod') + layer('fastify-type-provider-zod')).toFixed(0)}%.
- The session check's hashing (HMAC of the token, \`node:crypto\`): ${fn(/^(Hmac|update|digest) node:internal\/crypto/).toFixed(0)}%; the session's query is sent only on a token's first read (then remembered up to 30 s, forgotten on any change).
- The server's own code, including what Node does on its behalf: ${serverOwn.toFixed(0)}%; garbage collection ${share((k) => k === '(garbage collector)', s.byPackage).toFixed(0)}%.`;
}

if (process.env.READS_ROLE === 'bare') await bareServer();
else await main();
