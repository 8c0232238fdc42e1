import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A card saved for reuse: the acquirer's token and display details, never the number. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    token: text('token').notNull(),
    fingerprint: text('fingerprint').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_cards_user_fingerprint_key').on(t.userId, t.fingerprint)],
);

/** Each user's own account number for funding by bank transfer. */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    userId: uuid('user_id').primaryKey(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('virtual_accounts_number_key').on(t.accountNumber)],
);

const kobo = (name: string) => bigint(name, { mode: 'bigint' }).notNull();

/** A savings target; its money sits in its own ledger account (code savings, ref = id). */
export const savingsTargets = pgTable(
  'savings_targets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    targetAmount: kobo('target_amount'),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    autoAmount: bigint('auto_amount', { mode: 'bigint' }),
    autoFrequency: text('auto_frequency', { enum: ['daily', 'weekly', 'monthly'] }),
    /** The persistent schedule: the next automatic saving, or null when none is due. */
    nextRunAt: ts('next_run_at'),
    /** A monthly saving's day of the month (1 to 31); a shorter month uses its last day. */
    autoDay: integer('auto_day'),
    status: text('status', { enum: ['active', 'withdrawn'] })
      .notNull()
      .default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('savings_targets_user_idx').on(t.userId, t.createdAt),
    index('savings_targets_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} IS NOT NULL`),
  ],
);

/** Each automatic saving attempt, once per target and slot, successful or not (never retried). */
export const savingsRuns = pgTable(
  'savings_runs',
  {
    id: uuid('id').primaryKey(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => savingsTargets.id),
    scheduledFor: ts('scheduled_for').notNull(),
    status: text('status', { enum: ['successful', 'failed'] }).notNull(),
    reason: text('reason'),
    amount: kobo('amount'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('savings_runs_slot_key').on(t.targetId, t.scheduledFor)],
);

export const lockedFunds = pgTable(
  'locked_funds',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    amount: kobo('amount'),
    rateBps: integer('rate_bps').notNull(),
    durationDays: integer('duration_days').notNull(),
    interest: kobo('interest'),
    tax: kobo('tax'),
    maturityDate: ts('maturity_date').notNull(),
    status: text('status', { enum: ['active', 'paid'] })
      .notNull()
      .default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('locked_funds_user_idx').on(t.userId, t.createdAt)],
);

export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    loanTypeId: text('loan_type_id').notNull(),
    name: text('name').notNull(),
    principal: kobo('principal'),
    interest: kobo('interest'),
    repaid: kobo('repaid'),
    status: text('status', { enum: ['active', 'repaid'] })
      .notNull()
      .default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('loans_one_active_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const loanInstalments = pgTable(
  'loan_instalments',
  {
    id: uuid('id').primaryKey(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    seq: integer('seq').notNull(),
    dueDate: ts('due_date').notNull(),
    amount: kobo('amount'),
    paid: kobo('paid'),
    /** When the person was reminded the day before it is due (loan-reminders.ts): once per instalment. */
    remindedAt: ts('reminded_at'),
  },
  (t) => [uniqueIndex('loan_instalments_seq_key').on(t.loanId, t.seq), index('loan_instalments_due_idx').on(t.dueDate)],
);

/**
 * The sandbox providers' own record of what they were asked (a charge, a direct debit), so that a
 * status check by reference answers as a real provider would, across restarts: a call it never
 * received is not found. Real adapters ask the provider instead and never touch this table.
 */
export const sandboxProviderCalls = pgTable(
  'sandbox_provider_calls',
  {
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.reference] })],
);
