import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../platform/db.js';

export type LedgerReport = {
  accounts: number;
  transfers: number;
  counterMismatches: { id: string; code: string }[];
  /** Transfers whose debit or credit account does not exist. */
  danglingTransfers: string[];
  postedSum: string;
  pendingSum: string;
  overdrawn: { id: string; code: string; available: string }[];
  ok: boolean;
};

/**
 * The ledger's invariants: each account's counters equal the sums of its transfers; credits and
 * debits balance across all accounts; no no-overdraft account has debits beyond its credits; every
 * transfer's two accounts exist.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const mismatches = (
    await executeRows(
      db,
      sql`
      WITH d AS (
        SELECT debit_account_id AS id,
               coalesce(sum(amount) FILTER (WHERE status = 'posted'), 0) AS posted,
               coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0) AS pending
        FROM ledger_transfers GROUP BY debit_account_id),
      c AS (
        SELECT credit_account_id AS id,
               coalesce(sum(amount) FILTER (WHERE status = 'posted'), 0) AS posted,
               coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0) AS pending
        FROM ledger_transfers GROUP BY credit_account_id)
      SELECT a.id, a.code FROM ledger_accounts a
      LEFT JOIN d ON d.id = a.id LEFT JOIN c ON c.id = a.id
      WHERE a.debits_posted <> coalesce(d.posted, 0) OR a.debits_pending <> coalesce(d.pending, 0)
         OR a.credits_posted <> coalesce(c.posted, 0) OR a.credits_pending <> coalesce(c.pending, 0)`,
    )
  ).map((r) => ({ id: String(r.id), code: String(r.code) }));
  const [sums] = await executeRows(
    db,
    sql`
      SELECT count(*) AS accounts,
             coalesce(sum(credits_posted - debits_posted), 0)::text AS posted,
             coalesce(sum(credits_pending - debits_pending), 0)::text AS pending,
             (SELECT count(*) FROM ledger_transfers) AS transfers
      FROM ledger_accounts`,
  );
  const overdrawn = (
    await executeRows(
      db,
      sql`
      SELECT id, code, (credits_posted - debits_posted - debits_pending)::text AS available
      FROM ledger_accounts WHERE no_overdraft AND credits_posted - debits_posted - debits_pending < 0`,
    )
  ).map((r) => ({ id: String(r.id), code: String(r.code), available: String(r.available) }));
  const dangling = (
    await executeRows(
      db,
      sql`
      SELECT t.id FROM ledger_transfers t
      WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = t.debit_account_id)
         OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = t.credit_account_id)
      LIMIT 100`,
    )
  ).map((r) => String(r.id));
  const postedSum = String(sums?.posted ?? '0');
  const pendingSum = String(sums?.pending ?? '0');
  return {
    accounts: Number(sums?.accounts ?? 0),
    transfers: Number(sums?.transfers ?? 0),
    counterMismatches: mismatches,
    danglingTransfers: dangling,
    postedSum,
    pendingSum,
    overdrawn,
    ok: mismatches.length === 0 && dangling.length === 0 && postedSum === '0' && pendingSum === '0' && overdrawn.length === 0,
  };
}
