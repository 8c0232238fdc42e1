/**
 * From a payment's commit to its push arriving at the recipient's push service, under the load of
 * bench/complete.ts's payments, on PostgreSQL. The push service is the tests' stand-in
 * (apps/server/src/services/notifications/push-stand-in.ts) on a local port: it decrypts each push
 * (RFC 8291) with the device's keys, so every push is matched to its payment by the reference it
 * carries. Each person has one subscribed device; every payment completed is money received by one
 * of them, so one push. Writes its section of RESULTS.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run push -w @owo/bench
 *
 * Settings: PUSH_LEVELS (concurrency of the payments, default 1,16,64), PUSH_SECONDS per level
 * (default 10), PUSH_USERS (default 40), PUSH_PORT (default 3410), PUSH_WARMUP seconds of payments
 * at concurrency 8 before the levels, not recorded (default 5; 0 for none), PUSH_WRITE=0 (print, leave
 * RESULTS.md alone), PUSH_CPU_PROF=dir (write the server's CPU profile there). PUSH_DRAIN_MS and
 * DATABASE_POOL_SIZE pass through to the server.
 *
 * BENCH_SMOKE=1 (bench/smoke.ts) is a smoke run: 4 people, one level (concurrency 4) of 1 s, no warm-up,
 * port 4410, the database owo_bench_push_smoke, RESULTS.md left alone. A payment refused, no payment
 * made, or a push missing makes the run exit non-zero.
 */
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import { PushStandIn } from '../apps/server/src/services/notifications/push-stand-in.js';
import pg from 'pg';
import { admin, dbUrl, fundedByCard, jsonClient, pct, signedUpUser, startServer, stop, type BenchUser, verifiedToTier2 } from './lib.js';
import { check, exitOnProblems, own, sized, writeSection } from './results.js';

const ADMIN_URL = process.env.DATABASE_URL;
if (!ADMIN_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (the bench creates and drops its own database).');
  process.exit(2);
}
const LEVELS = (process.env.PUSH_LEVELS ?? sized('1,16,64', '4')).split(',').map(Number);
const SECONDS = Number(process.env.PUSH_SECONDS ?? sized(10, 1));
const USERS = Number(process.env.PUSH_USERS ?? sized(40, 4));
const PORT = Number(process.env.PUSH_PORT ?? sized(3410, 4410));
const WARMUP = Number(process.env.PUSH_WARMUP ?? sized(5, 0));
/** Payments previewed per connection and second of a level (a smoke run needs few). */
const PER_SECOND = sized(400, 50);
const PIN = '2580';
const DB = own('owo_bench_push');
/** How long after the last payment the pushes still due may take to arrive before they count as missing. */
const SETTLE_MS = 30_000;

const base = `http://127.0.0.1:${PORT}`;
const call = jsonClient(base);
const now = () => performance.now();

type User = BenchUser;
type Level = {
  concurrency: number;
  payments: number;
  /** Payments refused: previews (initiate) and completes answered other than 200. */
  refused: number;
  rate: number;
  paymentP50: number;
  paymentP99: number;
  pushes: number;
  missing: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  fromStartP99: number;
  loopP99: number;
  idle: number;
  /** The machine's 1-minute load average at the level's end (other work on the machine shows here). */
  load: number;
  /** Where the time went, from the database's clocks: the payment's transaction to its push written, and written to sent. */
  stages: { toWritten: [number, number]; toSent: [number, number] };
};

/** The whole machine's CPU seconds, all and idle (Linux /proc/stat). */
async function cpuTimes(): Promise<{ all: number; idle: number }> {
  const { readFileSync } = await import('node:fs');
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { all: cpu.reduce((a, b) => a + b, 0), idle: cpu[3]! + cpu[4]! };
  } catch {
    return { all: 0, idle: 0 };
  }
}

async function makeUser(i: number, push: PushStandIn): Promise<User> {
  const phone = `0803${String(8_000_000 + i).padStart(7, '0')}`;
  const { auth, ...user } = await signedUpUser(call, {
    phone,
    email: `push${i}@owo.test`,
    firstName: 'Ngozi',
    lastName: 'Adebayo',
    pin: PIN,
  });
  await verifiedToTier2(call, auth, 8_000_000 + i);
  await fundedByCard(call, auth, 40_000_000);
  const s = await call('POST', '/api/notifications/push/subscriptions', PushStandIn.body(push.device(user.id)), auth);
  if (s.code !== 201) throw new Error(`subscribe: ${s.json.message}`);
  return user;
}

