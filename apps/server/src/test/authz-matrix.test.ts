import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { apiMap, type ApiEndpointDef } from '@owo/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeRows } from '../platform/db.js';
import { NOOP, ROLES, rows, type Ctx, type Expected, type Role, type Row } from './authz-rows.js';
import { makeWorld, type Person, type World } from './authz-world.js';
import { auth, createTestApp, TEST_PIN, type TestContext } from './harness.js';

/**
 * The authorization matrix (architecture section 12): every call of the contracts' API map against
 * every role it concerns, with the exact answer expected (authz-rows.ts) in a world of one person per
 * role (authz-world.ts). A refusal must write nothing: the database's fingerprint is the same before
 * and after it. A call added to the API map without its row fails here, by name.
 */

// Every route's options as the app registers them, to read the success status each route declares;
// and a count of the requests the app has served (a fingerprint taken since the last is still good).
const seen = vi.hoisted(() => [] as RouteOptions[]);
const served = vi.hoisted(() => ({ n: 0 }));
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: unknown }>();
  const make = actual.default as (...args: unknown[]) => FastifyInstance;
  const recording = (...args: unknown[]) => {
    const app = make(...args);
    app.addHook('onRoute', (route) => {
      seen.push(route);
    });
    app.addHook('onRequest', async () => {
      served.n++;
    });
    return app;
  };
  return { ...actual, default: Object.assign(recording, actual.default) };
});

const entries = apiMap as Record<string, ApiEndpointDef>;
const names = Object.keys(entries);
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);

/** 201 where the route declares a 201 reply, else 200. */
function successOf(e: ApiEndpointDef): number {
  const route = seen.find((r) => r.url === e.path && methodsOf(r).includes(e.method));
  const response = (route?.schema as { response?: Record<number, unknown> } | undefined)?.response ?? {};
  return 201 in response ? 201 : 200;
}

/**
 * Tables whose rows any request may touch whatever its answer: of these only the row count is
 * printed. Found by running the whole matrix with every table in, on both databases: only the
 * outbox differed on refusals, on PostgreSQL, because its delivery worker claims and marks sent, in
 * the background, the messages that earlier successful calls queued (a refusal that queued a message
 * would still change the count). A device's "last active" time (user_devices.last_seen_at) is
 * stamped by any signed-in request, refused or not, at most once a minute per session
 * (devices.service.ts deviceActivity): a device signed in or out still changes the count. Rate
 * limits are counted in memory or Redis, and an Idempotency-Key is claimed inside the request's own
 * transaction, so a refusal rolls it back: none of them needed leaving out.
 */
const COUNTED_ONLY = new Set<string>(['outbox', 'user_devices']);

let t: TestContext;
let w: World;
let fingerprintSql: ReturnType<typeof sql.raw>;
type Print = { t: string; n: number; h: string };
/** The last fingerprint and the request count it was taken at: nothing but requests write after the world is made. */
let last: { at: number; print: Map<string, Print> } | null = null;

/**
 * Row count and newest row version of every table (one statement). Every insert or update writes a
 * row version stamped with its transaction's id (xmin), newer than any before it; a delete lowers the
 * count. So any committed write changes the print, on PGlite as on PostgreSQL, without reading the
 * rows' content (an md5 of every table's rows cost several times more).
 */
async function fingerprint(): Promise<Map<string, Print>> {
  if (last && last.at === served.n) return last.print;
  const got = await executeRows<Print>(t.db, fingerprintSql);
  const print = new Map(got.map((r) => [r.t, r]));
  last = { at: served.n, print };
  return print;
}
const changed = (a: Map<string, Print>, b: Map<string, Print>) =>
  [...b.values()]
    .filter((r) => a.get(r.t)?.h !== r.h || a.get(r.t)?.n !== r.n)
    .map((r) => `${r.t} (${a.get(r.t)?.n ?? 0} rows, now ${r.n})`);

