import type { Counterparty, HistoryItem, Receipt, TxStatus, TxType } from '@owo/contracts';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { leviesOf } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { transactions } from './tables.js';

export type HistoryRow = typeof transactions.$inferSelect;
export type NewHistory = {
  userId: string;
  reference: string;
  type: TxType;
  direction: 'debit' | 'credit';
  amount: bigint;
  fee?: bigint;
  status: TxStatus;
  narration?: string | null;
  counterparty: Counterparty;
  failureReason?: string | null;
  token?: string | null;
};

/** Writes history rows and returns those written; a row already there for the same user, reference and direction is left alone. */
export async function recordHistory(tx: Tx, rows: NewHistory[]): Promise<HistoryRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(transactions)
    .values(rows.map((r) => ({ id: newId(), fee: 0n, narration: null, failureReason: null, ...r })))
    .onConflictDoNothing()
    .returning();
}

export async function setHistoryStatus(
  tx: Tx,
  reference: string,
  status: TxStatus,
  failureReason: string | null = null,
  token?: string | null,
): Promise<void> {
  await tx
    .update(transactions)
    .set({ status, failureReason, updatedAt: new Date(), ...(token !== undefined ? { token } : {}) })
    .where(eq(transactions.reference, reference));
}

export const toHistoryItem = (r: HistoryRow): HistoryItem => ({
  id: r.id,
  reference: r.reference,
  type: r.type as TxType,
  direction: r.direction,
  amount: Number(r.amount),
  fee: Number(r.fee),
  status: r.status,
  narration: r.narration,
  counterparty: r.counterparty,
  failureReason: r.failureReason,
  token: r.token,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A history row as a receipt: the total is what left (or reached) the wallet. The send-money
 * statement builds the same receipt in SQL (sql/owo_receipt.sql), inside the statement that writes
 * the row; receipt.test.ts holds the two to the same output, field for field.
 */
export const toReceipt = (r: HistoryRow): Receipt => ({
  ...toHistoryItem(r),
  total: Number(r.direction === 'debit' ? r.amount + r.fee : r.amount),
});

export type HistoryFilter = {
  page: number;
  limit: number;
  type?: TxType;
  direction?: 'debit' | 'credit';
  status?: TxStatus;
  from?: string;
  to?: string;
  /** Only movements with this counterparty (a savings target, say). */
  counterpartyId?: string;
};

export async function listHistory(db: Tx, userId: string, f: HistoryFilter) {
  const conds: SQL[] = [eq(transactions.userId, userId)];
  if (f.type) conds.push(eq(transactions.type, f.type));
  if (f.direction) conds.push(eq(transactions.direction, f.direction));
  if (f.status) conds.push(eq(transactions.status, f.status));
  if (f.from) conds.push(gte(transactions.createdAt, new Date(f.from)));
  if (f.to) conds.push(lte(transactions.createdAt, new Date(f.to)));
  if (f.counterpartyId) conds.push(sql`${transactions.counterparty}->>'id' = ${f.counterpartyId}`);
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  const levies = await leviesOn(db, userId, rows);
  return {
    items: rows.map((r) => {
      const levy = r.direction === 'credit' ? levies.get(r.reference) : undefined;
      return levy === undefined ? toHistoryItem(r) : { ...toHistoryItem(r), levy: Number(levy) };
    }),
    total: totals[0]?.n ?? 0,
  };
}

/** The EMT levy taken from each of these credits, by the credit's reference (ledger's leviesOf). */
async function leviesOn(db: Tx, userId: string, rows: readonly HistoryRow[]): Promise<Map<string, bigint>> {
  const credits = rows.filter((r) => r.direction === 'credit' && r.type !== 'levy');
  const levies = await leviesOf(
    db,
    credits.map((r) => ({ owner: userId, reference: r.reference })),
  );
  return new Map(
    credits.flatMap((r) => {
      const levy = levies.get(`${userId} ${r.reference}`);
      return levy === undefined ? [] : [[r.reference, levy] as const];
    }),
  );
}

export async function historyFor(db: Tx, userId: string, reference: string, direction: 'debit' | 'credit') {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.reference, reference), eq(transactions.direction, direction)))
    .limit(1);
  return row ?? null;
}
