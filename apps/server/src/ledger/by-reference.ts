import { and, eq, gte, inArray, like, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** A transfer with an outside party (a card charge, a payout...): what reconciliation matches with the provider's report. */
export type ExternalTransfer = {
  reference: string;
  kind: string;
  amount: bigint;
  status: 'pending' | 'posted' | 'voided';
  /** The person whose account is the other side (null when both sides are system accounts). */
  owner: string | null;
};

const debitSide = alias(ledgerAccounts, 'debit_side');
const creditSide = alias(ledgerAccounts, 'credit_side');

/**
 * Transfers of these kinds (a kind ending in `.` matches every kind it begins) made between `from`
 * and `to`, or with these references: the ledger's side of a day's reconciliation. The day's scan
 * runs on the BRIN index of `created_at`; references on the reference index.
 */
export async function externalTransfers(
  db: Tx,
  kinds: readonly string[],
  where: { from: Date; to: Date } | { references: readonly string[] },
): Promise<ExternalTransfer[]> {
  if ('references' in where && where.references.length === 0) return [];
  const kindMatch = or(...kinds.map((k) => (k.endsWith('.') ? like(ledgerTransfers.kind, `${k}%`) : eq(ledgerTransfers.kind, k))));
  const rows = await db
    .select({
      reference: ledgerTransfers.reference,
      kind: ledgerTransfers.kind,
      amount: ledgerTransfers.amount,
      status: ledgerTransfers.status,
      owner: sql<string | null>`coalesce(${debitSide.ownerId}, ${creditSide.ownerId})`,
    })
    .from(ledgerTransfers)
    .innerJoin(debitSide, eq(debitSide.id, ledgerTransfers.debitAccountId))
    .innerJoin(creditSide, eq(creditSide.id, ledgerTransfers.creditAccountId))
    .where(
      and(
        kindMatch,
        'references' in where
          ? inArray(ledgerTransfers.reference, [...where.references])
          : and(gte(ledgerTransfers.createdAt, where.from), lt(ledgerTransfers.createdAt, where.to)),
      ),
    );
  return rows.map((r) => ({ ...r, amount: BigInt(r.amount) }));
}

/**
 * The EMT levy taken from each of these payments received, keyed `${owner} ${reference}`: the KYC
 * rules post it under the payment's own reference, as a transfer of kind 'levy' from the payee's
 * account (services/kyc/sql/owo_kyc_check.sql). One statement on the reference index for a batch;
 * the payment history and the notice of money received both read it here.
 */
export async function leviesOf(db: Tx, received: readonly { owner: string; reference: string }[]): Promise<Map<string, bigint>> {
  if (received.length === 0) return new Map();
  const rows = await db
    .select({ owner: debitSide.ownerId, reference: ledgerTransfers.reference, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .innerJoin(debitSide, eq(debitSide.id, ledgerTransfers.debitAccountId))
    .where(and(inArray(ledgerTransfers.reference, [...new Set(received.map((r) => r.reference))]), eq(ledgerTransfers.kind, 'levy')));
  const wanted = new Set(received.map((r) => `${r.owner} ${r.reference}`));
  const levies = new Map<string, bigint>();
  for (const r of rows) {
    const key = `${r.owner} ${r.reference}`;
    if (wanted.has(key)) levies.set(key, (levies.get(key) ?? 0n) + BigInt(r.amount));
  }
  return levies;
}
