import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Frozen accounts (the operator console, docs/console.md): while a row is here the person can sign
 * in and read, but every PIN-guarded call (everything that moves money out) is refused with the
 * reason. Unfreezing deletes the row; who froze and unfroze, and why, is in the staff audit log.
 */
export const accountFreezes = pgTable('account_freezes', {
  userId: uuid('user_id').primaryKey(),
  /** Written for the customer to read (the app's banner and the refusal). */
  reason: text('reason').notNull(),
  frozenBy: uuid('frozen_by').notNull(),
  frozenAt: timestamp('frozen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
