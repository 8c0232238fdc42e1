import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { executeRows, lostRaces, runOnce, TRANSACTION_ATTEMPTS, type Tx } from './db.js';
import { AppError } from './errors.js';
import { createTestApp, type TestContext } from '../test/harness.js';

// Every top-level transaction retries a lost race (deadlock, serialization failure) and then answers
// 409 BUSY_RETRY; a statement outside a transaction that loses one answers that 409 too, never a 500.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      app.get('/api/test/lost-race/:state', async (req) => {
        const state = (req.params as { state: string }).state;
        // As drizzle throws a failed statement: the driver's error (with its SQLSTATE) as the cause.
        throw new Error('Failed query: SELECT 1', { cause: raceError(state) });
      });
      app.get('/api/test/nowait', async () => executeRows(app.db, sql`SELECT n FROM race_rows WHERE id = 1 FOR UPDATE NOWAIT`));
    },
  });
  await t.db.execute(sql`CREATE TABLE race_rows (id int PRIMARY KEY, n int NOT NULL DEFAULT 0)`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.execute(sql`DELETE FROM race_rows`);
  await t.db.execute(sql`INSERT INTO race_rows (id) VALUES (1), (2)`);
});

const raceError = (code: string) => Object.assign(new Error('could not serialize access due to concurrent update'), { code });
const wrapped = (code: string) => new Error('Failed query: UPDATE race_rows', { cause: raceError(code) });
const bump = (tx: Tx, id: number) => tx.execute(sql`UPDATE race_rows SET n = n + 1 WHERE id = ${id}`);
const counts = async () =>
  Object.fromEntries(
    (await executeRows<{ id: number; n: number }>(t.db, sql`SELECT id, n FROM race_rows ORDER BY id`)).map((r) => [r.id, Number(r.n)]),
  );

describe('transactions that lose a race', () => {
  it('are run again from the start in a fresh transaction: the first attempt leaves nothing', async () => {
    const before = lostRaces(t.db).retried;
    let calls = 0;
    const out = await t.db.transaction(async (tx) => {
      calls++;
      await bump(tx, 1);
      if (calls === 1) throw wrapped('40001');
      return 'done';
    });
    expect(out).toBe('done');
    expect(calls).toBe(2);
    expect(await counts()).toEqual({ 1: 1, 2: 0 });
    expect(lostRaces(t.db).retried).toBe(before + 1);
  });

  it(`answer 409 BUSY_RETRY once ${TRANSACTION_ATTEMPTS} attempts all lost (a deadlock, as the driver throws it)`, async () => {
    let calls = 0;
    const err = await t.db
      .transaction(async (tx) => {
        calls++;
        await bump(tx, 1);
        throw raceError('40P01');
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 409, code: 'BUSY_RETRY', message: expect.stringMatching(/at the same time/) });
    expect(calls).toBe(TRANSACTION_ATTEMPTS);
    expect(TRANSACTION_ATTEMPTS).toBeGreaterThanOrEqual(3);
    expect(await counts()).toEqual({ 1: 0, 2: 0 });
  });

  it('marked runOnce: answer 409 at once, never run twice', async () => {
    let calls = 0;
    const err = await t.db
      .transaction(
        runOnce(async (tx: Tx) => {
          calls++;
          await bump(tx, 1);
          throw wrapped('40001');
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 409, code: 'BUSY_RETRY' });
    expect(calls).toBe(1);
  });

  it('any other error is not retried and reaches the caller as it is', async () => {
    let calls = 0;
    const boom = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      t.db.transaction(async () => {
        calls++;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);
  });

  it('a savepoint is never retried on its own: its caller handles its error, or the whole transaction runs again', async () => {
    let outer = 0;
    let inner = 0;
    // The caller catches the savepoint's lost race: nothing is run again.
    const handled = await t.db.transaction(async (tx) => {
      outer++;
      await bump(tx, 1);
      const r = await tx
        .transaction(async (sp) => {
          inner++;
          await bump(sp, 2);
          throw wrapped('40001');
        })
        .catch(() => 'savepoint rolled back');
      return r;
    });
    expect(handled).toBe('savepoint rolled back');
    expect([outer, inner]).toEqual([1, 1]);
    expect(await counts()).toEqual({ 1: 1, 2: 0 });

    // Uncaught, it reaches the top-level transaction, which runs again whole (the savepoint with it), once.
    outer = 0;
    inner = 0;
    await t.db.transaction(async (tx) => {
      outer++;
      await bump(tx, 1);
      await tx.transaction(async (sp) => {
        inner++;
        await bump(sp, 2);
        if (inner === 1) throw wrapped('40P01');
      });
    });
    expect([outer, inner]).toEqual([2, 2]);
    expect(await counts()).toEqual({ 1: 2, 2: 1 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two transactions locking two rows in opposite order (PostgreSQL): both end well, one of them retried, each applied once',
    async () => {
      const before = lostRaces(t.db);
      // Each takes its first row, waits until the other has taken its own, then takes the other's row:
      // a deadlock on the first attempt, which PostgreSQL breaks by failing one of them.
      let locked = 0;
      let bothLocked!: () => void;
      const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
      const crosswise = (first: number, second: number) => {
        let attempt = 0;
        return t.db.transaction(async (tx) => {
          attempt++;
          await bump(tx, first);
          if (attempt === 1) {
            if (++locked === 2) bothLocked();
            await barrier;
          }
          await bump(tx, second);
          return attempt;
        });
      };
      const results = await Promise.allSettled([crosswise(1, 2), crosswise(2, 1)]);
      for (const r of results) {
        // Never a raw database error: done, or (had every attempt lost) the 409.
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409, code: 'BUSY_RETRY' });
      }
      const done = results.filter((r) => r.status === 'fulfilled').length;
      expect(done).toBe(2);
      expect(lostRaces(t.db).retried).toBeGreaterThan(before.retried);
      // Each transaction that ended well bumped both rows exactly once, the retried one included.
      expect(await counts()).toEqual({ 1: done, 2: done });
    },
  );
});

describe('a statement outside a transaction that loses a race', () => {
  it.each(['40P01', '40001', '55P03'])('answers 409 BUSY_RETRY for SQLSTATE %s, not 500', async (state) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/lost-race/${state}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: false,
      message: 'Someone else was changing this at the same time; please try again',
      code: 'BUSY_RETRY',
    });
  });

  it('any other database error still answers 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/lost-race/XX000' });
    expect(res.statusCode).toBe(500);
  });

  it.skipIf(!process.env.DATABASE_URL)('a real lock not available (NOWAIT on a row another connection holds) answers 409', async () => {
    const holder = new pg.Client({ connectionString: t.databaseUrl! });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT n FROM race_rows WHERE id = 1 FOR UPDATE');
      const res = await t.app.inject({ method: 'GET', url: '/api/test/nowait' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'BUSY_RETRY' });
      await holder.query('ROLLBACK');
      expect((await t.app.inject({ method: 'GET', url: '/api/test/nowait' })).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
  });
});
