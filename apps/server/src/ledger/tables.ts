import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const kobo = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/**
 * A ledger account: four counters, changed only together with the transfers that explain them.
 * `no_overdraft` accounts (every user account) can never have debits beyond posted credits; the
 * CHECK constraint makes that true even if application code were wrong.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id'),
    code: text('code').notNull(),
    /** Distinguishes several accounts of one code and owner (a savings target) or system shards. */
    ref: text('ref').notNull().default(''),
    noOverdraft: boolean('no_overdraft').notNull(),
    debitsPosted: kobo('debits_posted'),
    creditsPosted: kobo('credits_posted'),
    debitsPending: kobo('debits_pending'),
    creditsPending: kobo('credits_pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_code_ref_key').on(
      sql`coalesce(${t.ownerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.code,
      t.ref,
    ),
    // Lookups by owner (a person's wallet, their balances) without scanning every account.
    index('ledger_accounts_owner_idx').on(t.ownerId, t.code, t.ref),
    check('ledger_accounts_no_overdraft', sql`NOT ${t.noOverdraft} OR ${t.debitsPosted} + ${t.debitsPending} <= ${t.creditsPosted}`),
    check(
      'ledger_accounts_counters_nonnegative',
      sql`${t.debitsPosted} >= 0 AND ${t.creditsPosted} >= 0 AND ${t.debitsPending} >= 0 AND ${t.creditsPending} >= 0`,
    ),
  ],
);

/**
 * One movement of money between two accounts. The id is the idempotency key: the same id never
 * moves money twice. Pending transfers reserve the money until posted or voided.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    // No foreign keys to the accounts (migration 0012): every write that records a transfer moves
    // both accounts' counters in the same transaction and fails if either is missing, and
    // accounts are never deleted (a trigger refuses it); the ledger check counts transfers that
    // name a missing account. The keys' checks cost every payment two extra lookups.
    debitAccountId: uuid('debit_account_id').notNull(),
    creditAccountId: uuid('credit_account_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason'),
    seq: integer('seq').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    // No per-account indexes: nothing reads transfers by account (statements come from history,
    // the ledger check scans everything), and each index costs every payment an insert.
    index('ledger_transfers_reference_idx').on(t.reference),
    index('ledger_transfers_pending_idx')
      .on(t.status)
      .where(sql`${t.status} = 'pending'`),
    // A day's transfers for reconciliation: a BRIN index (a few pages for the whole table, almost
    // nothing per insert), since transfers are written in time order.
    index('ledger_transfers_created_brin').using('brin', t.createdAt),
  ],
);
