import { randomUUID } from 'node:crypto';
import { apiMap, errorBody, type ApiEndpointDef } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, fingerprinter, RECORDED_REFUSALS, type Fingerprint } from './fuzz-fingerprint.js';
import { specArb, type Spec } from './fuzz-requests.js';
import { buildWorld, type World } from './fuzz-world.js';
import { createTestApp, type TestContext } from './harness.js';

/**
 * A property-based fuzz of every route in the contracts' API map (issue 26). Each run is one
 * request: a random entry, made from its own schemas with valid and broken path parameters,
 * queries and bodies (fuzz-arbitraries.ts), sent into a seeded world (fuzz-world.ts) as one of its
 * people (sometimes as no one, or with a bad token), with an Idempotency-Key, and the PIN where the
 * entry has one. A request fails the property when the server answers with a 5xx; a 2xx whose body
 * does not parse with the entry's response schema; any other answer whose body is not the error
 * envelope; or a refused call (4xx) that wrote to the database.
 *
 * The run goes on after a failure, so one run reports every distinct failure (by route, kind,
 * status and code) with the smallest request that showed it and the server's error log lines; the
 * property is not shrunk, as the world changes under it from run to run. FUZZ_SEED replays a run
 * (the seed is printed), FUZZ_RUNS sets the number of requests, FUZZ_FINGERPRINT_EVERY how often
 * (1 in n requests) the database is fingerprinted around a request.
 *
 * The requests are made in fuzz-requests.ts, the database's fingerprint in fuzz-fingerprint.ts.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 2500);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const FINGERPRINT_EVERY = Math.max(1, Number(process.env.FUZZ_FINGERPRINT_EVERY ?? 1));
/** A hard stop, so a slow machine ends the run with what it found rather than the test timing out. */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 400_000);

const entries = Object.entries(apiMap as Record<string, ApiEndpointDef>);

/** The answer's JSON, or undefined when it is not JSON (which no schema takes). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// The run

/** The server's log lines (error and above), kept so a failure can show what the server said. */
const logLines: string[] = [];
const logStream: DestinationStream = {
  write: (line: string) => {
    logLines.push(line);
    if (logLines.length > 2000) logLines.splice(0, 1000);
  },
};

type Failure = { key: string; kind: string; count: number; request: string; status: number; answer: string; log: string[] };

let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestApp({
    logStream,
    // Logins and codes are rate-limited per address; every injected request comes from one, and the
    // world logs its people in again after a fuzzed logout. Rate limits have tests of their own.
    env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error', RATE_LIMIT_LOGIN: '100000', RATE_LIMIT_OTP: '100000' },
  });
  world = await buildWorld(t);
}, 180_000);
afterAll(() => t?.close());

