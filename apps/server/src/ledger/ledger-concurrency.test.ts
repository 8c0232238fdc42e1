import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { newId } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import { fileApp } from '../test/harness.js';
import { checkLedger } from './check.js';
import { fund, ledgerHelpers, rows } from './ledger-fixtures.js';
import { InsufficientFunds, openSystemAccounts, system, transfer, userBalances } from './ledger.js';
import * as tables from './tables.js';

const t = fileApp();
const { newWallet, available, concurrentDb } = ledgerHelpers(() => t);

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
