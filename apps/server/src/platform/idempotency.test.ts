import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authOf } from './auth.js';
import { AppError } from './errors.js';
import { bearer } from './guards.js';
import { withIdempotency, withPaymentIdempotency } from './idempotency.js';
import { idempotencyKeys } from './tables.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../test/harness.js';

/**
 * The key of a call that waits on an outside system is bound to its payment in the payment's first
 * transaction; a retry whose request is still running waits (409), one whose request died answers
 * from the payment (`recover`).
 */
let t: TestContext;
let u: TestUser;
let runs = 0;
let recovered = 0;
let moves = 0;
let gate: Promise<void> | null = null;
const body = z.object({ ref: z.string(), fail: z.enum(['refuse', 'crash']).optional() });

beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      // A step on a resource named in the path: the key is bound to the path's id as well as the body.
      app.put('/api/test/thing/:id/move', { ...bearer, schema: { params: z.object({ id: z.string() }) } }, async (req, reply) =>
        withIdempotency(app.db, req, reply, authOf(req).userId, 'test.move', async () => {
          moves += 1;
          return { status: true, message: 'moved', data: { id: (req.params as { id: string }).id, move: moves } };
        }),
      );
      app.post('/api/test/pay', { ...bearer, schema: { body } }, async (req, reply) => {
        const { ref, fail } = req.body as z.infer<typeof body>;
        return withPaymentIdempotency(
          app.db,
          req,
          reply,
          authOf(req).userId,
          'test.pay',
          async (key) => {
            runs += 1;
            await app.db.transaction((tx) => key?.claim(tx, ref) ?? Promise.resolve());
            if (gate) await gate;
            if (fail === 'refuse') throw new AppError(422, 'DECLINED', 'Declined by the bank');
            if (fail === 'crash') throw new Error('lost the database');
            return { status: true, message: 'paid', data: { ref, run: runs } };
          },
          async (reference) => {
            recovered += 1;
            return { status: true, message: 'recovered', data: { ref: reference, run: 0 } };
          },
        );
      });
    },
  });
  u = await newUser(t.app);
});
afterAll(() => t.close());

const pay = (key: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/test/pay', headers: auth(u, { 'idempotency-key': key }), payload });
const keyRow = async (key: string) =>
  (
    await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, u.id), eq(idempotencyKeys.key, key)))
  )[0];

