import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { newId } from '../platform/crypto.js';
import type { Db, Tx } from '../platform/db.js';
import { AppError, conflict, notFound } from '../platform/errors.js';
import { ledgerAccounts, ledgerTransfers } from './tables.js';

/** Accounts people own. Every one forbids overdraft. */
export const USER_CODES = ['wallet', 'business', 'savings', 'locked', 'loan'] as const;
export type UserCode = (typeof USER_CODES)[number];

/**
 * System accounts: the other side of money entering or leaving the ledger. Each is split into
 * shards picked at random per transfer, so no single row serialises all traffic.
 */
export const SYSTEM_CODES = ['card_funding', 'bank_funding', 'virtual_account', 'bank_payout', 'biller', 'fees', 'interest', 'loans', 'escrow'] as const;
export type SystemCode = (typeof SYSTEM_CODES)[number];
export const SYSTEM_SHARDS = 8;

export type Transfer = typeof ledgerTransfers.$inferSelect;
export type TransferInput = {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  kind: string;
  reference: string;
  metadata?: Record<string, unknown>;
  /** Two-phase: reserve now, post or void later. */
  pending?: boolean;
};

export class InsufficientFunds extends AppError {
  constructor(readonly accountId: string) {
    super(422, 'INSUFFICIENT_FUNDS', 'Insufficient balance for this transaction');
  }
}

/** A transfer id already used for a different movement. */
export const transferExists = () => conflict('A transfer with this id already exists with different details', 'TRANSFER_EXISTS');

type Delta = { dp: bigint; cp: bigint; dpe: bigint; cpe: bigint };
const zero = (): Delta => ({ dp: 0n, cp: 0n, dpe: 0n, cpe: 0n });

/**
 * Applies counter changes to accounts in ascending id order (so concurrent transfers never
 * deadlock), each as one conditional UPDATE that refuses to take a no-overdraft account below
 * zero available (posted credits minus posted and pending debits).
 */
async function applyDeltas(tx: Tx, deltas: Map<string, Delta>): Promise<void> {
  for (const id of [...deltas.keys()].sort()) {
    const d = deltas.get(id)!;
    const rows = await tx
      .update(ledgerAccounts)
      .set({
        debitsPosted: sql`${ledgerAccounts.debitsPosted} + ${d.dp.toString()}::bigint`,
        creditsPosted: sql`${ledgerAccounts.creditsPosted} + ${d.cp.toString()}::bigint`,
        debitsPending: sql`${ledgerAccounts.debitsPending} + ${d.dpe.toString()}::bigint`,
        creditsPending: sql`${ledgerAccounts.creditsPending} + ${d.cpe.toString()}::bigint`,
      })
      .where(
        and(
          eq(ledgerAccounts.id, id),
          sql`(NOT ${ledgerAccounts.noOverdraft} OR (${ledgerAccounts.creditsPosted} + ${d.cp.toString()}::bigint) - (${ledgerAccounts.debitsPosted} + ${d.dp.toString()}::bigint) - (${ledgerAccounts.debitsPending} + ${d.dpe.toString()}::bigint) >= 0)`,
        ),
      )
      .returning({ id: ledgerAccounts.id });
    if (rows.length === 0) {
      const [exists] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
      if (!exists) throw notFound('Account not found', 'ACCOUNT_NOT_FOUND');
      throw new InsufficientFunds(id);
    }
  }
}

const sameTransfer = (a: Transfer, b: TransferInput) =>
  a.debitAccountId === b.debitAccountId && a.creditAccountId === b.creditAccountId && a.amount === b.amount && a.kind === b.kind;

/**
 * Records transfers and their counter changes together; call inside a database transaction.
 * All ids new: money moves and `created` is true. All ids known with the same content: a replay,
 * nothing moves and the stored transfers come back. Anything else is a conflict.
 */
export async function transfer(tx: Tx, inputs: TransferInput[]): Promise<{ created: boolean; transfers: Transfer[] }> {
  if (inputs.length === 0) return { created: false, transfers: [] };
  for (const t of inputs) {
    if (t.amount <= 0n) throw new AppError(400, 'AMOUNT_INVALID', 'Amount must be more than zero');
    if (t.debitAccountId === t.creditAccountId) throw new AppError(400, 'SAME_ACCOUNT', 'Cannot move money to the same account');
  }
  const inserted = await tx
    .insert(ledgerTransfers)
    .values(
      inputs.map((t, i) => ({
        id: t.id,
        debitAccountId: t.debitAccountId,
        creditAccountId: t.creditAccountId,
        amount: t.amount,
        kind: t.kind,
        reference: t.reference,
        metadata: t.metadata ?? {},
        status: t.pending ? ('pending' as const) : ('posted' as const),
        seq: i,
        resolvedAt: t.pending ? null : new Date(),
      })),
    )
    .onConflictDoNothing({ target: ledgerTransfers.id })
    .returning();
  if (inserted.length !== inputs.length) {
    const existing = await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.id, inputs.map((t) => t.id)));
    const byId = new Map(existing.map((e) => [e.id, e]));
    const replay = inserted.length === 0 && inputs.every((t) => byId.has(t.id) && sameTransfer(byId.get(t.id)!, t));
    if (!replay) throw transferExists();
    return { created: false, transfers: inputs.map((t) => byId.get(t.id)!) };
  }
  const deltas = new Map<string, Delta>();
  const at = (id: string) => deltas.get(id) ?? (deltas.set(id, zero()), deltas.get(id)!);
  for (const t of inputs) {
    if (t.pending) {
      at(t.debitAccountId).dpe += t.amount;
      at(t.creditAccountId).cpe += t.amount;
    } else {
      at(t.debitAccountId).dp += t.amount;
      at(t.creditAccountId).cp += t.amount;
    }
  }
  await applyDeltas(tx, deltas);
  return { created: true, transfers: inserted.sort((a, b) => a.seq - b.seq) };
}