/** Payments previewed beforehand (only the completes are timed, as in complete.ts); `refused` counts the previews refused. */
async function previews(users: User[], need: number): Promise<{ out: { user: User; reference: string }[]; refused: number }> {
  const out: { user: User; reference: string }[] = [];
  let made = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (made < need) {
        made++;
        const from = users[Math.floor(Math.random() * users.length)]!;
        let to = users[Math.floor(Math.random() * users.length)]!;
        if (to === from) to = users[(users.indexOf(from) + 1) % users.length]!;
        const r = await call(
          'POST',
          '/api/transaction/api/v1/initiate',
          { type: 'sendMoney', recipientId: to.id, amount: 100 + Math.floor(Math.random() * 900) },
          { authorization: `Bearer ${from.token}` },
        );
        if (r.code === 200) out.push({ user: from, reference: String(r.json.data.reference) });
        else if (refused++ === 0) console.error(`initiate refused: ${r.code} ${r.json.message}`);
      }
    }),
  );
  return { out, refused };
}

/** When each payment's push arrived at the stand-in (by reference), and the pushes that were not money received in this run. */
const arrived = new Map<string, number>();

/** Waits until every reference has its push, or `ms` have passed; answers how many are missing. */
async function settle(refs: string[], ms: number): Promise<number> {
  const deadline = now() + ms;
  for (;;) {
    const missing = refs.filter((r) => !arrived.has(r)).length;
    if (missing === 0 || now() > deadline) return missing;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The stages of these payments' pushes, p50 and p99 in ms, by the database's clock: from the
 * payment's transaction (its history row) to the push's delivery row (written by the events job),
 * and from there to its being recorded sent (after the push service answered).
 */
async function stages(db: pg.Client, refs: string[]): Promise<Level['stages']> {
  const r = await db.query<{ w50: number; w99: number; s50: number; s99: number }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY w) AS w50, percentile_cont(0.99) WITHIN GROUP (ORDER BY w) AS w99,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS s50, percentile_cont(0.99) WITHIN GROUP (ORDER BY s) AS s99
     FROM (SELECT extract(epoch FROM d.created_at - t.created_at) * 1000 AS w, extract(epoch FROM d.sent_at - d.created_at) * 1000 AS s
       FROM push_deliveries d JOIN transactions t ON t.reference = substring(d.payload ->> 'url' FROM 10) AND t.direction = 'credit'
       WHERE d.kind = 'money' AND substring(d.payload ->> 'url' FROM 10) = ANY($1)) x`,
    [refs],
  );
  const row = r.rows[0]!;
  return { toWritten: [Number(row.w50), Number(row.w99)], toSent: [Number(row.s50), Number(row.s99)] };
}

async function level(db: pg.Client, users: User[], concurrency: number, seconds = SECONDS): Promise<Level> {
  const { out: queue, refused: previewsRefused } = await previews(users, Math.round(seconds * Math.min(1500, PER_SECOND * concurrency)));
  const done = new Map<string, { start: number; end: number }>();
  const latencies: number[] = [];
  let next = 0;
  let refused = previewsRefused;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpu0 = await cpuTimes();
  loop.enable();
  const started = now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (now() < deadline && next < queue.length) {
        const p = queue[next++]!;
        const start = now();
        const r = await call(
          'POST',
          '/api/transaction/api/v1/complete',
          { reference: p.reference },
          { authorization: `Bearer ${p.user.token}`, transactionPin: PIN, 'idempotency-key': `push-${p.reference}` },
        );
        // The answer comes just after the payment's commit: the clock for its push starts here.
        const end = now();
        latencies.push(end - start);
        if (r.code === 200) done.set(p.reference, { start, end });
        else if (refused++ === previewsRefused) console.error(`complete refused: ${r.code} ${r.json.message}`);
      }
    }),
  );
  const elapsed = (now() - started) / 1000;
  const refs = [...done.keys()];
  const missing = await settle(refs, SETTLE_MS);
  loop.disable();
  const cpu1 = await cpuTimes();
  const toPush = refs.flatMap((r) => (arrived.has(r) ? [arrived.get(r)! - done.get(r)!.end] : [])).sort((a, b) => a - b);
  const fromStart = refs.flatMap((r) => (arrived.has(r) ? [arrived.get(r)! - done.get(r)!.start] : [])).sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    payments: refs.length,
    refused,
    rate: refs.length / elapsed,
    paymentP50: pct(latencies, 50),
    paymentP99: pct(latencies, 99),
    pushes: toPush.length,
    missing,
    p50: pct(toPush, 50),
    p95: pct(toPush, 95),
    p99: pct(toPush, 99),
    max: toPush[toPush.length - 1] ?? 0,
    fromStartP99: pct(fromStart, 99),
    loopP99: loop.percentile(99) / 1e6,
    stages: await stages(db, refs),
    load: os.loadavg()[0]!,
    idle: cpu1.all > cpu0.all ? (cpu1.idle - cpu0.idle) / (cpu1.all - cpu0.all) : 0,
  };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

function logLevel(r: Level) {
  console.log(
    `concurrency ${r.concurrency}: ${r.payments} payments, ${r.refused} refused (${r.rate.toFixed(0)}/s, p50 ${fmt(r.paymentP50)} ms, p99 ${fmt(r.paymentP99)} ms); ` +
      `pushes ${r.pushes}, missing ${r.missing}; commit to push p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms; ` +
      `from the request p99 ${fmt(r.fromStartP99)} ms; payment to push written p50/p99 ${fmt(r.stages.toWritten[0])}/${fmt(r.stages.toWritten[1])} ms, ` +
      `written to sent ${fmt(r.stages.toSent[0])}/${fmt(r.stages.toSent[1])} ms; bench event loop delay p99 ${fmt(r.loopP99)} ms; machine idle ${(100 * r.idle).toFixed(0)}%`,
  );
}

function markdown(results: Level[], drainMs: string): string {
  const rows = results.map(
    (r) =>
      `| ${r.concurrency} | ${r.rate.toFixed(0)} | ${fmt(r.paymentP99)} | ${r.pushes} | ${r.missing} | ${fmt(r.p50)} | ${fmt(r.p95)} | **${fmt(r.p99)}** | ${fmt(r.max)} | ` +
      `${fmt(r.stages.toWritten[0])} / ${fmt(r.stages.toWritten[1])} | ${fmt(r.stages.toSent[0])} / ${fmt(r.stages.toSent[1])} | ${fmt(r.loopP99)} | ${(100 * r.idle).toFixed(0)}% | ${r.load.toFixed(1)} |`,
  );
  return `# Benchmark: from a payment's commit to its push

Recorded by \`bench/push.ts\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, Node ${process.version}, one server process
(\`PUSH_PROVIDER=webpush\`, \`PUSH_DRAIN_MS=${drainMs}\`, jobs on) on PostgreSQL, all on this machine with the load generator and a
local push service standing in for the browsers' (the tests' stand-in: it decrypts each push with its device's keys). ${USERS} people, one
subscribed device each; payments as \`bench/complete.ts\` makes them (previewed beforehand, completed with PIN and Idempotency-Key by
\`PUSH_LEVELS\` clients for ${SECONDS} s, node:http). Each completed payment is money received by one person: one push, matched to the
payment by the reference it carries. The clock runs from the payment's answer (sent just after its commit) to the push's request
arriving at the stand-in, decrypted; pushes still due are waited for up to ${SETTLE_MS / 1000} s after the last payment, then counted
missing. The two stage columns are read from the database's clock: from the payment's transaction to its push's delivery row
(written by the \`notifications.events\` job, whose transaction start it records), and from there to the delivery recorded sent
(after the whole batch it went in). Aim: p99 at most 1 s.

| payment clients | payments/s | payment p99 ms | pushes | missing | commit to push p50 ms | p95 ms | p99 ms | max ms | payment to push written p50 / p99 ms | written to sent p50 / p99 ms | bench event loop delay p99 ms | machine idle | load average |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${ANALYSIS}`;
}

const ANALYSIS = `## How a payment's push travels, and what this work changed

1. The payment's transaction writes a \`notification_events\` row (a trigger on the payment history).
2. The \`notifications.events\` job (every \`PUSH_DRAIN_MS\`, and again at once while it finds full batches) takes the events,
   writes the notices and one delivery per device in a few statements for the whole batch (\`notifyEach\`), deletes the
   events, commits, and nudges the sender.
3. The \`notifications.push\` job claims the deliveries, encrypts each (RFC 8291; web-push) and sends it, 64 in flight, over
   kept-alive connections, then records the batch sent.

Measured on this machine during this work, one run of this bench after each step (p99 from commit to push):

| step | 16 clients | 64 clients |
|---|---|---|
| first version: three statements per event, a batch a period, fetch, a VAPID token signed per push | 13.6 s, growing | |
| a batch of events in a few statements, the VAPID token signed once per push service for hours, full batches followed at once | 1.8 s | |
| node:https with kept-alive connections instead of fetch; a job that wrote pushes nudges the sender | 0.76 s | 2.6 s (4.8 s over 15 s), growing |
| the outbox's jobs' own two connections (\`DATABASE_JOBS_POOL_SIZE\`) | 0.90 s | 1.14 s |
| the sender nudged after each batch of events, 64 pushes in flight | | 0.57 s |

Per push, a micro-measure on this machine gave 0.4 ms of CPU to encrypt, 1.4 ms to sign a VAPID token (RFC 8292 lets one be
used until it expires), and about 2 ms more for a request through fetch than through node:http. At 64 clients with the jobs
sharing the pool, a CPU profile showed the server 20% idle: each of the jobs' statements waited for one of the ten pooled
connections behind the clients' payments (a payment's p50 was 300 ms against 10 ms at one client), several times per batch.

What is left: the first stage's p50 (about 90 to 130 ms) is mostly the wait for the events job's next period (200 ms); the
second is the batch being encrypted and sent. The machine was shared with other work throughout (load average 8 to 10 on two
cores: another copy of the server under \`bench/complete.ts\`, test runs), so the payment rates here are a seventh of
\`bench/complete.ts\`'s recorded ones, and every figure carries that margin (none was measured on a quiet machine).
The stand-in decrypts every push in the bench's own process (its event loop delay is in the table), which adds to the measured time rather than taking from it.`;

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`, ADMIN_URL!);
  await admin(`CREATE DATABASE ${DB}`, ADMIN_URL!);
  const push = await new PushStandIn().start();
  push.onPush = (r) => {
    const ref = /^\/history\/(.+)$/.exec(r.payload.url)?.[1];
    if (ref && r.payload.kind === 'money') arrived.set(decodeURIComponent(ref), now());
  };
  const drainMs = process.env.PUSH_DRAIN_MS ?? '200';
  let server: ChildProcess | null = null;
  const results: Level[] = [];
  const db = new pg.Client({ connectionString: dbUrl(ADMIN_URL!, DB) });
  /** A level's payments and pushes: none refused, some made, every push arrived. */
  const checkLevel = (r: Level, what: string) =>
    check(
      r.refused === 0 && r.payments > 0 && r.missing === 0,
      `${what} at concurrency ${r.concurrency}: ${r.payments} payments, ${r.refused} refused, ${r.missing} pushes missing`,
    );
  try {
    const prof = process.env.PUSH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PUSH_CPU_PROF}`] : [];
    server = await startServer(dbUrl(ADMIN_URL!, DB), PORT, `${os.tmpdir()}/owo-bench-push`, prof, {
      PUSH_PROVIDER: 'webpush',
      PUSH_DRAIN_MS: drainMs,
      ...push.env,
      // The payers fund ₦10m at once and pay all day: KYC's caps are lifted for them (their own tests drive them).
      KYC_TIERS: '-:-:1000000000,-:-:1000000000,-:-:1000000000',
    });
    await db.connect();
    const users: User[] = [];
    for (let i = 0; i < USERS; i += 8)
      users.push(...(await Promise.all(Array.from({ length: Math.min(8, USERS - i) }, (_, k) => makeUser(i + k, push)))));
    console.log(`${users.length} funded people, each with a subscribed device`);
    // Warm-up, not recorded: each PIN checked once (argon2), the server's JIT and plans settled.
    if (WARMUP > 0) {
      const w = await level(db, users, 8, WARMUP);
      console.log(`warm-up (not recorded): ${w.rate.toFixed(0)} payments/s, commit to push p99 ${fmt(w.p99)} ms`);
      checkLevel(w, 'the warm-up');
    }
    for (const c of LEVELS) {
      const r = await level(db, users, c);
      results.push(r);
      logLevel(r);
      checkLevel(r, 'a level');
    }
  } finally {
    call.close();
    await db.end().catch(() => undefined);
    if (server) await stop(server);
    await push.stop();
    await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`, ADMIN_URL!);
  }
  const md = markdown(results, drainMs);
  console.log(`\n${md}`);
  if (process.env.PUSH_WRITE !== '0') writeSection('push', md);
  exitOnProblems();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
