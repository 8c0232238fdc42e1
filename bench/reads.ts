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
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 4 users, one level (concurrency 4) of 1 s per case, no
 * warm-up, the profile at that level, port 4412 (the bare server 4413), the database owo_reads_smoke,
 * RESULTS.md left alone. A request that fails under load makes the run exit non-zero.
 *
 * The same file, run with READS_ROLE=bare, is the bare server.
 */
import type { ChildProcess } from 'node:child_process';
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
  GOOD_CARD,
  jsonClient,
  logResult,
  mean,
  measure as measureCase,
  perReq,
  profileCase,
  profileTables,
  signedUpUser,
  startBare,
  startServer as startBenchServer,
  stop,
  useWrk,
  type BenchUser,
  type Case,
  type ProfileSummary,
  type Result,
} from './lib.js';
import { check, exitOnProblems, own, sized, writeSection } from './results.js';

const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);

const ADMIN_URL = process.env.DATABASE_URL ?? '';
const LEVELS = (process.env.READS_LEVELS ?? sized('1,16,64', '4')).split(',').map(Number);
const SECONDS = Number(process.env.READS_SECONDS ?? sized(10, 1));
const USERS = Number(process.env.READS_USERS ?? sized(40, 4));
const PORT = Number(process.env.READS_PORT ?? sized(3410, 4412));
const BARE_PORT = PORT + 1;
const WARMUP = Number(process.env.READS_WARMUP ?? sized(3, 0));
const BASE = `http://127.0.0.1:${PORT}`;
const PIN = '2580';
const DB = own('owo_reads');
const FUNDINGS = 3;
const SENDS = 9;
const WRK = useWrk(process.env.READS_CLIENT);
/** Three-letter searches, each matching some of the seeded people. */
const QUERIES = ['ade', 'chi', 'eme', 'fat', 'ngo', 'olu', 'tun', 'bel', 'eze', 'bal', 'nwo', 'oko'];

const dbUrl = (name: string) => dbUrlOf(ADMIN_URL, name);
const admin = (sql: string, url = ADMIN_URL) => adminSql(sql, url);
const call = jsonClient(BASE);

const startServer = (nodeFlags: string[] = []): Promise<ChildProcess> =>
  startBenchServer(dbUrl(DB), PORT, os.tmpdir() + '/owo-reads', nodeFlags);

type User = BenchUser;
async function makeUser(i: number): Promise<User> {
  const phone = `0803${String(8_000_000 + i).padStart(7, '0')}`;
  const person = { phone, email: `reads${i}@owo.test`, firstName: FIRST[i % FIRST.length]!, lastName: LAST[i % LAST.length]!, pin: PIN };
  const { auth, ...user } = await signedUpUser(call, person);
  // ₦40,000 a funding: within a Tier 1 person's ₦50,000 a deposit and ₦300,000 balance.
  for (let k = 0; k < FUNDINGS; k++) {
    const f = await call('POST', '/api/wallet/fund/card', { amount: 4_000_000 + k, card: GOOD_CARD }, auth);
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
// Load and CPU accounting: bench/lib.ts (wrk or node:http; the server, bare server, PostgreSQL and wrk CPU from /proc).

let monitor: pg.Client;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'owo-reads-'));
const measure = (c: Case, concurrency: number, seconds = SECONDS): Promise<Result> =>
  measureCase({ wrk: WRK, tmp, call, monitor, db: DB }, c, concurrency, seconds);
const log = logResult;

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!ADMIN_URL) {
    console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
    process.exit(2);
  }
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
    // Each person's fundings and payments sent and received, up to a page of 20.
    const rows = Math.min(20, FUNDINGS + 2 * Math.min(SENDS, USERS - 1));
    if (sample.json.data.length !== rows) throw new Error(`a history page should have ${rows} rows, not ${sample.json.data.length}`);
    bare = await startBare(fileURLToPath(import.meta.url), 'READS_ROLE', dbUrl(DB), BARE_PORT);
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
        check(r.failed === 0 && r.ok > 0, `${r.case} at concurrency ${level}: ${r.ok} answered, ${r.failed} failed`);
      }
    }
    // The profile: a fresh server with --cpu-prof, balances at the highest level; only the samples
    // taken while wrk ran are summarised (start-up, seeding and the warm-up are left out).
    if (process.env.READS_PROFILE !== '0') {
      const top = Math.max(...LEVELS);
      const balances = real[0]!;
      await stop(server);
      prof = await profileCase(
        async (flags) => (server = await startServer(flags)),
        process.env.READS_CPU_PROF ?? path.join(tmp, 'prof'),
        async () => WARMUP > 0 && (await measure(balances, top, WARMUP)),
        () => measure(balances, top),
      );
      log(prof.run);
      check(prof.run.failed === 0 && prof.run.ok > 0, `the profiled run: ${prof.run.ok} answered, ${prof.run.failed} failed`);
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
  exitOnProblems();
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
    profMd = `## Profile: balances at concurrency ${r.concurrency}

${head}

${s ? profileTables(s) : ''}`;
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

if (process.env.READS_ROLE === 'bare') await bareServer(POOL);
else await main();
