import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransfers } from '../../ledger/index.js';
import type { Tx } from '../../platform/db.js';
import { paymentIntents, transactions } from './tables.js';

// Reads (and one mark) for the operator console (the staff service): whose a transaction reference
// is, and a reversed payment's history rows.

/**
 * The people a transaction reference belongs to: whoever started its payment intent, and the owners
 * of the accounts its ledger transfers moved (the recipient of a send-money, a seller paid for an
 * order). Both lookups use an index on the reference; one query.
 */
export async function peopleOfReference(db: Tx, reference: string): Promise<string[]> {
  const rows = await db
    .select({ userId: sql<string>`${paymentIntents.userId}` })
    .from(paymentIntents)
    .where(eq(paymentIntents.reference, reference))
    .union(
      db
        .select({ userId: sql<string>`${ledgerAccounts.ownerId}` })
        .from(ledgerTransfers)
        .innerJoin(
          ledgerAccounts,
          or(eq(ledgerAccounts.id, ledgerTransfers.debitAccountId), eq(ledgerAccounts.id, ledgerTransfers.creditAccountId)),
        )
        .where(and(eq(ledgerTransfers.reference, reference), isNotNull(ledgerAccounts.ownerId))),
    );
  return rows.map((r) => r.userId);
}

/** Marks these people's history rows of a payment reversed (by their key: person and reference). */
export async function markHistoryReversed(tx: Tx, userIds: readonly string[], reference: string): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(transactions)
    .set({ status: 'reversed', updatedAt: new Date() })
    .where(and(inArray(transactions.userId, [...userIds]), eq(transactions.reference, reference), eq(transactions.status, 'successful')));
}

/** The person who made each of these payments (their intents), by reference: one query for many. */
export async function payersOfReferences(db: Tx, references: readonly string[]): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const rows = await db
    .select({ reference: paymentIntents.reference, userId: paymentIntents.userId })
    .from(paymentIntents)
    .where(inArray(paymentIntents.reference, [...references]));
  return new Map(rows.map((r) => [r.reference, r.userId]));
}
