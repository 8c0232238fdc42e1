import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    nickName: text('nick_name'),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    bio: text('bio'),
    phoneVerifiedAt: ts('phone_verified_at'),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: ts('pin_locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phoneNumber),
    uniqueIndex('users_nick_key').on(sql`lower(${t.nickName})`),
    index('users_names_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

/** Server-side sessions: the bearer token is random; only its hash is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The device that signed in (user_devices), when the client named one. */
    deviceId: uuid('device_id'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * The devices a person has signed in from, by the hash of the id the client keeps (header
 * X-Device-Id). A device not seen before is confirmed with a code texted to the phone; for its
 * first NEW_DEVICE_HOURS it may send at most NEW_DEVICE_DAILY_OUT a day (docs/kyc.md).
 */
export const userDevices = pgTable(
  'user_devices',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    label: text('label').notNull(),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    signedOutAt: ts('signed_out_at'),
  },
  (t) => [
    uniqueIndex('user_devices_key').on(t.userId, t.deviceHash),
    index('user_devices_user_idx').on(t.userId, t.lastSeenAt.desc().nullsFirst()),
  ],
);

/** One-time codes, hashed; each has an expiry and a bounded number of tries. */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', { enum: ['verify_mobile', 'reset_password', 'new_device'] }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('otps_lookup_idx').on(t.phoneNumber, t.purpose, t.createdAt)],
);

/** A verified reset code becomes a short-lived, single-use reset token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash)],
);