describe('the API fuzz', () => {
  it(
    `answers ${RUNS} generated requests without a 5xx, off-contract answer or refused write`,
    async () => {
      const fingerprint = await fingerprinter(t);
      // The write check must be able to fail: a write between two looks moves both the transaction
      // id and the fingerprint.
      const x0 = await fingerprint.xid();
      const p0 = await fingerprint.take();
      await t.db.execute(sql`UPDATE users SET bio = 'fingerprint check' WHERE id = ${world.users[3]!.id}`);
      expect(await fingerprint.xid()).not.toBe(x0);
      expect(changedTables(p0, await fingerprint.take())).toEqual(['public.users']);
      const supplies = new Map(entries.map(([, e]) => [e.path, world.supply(e.path)]));
      const arb = fc.oneof(...entries.map(([name, e]) => specArb(name, e, supplies.get(e.path)!, world.users.length)));
      const usedKeys: string[] = [];
      const failures = new Map<string, Failure>();
      const statuses = new Map<number, number>();
      const answered = new Set<string>();
      const byRoute = new Map<string, string[]>();
      let sent = 0;
      let fingerprinted = 0;
      let fingerprintMs = 0;
      let known: { xid: string; print: Fingerprint } | null = null;
      const started = Date.now();

      const run = async (s: Spec) => {
        const headers: Record<string, string> = {};
        const user = s.who.kind === 'user' ? world.users[s.who.ix]! : null;
        if (user) headers.authorization = `Bearer ${user.token}`;
        else if (s.who.kind === 'junk') headers.authorization = s.who.header;
        if (s.pin === 'right') headers.transactionPin = world.pin;
        else if (s.pin === 'wrong') headers.transactionPin = '9173';
        else if (s.pin === 'junk') headers.transactionPin = '12a';
        if (s.key.kind === 'fresh') {
          const k = randomUUID();
          usedKeys.push(k);
          if (usedKeys.length > 20) usedKeys.shift();
          headers['idempotency-key'] = k;
        } else if (s.key.kind === 'again' && usedKeys.length > 0) headers['idempotency-key'] = usedKeys[s.key.ix % usedKeys.length]!;
        else if (s.key.kind === 'junk') headers['idempotency-key'] = s.key.value;
        let payload: string | undefined;
        if (s.body.kind === 'json') {
          payload = JSON.stringify(s.body.value) ?? 'null';
          headers['content-type'] = 'application/json';
        } else if (s.body.kind === 'raw') {
          payload = s.body.text;
          headers['content-type'] = s.body.contentType;
        }
        const url = s.query ? `${s.path}?${s.query}` : s.path;

        // The database's next transaction id tells cheaply whether anything has written since the
        // last full fingerprint (only writing transactions take one); the full fingerprint (about
        // 25 ms on the embedded database) is taken again only when it has moved. On PostgreSQL the
        // id is the whole server's, so other databases' work moves it too: more full fingerprints
        // there, never fewer checks.
        const watch = sent % FINGERPRINT_EVERY === 0;
        let xidBefore = '';
        if (watch) {
          const f0 = Date.now();
          xidBefore = await fingerprint.xid();
          if (!known || known.xid !== xidBefore) known = { xid: xidBefore, print: await fingerprint.take() };
          fingerprintMs += Date.now() - f0;
        }
        const logFrom = logLines.length;
        const res = await t.app.inject({ method: s.method, url, headers, ...(payload === undefined ? {} : { payload }) });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (process.env.FUZZ_VERBOSE) byRoute.set(s.name, [...(byRoute.get(s.name) ?? []), `${res.statusCode} ${res.body.slice(0, 90)}`]);

        const body = parsed(res.body);
        const code = (body as { code?: unknown } | undefined)?.code;
        const problems: string[] = [];
        const entry = apiMap[s.name as keyof typeof apiMap] as ApiEndpointDef;
        if (res.statusCode >= 500) problems.push('5xx');
        else if (res.statusCode >= 200 && res.statusCode < 300) {
          const parsed = entry.response.safeParse(body);
          if (!parsed.success) problems.push(`response off schema at ${parsed.error.issues.map((i) => i.path.join('.')).join(' ')}`);
          else {
            answered.add(s.name);
            world.harvest(entry.path, (body as { data?: unknown }).data);
          }
        } else {
          if (!errorBody.safeParse(body).success) problems.push('error off envelope');
          if (res.statusCode >= 400 && res.statusCode < 500 && watch && known) {
            const f0 = Date.now();
            fingerprinted++;
            const xidAfter = await fingerprint.xid();
            if (xidAfter !== xidBefore) {
              const after = await fingerprint.take();
              const changed = changedTables(known.print, after);
              if (changed.length > 0 && !(typeof code === 'string' && RECORDED_REFUSALS.has(code)))
                problems.push(`refused call wrote ${changed.join(' ')}`);
              known = { xid: xidAfter, print: after };
            }
            fingerprintMs += Date.now() - f0;
          }
        }
        for (const kind of problems) {
          const request = JSON.stringify({
            route: `${s.method} ${s.path}`,
            name: s.name,
            broken: s.broken,
            query: s.query || undefined,
            body:
              payload === undefined ? undefined : payload.length > 600 ? `${payload.slice(0, 600)}… (${payload.length} chars)` : payload,
            contentType: headers['content-type'],
            as: user
              ? `world user ${s.who.kind === 'user' ? s.who.ix : ''}`
              : s.who.kind === 'junk'
                ? `authorization ${s.who.header.slice(0, 40)}`
                : 'nobody',
            pin: s.pin,
            idempotencyKey: s.key.kind,
          });
          const fkey = `${s.name} | ${kind.replace(/ at .*/, '')} | ${res.statusCode} | ${typeof code === 'string' ? code : ''}`;
          const seen = failures.get(fkey);
          const failure: Failure = {
            key: fkey,
            kind,
            count: (seen?.count ?? 0) + 1,
            request,
            status: res.statusCode,
            answer: res.body.slice(0, 500),
            log: logLines.slice(logFrom).map((l) => l.slice(0, 1500)),
          };
          failures.set(fkey, seen && seen.request.length <= request.length ? { ...seen, count: failure.count } : failure);
        }
        // A call of the user service or a wrong PIN may have changed the person's credentials.
        if (
          user &&
          ((s.name.startsWith('user.') && res.statusCode < 300) ||
            code === 'PIN_INCORRECT' ||
            code === 'PIN_LOCKED' ||
            res.statusCode === 401)
        ) {
          await world.repair(user);
        }
        return true;
      };

      console.info(
        `fuzz: seed ${SEED}, ${RUNS} requests, ${entries.length} routes, ${fingerprint.tables} tables fingerprinted; world ids ` +
          JSON.stringify(Object.fromEntries([...world.ids].map(([tag, pool]) => [tag, pool.length]))),
      );
      await fc.assert(fc.asyncProperty(arb, run), {
        seed: SEED,
        numRuns: RUNS,
        interruptAfterTimeLimit: TIME_LIMIT_MS,
        markInterruptAsFailure: false,
      });
      const secs = (Date.now() - started) / 1000;
      console.info(
        `fuzz: ${sent} requests in ${secs.toFixed(1)} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
          `${fingerprinted} refused calls checked for writes, fingerprints took ${(fingerprintMs / 1000).toFixed(1)} s in all; ` +
          `${answered.size} of ${entries.length} routes answered 2xx at least once`,
      );
      if (process.env.FUZZ_VERBOSE)
        for (const [name] of entries.filter(([n]) => !answered.has(n)))
          console.info(`never 2xx: ${name}\n  ${(byRoute.get(name) ?? []).join('\n  ')}`);
      const report = [...failures.values()].map(
        (f) =>
          `\n✗ ${f.key} (${f.count}×): ${f.kind}\n  request: ${f.request}\n  answer: ${f.status} ${f.answer}` +
          (f.log.length > 0 ? `\n  server log:\n    ${f.log.join('\n    ')}` : ''),
      );
      if (report.length > 0) console.error(`fuzz (seed ${SEED}) found ${report.length} distinct failures:${report.join('')}`);
      expect(sent).toBeGreaterThan(Math.min(RUNS, 100) - 1);
      expect(report, `seed ${SEED}: rerun with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    TIME_LIMIT_MS + 120_000,
  );
});
