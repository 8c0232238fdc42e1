import type { TxStatus, TxType } from '@owo/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
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