describe('Idempotency-Key bound to a payment', () => {
  it('replays the first answer, running the payment once', async () => {
    const before = runs;
    const a = await pay('pay-key-00001', { ref: 'R1' });
    const b = await pay('pay-key-00001', { ref: 'R1' });
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(runs).toBe(before + 1);
    expect(await keyRow('pay-key-00001')).toMatchObject({ resource: 'R1', statusCode: 200, owner: null });
  });

  it('answers 409 to a retry while the request is still running, then replays its answer', async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const first = pay('pay-key-00002', { ref: 'R2' });
    await new Promise((r) => setTimeout(r, 200));
    const during = await pay('pay-key-00002', { ref: 'R2' });
    expect(during.statusCode).toBe(409);
    expect(json(during).code).toBe('IDEMPOTENCY_IN_PROGRESS');
    gate = null;
    open();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect((await pay('pay-key-00002', { ref: 'R2' })).json()).toEqual(done.json());
  });

  it('answers from the payment when the request that claimed the key died with its process', async () => {
    // A claim left by a process that no longer runs: bound to its payment, no answer.
    const dead = process.env.DATABASE_URL ? 'p12345' : 'e12345';
    await t.db.insert(idempotencyKeys).values({
      userId: u.id,
      key: 'pay-key-00003',
      scope: 'test.pay',
      requestHash: await hashOf({ ref: 'R3' }),
      resource: 'R3',
      owner: dead,
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const before = { runs, recovered };
    const r = await pay('pay-key-00003', { ref: 'R3' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ message: 'recovered', data: { ref: 'R3' } });
    expect(await pay('pay-key-00003', { ref: 'R3' }).then((x) => x.json())).toEqual(r.json());
    expect({ runs, recovered }).toEqual({ runs: before.runs, recovered: before.recovered + 1 });
    expect(await keyRow('pay-key-00003')).toMatchObject({ statusCode: 200, owner: null });
  });

  it('stores a refusal after the key was bound as the answer', async () => {
    const refused = await pay('pay-key-00004', { ref: 'R4', fail: 'refuse' });
    expect(refused.statusCode).toBe(422);
    const again = await pay('pay-key-00004', { ref: 'R4', fail: 'refuse' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refused.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('a retry after any other error recovers the payment', async () => {
    const crashed = await pay('pay-key-00005', { ref: 'R5', fail: 'crash' });
    expect(crashed.statusCode).toBe(500);
    const retry = await pay('pay-key-00005', { ref: 'R5', fail: 'crash' });
    expect(retry.statusCode).toBe(200);
    expect(json(retry)).toMatchObject({ message: 'recovered', data: { ref: 'R5' } });
  });

  // The embedded database serves one process, so another live process can exist only on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)('waits for a request of another live process until its lease runs out (PostgreSQL)', async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl! });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1, $2)', [0x4f574f, 777]);
      await t.db.insert(idempotencyKeys).values({
        userId: u.id,
        key: 'pay-key-00006',
        scope: 'test.pay',
        requestHash: await hashOf({ ref: 'R6' }),
        resource: 'R6',
        owner: 'p777',
        lockedUntil: new Date(Date.now() + 60_000),
      });
      expect((await pay('pay-key-00006', { ref: 'R6' })).statusCode).toBe(409);
      await t.db
        .update(idempotencyKeys)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(idempotencyKeys.key, 'pay-key-00006'));
      expect(json(await pay('pay-key-00006', { ref: 'R6' }))).toMatchObject({ message: 'recovered' });
      // And a process that dies is seen as dead at once, lease or not.
      await t.db.insert(idempotencyKeys).values({
        userId: u.id,
        key: 'pay-key-00007',
        scope: 'test.pay',
        requestHash: await hashOf({ ref: 'R7' }),
        resource: 'R7',
        owner: 'p777',
        lockedUntil: new Date(Date.now() + 60_000),
      });
      expect((await pay('pay-key-00007', { ref: 'R7' })).statusCode).toBe(409);
    } finally {
      await other.end();
    }
    expect(json(await pay('pay-key-00007', { ref: 'R7' }))).toMatchObject({ message: 'recovered' });
  });
});

describe('Idempotency-Key on a call whose path names what it changes', () => {
  const move = (id: string, key: string) =>
    t.app.inject({ method: 'PUT', url: `/api/test/thing/${id}/move`, headers: auth(u, { 'idempotency-key': key }) });

  it('replays the same path, and refuses the same key for another id (422) without running it', async () => {
    const a = await move('A', 'move-key-0001');
    expect(a.statusCode).toBe(200);
    const again = await move('A', 'move-key-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(a.json());
    const before = moves;
    const other = await move('B', 'move-key-0001');
    expect(other.statusCode).toBe(422);
    expect(json(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(moves).toBe(before);
    expect((await move('B', 'move-key-0002')).json()).toMatchObject({ data: { id: 'B', move: before + 1 } });
  });

  it('refuses a malformed key (400) and runs without a key every time', async () => {
    const bad = await move('A', 'short');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('IDEMPOTENCY_KEY_INVALID');
    const before = moves;
    const plain = () => t.app.inject({ method: 'PUT', url: '/api/test/thing/A/move', headers: auth(u) });
    await plain();
    await plain();
    expect(moves).toBe(before + 2);
  });
});

async function hashOf(b: object) {
  const { requestHash } = await import('./idempotency.js');
  return requestHash('test.pay', b);
}
