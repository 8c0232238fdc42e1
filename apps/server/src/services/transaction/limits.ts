import { eq, sql } from 'drizzle-orm';
import { formatNaira } from '@owo/contracts';
import { ledgerError, userAccount } from '../../ledger/index.js';
import { executeRows, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { startOfLagosDay } from './fees.js';
import { spendingLimits } from './tables.js';

/** Money that left the wallet today (Lagos time), fees included; pending outflows count (SQL function owo_spent_since). */
export async function spentToday(tx: Tx, userId: string, now = new Date()): Promise<bigint> {
  const [row] = await executeRows<{ total: string }>(
    tx,
    sql`SELECT owo_spent_since(${userId}::uuid, ${startOfLagosDay(now).toISOString()}::timestamptz)::text AS total`,
  );
  return BigInt(row?.total ?? '0');
}

export async function getSpendingLimit(tx: Tx, userId: string) {
  const [row] = await tx.select().from(spendingLimits).where(eq(spendingLimits.userId, userId)).limit(1);
  const spent = await spentToday(tx, userId);
  const limit = row?.dailyLimit ?? null;
  return { dailyLimit: limit, spentToday: spent, remainingToday: limit === null ? null : limit > spent ? limit - spent : 0n };
}

export async function setSpendingLimit(tx: Tx, userId: string, dailyLimit: bigint | null): Promise<void> {
  await tx
    .insert(spendingLimits)
    .values({ userId, dailyLimit, updatedAt: new Date() })
    .onConflictDoUpdate({ target: spendingLimits.userId, set: { dailyLimit, updatedAt: new Date() } });
}

/**
 * Checks an outflow against the daily limit, inside the payment's transaction. The user's limit
 * row is locked first, so two payments at once cannot both slip under the limit.
 */
export async function assertWithinDailyLimit(tx: Tx, userId: string, outflow: bigint): Promise<void> {
  const [row] = await tx.select().from(spendingLimits).where(eq(spendingLimits.userId, userId)).for('update');
  if (!row || row.dailyLimit === null) return;
  const spent = await spentToday(tx, userId);
  if (spent + outflow > row.dailyLimit) throw overDailyLimit(row.dailyLimit, row.dailyLimit > spent ? row.dailyLimit - spent : 0n);
}

export const overDailyLimit = (limit: bigint, left: bigint) =>
  new AppError(
    422,
    'SPENDING_LIMIT',
    `This payment is over your daily spending limit of ${formatNaira(limit)}. You can spend ${formatNaira(left)} more today.`,
  );

/** The savepoint of `assertKycAllows` is always undone: this marks the undoing, not a failure. */
class Undo extends Error {}

/**
 * Asks the KYC rules about an outflow not yet posted (a payment's preview), with the very function
 * the posting path asks (owo_kyc_check, called by owo_post_transfers; services/kyc/sql): on a
 * stand-in transfer of `outflow` from the person's wallet to a system account, inside a savepoint
 * that is always rolled back, so today's total is left as it was. Throws the refusal the payment
 * would get after the PIN (403 KYC_LIMIT, KYC_RESTRICTED or DEVICE_LIMIT, ledger/kyc-errors.ts).
 */
export async function assertKycAllows(tx: Tx, userId: string, outflow: bigint): Promise<void> {
  const wallet = await userAccount(tx, userId, 'wallet');
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(
        sql`SELECT owo_kyc_check(ARRAY[jsonb_populate_record(NULL::ledger_transfers, jsonb_build_object(
              'id', gen_random_uuid(), 'debit_account_id', (d.a).id, 'credit_account_id', (c.a).id,
              'amount', ${outflow.toString()}::bigint, 'kind', 'preview', 'reference', 'preview', 'status', 'pending',
              'metadata', '{}'::jsonb, 'seq', 0, 'created_at', now()))], ARRAY[d.a, c.a])
            FROM (SELECT a FROM ledger_accounts a WHERE a.id = ${wallet}::uuid) d,
                 (SELECT a FROM ledger_accounts a WHERE a.owner_id IS NULL ORDER BY a.id LIMIT 1) c`,
      );
      throw new Undo();
    });
  } catch (err) {
    if (err instanceof Undo) return;
    throw ledgerError(err);
  }
}
