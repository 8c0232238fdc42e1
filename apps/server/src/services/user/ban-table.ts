import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * People banned by a moderator (the operator console's moderation, docs/console.md): while a row's
 * `until` is ahead (or null: for good) the person cannot post, comment, list products or create
 * communities; each of those writes asks `refuseBanned` (bans.ts). A new ban replaces the row; an
 * expired row is simply no longer in force. Who banned and lifted, and why, is in the staff audit log.
 */
export const userBans = pgTable('user_bans', {
  userId: uuid('user_id').primaryKey(),
  /** Written for the person to read (the notice and each refusal). */
  reason: text('reason').notNull(),
  /** The end of the ban; null: for good. */
  until: timestamp('until', { withTimezone: true, mode: 'date' }),
  bannedBy: uuid('banned_by').notNull(),
  bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
