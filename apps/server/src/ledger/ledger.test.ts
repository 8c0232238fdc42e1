import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { checkLedger } from './check.js';
import {
  InsufficientFunds,
  openSystemAccounts,
  openUserAccounts,
  resolvePending,
  system,
  transfer,
  userAccount,
  userBalances,
} from './ledger.js';
import * as tables from './tables.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newWallet = async () => {
  const owner = newId();
  await t.db.transaction((tx) => openUserAccounts(tx, owner));
  return { owner, wallet: await userAccount(t.db, owner, 'wallet') };
};
const fund = (db: Db, wallet: string, amount: bigint) =>
  db.transaction((tx) =>
    transfer(tx, [
      { id: newId(), debitAccountId: system('card_funding'), creditAccountId: wallet, amount, kind: 'fund.card', reference: 'test' },
    ]),
  );
const available = async (owner: string, code = 'wallet') => (await userBalances(t.db, owner)).get(code)?.available ?? 0n;
type Row = Record<string, unknown>;
const rows = async <T = Row>(db: Db, q: ReturnType<typeof sql>) => {
  const r = (await db.execute(q)) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
};
const account = async (id: string) => (await t.db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, id)))[0]!;
/** The shard the database picks for a system leg of the transfer with this id. */
const shardOf = async (code: string, transferId: string) =>
  (await rows<{ id: string }>(t.db, sql`SELECT owo_system_account(${code}, ${transferId}) AS id`))[0]!.id;

