import type { TxStatus, TxType } from '@owo/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import type { HistoryRow } from './history.js';
import { transactions } from './tables.js';

/**
 * A person's history rows with one of `statuses`, created in [from, to) (from the start when
 * `from` is absent), oldest first: one query, for statements.
 */
export function historyBetween(
  db: Tx,
  userId: string,
  range: { from?: Date; to: Date; statuses: readonly TxStatus[] },
): Promise<HistoryRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        range.from ? gte(transactions.createdAt, range.from) : undefined,
        lt(transactions.createdAt, range.to),
        inArray(transactions.status, [...range.statuses]),
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id));
}

/** Money that reached a person's wallet (successful credits of these types) since `since`, in kobo: one query. */
export async function inflowSince(db: Tx, userId: string, since: Date, types: readonly TxType[]): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.direction, 'credit'),
        eq(transactions.status, 'successful'),
        inArray(transactions.type, [...types]),
        gte(transactions.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * The Owo people a person has sent money to or received money from, the most payments first
 * (among their latest 500 payments between people, so the read stays bounded): for Connect's
 * "people you may know".
 */
export async function paymentContacts(db: Tx, userId: string, limit: number): Promise<{ id: string; payments: number }[]> {
  return executeRows<{ id: string; payments: number }>(
    db,
    sql`SELECT t.counterparty ->> 'id' AS id, count(*)::int AS payments
      FROM (SELECT counterparty, created_at FROM transactions
            WHERE user_id = ${userId} AND type = 'sendMoney' AND status = 'successful'
            ORDER BY created_at DESC LIMIT 500) t
      WHERE t.counterparty ->> 'id' IS NOT NULL AND t.counterparty ->> 'id' <> ${userId}::text
      GROUP BY 1 ORDER BY payments DESC, max(t.created_at) DESC LIMIT ${limit}`,
  );
}
