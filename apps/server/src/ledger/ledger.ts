import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ledgerPostingSeconds } from '../platform/metrics.js';
import { newId } from '../platform/crypto.js';
import { executeRows, rawQuery, type Db, type RawStatement, type Tx } from '../platform/db.js';
import { AppError, conflict, notFound } from '../platform/errors.js';
import { kycRefusal } from './kyc-errors.js';
import { ledgerAccounts, type ledgerTransfers } from './tables.js';

// The ledger's rules (lock order, no overdraft, the four counters, the transfer rows, the system
// account shards) live in SQL, one function per file in ./sql/ (applied by migrations; `npm run
// db:check` fails when a file and its latest migration differ). This module calls them:
//   transfer        -> owo_post_transfers     (sql/owo_post_transfers.sql)
//   resolvePending  -> owo_resolve_transfers  (sql/owo_resolve_transfers.sql)
// both moving the counters through owo_move_counters; system shards: owo_system_account.

/** Accounts people own. Every one forbids overdraft. */
export const USER_CODES = ['wallet', 'business', 'savings', 'locked', 'loan', 'escrow', 'held'] as const;
export type UserCode = (typeof USER_CODES)[number];

/**
 * System accounts: the other side of money entering or leaving the ledger. Each is split into
 * shards (how many: owo_system_shards), and a transfer's id picks its shard (owo_system_account),
 * so no single row serialises all traffic.
 */
export const SYSTEM_CODES = [
  'card_funding',
  'bank_funding',
  'virtual_account',
  'bank_payout',
  'biller',
  'fees',
  'interest',
  'loans',
  'escrow',
  // Money staff move with two keys (manual credits, refunds): the operator console's adjustments.
  'adjustments',
  // The electronic money transfer levy collected on credits (services/kyc, owo_kyc_check).
  'levy',
] as const;
export type SystemCode = (typeof SYSTEM_CODES)[number];

/** A system account as one side of a transfer: the database picks the shard from the transfer's id. */
export type SystemLeg = { readonly system: SystemCode };
/** One side of a transfer: an account id, or a system account (`system('fees')`). */
export type AccountRef = string | SystemLeg;

/** The system account `code` as one side of a transfer; its shard follows from the transfer's id. */
export const system = (code: SystemCode): SystemLeg => ({ system: code });