describe('ledger transfers', () => {
  it('moves money between accounts, keeping every invariant', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    await t.db.transaction((tx) =>
      transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 2_500n, kind: 'send', reference: 'r1' }]),
    );
    expect(await available(a.owner)).toBe(7_500n);
    expect(await available(b.owner)).toBe(2_500n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('refuses to overdraw a user account and writes nothing', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    const [beforeA, beforeB] = [await account(a.wallet), await account(b.wallet)];
    const id = newId();
    const refused = t.db.transaction((tx) =>
      transfer(tx, [{ id, debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 1_001n, kind: 'send', reference: 'r' }]),
    );
    await expect(refused).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(refused).rejects.toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_FUNDS', accountId: a.wallet });
    expect(await available(a.owner)).toBe(1_000n);
    expect(await account(a.wallet)).toEqual(beforeA);
    expect(await account(b.wallet)).toEqual(beforeB);
    expect(await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, id))).toEqual([]);
    // Reserved (pending) debits count against what is available.
    await t.db.transaction((tx) =>
      transfer(tx, [
        {
          id: newId(),
          debitAccountId: a.wallet,
          creditAccountId: system('bank_payout'),
          amount: 600n,
          kind: 'bank',
          reference: 'r',
          pending: true,
        },
      ]),
    );
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 401n, kind: 'send', reference: 'r' }]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(
      (
        await t.db.transaction((tx) =>
          transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 400n, kind: 'send', reference: 'r' }]),
        )
      ).created,
    ).toBe(true);
    expect(await available(a.owner)).toBe(0n);
  });

  it('refuses a zero amount, the same account on both sides and an unknown account, with their codes', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    const leg = { debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 10n, kind: 'send', reference: 'r' };
    const post = (over: object) => t.db.transaction((tx) => transfer(tx, [{ id: newId(), ...leg, ...over }]));
    await expect(post({ amount: 0n })).rejects.toMatchObject({ statusCode: 400, code: 'AMOUNT_INVALID' });
    await expect(post({ amount: -5n })).rejects.toMatchObject({ statusCode: 400, code: 'AMOUNT_INVALID' });
    await expect(post({ creditAccountId: a.wallet })).rejects.toMatchObject({ statusCode: 400, code: 'SAME_ACCOUNT' });
    await expect(post({ debitAccountId: system('fees'), creditAccountId: system('fees') })).rejects.toMatchObject({ code: 'SAME_ACCOUNT' });
    await expect(post({ creditAccountId: newId() })).rejects.toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect(await available(a.owner)).toBe(1_000n);
    expect(await available(b.owner)).toBe(0n);
  });

  it('a batch is all or nothing: a fee leg that overdraws undoes the main leg', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 1_000n);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [
          { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 1_000n, kind: 'send', reference: 'r' },
          { id: newId(), debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 10n, kind: 'fee', reference: 'r' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await available(a.owner)).toBe(1_000n);
    expect(await available(b.owner)).toBe(0n);
  });

  it('the same transfer id never moves money twice; different details under that id are refused', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 5_000n);
    const leg = { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 700n, kind: 'send', reference: 'r' };
    const first = await t.db.transaction((tx) => transfer(tx, [leg]));
    const again = await t.db.transaction((tx) => transfer(tx, [leg]));
    expect(first.created).toBe(true);
    expect(first.transfers[0]).toMatchObject({
      id: leg.id,
      debitAccountId: a.wallet,
      creditAccountId: b.wallet,
      amount: 700n,
      status: 'posted',
      seq: 0,
    });
    expect(first.transfers[0]!.createdAt).toBeInstanceOf(Date);
    expect(again.created).toBe(false);
    expect(again.transfers).toEqual(first.transfers);
    expect(await available(b.owner)).toBe(700n);
    await expect(t.db.transaction((tx) => transfer(tx, [{ ...leg, amount: 800n }]))).rejects.toMatchObject({
      statusCode: 409,
      code: 'TRANSFER_EXISTS',
    });
    await expect(t.db.transaction((tx) => transfer(tx, [{ ...leg, kind: 'other' }]))).rejects.toMatchObject({ code: 'TRANSFER_EXISTS' });
    await expect(
      t.db.transaction((tx) => transfer(tx, [{ ...leg, creditAccountId: a.wallet, debitAccountId: b.wallet }])),
    ).rejects.toMatchObject({ code: 'TRANSFER_EXISTS' });
    // A batch naming one known id and one new one is a conflict too, and the new one is not written.
    const fresh = newId();
    await expect(t.db.transaction((tx) => transfer(tx, [leg, { ...leg, id: fresh }]))).rejects.toMatchObject({ code: 'TRANSFER_EXISTS' });
    expect(await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, fresh))).toEqual([]);
    expect(await available(b.owner)).toBe(700n);
  });

  it('fee legs: one batch debits the payer once per leg, the fee lands on the shard its id picks, all in one go', async () => {
    const a = await newWallet();
    const b = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    const main = newId();
    const fee = newId();
    const feeShard = await shardOf('fees', fee);
    const before = await account(feeShard);
    const { created, transfers } = await t.db.transaction((tx) =>
      transfer(tx, [
        {
          id: main,
          debitAccountId: a.wallet,
          creditAccountId: b.wallet,
          amount: 4_000n,
          kind: 'send',
          reference: 'fee-test',
          metadata: { note: 'rent "share"' },
        },
        { id: fee, debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 25n, kind: 'fee', reference: 'fee-test' },
      ]),
    );
    expect(created).toBe(true);
    expect(transfers.map((x) => [x.id, x.seq, x.creditAccountId])).toEqual([
      [main, 0, b.wallet],
      [fee, 1, feeShard],
    ]);
    expect(transfers[0]!.metadata).toEqual({ note: 'rent "share"' });
    expect(await available(a.owner)).toBe(10_000n - 4_025n);
    expect(await available(b.owner)).toBe(4_000n);
    expect((await account(feeShard)).creditsPosted - before.creditsPosted).toBe(25n);
    // The payer can afford the main leg but not with the fee: neither moves.
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [
          { id: newId(), debitAccountId: a.wallet, creditAccountId: b.wallet, amount: 5_975n, kind: 'send', reference: 'fee-test' },
          { id: newId(), debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 1n, kind: 'fee', reference: 'fee-test' },
        ]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await available(a.owner)).toBe(5_975n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('two-phase: pending reserves the money, post completes it, void returns it; resolving twice is harmless', async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 10_000n);
    const payout = system('bank_payout');
    const p1 = newId();
    const p2 = newId();
    const f2 = newId();
    const [payout1, payout2, fees2] = [await shardOf('bank_payout', p1), await shardOf('bank_payout', p2), await shardOf('fees', f2)];
    const shardsBefore = new Map(await Promise.all([payout1, payout2, fees2].map(async (id) => [id, await account(id)] as const)));
    const reserved = await t.db.transaction((tx) =>
      transfer(tx, [
        { id: p1, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_000n, kind: 'bank', reference: 'x', pending: true },
        { id: p2, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_900n, kind: 'bank', reference: 'y', pending: true },
        { id: f2, debitAccountId: a.wallet, creditAccountId: system('fees'), amount: 100n, kind: 'fee', reference: 'y', pending: true },
      ]),
    );
    expect(reserved.transfers.map((x) => x.status)).toEqual(['pending', 'pending', 'pending']);
    expect(reserved.transfers[0]!.resolvedAt).toBeNull();
    expect(await available(a.owner)).toBe(1_000n);
    expect(await account(a.wallet)).toMatchObject({ debitsPending: 9_000n, debitsPosted: 0n });
    // Reserved money cannot be spent again.
    await expect(fund(t.db, a.wallet, 0n)).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: payout, amount: 1_001n, kind: 'bank', reference: 'z' }]),
      ),
    ).rejects.toBeInstanceOf(InsufficientFunds);

    const posted = await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ id: p1, status: 'posted', amount: 4_000n, creditAccountId: payout1 });
    expect(posted[0]!.resolvedAt).toBeInstanceOf(Date);
    const voided = await t.db.transaction((tx) => resolvePending(tx, [p2, f2], 'void', 'bank declined'));
    expect(voided.map((x) => x.id)).toEqual([p2, f2]);
    expect(await t.db.transaction((tx) => resolvePending(tx, [p1, p2, f2], 'void'))).toHaveLength(0);
    expect(await t.db.transaction((tx) => resolvePending(tx, [p1], 'post'))).toHaveLength(0);
    expect(await available(a.owner)).toBe(6_000n);
    expect(await account(a.wallet)).toMatchObject({ debitsPending: 0n, debitsPosted: 4_000n });
    const moved = async (id: string) => {
      const now = await account(id);
      const then = shardsBefore.get(id)!;
      return { cp: now.creditsPosted - then.creditsPosted, cpe: now.creditsPending - then.creditsPending };
    };
    expect(await moved(payout1)).toEqual({ cp: 4_000n, cpe: 0n });
    if (payout2 !== payout1) expect(await moved(payout2)).toEqual({ cp: 0n, cpe: 0n });
    expect(await moved(fees2)).toEqual({ cp: 0n, cpe: 0n });
    const [v] = await t.db.select().from(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, p2));
    expect(v).toMatchObject({ status: 'voided', reason: 'bank declined' });
    // Replaying the reservation after it was resolved moves nothing.
    const replay = await t.db.transaction((tx) =>
      transfer(tx, [
        { id: p1, debitAccountId: a.wallet, creditAccountId: payout, amount: 4_000n, kind: 'bank', reference: 'x', pending: true },
      ]),
    );
    expect(replay).toMatchObject({ created: false, transfers: [{ id: p1, status: 'posted' }] });
    expect(await available(a.owner)).toBe(6_000n);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('the database itself refuses an overdraft even if code tried one', async () => {
    const a = await newWallet();
    await expect(
      t.db
        .update(tables.ledgerAccounts)
        .set({ debitsPosted: sql`${tables.ledgerAccounts.creditsPosted} + 1` })
        .where(eq(tables.ledgerAccounts.id, a.wallet)),
    ).rejects.toThrow();
  });

  it('the check notices counters that disagree with the transfers', async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 100n);
    await t.db.update(tables.ledgerAccounts).set({ creditsPosted: 150n }).where(eq(tables.ledgerAccounts.id, a.wallet));
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.counterMismatches.map((m) => m.id)).toContain(a.wallet);
    await t.db.update(tables.ledgerAccounts).set({ creditsPosted: 100n }).where(eq(tables.ledgerAccounts.id, a.wallet));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('accounts are never deleted, and the check notices a transfer naming one that does not exist', async () => {
    const a = await newWallet();
    await expect(t.db.delete(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, a.wallet))).rejects.toThrow();
    expect(await t.db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, a.wallet))).toHaveLength(1);
    // Written behind the ledger's back (the ledger's own writes fail on a missing account).
    const id = newId();
    const missing = newId();
    await t.db
      .insert(tables.ledgerTransfers)
      .values({ id, debitAccountId: missing, creditAccountId: a.wallet, amount: 5n, kind: 'test', reference: 'test', status: 'voided' });
    const report = await checkLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.danglingTransfers).toEqual([id]);
    await t.db.delete(tables.ledgerTransfers).where(eq(tables.ledgerTransfers.id, id));
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('a transfer to an account that does not exist moves nothing', async () => {
    const a = await newWallet();
    await fund(t.db, a.wallet, 100n);
    const before = await available(a.owner);
    await expect(
      t.db.transaction((tx) =>
        transfer(tx, [{ id: newId(), debitAccountId: a.wallet, creditAccountId: newId(), amount: 10n, kind: 'test', reference: 'test' }]),
      ),
    ).rejects.toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
    expect(await available(a.owner)).toBe(before);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('every user has a wallet and a business wallet from sign-up', async () => {
    const owner = newId();
    await t.db.transaction((tx) => openUserAccounts(tx, owner));
    await t.db.transaction((tx) => openUserAccounts(tx, owner));
    const rows = await t.db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.ownerId, owner));
    expect(rows.map((r) => r.code).sort()).toEqual(['business', 'wallet']);
    expect(rows.every((r) => r.noOverdraft)).toBe(true);
  });
});

