import type { Counterparty } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const kobo = (name: string) => bigint(name, { mode: 'bigint' }).notNull();

/** A previewed payment waiting for the PIN: what `initiate` returned, what `complete` will post. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    amount: kobo('amount'),
    fee: kobo('fee'),
    counterparty: jsonb('counterparty').$type<Counterparty>().notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    narration: text('narration'),
    status: text('status', { enum: ['initiated', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('initiated'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    /**
     * When a payment started waiting on an outside system; cleared when it settles. The index for
     * the reconciler is on this column rather than on `status`, so that completing a payment
     * (which changes only unindexed columns) is a HOT update: no new index entries.
     */
    processingSince: ts('processing_since'),
  },
  (t) => [
    uniqueIndex('payment_intents_reference_key').on(t.reference),
    index('payment_intents_processing_idx')
      .on(t.processingSince)
      .where(sql`${t.processingSince} IS NOT NULL`),
  ],
);

/**
 * What each person sees in their history: one row per side of a payment. Its key is the person,
 * the reference and the side; `id` is the row's public name in receipts, made by the server from
 * a random UUID, and nothing looks a row up by it, so it has no index of its own (one fewer index
 * entry for each side of every payment).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    reference: text('reference').notNull(),
    type: text('type').notNull(),
    direction: text('direction', { enum: ['debit', 'credit'] }).notNull(),
    amount: kobo('amount'),
    fee: kobo('fee'),
    status: text('status', { enum: ['successful', 'pending', 'failed', 'reversed'] }).notNull(),
    narration: text('narration'),
    counterparty: jsonb('counterparty').$type<Counterparty>().notNull(),
    failureReason: text('failure_reason'),
    /** A code the customer needs, such as an electricity token. */
    token: text('token'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'transactions_pkey', columns: [t.userId, t.reference, t.direction] }),
    index('transactions_user_time_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const spendingLimits = pgTable('spending_limits', {
  userId: uuid('user_id').primaryKey(),
  dailyLimit: bigint('daily_limit', { mode: 'bigint' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