export type Transfer = typeof ledgerTransfers.$inferSelect;
export type TransferInput = {
  id: string;
  debitAccountId: AccountRef;
  creditAccountId: AccountRef;
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

/**
 * An error the database functions raised on purpose (`RAISE ... MESSAGE = 'OWO:<CODE>'`, SQLSTATE
 * P0001): its code and detail, looking through the query builder's wrapping; null for any other error.
 */
export function raisedBySql(err: unknown): { code: string; detail?: string } | null {
  for (let e = err as { code?: string; message?: string; detail?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'P0001' && e.message?.startsWith('OWO:')) return { code: e.message.slice(4), detail: e.detail ?? undefined };
  }
  return null;
}

/** The ledger's errors raised in SQL as the API's errors; anything else unchanged. */
export function ledgerError(err: unknown): unknown {
  const raised = raisedBySql(err);
  switch (raised?.code) {
    case 'INSUFFICIENT_FUNDS':
      return new InsufficientFunds(raised.detail ?? '');
    case 'TRANSFER_EXISTS':
      return transferExists();
    case 'ACCOUNT_NOT_FOUND':
      return notFound('Account not found', 'ACCOUNT_NOT_FOUND');
    case 'AMOUNT_INVALID':
      return new AppError(400, 'AMOUNT_INVALID', 'Amount must be more than zero');
    case 'SAME_ACCOUNT':
      return new AppError(400, 'SAME_ACCOUNT', 'Cannot move money to the same account');
    case 'KYC_LIMIT':
    case 'KYC_RESTRICTED':
    case 'DEVICE_LIMIT':
      return kycRefusal(raised.code, raised.detail ?? '');
    default:
      return err;
  }
}

/** A PostgreSQL array literal ('{"a","b",NULL}') of these values, sent as one text parameter. */
function pgArray(values: readonly (string | bigint | boolean | null)[]): string {
  const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'string' ? quote(v) : String(v))).join(',')}}`;
}

type Row = Record<string, unknown>;

/** The columns of a ledger_transfers value `t`, amounts as text (one driver reads int8 as a JS number). */
const transferColumns = (t: SQL) =>
  sql`(${t}).id, (${t}).debit_account_id, (${t}).credit_account_id, (${t}).amount::text AS amount, (${t}).kind, (${t}).reference,
      (${t}).status, (${t}).metadata, (${t}).reason, (${t}).seq, (${t}).created_at, (${t}).resolved_at`;

const toTransfer = (r: Row): Transfer => ({
  id: String(r.id),
  debitAccountId: String(r.debit_account_id),
  creditAccountId: String(r.credit_account_id),
  amount: BigInt(r.amount as string),
  kind: String(r.kind),
  reference: String(r.reference),
  status: r.status as Transfer['status'],
  metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, unknown>,
  reason: (r.reason as string | null) ?? null,
  seq: Number(r.seq),
  createdAt: new Date(r.created_at as string | Date),
  resolvedAt: r.resolved_at == null ? null : new Date(r.resolved_at as string | Date),
});

async function run(tx: Tx, query: SQL, path: 'transfer' | 'resolve'): Promise<Row[]> {
  const done = ledgerPostingSeconds.startTimer({ path });
  try {
    return await executeRows(tx, query);
  } catch (err) {
    throw ledgerError(err);
  } finally {
    done();
  }
}

const accountId = (a: AccountRef) => (typeof a === 'string' ? a : null);
const systemCode = (a: AccountRef) => (typeof a === 'string' ? null : a.system);

/**
 * Records transfers and their counter changes together (owo_post_transfers, one round trip); call
 * inside a database transaction. All ids new: money moves and `created` is true. All ids known
 * with the same content: a replay, nothing moves and the stored transfers come back. Anything
 * else is a conflict (TRANSFER_EXISTS). A user account is never overdrawn (InsufficientFunds).
 */
export async function transfer(tx: Tx, inputs: TransferInput[]): Promise<{ created: boolean; transfers: Transfer[] }> {
  if (inputs.length === 0) return { created: false, transfers: [] };
  const anySystem = inputs.some((t) => typeof t.debitAccountId !== 'string' || typeof t.creditAccountId !== 'string');
  const rows = await run(
    tx,
    sql`SELECT p.created, ${transferColumns(sql`t`)}
          FROM owo_post_transfers(
                 ${pgArray(inputs.map((t) => t.id))}::uuid[],
                 ${pgArray(inputs.map((t) => accountId(t.debitAccountId)))}::uuid[],
                 ${pgArray(inputs.map((t) => accountId(t.creditAccountId)))}::uuid[],
                 ${pgArray(inputs.map((t) => t.amount))}::bigint[],
                 ${pgArray(inputs.map((t) => t.kind))}::text[],
                 ${pgArray(inputs.map((t) => t.reference))}::text[],
                 ${pgArray(inputs.map((t) => t.pending === true))}::boolean[],
                 ${pgArray(inputs.map((t) => JSON.stringify(t.metadata ?? {})))}::jsonb[],
                 ${anySystem ? pgArray(inputs.map((t) => systemCode(t.debitAccountId))) : null}::text[],
                 ${anySystem ? pgArray(inputs.map((t) => systemCode(t.creditAccountId))) : null}::text[]) AS p,
               unnest(p.transfers) WITH ORDINALITY AS t
         ORDER BY t.ordinality`,
    'transfer',
  );
  // In the order of `inputs`, as the function returns them.
  return { created: rows[0]?.created === true, transfers: rows.map(toTransfer) };
}

/**
 * Resolves pending transfers (owo_resolve_transfers, one round trip): `post` moves the reserved
 * amounts to posted, `void` releases them (the money is back where it was). Already-resolved
 * transfers are left as they are, so a repeated resolution is harmless; returns the transfers
 * this call changed.
 */
export async function resolvePending(tx: Tx, ids: string[], outcome: 'post' | 'void', reason?: string): Promise<Transfer[]> {
  if (ids.length === 0) return [];
  const rows = await run(
    tx,
    sql`SELECT ${transferColumns(sql`r`)} FROM owo_resolve_transfers(${pgArray(ids)}::uuid[], ${outcome}, ${reason ?? null}) AS r`,
    'resolve',
  );
  return rows.map(toTransfer);
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

/** Creates the system account shards where missing (owo_open_system_accounts); run at boot. */
export async function openSystemAccounts(db: Db): Promise<void> {
  await db.execute(sql`SELECT owo_open_system_accounts(${pgArray(SYSTEM_CODES)}::text[])`);
}

export type Balance = { available: bigint; posted: bigint; pendingDebits: bigint; pendingCredits: bigint };

/** Read on most screens: a prepared statement, not built by the query builder each time. */
const BALANCES: RawStatement = {
  name: 'owo_user_balances',
  text: `SELECT code, sum(debits_posted)::text AS dp, sum(credits_posted)::text AS cp,
                sum(debits_pending)::text AS dpe, sum(credits_pending)::text AS cpe
           FROM ledger_accounts WHERE owner_id = $1 GROUP BY code`,
};

/** Balances of a user's accounts by code (summed over refs), in kobo. */
export async function userBalances(db: Tx, userId: string): Promise<Map<string, Balance>> {
  const rows = await rawQuery<{ code: string; dp: string; cp: string; dpe: string; cpe: string }>(db, BALANCES, [userId]);
  const out = new Map<string, Balance>();
  for (const r of rows) {
    const [dp, cp, dpe, cpe] = [BigInt(r.dp), BigInt(r.cp), BigInt(r.dpe), BigInt(r.cpe)];
    out.set(r.code, { available: cp - dp - dpe, posted: cp - dp, pendingDebits: dpe, pendingCredits: cpe });
  }
  return out;
}
