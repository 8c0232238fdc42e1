import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { naira, startOfLagosDay } from './fees.js';
import { spendingLimits, transactions } from './tables.js';

/** Money that left the wallet today (Lagos time), fees included; pending outflows count. */
export async function spentToday(tx: Tx, userId: string, now = new Date()): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${transactions.amount} + ${transactions.fee}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.direction, 'debit'),
        inArray(transactions.status, ['successful', 'pending']),
        // Moving money between your own wallet and savings is not spending.
        sql`${transactions.type} NOT IN ('savings', 'lockedFund')`,
        gte(transactions.createdAt, startOfLagosDay(now)),
      ),
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
  if (spent + outflow > row.dailyLimit) {
    const left = row.dailyLimit > spent ? row.dailyLimit - spent : 0n;
    throw new AppError(
      422,
      'SPENDING_LIMIT',
      `This payment is over your daily spending limit of ${naira(row.dailyLimit)}. You can spend ${naira(left)} more today.`,
    );
  }
}
