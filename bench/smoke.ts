/**
 * The benches' smoke run: every bench once, one after another, at a tiny size, so that a change that
 * breaks a bench fails here (and in CI: .ci/run's "bench smoke runs" step) instead of weeks later.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:smoke
 *   (or `npm run smoke -w @owo/bench`; `npm run bench:smoke -- chat feed` runs those only)
 *
 * Each bench runs through its own npm script with BENCH_SMOKE=1, which every bench honours (see each
 * file's header): a few people or products, one concurrency level, 1 s per case, no warm-up, no
 * comparison rounds, no pgbench, ports from 4400 up, databases and Redis prefixes ending in `_smoke`
 * (so a smoke run never drops a database a full run is using or has kept), and no recorded figures
 * written: bench/results.ts refuses to write RESULTS.md, search-engines/results.json or
 * search-engines/RESULTS.md in a smoke run. A setting given in the environment still wins.
 *
 * A bench fails when it exits non-zero: it throws, or one of its own checks fails (a level with
 * errors, requests failing under load, the ledger check, messages lost, pushes missing, a copied
 * statement that no longer matches the server's...; bench/results.ts `check`), or it runs longer than
 * BENCH_SMOKE_TIMEOUT seconds (120; a bench that does not stop a server it started never exits), or it
 * leaves a process running, or
 * its database or Redis keys behind. Before each bench its ports must be free; after it, whatever it
 * left (processes, its `_smoke` databases, its Redis keys) is removed, failed or not.
 *
 * Prints each bench's name, pass or fail and seconds; at the end the total, and for each failed bench
 * why and the tail of its output (the whole of it is in the log directory printed at the start, which
 * is removed when every bench passed).
 * Exits non-zero if any failed. BENCH_SMOKE_VERBOSE=1 streams every bench's output as it runs.
 *
 * Needs PostgreSQL (DATABASE_URL), Redis at 127.0.0.1:6379 (feed, fanout), wrk (else the benches use
 * node:http), Chromium at /usr/bin/chromium and the web app built (first-load: built here with
 * `vite build` when apps/web/dist is missing).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
const ADMIN_URL = process.env.DATABASE_URL;
const TIMEOUT_S = Number(process.env.BENCH_SMOKE_TIMEOUT ?? 120);
const VERBOSE = process.env.BENCH_SMOKE_VERBOSE === '1';
const REDIS_URL = 'redis://127.0.0.1:6379';
const TAIL_LINES = 40;

type Bench = {
  name: string;
  /** The npm script in bench/package.json. */
  script: string;
  /** The databases it makes in a smoke run (dropped afterwards if it left them). */
  databases?: string[];
  /** The Redis prefix of its keys in a smoke run (deleted afterwards if it left any). */
  redis?: string;
  /** The ports its servers listen on in a smoke run: free before it starts. */
  ports?: number[];
  /** Runs first; a failure fails the bench. */
  before?: () => string | null;
};

/** apps/web/dist for first-load: built (vite only, no type check) when it is missing. */
function webBuilt(): string | null {
  if (existsSync(path.join(WEB_DIR, 'dist/index.html'))) return null;
  console.log('  (apps/web/dist is missing: vite build for first-load)');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: WEB_DIR, encoding: 'utf8' });
  return r.status === 0 ? null : `vite build of apps/web failed (exit ${r.status}):\n${tail(`${r.stdout}${r.stderr}`)}`;
}

const BENCHES: Bench[] = [
  { name: 'complete', script: 'complete', databases: ['owo_bench_smoke', 'owo_pgbench_smoke'], ports: [4400] },
  { name: 'push', script: 'push', databases: ['owo_bench_push_smoke'], ports: [4410] },
  { name: 'reads', script: 'reads', databases: ['owo_reads_smoke'], ports: [4412, 4413] },
  { name: 'feed', script: 'feed', databases: ['owo_feed_smoke'], redis: 'owo-bench-feed_smoke', ports: [4420, 4421, 4422] },
  { name: 'chat', script: 'chat', databases: ['owo_chat_smoke'], ports: [4430, 4431] },
  { name: 'catalogue', script: 'catalogue', databases: ['owo_catalogue_smoke'], ports: [4440, 4441, 4442] },
  { name: 'search-index', script: 'search-index' },
  { name: 'fanout', script: 'fanout', databases: ['owo_fanout_smoke'], redis: 'owo-bench-fanout_smoke', ports: [4450] },
  { name: 'first-load', script: 'first-load', before: webBuilt },
  { name: 'engines', script: 'engines', databases: ['owo_engines_smoke'] },
  { name: 'engines:test', script: 'engines:test' },
  { name: 'idle', script: 'idle', databases: ['owo_idle_smoke'], ports: [4460] },
];

