import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Numbers a user has paid for, per provider label (the billerId), most recent first. */
export const billBeneficiaries = pgTable(
  'bill_beneficiaries',
  {
    userId: uuid('user_id').notNull(),
    label: text('label').notNull(),
    customerNumber: text('customer_number').notNull(),
    customerName: text('customer_name'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.label, t.customerNumber] }),
    index('bill_beneficiaries_recent_idx').on(t.userId, t.label, t.lastUsedAt),
  ],
);
