import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../platform/db.js';
import { ledgerAccounts, ledgerTransfers } from './tables.js';

export type TransferWithOwners = Pick<
  typeof ledgerTransfers.$inferSelect,
  'id' | 'debitAccountId' | 'creditAccountId' | 'amount' | 'kind'
> & {
  /** The owners of the two accounts (null for a system account). */
  debitOwner: string | null;
  creditOwner: string | null;
  debitCode: string;
  creditCode: string;
};

/**
 * The posted transfers of a payment reference, each with the owner and code of its two accounts
 * (for a reversal, which moves every leg back): two queries, by the reference's index and by ids.
 */
export async function postedTransfersOf(tx: Tx, reference: string): Promise<TransferWithOwners[]> {
  const transfers = await tx
    .select({
      id: ledgerTransfers.id,
      debitAccountId: ledgerTransfers.debitAccountId,
      creditAccountId: ledgerTransfers.creditAccountId,
      amount: ledgerTransfers.amount,
      kind: ledgerTransfers.kind,
    })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, reference), eq(ledgerTransfers.status, 'posted')));
  if (transfers.length === 0) return [];
  const ids = [...new Set(transfers.flatMap((t) => [t.debitAccountId, t.creditAccountId]))];
  const accounts = await tx
    .select({ id: ledgerAccounts.id, ownerId: ledgerAccounts.ownerId, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return transfers.map((t) => ({
    ...t,
    debitOwner: byId.get(t.debitAccountId)?.ownerId ?? null,
    creditOwner: byId.get(t.creditAccountId)?.ownerId ?? null,
    debitCode: byId.get(t.debitAccountId)?.code ?? '',
    creditCode: byId.get(t.creditAccountId)?.code ?? '',
  }));
}