beforeAll(async () => {
  t = await createTestApp();
  const tables = await executeRows<{ table_name: string }>(
    t.db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables
    .map((r) => r.table_name)
    .map((name) => {
      const version = COUNTED_ONLY.has(name) ? "''" : 'coalesce(max(x.xmin::text::bigint), 0)::text';
      return `SELECT '${name}' AS t, count(*)::int AS n, ${version} AS h FROM "${name}" x`;
    });
  fingerprintSql = sql.raw(parts.join(' UNION ALL '));
  w = await makeWorld(t);
  if (process.env.AUTHZ_TIMING) {
    const t0 = performance.now();
    for (let i = 0; i < 20; i++, last = null) await fingerprint();
    console.log(`fingerprint: ${((performance.now() - t0) / 20).toFixed(1)} ms`);
  }
}, 240_000);
afterAll(() => t?.close());

const png = sharp({ create: { width: 32, height: 24, channels: 3, background: '#0b6e4f' } })
  .png()
  .toBuffer();
async function multipart(field: string): Promise<{ payload: Buffer; type: string }> {
  const boundary = '----owo-authz';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    await png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}

async function caller(role: Role): Promise<Person | null> {
  if (role === 'stranger') return null;
  if (role === 'newcomer') return w.person();
  if (role === 'chatPeer') return w.member;
  return w[role];
}

const setups = new Map<string, Promise<Ctx>>();
const setupOf = (name: string, row: Row) => {
  if (!setups.has(name)) setups.set(name, row.setup ? row.setup(w) : Promise.resolve({}));
  return setups.get(name)!;
};

const isRefusal = (s: Expected) => typeof s === 'number' && s >= 400;
/** Answers after which the database must be as it was. */
const writesNothing = (s: Expected) => s === NOOP || isRefusal(s);
/** A row's cells: its refusals first (they must leave the thing as it was), then its successes. */
const cellsOf = (row: Row) =>
  (Object.entries(row.expect) as Array<[Role, Expected]>).sort(([, a], [, b]) => Number(isRefusal(b)) - Number(isRefusal(a)));

const rowNames = Object.keys(rows);
const ordered = [...rowNames.filter((n) => !rows[n]!.last), ...rowNames.filter((n) => rows[n]!.last)].filter((n) => n in entries);

describe('every call of the API map has its row', () => {
  it.each(names)('%s has a row', (name) => {
    expect(rows[name], `${name} has no row in src/test/authz-rows.ts`).toBeDefined();
  });
  it.each(rowNames)('%s names a call of the API map', (name) => {
    expect(entries[name], `the row ${name} names no call of the API map`).toBeDefined();
  });
  it.each(rowNames)('%s refuses a stranger unless it is public, and is tried by someone signed in', (name) => {
    const row = rows[name]!;
    if (row.public) {
      expect(row.expect.stranger).toBeDefined();
      expect(row.expect.stranger).not.toBe(401);
    } else {
      expect(row.expect.stranger).toBe(401);
      expect(Object.keys(row.expect).filter((r) => r !== 'stranger').length).toBeGreaterThan(0);
    }
  });
  it('names only known roles', () => {
    for (const row of Object.values(rows)) for (const role of Object.keys(row.expect)) expect(ROLES).toContain(role);
  });
});

describe.each(ordered)('%s', (name) => {
  const row = rows[name]!;
  const e = entries[name]!;
  it.each(cellsOf(row))('as %s answers %s', async (role, expected) => {
    const as = await caller(role);
    const x = { ...(await setupOf(name, row)), ...(row.each ? await row.each(w, as) : {}) };
    const params = row.params?.(w, x) ?? {};
    const url = e.path.replace(/:(\w+)/g, (_m, p: string) => {
      const v = params[p];
      if (v === undefined) throw new Error(`${name}: the row gives no value for :${p}`);
      return encodeURIComponent(v);
    });
    const query = row.query ? `?${new URLSearchParams(row.query(w, x)).toString()}` : '';
    // Every call carries a key but a NOOP success: a success keeps its answer under its key (the one
    // row it writes by design), and a NOOP cell checks that the call itself writes nothing.
    const headers: Record<string, string> = {
      ...(expected === NOOP ? {} : { 'Idempotency-Key': randomUUID() }),
      ...(e.pin ? { transactionPin: TEST_PIN } : {}),
      ...(row.headers?.(w, x, as) ?? {}),
    };
    let payload: unknown = row.body?.(w, x, as);
    if (row.multipart) {
      const m = await multipart(row.multipart === true ? 'file' : row.multipart);
      payload = m.payload;
      headers['content-type'] = m.type;
    }
    const status = typeof expected === 'number' ? expected : successOf(e);
    const before = writesNothing(expected) ? await fingerprint() : null;
    const res = await t.app.inject({
      method: e.method,
      url: url + query,
      headers: as ? auth(as, headers) : headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    // Soft, so that a wrong answer still has its writes checked and reported.
    expect.soft(res.statusCode, `${e.method} ${e.path} as ${role}: ${res.body.slice(0, 300)}`).toBe(status);
    if (before) expect(changed(before, await fingerprint()), `${name} as ${role} must write nothing`).toEqual([]);
  });
});