/**
 * Resolves pending transfers: `post` moves the reserved amounts to posted, `void` releases them
 * (the money is back where it was). Already-resolved transfers are left as they are, so a
 * repeated resolution is harmless; returns the transfers this call changed.
 */
export async function resolvePending(tx: Tx, ids: string[], outcome: 'post' | 'void', reason?: string): Promise<Transfer[]> {
  if (ids.length === 0) return [];
  const changed = await tx
    .update(ledgerTransfers)
    .set({ status: outcome === 'post' ? 'posted' : 'voided', resolvedAt: new Date(), reason: reason ?? null })
    .where(and(inArray(ledgerTransfers.id, ids), eq(ledgerTransfers.status, 'pending')))
    .returning();
  const deltas = new Map<string, Delta>();
  const at = (id: string) => deltas.get(id) ?? (deltas.set(id, zero()), deltas.get(id)!);
  for (const t of changed) {
    at(t.debitAccountId).dpe -= t.amount;
    at(t.creditAccountId).cpe -= t.amount;
    if (outcome === 'post') {
      at(t.debitAccountId).dp += t.amount;
      at(t.creditAccountId).cp += t.amount;
    }
  }
  await applyDeltas(tx, deltas);
  return changed;
}

/** Creates (once) the accounts every user has from sign-up: a wallet and a business wallet. */
export async function openUserAccounts(tx: Tx, userId: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(['wallet', 'business'].map((code) => ({ id: newId(), ownerId: userId, code, ref: '', noOverdraft: true })))
    .onConflictDoNothing();
}

/** A user's account of a code (and ref), created on first use. */
export async function userAccount(tx: Tx, userId: string, code: UserCode, ref = ''): Promise<string> {
  const where = and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.code, code), eq(ledgerAccounts.ref, ref));
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await tx.insert(ledgerAccounts).values({ id: newId(), ownerId: userId, code, ref, noOverdraft: true }).onConflictDoNothing();
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  return row!.id;
}

/** The wallets of several users in one query, keyed by owner. */
export async function walletAccounts(tx: Tx, userIds: string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, ownerId: ledgerAccounts.ownerId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.ownerId, userIds), eq(ledgerAccounts.code, 'wallet'), eq(ledgerAccounts.ref, '')));
  const map = new Map(rows.map((r) => [r.ownerId!, r.id]));
  for (const id of userIds) if (!map.has(id)) map.set(id, await userAccount(tx, id, 'wallet'));
  return map;
}

const systemIds = new WeakMap<object, Map<SystemCode, string[]>>();

/** Creates the system account shards if missing; run at boot. */
export async function openSystemAccounts(db: Db): Promise<void> {
  const values = SYSTEM_CODES.flatMap((code) =>
    Array.from({ length: SYSTEM_SHARDS }, (_, i) => ({ id: newId(), ownerId: null, code, ref: `shard-${i}`, noOverdraft: false })),
  );
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
  const rows = await db.select({ id: ledgerAccounts.id, code: ledgerAccounts.code, ref: ledgerAccounts.ref }).from(ledgerAccounts).where(isNull(ledgerAccounts.ownerId));
  // Each shard at the index its ref names ('shard-3' at 3), never in the order rows come back:
  // that order changes as rows are updated, and a replayed transfer must pick the same shard after
  // a restart.
  const map = new Map<SystemCode, string[]>();
  for (const r of rows) {
    const shard = /^shard-(\d+)$/.exec(r.ref);
    if (!shard || Number(shard[1]) >= SYSTEM_SHARDS) continue;
    const ids = map.get(r.code as SystemCode) ?? map.set(r.code as SystemCode, []).get(r.code as SystemCode)!;
    ids[Number(shard[1])] = r.id;
  }
  systemIds.set(db, map);
}

/**
 * One shard of a system account. With a key (the transfer id) the shard follows from it, so a
 * replayed transfer is exactly the same transfer; different transfers spread over the shards.
 */
export function systemAccount(db: Db, code: SystemCode, key?: string): string {
  const ids = systemIds.get(db)?.get(code);
  if (!ids?.length) throw new Error('system accounts are not open: call openSystemAccounts at boot');
  if (key === undefined) return ids[Math.floor(Math.random() * ids.length)]!;
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) >>> 0;
  return ids[h % ids.length]!;
}

export type Balance = { available: bigint; posted: bigint; pendingDebits: bigint; pendingCredits: bigint };

/** Balances of a user's accounts by code (summed over refs), in kobo. */
export async function userBalances(db: Tx, userId: string): Promise<Map<string, Balance>> {
  const rows = await db
    .select({
      code: ledgerAccounts.code,
      dp: sql<string>`sum(${ledgerAccounts.debitsPosted})`,
      cp: sql<string>`sum(${ledgerAccounts.creditsPosted})`,
      dpe: sql<string>`sum(${ledgerAccounts.debitsPending})`,
      cpe: sql<string>`sum(${ledgerAccounts.creditsPending})`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerId, userId))
    .groupBy(ledgerAccounts.code);
  const out = new Map<string, Balance>();
  for (const r of rows) {
    const [dp, cp, dpe, cpe] = [BigInt(r.dp), BigInt(r.cp), BigInt(r.dpe), BigInt(r.cpe)];
    out.set(r.code, { available: cp - dp - dpe, posted: cp - dp, pendingDebits: dpe, pendingCredits: cpe });
  }
  return out;
}
