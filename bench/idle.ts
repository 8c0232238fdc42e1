/**
 * What a server with no traffic costs (issue 44: "an idle server costs nothing"): the server is
 * started, left alone for a warm-up, then its CPU is read from /proc over a quiet window: the server's
 * process tree (node, and the embedded database inside it) and, on PostgreSQL, the backends connected
 * to its database. Nothing is asked of it meanwhile; what it spends is its background jobs' looks.
 *
 *   npm run idle -w @owo/bench                      (the embedded database; RESULTS.md section "idle")
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run idle -w @owo/bench   (PostgreSQL too)
 *
 * Settings: BENCH_IDLE_WARMUP (seconds, 90: a server's first minute is still settling, its heap
 * collected after start-up and its first job turns taken; on PostgreSQL 1.5% of a core from 30 to
 * 60 s and 0.1 to 0.4% after 90 s, so a shorter warm-up measures the start-up, not the idle),
 * BENCH_IDLE_SECONDS (the window, 60), BENCH_IDLE_ROUNDS (windows per side, 2), BENCH_PORT (3460),
 * BENCH_COMPARE=<another copy's apps/server directory>
 * (a before/after in one run: the sides alternate, each on a database of its own; `git worktree add`
 * an older commit and link its node_modules, as for complete.ts; BENCH_COMPARE_LABEL names it in the
 * record, say its commit). BENCH_SMOKE=1: 2 s warm-up, a 2 s
 * window, one round, port 4460, nothing recorded. Fails (non-zero exit) when a server does not start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { admin, cpuBetween, dbUrl, snapshot, startServer, stop } from './lib.js';
import { check, exitOnProblems, own, sized, SMOKE, writeSection } from './results.js';

const WARMUP = Number(process.env.BENCH_IDLE_WARMUP ?? sized(90, 2));
const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? sized(60, 2));
const ROUNDS = Number(process.env.BENCH_IDLE_ROUNDS ?? sized(2, 1));
const PORT = Number(process.env.BENCH_PORT ?? sized(3460, 4460));
const ADMIN_URL = process.env.DATABASE_URL;
const COMPARE = process.env.BENCH_COMPARE;
const MAIN_DIR = fileURLToPath(new URL('../apps/server/', import.meta.url));

type Side = { label: string; dir: string };
type Database = { label: string; pgDb: string | null };
type Reading = { side: string; database: string; round: number; seconds: number; server: number; postgres: number };

const sides: Side[] = COMPARE
  ? [
      { label: 'before', dir: path.resolve(COMPARE) },
      { label: 'after', dir: MAIN_DIR },
    ]
  : [{ label: 'main', dir: MAIN_DIR }];
const databases: Database[] = [{ label: 'embedded', pgDb: null }, ...(ADMIN_URL ? [{ label: 'PostgreSQL', pgDb: own('owo_idle') }] : [])];

const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

async function measureOne(side: Side, database: Database, round: number, monitor: pg.Client | null): Promise<Reading> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'owo-idle-'));
  if (database.pgDb) {
    await admin(`DROP DATABASE IF EXISTS ${database.pgDb} WITH (FORCE)`, ADMIN_URL!);
    await admin(`CREATE DATABASE ${database.pgDb}`, ADMIN_URL!);
  }
  const child = await startServer(database.pgDb ? dbUrl(ADMIN_URL!, database.pgDb) : '', PORT, dataDir, [], {}, side.dir);
  try {
    await sleep(WARMUP);
    const db = database.pgDb ?? '-';
    const a = await snapshot(monitor ?? nullMonitor, db);
    await sleep(SECONDS);
    const b = await snapshot(monitor ?? nullMonitor, db);
    const cpu = cpuBetween(a, b, child.pid!);
    check(child.exitCode === null, `${side.label} (${database.label}): the server exited during the window`);
    return { side: side.label, database: database.label, round, seconds: SECONDS, server: cpu.app, postgres: cpu.postgres };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (database.pgDb && process.env.BENCH_KEEP !== '1') await admin(`DROP DATABASE IF EXISTS ${database.pgDb} WITH (FORCE)`, ADMIN_URL!);
  }
}

/** Stands in for a PostgreSQL connection on the embedded database: no backends to count. */
const nullMonitor = { query: async () => ({ rows: [] }) } as unknown as pg.Client;

const share = (r: Reading, part: 'server' | 'postgres' | 'both') => (100 * (part === 'both' ? r.server + r.postgres : r[part])) / r.seconds;
const pctText = (x: number) => `${x.toFixed(2)}%`;

async function main() {
  const monitor = ADMIN_URL ? new pg.Client({ connectionString: ADMIN_URL }) : null;
  await monitor?.connect();
  const readings: Reading[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++)
      for (const database of databases)
        // Alternate which side goes first, so a drift of the machine falls on both.
        for (const side of round % 2 ? sides : [...sides].reverse()) {
          const r = await measureOne(side, database, round, monitor);
          readings.push(r);
          console.log(
            `round ${round}, ${r.side}, ${r.database}: ${pctText(share(r, 'both'))} of a core over ${r.seconds} s (server ${pctText(share(r, 'server'))}, PostgreSQL ${pctText(share(r, 'postgres'))})`,
          );
        }
  } finally {
    await monitor?.end();
  }
  if (!SMOKE) record(readings);
  exitOnProblems();
}

function record(readings: Reading[]) {
  const rows = readings.map(
    (r) =>
      `| ${r.round} | ${r.side} | ${r.database} | ${r.seconds} | ${pctText(share(r, 'server'))} | ${r.database === 'embedded' ? '(inside the server)' : pctText(share(r, 'postgres'))} | ${pctText(share(r, 'both'))} |`,
  );
  const means = sides.flatMap((s) =>
    databases.map((d) => {
      const of = readings.filter((r) => r.side === s.label && r.database === d.label);
      const mean = of.reduce((a, r) => a + share(r, 'both'), 0) / Math.max(1, of.length);
      return `- ${s.label}, ${d.label}: ${pctText(mean)} of a core (mean of ${of.length})`;
    }),
  );
  writeSection(
    'idle',
    `# An idle server: CPU with no traffic

Recorded by \`bench/idle.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}.
Each server starts on a fresh database (SEED_DEMO=false), is left alone ${WARMUP} s, then its CPU is read from
/proc over ${SECONDS} s with no request: the server's process tree (on the embedded database, PGlite runs
inside it) and, on PostgreSQL, the backends connected to its database.${COMPARE ? ` "before" is the server in ${COMPARE}${process.env.BENCH_COMPARE_LABEL ? ` (${process.env.BENCH_COMPARE_LABEL})` : ''}, "after" this tree; the sides alternate.` : ''}

| round | side | database | window s | server | PostgreSQL | both, % of one core |
|---|---|---|---|---|---|---|
${rows.join('\n')}

${means.join('\n')}

Aim (issue 44): about 0% of a core with no traffic.

The record before 2026-12-07 (1.4 to 2.1% of a core) read the window from 20 s after the start: that
was the start-up settling (the heap collected after start-up, the first job turns), not the idle. Read
every 30 s, one server on PostgreSQL used 1.50% from 30 to 60 s, then 0.30, 0.16, 0.36 and 0.13%;
the warm-up is now ${WARMUP} s. What is left is the jobs' rare safety-net looks (JOBS_IDLE_MS, 30 s) and
the timers of those that run on a period (the chat's sweep every CHAT_SWEEP_SECONDS).`,
  );
}

await main();
