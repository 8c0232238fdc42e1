import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

/**
 * Shared by the benchmarks: the admin database, a lean JSON client, a signed-up user with a PIN, the
 * server and the bare yardstick as child processes, CPU accounting from /proc, and the load driver
 * (wrk or node:http) with its per-case measurement.
 */

/** A database of this name on the server DATABASE_URL names. */
export function dbUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on its own connection. */
export async function admin(sql: string, url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * The bench's own database, made afresh (dropped if there), or kept as it is when `reuse` is asked
 * and it exists; says whether it was kept.
 */
export async function freshDatabase(monitor: pg.Client, adminUrl: string, name: string, reuse: boolean): Promise<boolean> {
  const exists = (await monitor.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (reuse && exists) return true;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, adminUrl);
  await admin(`CREATE DATABASE ${name}`, adminUrl);
  return false;
}

/** Names the seeded people get (the benches' people read as Nigerians do). */
export const FIRST_NAMES = [
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
export const LAST_NAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Balogun', 'Nwosu', 'Okonkwo', 'Abubakar'];

export type Json = { status: boolean; message: string; data: Record<string, unknown> & unknown[]; pagination?: { total?: number } };
export type Call = ((
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ code: number; json: Json }>) & {
  /** Closes the kept-alive connections, so the process can exit. */
  close(): void;
};

/**
 * node:http with kept-alive connections: a lean client, so the load generator takes as little of
 * the CPU it shares with the server and PostgreSQL as it can (fetch took about twice as much).
 * A path is taken from `base`; a full URL is used as it is.
 */
export function jsonClient(base: string): Call {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ code: number; json: Json }>((resolve, reject) => {
      const req = http.request(
        path.startsWith('http') ? path : `${base}${path}`,
        {
          method,
          agent,
          headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ code: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json });
            } catch (err) {
              reject(err as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return Object.assign(call, { close: () => agent.destroy() });
}

export type BenchUser = { id: string; token: string };

/** Signs a person up through the API, verifies the phone with the texted code, logs in and sets the PIN. */
export async function signedUpUser(
  call: Call,
  p: { phone: string; email: string; firstName: string; lastName: string; pin: string },
): Promise<BenchUser & { auth: Record<string, string> }> {
  const s = await call('POST', '/api/user/users/signup', {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phoneNumber: p.phone,
    password: 'benchpass1',
  });
  if (s.code !== 201) throw new Error(`signup: ${s.json.message}`);
  const out = await call('GET', `/api/dev/outbox?to=%2B234${p.phone.slice(1)}`);
  const otp = /\b(\d{6})\b/.exec(String((out.json.data as unknown as { body: string }[])[0]?.body))?.[1];
  if (!otp) throw new Error(`signup of ${p.email}: no code texted to ${p.phone} in the dev outbox (${out.code})`);
  const v = await call('POST', '/api/user/users/verify-mobile', { phoneNumber: p.phone, otp });
  if (v.code !== 200) throw new Error(`verify-mobile of ${p.email}: ${v.code} ${v.json.message}`);
  const l = await call('POST', '/api/user/users/login', { username: p.email, password: 'benchpass1' });
  if (l.code !== 200) throw new Error(`login of ${p.email}: ${l.code} ${l.json.message}`);
  const user = { id: String(l.json.data.id), token: String(l.json.data.accessToken) };
  const auth = { authorization: `Bearer ${user.token}` };
  const pin = await call('PUT', '/api/user/user/users/set-pin', { pin: p.pin }, { ...auth, transactionPin: p.pin });
  if (pin.code !== 200) throw new Error(`set-pin of ${p.email}: ${pin.code} ${pin.json.message}`);
  return { ...user, auth };
}

/**
 * Takes a bench person to Tier 2 as the app does: a BVN and a NIN the sandbox identity provider
 * matches to Ngozi Adebayo, born 1990-01-01 (sign the person up with that name), and a home address.
 * `n` makes the numbers the person's own (one number, one person). A server without KYC (an older
 * copy in a before/after run) answers 404 and is left as it is. Tier 2 may hold ₦500,000, take
 * ₦100,000 a deposit and send ₦200,000 a day: enough for every bench's payments of a few naira.
 */
export async function verifiedToTier2(call: Call, auth: Record<string, string>, n: number): Promise<void> {
  const number = (prefix: string) => `${prefix}${String(n).padStart(8, '0')}1`;
  for (const [path, body] of [
    ['/api/kyc/bvn', { bvn: number('22'), dateOfBirth: '1990-01-01' }],
    ['/api/kyc/nin', { nin: number('11'), dateOfBirth: '1990-01-01' }],
    ['/api/kyc/address', { line1: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos' }],
  ] as const) {
    const r = await call(path === '/api/kyc/address' ? 'PUT' : 'POST', path, body, auth);
    if (r.code === 404 && path === '/api/kyc/bvn') return;
    if (r.code !== 200) throw new Error(`${path}: ${r.json.message}`);
  }
}

/** The most a Tier 2 person may take in one deposit, in kobo. */
export const TIER2_DEPOSIT = 10_000_000;

/** Funds a wallet by card, in deposits of at most Tier 2's cap. */
export async function fundedByCard(call: Call, auth: Record<string, string>, kobo: number): Promise<void> {
  for (let left = kobo; left > 0; left -= TIER2_DEPOSIT) {
    const f = await call('POST', '/api/wallet/fund/card', { amount: Math.min(left, TIER2_DEPOSIT), card: GOOD_CARD }, auth);
    if (f.code !== 200) throw new Error(`fund: ${f.json.message}`);
  }
}

/** The sandbox card that is always approved. */
export const GOOD_CARD = { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' };

/** The server's environment for a bench: its own PostgreSQL database, no demo data, no web app, quiet. */
export const benchServerEnv = (databaseUrl: string, port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SERVE_WEB: 'false',
  RATE_LIMIT_SIGNUP: '100000',
  DATA_DIR: dataDir,
  // One secret for every bench server, so two servers on one database know the same devices and sessions.
  APP_SECRET: process.env.APP_SECRET ?? 'owo-bench-only-secret-0123456789abcdef',
});

// ---------------------------------------------------------------------------------------------
// Processes: the real server, the bare yardstick, and stopping either.

/** Resolves once `url` answers below 500; stops `child` (its process group) if it never does. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    /* it has exited */
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Starts the real server (apps/server through tsx, `benchServerEnv`) on `databaseUrl` (empty: the
 * embedded database in `dataDir`), which it migrates at start-up; resolves once /api/health answers.
 * `nodeFlags` go to node (--cpu-prof); `dir` is another copy's apps/server (a before/after).
 */
export function startServer(
  databaseUrl: string,
  port: number,
  dataDir: string,
  nodeFlags: string[] = [],
  extraEnv: NodeJS.ProcessEnv = {},
  dir: string | URL = new URL('../apps/server/', import.meta.url),
): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', ...nodeFlags, 'src/main.ts'], {
    cwd: dir,
    env: { ...benchServerEnv(databaseUrl, port, dataDir), ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return waitFor(`http://127.0.0.1:${port}/api/health`, child).then(() => child);
}

/**
 * The yardstick: Fastify answering GET /bare?id= with one users row read by primary key, as JSON,
 * on the database and port `startBare` passes in its environment, with a pool of `poolSize`.
 */
export async function bareServer(poolSize: number): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const pool = new pg.Pool({ connectionString: process.env.BENCH_BARE_DB_URL, max: poolSize });
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
  await app.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });
}

/**
 * Runs `script` (the calling bench's own file) again as the bare server, with `roleVar=bare` in its
 * environment (the script then calls `bareServer`); resolves once it answers.
 */
export function startBare(script: string, roleVar: string, databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...process.execArgv, script], {
    env: { ...process.env, [roleVar]: 'bare', BENCH_BARE_DB_URL: databaseUrl, BENCH_BARE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return waitFor(`http://127.0.0.1:${port}/bare?id=00000000-0000-0000-0000-000000000000`, child).then(() => child);
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
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
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
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  // Helpers a node process spawns (tsx's esbuild service) are not the server: leave them out, or
  // the node process would not be a leaf and would die with the group before writing its profile.
  const tree = treeOf(child.pid!).filter((pid) => !/esbuild/.test(cmdline(pid)));
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

// ---------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux): the app process tree (server or bare), the PostgreSQL
// backends connected to the bench database, the load generator (this process and its finished
// children, i.e. wrk), and the whole machine, where other people's work shows as "others".

export type Snap = {
  load: number;
  procs: Map<string, { ppid: string; secs: number; postgres: boolean }>;
  pgPids: Set<string>;
  all: number;
  idle: number;
};

/** CPU times now; `monitor` (a connection to any database) lists the backends connected to `db`. */
export async function snapshot(monitor: pg.Client, db: string): Promise<Snap> {
  const snap: Snap = { load: 0, procs: new Map(), pgPids: new Set(), all: 0, idle: 0 };
  const r = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db]);
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

export type Cpu = { app: number; postgres: number; load: number; others: number; idle: number };
/** CPU seconds between two snapshots: the app tree under `root`, the bench database's backends, the load generator, everything else. */
export function cpuBetween(a: Snap, b: Snap, root: number): Cpu {
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

export type Req = { method: string; path: string; token: string; body?: string };
export type Run = { ok: number; failed: number; elapsed: number; p50: number; p99: number };

/** Whether wrk drives the load: installed, and `client` (the bench's *_CLIENT setting) is not "node". */
export const useWrk = (client: string | undefined) => client !== 'node' && spawnSync('wrk', ['--version']).error === undefined;

const LUA = `-- written by bench/lib.ts: sends a random request of BENCH_REQS per call and counts answers.
local reqs = {}
local threads = {}
function setup(thread) threads[#threads + 1] = thread end
-- Formatted in init, once wrk has set the Host header.
function init(args)
  for line in io.lines(os.getenv("BENCH_REQS")) do
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

/** wrk, one thread, `concurrency` connections for `seconds`, each request a random one of `reqs`; its files go in `tmp`. */
export async function runWrk(base: string, reqs: Req[], concurrency: number, seconds: number, tmp: string): Promise<Run> {
  const luaFile = path.join(tmp, 'bench.lua');
  if (!existsSync(luaFile)) writeFileSync(luaFile, LUA);
  const file = path.join(tmp, 'reqs.txt');
  writeFileSync(file, reqs.map((r) => `${r.method}\t${r.path}\t${r.token}\t${r.body ?? ''}`).join('\n') + '\n');
  const args = ['-t', '1', '-c', String(concurrency), '-d', `${seconds}s`, '--timeout', '10s', '-s', luaFile, base];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env: { ...process.env, BENCH_REQS: file }, stdio: ['ignore', 'pipe', 'inherit'] });
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

/** The p-th percentile of ascending `sorted` (nearest rank below). */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The same as `runWrk` with node:http in this process (`call`, kept-alive connections). */
export async function runNode(call: Call, base: string, reqs: Req[], concurrency: number, seconds: number): Promise<Run> {
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

/** A case: requests against one server; `root` is its process (for the CPU accounting). */
export type Case = { name: string; label: string; base: string; reqs: Req[]; root: () => number };
export type Result = Run & { case: string; concurrency: number; rps: number; cpu: Cpu };
/** How a bench drives load: wrk or node:http (`call`), a temporary directory, and the database whose backends' CPU it counts. */
export type Load = { wrk: boolean; tmp: string; call: Call; monitor: pg.Client; db: string };

/** One case at one concurrency for `seconds`, with the CPU each party used meanwhile. */
export async function measure(load: Load, c: Case, concurrency: number, seconds: number): Promise<Result> {
  const s0 = await snapshot(load.monitor, load.db);
  const r = load.wrk
    ? await runWrk(c.base, c.reqs, concurrency, seconds, load.tmp)
    : await runNode(load.call, c.base, c.reqs, concurrency, seconds);
  const cpu = cpuBetween(s0, await snapshot(load.monitor, load.db), c.root());
  return { ...r, case: c.name, concurrency, rps: r.ok / r.elapsed, cpu };
}

/**
 * `measure`, once the bench database's backends are idle: a slow case leaves requests queued in the
 * server when the load stops, whose statements would otherwise run into the next case.
 */
export async function measureWhenIdle(load: Load, c: Case, concurrency: number, seconds: number): Promise<Result> {
  for (let i = 0; i < 600; i++) {
    const r = await load.monitor.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND state = 'active'`, [load.db]);
    if (r.rowCount === 0) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return measure(load, c, concurrency, seconds);
}

/** CPU milliseconds per request, from CPU seconds over a run. */
export const perReq = (r: Result, secs: number) => (secs * 1000) / Math.max(1, r.ok + r.failed);

export function logResult(r: Result): void {
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

export type ProfileSummary = {
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
export function summarise(file: string, from: number, to: number): ProfileSummary {
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
export const monoUs = () => Number(process.hrtime.bigint() / 1000n);

export type Profiled = { run: Result; summary: ProfileSummary | null; note: string };

/**
 * A CPU profile of a server during one run: `start` starts it with the given node flags
 * (--cpu-prof into `dir`), `warm` warms it up, `run` is measured; then it is stopped (so the
 * profile is written) and only the samples taken during `run` are summarised, for the busiest
 * thread (start-up, seeding and the warm-up are left out). Prints the top of each summary.
 */
export async function profileCase(
  start: (nodeFlags: string[]) => Promise<ChildProcess>,
  dir: string,
  warm: () => Promise<unknown>,
  run: () => Promise<Result>,
): Promise<Profiled> {
  const server = await start(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let from = 0;
  let to = 0;
  let result: Result;
  try {
    await warm();
    from = monoUs();
    result = await run();
    to = monoUs();
  } finally {
    await stop(server);
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= Date.now() - 10 * 60_000);
  // One profile per thread (the module loader's thread too, idle): the busiest is the server's.
  const summaries = files.map((f) => summarise(f, from, to)).sort((a, b) => b.busyMs - a.busyMs);
  const summary = summaries[0] && summaries[0].busyMs > 0 ? summaries[0] : null;
  const note = summary
    ? `${summary.samples} samples in the ${(summary.windowMs / 1000).toFixed(1)} s window, from ${path.basename(summary.file)}`
    : `no samples in the window (${files.length} profiles found)`;
  console.log(note);
  if (summary) {
    const share = (v: number) => `${((100 * v) / summary.busyMs).toFixed(1).padStart(5)}%`;
    for (const [k, v] of summary.byPackage.slice(0, 15)) console.log(`  ${share(v)}  ${k}`);
    for (const [k, v] of summary.byCaller.slice(0, 12)) console.log(`  ${share(v)}  via ${k}`);
    for (const [k, v] of summary.byFunction.slice(0, 20)) console.log(`  ${share(v)}  ${k}`);
  }
  return { run: result, summary, note };
}

/** A profile summary as markdown: self time by package, by the layer that asked for it, and the top functions. */
export function profileTables(s: ProfileSummary, rows = { packages: 14, layers: 12, functions: 20 }): string {
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const pkgRows = s.byPackage
    .slice(0, rows.packages)
    .map(([k, v]) => `| ${k} | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
    .join('\n');
  const callerRows = s.byCaller
    .slice(0, rows.layers)
    .map(([k, v]) => `| ${k} | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
    .join('\n');
  const fnRows = s.byFunction
    .slice(0, rows.functions)
    .map(([k, v]) => `| \`${k.replace(/\|/g, '\\|')}\` | ${f0(v)} | ${f1((100 * v) / s.busyMs)}% |`)
    .join('\n');
  return `The server's main thread was busy ${f0(s.busyMs)} ms of the ${f0(s.windowMs)} ms window (${f0((100 * s.busyMs) / s.windowMs)}%). Self time by package (share of the busy time):

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
`;
}
