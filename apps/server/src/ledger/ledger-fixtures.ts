import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { newId } from '../platform/crypto.js';
import type { Db } from '../platform/db.js';
import type { TestContext } from '../test/harness.js';
import { openUserAccounts, system, transfer, userAccount, userBalances } from './ledger.js';
import * as tables from './tables.js';

// Helpers of the ledger tests (ledger*.test.ts).

export const fund = (db: Db, wallet: string, amount: bigint) =>
  db.transaction((tx) =>
    transfer(tx, [
      { id: newId(), debitAccountId: system('card_funding'), creditAccountId: wallet, amount, kind: 'fund.card', reference: 'test' },
    ]),
  );
export type Row = Record<string, unknown>;
export const rows = async <T = Row>(db: Db, q: ReturnType<typeof sql>) => {
  const r = (await db.execute(q)) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
};

/** Helpers on the test file's app: `app()` is read when they run, after the file's beforeAll made it. */
export function ledgerHelpers(app: () => TestContext) {
  const newWallet = async () => {
    const owner = newId();
    await app().db.transaction((tx) => openUserAccounts(tx, owner));
    return { owner, wallet: await userAccount(app().db, owner, 'wallet') };
  };
  const available = async (owner: string, code = 'wallet') => (await userBalances(app().db, owner)).get(code)?.available ?? 0n;
  const account = async (id: string) => (await app().db.select().from(tables.ledgerAccounts).where(eq(tables.ledgerAccounts.id, id)))[0]!;
  /** The shard the database picks for a system leg of the transfer with this id. */
  const shardOf = async (code: string, transferId: string) =>
    (await rows<{ id: string }>(app().db, sql`SELECT owo_system_account(${code}, ${transferId}) AS id`))[0]!.id;

  /**
   * The test database through a pool of its own (PostgreSQL: many connections, so transfers really
   * run at once and wait on each other's row locks), or the suite's database on PGlite, where one
   * in-process connection runs them one after another.
   */
  async function concurrentDb(max: number): Promise<{ db: Db; pool: pg.Pool | null; close: () => Promise<void> }> {
    if (!process.env.DATABASE_URL) return { db: app().db, pool: null, close: async () => {} };
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${(await rows<{ name: string }>(app().db, sql`select current_database() as name`))[0]!.name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max });
    pool.on('error', () => {}); // idle connections are terminated when the suite drops its database
    return { db: drizzle(pool, { schema: tables }) as unknown as Db, pool, close: () => pool.end() };
  }

  return { newWallet, available, account, shardOf, concurrentDb };
}
