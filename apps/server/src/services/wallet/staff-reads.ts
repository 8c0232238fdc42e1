import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { virtualAccounts } from './tables.js';

// Reads for the operator console (the staff service): virtual account numbers.

/** Whose virtual account number this is, or null. */
export async function ownerOfAccountNumber(db: Tx, accountNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: virtualAccounts.userId })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.accountNumber, accountNumber))
    .limit(1);
  return row?.userId ?? null;
}

/** A person's virtual account number, or null before one is assigned. */
export async function accountNumberOf(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountNumber: virtualAccounts.accountNumber })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.userId, userId))
    .limit(1);
  return row?.accountNumber ?? null;
}

/** Whose each of these virtual account numbers is (the numbers nobody holds are left out): one query. */
export async function ownersOfAccountNumbers(db: Tx, accountNumbers: readonly string[]): Promise<Map<string, string>> {
  if (accountNumbers.length === 0) return new Map();
  const rows = await db
    .select({ accountNumber: virtualAccounts.accountNumber, userId: virtualAccounts.userId })
    .from(virtualAccounts)
    .where(inArray(virtualAccounts.accountNumber, [...accountNumbers]));
  return new Map(rows.map((r) => [r.accountNumber, r.userId]));
}
