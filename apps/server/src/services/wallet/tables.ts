import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