const tail = (text: string, n = TAIL_LINES) => text.trimEnd().split('\n').slice(-n).join('\n');

// ---------------------------------------------------------------------------------------------
// Processes: a bench's whole tree, its servers included (they run detached, in groups of their
// own), is watched while it runs, so that whatever it leaves behind can be found and stopped.

/** A process by pid and start time (so a pid used again by another process is not mistaken for it). */
type Proc = { pid: number; start: string; cmd: string };

function procStat(pid: number): { ppid: number; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), start: f[19]! };
  } catch {
    return null;
  }
}

/** The processes under `root` (not itself), from /proc. */
function descendants(root: number): Proc[] {
  const parent = new Map<number, number>();
  const start = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = procStat(Number(d));
    if (s) {
      parent.set(Number(d), s.ppid);
      start.set(Number(d), s.start);
    }
  }
  const out: Proc[] = [];
  for (const pid of parent.keys()) {
    for (let p = parent.get(pid), n = 0; p && n < 64; p = parent.get(p), n++) {
      if (p !== root) continue;
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {
        /* gone */
      }
      out.push({ pid, start: start.get(pid)!, cmd });
      break;
    }
  }
  return out;
}

const aliveAs = (p: Proc) => procStat(p.pid)?.start === p.start;
/** A command line, its end kept (where the script is) when it is long. */
const short = (cmd: string) => (cmd.length > 90 ? `…${cmd.slice(-89)}` : cmd);