// Lock contention only exists with many connections: PGlite is a single in-process connection, so
// this runs in the PostgreSQL pass of CI (DATABASE_URL set) and is skipped on the embedded database.
describe.skipIf(!process.env.DATABASE_URL)('ledger under concurrency (PostgreSQL)', () => {
  it('thousands of concurrent random transfers, many to and from one account: no lost update, overdraft or deadlock', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const [dbName] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    url.pathname = `/${dbName!.name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 24 });
    pool.on('error', () => {}); // idle connections are terminated when the suite drops its database
    const db = drizzle(pool, { schema: tables }) as unknown as Db;
    await openSystemAccounts(db);
    try {
      const users = await Promise.all(Array.from({ length: 30 }, () => newWallet()));
      const hot = users[0]!;
      for (const u of users) await fund(db, u.wallet, 50_000n);
      const before = await checkLedger(db);
      expect(before.ok).toBe(true);

      const N = 3000;
      const acknowledged: string[] = [];
      let refused = 0;
      const attempt = async (i: number) => {
        const from = i % 3 === 0 ? hot : users[Math.floor(Math.random() * users.length)]!;
        let to = i % 3 === 1 ? hot : users[Math.floor(Math.random() * users.length)]!;
        if (to === from) to = users[(users.indexOf(from) + 1) % users.length]!;
        const id = newId();
        const amount = BigInt(1 + Math.floor(Math.random() * 4_000));
        try {
          await db.transaction((tx) =>
            transfer(tx, [
              { id, debitAccountId: from.wallet, creditAccountId: to.wallet, amount, kind: 'send', reference: `c${i}` },
              { id: newId(), debitAccountId: from.wallet, creditAccountId: system('fees'), amount: 10n, kind: 'fee', reference: `c${i}` },
            ]),
          );
          acknowledged.push(id);
        } catch (err) {
          if (err instanceof InsufficientFunds) refused += 1;
          else throw err;
        }
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: 48 }, async () => {
          while (next < N) await attempt(next++);
        }),
      );
      expect(acknowledged.length + refused).toBe(N);
      expect(acknowledged.length).toBeGreaterThan(N / 2);

      const report = await checkLedger(db);
      expect(report).toMatchObject({ ok: true, counterMismatches: [], overdrawn: [], postedSum: '0' });
      const rows = (
        (await db.execute(sql`select id from ledger_transfers where kind = 'send' and reference like 'c%'`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      const stored = new Set(rows.map((r) => r.id));
      expect(stored.size).toBe(rows.length);
      expect(acknowledged.every((id) => stored.has(id))).toBe(true);
      expect(stored.size).toBe(acknowledged.length);
      // Money is conserved among the users, less the fees they paid.
      const total = (await Promise.all(users.map((u) => userBalances(db, u.owner)))).reduce(
        (s, m) => s + (m.get('wallet')?.available ?? 0n),
        0n,
      );
      expect(total).toBe(30n * 50_000n - 10n * BigInt(acknowledged.length));
    } finally {
      await pool.end();
    }
  }, 120_000);
});

/**
 * The test database through a pool of its own (PostgreSQL: many connections, so transfers really
 * run at once and wait on each other's row locks), or the suite's database on PGlite, where one
 * in-process connection runs them one after another.
 */
async function concurrentDb(max: number): Promise<{ db: Db; pool: pg.Pool | null; close: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { db: t.db, pool: null, close: async () => {} };
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${(await rows<{ name: string }>(t.db, sql`select current_database() as name`))[0]!.name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max });
  pool.on('error', () => {}); // idle connections are terminated when the suite drops its database
  return { db: drizzle(pool, { schema: tables }) as unknown as Db, pool, close: () => pool.end() };
}

describe('lock order', () => {
  it('many concurrent transfers in opposite directions between the same accounts, with fee legs: no deadlock, counters consistent', async () => {
    const { db, pool, close } = await concurrentDb(16);
    try {
      const [a, b, c] = await Promise.all([newWallet(), newWallet(), newWallet()]);
      for (const u of [a, b, c]) await fund(t.db, u.wallet, 20_000n);
      const wallets = [a, b, c];
      // While the transfers run, count the connections waiting on a row lock: on PostgreSQL some
      // must wait (the transfers really overlap), and none may deadlock.
      let maxWaiting = 0;
      let sampling = pool !== null;
      const sampler = (async () => {
        while (sampling) {
          const [w] = await rows<{ n: number }>(
            t.db,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          maxWaiting = Math.max(maxWaiting, w!.n);
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      let inFlight = 0;
      let maxInFlight = 0;
      let done = 0;
      let refused = 0;
      const fees = new Map<string, bigint>();
      await Promise.all(
        Array.from({ length: 400 }, async (_, i) => {
          // Alternate directions over each pair, and put the legs in either order in the batch.
          const from = wallets[i % 3]!;
          const to = wallets[(i + (i % 2 ? 1 : 2)) % 3]!;
          const legs = [
            {
              id: newId(),
              debitAccountId: from.wallet,
              creditAccountId: to.wallet,
              amount: BigInt(1 + (i % 7) * 150),
              kind: 'send',
              reference: `lo${i}`,
            },
            {
              id: newId(),
              debitAccountId: to.wallet,
              creditAccountId: from.wallet,
              amount: BigInt(1 + (i % 5) * 100),
              kind: 'send',
              reference: `lo${i}`,
            },
            { id: newId(), debitAccountId: from.wallet, creditAccountId: system('fees'), amount: 3n, kind: 'fee', reference: `lo${i}` },
          ];
          if (i % 4 >= 2) legs.reverse();
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          try {
            await db.transaction((tx) => transfer(tx, legs));
            done++;
            fees.set(from.owner, (fees.get(from.owner) ?? 0n) + 3n);
          } catch (err) {
            if (!(err instanceof InsufficientFunds)) throw err;
            refused++;
          } finally {
            inFlight--;
          }
        }),
      );
      sampling = false;
      await sampler;
      expect(done + refused).toBe(400);
      expect(done).toBeGreaterThan(300);
      if (pool) {
        expect(maxInFlight).toBeGreaterThan(8);
        expect(maxWaiting).toBeGreaterThan(0);
      }
      const report = await checkLedger(t.db);
      expect(report).toMatchObject({ ok: true, counterMismatches: [], overdrawn: [] });
      // Money is conserved among the three, less the fees each paid.
      const total = (await Promise.all(wallets.map((u) => available(u.owner)))).reduce((x, y) => x + y, 0n);
      expect(total).toBe(60_000n - [...fees.values()].reduce((x, y) => x + y, 0n));
    } finally {
      await close();
    }
  }, 120_000);

  // Needs three connections at once: PostgreSQL only.
  it.skipIf(!process.env.DATABASE_URL)(
    "takes the accounts' locks in ascending id order, whatever order the transfer names them in",
    async () => {
      const { db, pool, close } = await concurrentDb(4);
      const holder = await pool!.connect();
      const probe = await pool!.connect();
      try {
        const a = await newWallet();
        const b = await newWallet();
        await fund(t.db, a.wallet, 1_000n);
        await fund(t.db, b.wallet, 1_000n);
        const [low, high] = [a.wallet, b.wallet].sort();
        // Another transaction holds the higher account.
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [high]);
        // A transfer naming the higher account first (as debit): it must lock the lower one first,
        // then wait for the higher.
        const posting = db.transaction((tx) =>
          transfer(tx, [{ id: newId(), debitAccountId: high!, creditAccountId: low!, amount: 10n, kind: 'send', reference: 'order' }]),
        );
        const waiting = async () =>
          (
            await rows<{ n: number }>(
              t.db,
              sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          )[0]!.n;
        for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
        expect(await waiting()).toBe(1);
        await probe.query('BEGIN');
        await expect(probe.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE NOWAIT', [low])).rejects.toMatchObject({
          code: '55P03',
        }); // lock_not_available: the transfer holds it
        await probe.query('ROLLBACK');
        await holder.query('COMMIT');
        await expect(posting).resolves.toMatchObject({ created: true });
        expect(await available(b.owner)).toBe(a.wallet === low ? 990n : 1_010n);
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        holder.release();
        probe.release();
        await close();
      }
    },
    60_000,
  );
});
