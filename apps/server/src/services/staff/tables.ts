import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Staff of the operator console: apart from customers (their own table, sessions and tokens). A
 * member is `invited` (an enrolment link was sent), `active` once enrolled (password and TOTP set),
 * or `disabled` by an admin. The TOTP secret is kept encrypted (totp.ts); `totp_last_step` is the
 * last time step a code was accepted for, so a code is never accepted twice.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['support', 'compliance', 'moderator', 'finance', 'admin'] }).notNull(),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull(),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** The enrolment link's keyed hash and end, while invited. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: ts('invite_expires_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    disabledAt: ts('disabled_at'),
    disabledBy: uuid('disabled_by'),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    uniqueIndex('staff_invite_key')
      .on(t.inviteTokenHash)
      .where(sql`${t.inviteTokenHash} IS NOT NULL`),
  ],
);

/** One-time recovery codes of a staff member's second factor (keyed hashes); a used code is spent. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staffId, t.codeHash)],
);

/**
 * Staff sessions: short, with an idle limit (`last_seen_at`, moved after each successful call) and
 * an absolute end (`expires_at`), both from settings. Only the token's keyed hash is kept.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('staff_sessions_token_key').on(t.tokenHash), index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * The audit log: every staff action and every view of a customer's record, append-only (a trigger
 * refuses UPDATE, DELETE and TRUNCATE) and hash-chained: each entry's `hash` is a keyed hash of the
 * entry and the `hash` before it (audit.ts), so a changed or removed entry breaks the chain.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    staffId: uuid('staff_id'),
    customerId: uuid('customer_id'),
    kind: text('kind').notNull(),
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('staff_audit_staff_idx').on(t.staffId, t.seq.desc().nullsFirst()),
    index('staff_audit_customer_idx').on(t.customerId, t.seq.desc().nullsFirst()),
    index('staff_audit_kind_idx').on(t.kind, t.seq.desc().nullsFirst()),
  ],
);

/** Notes by staff on a customer's record. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_notes_customer_idx').on(t.customerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Money moved by staff with two keys: requested by one person, approved (and posted through the
 * ledger, in the approval's transaction) or rejected by another. `kind` says what moves (credit,
 * refund, reversal; later kinds such as a dispute's split or a reconciliation's credit are more
 * values of it); `target_reference` is the transaction refunded or reversed.
 */
export const staffMoneyRequests = pgTable(
  'staff_money_requests',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    customerId: uuid('customer_id').notNull(),
    targetReference: text('target_reference'),
    /** The history type the movement's rows carry: the target's (a refund of airtime is airtime), funding for a credit. */
    historyType: text('history_type').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staff.id),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => staff.id),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    /** What a kind needs besides the amount: a dispute's order and shares (`{ orderId, decision, shopper, seller }`). */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('staff_money_requests_reference_key').on(t.reference),
    index('staff_money_requests_status_idx').on(t.status, t.requestedAt.desc().nullsFirst()),
    index('staff_money_requests_customer_idx').on(t.customerId, t.requestedAt.desc().nullsFirst()),
    index('staff_money_requests_target_idx')
      .on(t.targetReference)
      .where(sql`${t.targetReference} IS NOT NULL`),
    // One live reversal per transaction: a second request while one is pending or approved is refused.
    uniqueIndex('staff_money_requests_one_reversal_key')
      .on(t.targetReference)
      .where(sql`${t.kind} = 'reversal' AND ${t.status} <> 'rejected'`),
    // One dispute decision waiting for its second key per order.
    uniqueIndex('staff_money_requests_one_dispute_key')
      .on(t.targetReference)
      .where(sql`${t.kind} = 'dispute' AND ${t.status} = 'pending'`),
  ],
);

/**
 * One reconciliation of a Lagos day and a source (card charges, direct debits, inbound transfers,
 * payouts, bill vends): the provider's report matched with the ledger. The daily job claims a day's
 * run by inserting its row; a run made again by finance updates it.
 */
export const reconRuns = pgTable(
  'recon_runs',
  {
    day: text('day').notNull(),
    source: text('source').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed', 'not_reported'] }).notNull(),
    providerLines: integer('provider_lines').notNull().default(0),
    ledgerRecords: integer('ledger_records').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    mismatched: integer('mismatched').notNull().default(0),
    ranAt: ts('ran_at').notNull().defaultNow(),
    ranBy: uuid('ran_by').references(() => staff.id),
    /** The server process (platform/instance.ts) whose daily job claimed the run: taken over at once when it dies. */
    claimedBy: text('claimed_by'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);

/**
 * A record that did not match, once per source and reference (a later run updates it). What both
 * sides said is kept; the customer is the person whose wallet the payment touched. Resolved by a
 * money request (its status says whether it is approved) or explained with a note.
 */
export const reconItems = pgTable(
  'recon_items',
  {
    id: uuid('id').primaryKey(),
    day: text('day').notNull(),
    source: text('source').notNull(),
    reference: text('reference').notNull(),
    mismatch: text('mismatch').notNull(),
    providerAmount: bigint('provider_amount', { mode: 'bigint' }),
    providerStatus: text('provider_status'),
    providerRef: text('provider_ref'),
    ledgerAmount: bigint('ledger_amount', { mode: 'bigint' }),
    ledgerStatus: text('ledger_status'),
    customerId: uuid('customer_id'),
    action: text('action'),
    note: text('note'),
    resolvedBy: uuid('resolved_by').references(() => staff.id),
    resolvedAt: ts('resolved_at'),
    moneyRequestId: uuid('money_request_id').references(() => staffMoneyRequests.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recon_items_source_reference_key').on(t.source, t.reference),
    index('recon_items_day_idx').on(t.day.desc().nullsFirst(), t.source, t.createdAt),
  ],
);