/** Stops these processes: SIGTERM, then SIGKILL to those still there after `graceMs`. */
async function kill(procs: Proc[], graceMs = 5000): Promise<void> {
  for (const p of procs.filter(aliveAs)) {
    try {
      process.kill(p.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  for (let t = 0; t < graceMs && procs.some(aliveAs); t += 100) await new Promise((r) => setTimeout(r, 100));
  for (const p of procs.filter(aliveAs)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

// ---------------------------------------------------------------------------------------------
// What a bench may leave in PostgreSQL and Redis.

async function dropLeftDatabases(names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    const left = (await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname = ANY($1)', [names])).rows.map(
      (r) => r.datname,
    );
    for (const db of left) await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    return left;
  } finally {
    await c.end();
  }
}

/** Deletes the keys under `prefix` (SCAN + DEL, as the benches do: never a flush); how many there were. */
function deleteLeftKeys(prefix: string): number {
  const scan = spawnSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}[-:]*`], { encoding: 'utf8' });
  if (scan.status !== 0) return 0;
  const keys = scan.stdout.split('\n').filter(Boolean);
  for (let i = 0; i < keys.length; i += 500) spawnSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys.slice(i, i + 500)]);
  return keys.length;
}

// ---------------------------------------------------------------------------------------------

type Outcome = { bench: Bench; ok: boolean; seconds: number; why: string[]; output: string };

async function run(b: Bench, logDir: string): Promise<Outcome> {
  const t0 = performance.now();
  const why: string[] = [];
  let output = '';
  const done = (): Outcome => {
    writeFileSync(path.join(logDir, `${b.name.replace(/\W/g, '-')}.log`), output);
    return { bench: b, ok: why.length === 0, seconds: (performance.now() - t0) / 1000, why, output };
  };
  for (const port of b.ports ?? []) if (!(await portFree(port))) why.push(`port ${port} is in use before it starts (another server?)`);
  if (why.length) return done();
  const before = b.before?.();
  if (before) {
    why.push(before);
    return done();
  }

  const child = spawn('npm', ['run', '--silent', b.script], {
    cwd: BENCH_DIR,
    env: { ...process.env, BENCH_SMOKE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (VERBOSE) process.stdout.write(chunk);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const seen = new Map<string, Proc>();
  const watch = () => {
    for (const p of descendants(child.pid!)) seen.set(`${p.pid}:${p.start}`, p);
  };
  const watcher = setInterval(watch, 500);
  let timedOut = false;
  let running: Proc[] = [];
  const timer = setTimeout(() => {
    timedOut = true;
    watch();
    running = [...seen.values()].filter(aliveAs);
    void kill([...running, { pid: child.pid!, start: procStat(child.pid!)?.start ?? '', cmd: 'npm' }]);
  }, TIMEOUT_S * 1000);
  // On its exit, not on its pipes' closing: a server it left running would hold them open.
  const code = await new Promise<number | string>((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal ?? '?')));
  clearTimeout(timer);
  clearInterval(watcher);
  await Promise.race([new Promise((r) => child.once('close', r)), new Promise((r) => setTimeout(r, 2000))]);
  child.stdout.destroy();
  child.stderr.destroy();

  if (timedOut)
    why.push(
      `timed out after ${TIMEOUT_S} s (BENCH_SMOKE_TIMEOUT) and was stopped; still running then (a server it did not stop keeps a bench from exiting): ` +
        running.map((p) => `${p.pid} ${short(p.cmd)}`).join('; '),
    );
  else if (code !== 0) why.push(`exited with ${code}`);
  // Whatever it started and did not stop: given a moment to exit, then stopped, and a failure.
  for (let t = 0; t < 3000 && [...seen.values()].some(aliveAs); t += 100) await new Promise((r) => setTimeout(r, 100));
  const left = [...seen.values()].filter(aliveAs);
  if (left.length) {
    await kill(left);
    if (!timedOut)
      why.push(`left ${left.length} process(es) running, now stopped: ${left.map((p) => `${p.pid} ${short(p.cmd)}`).join('; ')}`);
  }
  try {
    const dbs = await dropLeftDatabases(b.databases ?? []);
    if (dbs.length && !why.length) why.push(`left its database(s) ${dbs.join(', ')} (now dropped)`);
  } catch (err) {
    why.push(`could not check its databases: ${(err as Error).message}`);
  }
  if (b.redis) {
    const keys = deleteLeftKeys(b.redis);
    if (keys && !why.length) why.push(`left ${keys} Redis keys under ${b.redis} (now deleted)`);
  }
  return done();
}

async function main() {
  if (!ADMIN_URL) {
    console.error(
      'Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:smoke',
    );
    process.exit(2);
  }
  const asked = process.argv.slice(2);
  const unknown = asked.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`No bench named ${unknown.join(', ')}; the benches: ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  const benches = asked.length ? BENCHES.filter((b) => asked.includes(b.name)) : BENCHES;
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'owo-bench-smoke-'));
  const wrk = spawnSync('wrk', ['--version']).error === undefined;
  console.log(
    `Bench smoke run: ${benches.length} benches, one after another (BENCH_SMOKE=1; load generator ${wrk ? 'wrk' : 'node:http, wrk is not installed'}); logs in ${logDir}`,
  );
  const t0 = performance.now();
  const outcomes: Outcome[] = [];
  for (const b of benches) {
    const o = await run(b, logDir);
    outcomes.push(o);
    console.log(`${b.name.padEnd(14)} ${o.ok ? 'pass' : 'FAIL'} ${o.seconds.toFixed(1).padStart(6)} s${o.ok ? '' : `: ${o.why[0]}`}`);
  }
  const total = (performance.now() - t0) / 1000;
  const failed = outcomes.filter((o) => !o.ok);
  console.log(`\n${outcomes.length - failed.length} of ${outcomes.length} passed in ${total.toFixed(1)} s`);
  for (const o of failed) {
    console.log(`\n---- ${o.bench.name} FAILED after ${o.seconds.toFixed(1)} s:`);
    for (const w of o.why) console.log(`  ${w}`);
    console.log(`  last ${TAIL_LINES} lines of its output (all of it: ${path.join(logDir, `${o.bench.name.replace(/\W/g, '-')}.log`)}):`);
    console.log(
      tail(o.output)
        .split('\n')
        .map((l) => `  | ${l}`)
        .join('\n'),
    );
  }
  if (failed.length) process.exitCode = 1;
  else rmSync(logDir, { recursive: true, force: true });
}

await main();
