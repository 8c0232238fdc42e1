import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const capKobo = (name: string) => bigint(name, { mode: 'bigint' });

/**
 * The tiers' caps, written from the settings (KYC_TIERS) when the app starts, read by the posting
 * path (owo_kyc_check) in the same statement as the person's tier. Null: no cap.
 */
export const kycTiers = pgTable('kyc_tiers', {
  tier: smallint('tier').primaryKey(),
  perDeposit: capKobo('per_deposit'),
  balanceCap: capKobo('balance_cap'),
  dailyOut: capKobo('daily_out').notNull(),
});

/** The other settings the posting path reads (one row, id 1), written at start-up too. */
export const kycRules = pgTable('kyc_rules', {
  id: smallint('id').primaryKey(),
  verifyDays: integer('verify_days').notNull(),
  newDeviceDailyOut: capKobo('new_device_daily_out').notNull(),
  levy: capKobo('levy').notNull(),
  levyThreshold: capKobo('levy_threshold').notNull(),
});

/**
 * A person's KYC: made for every new user by a trigger on `users` (tier 1), so the posting path
 * finds one for every person; an account with no row (ledger test fixtures, system accounts) has
 * no tier limits. The numbers are kept encrypted (AES-256-GCM) with an HMAC beside each for
 * uniqueness (one BVN, one person), and their last three digits for the masked view.
 */
/** A Tier 3 request's documents: the kind of ID and the ids of two private uploads of the person's own. */
export type Tier3Documents = { idType: string; idDocumentId: string; proofOfAddressId: string };

export const kycProfiles = pgTable(
  'kyc_profiles',
  {
    userId: uuid('user_id').primaryKey(),
    tier: smallint('tier').notNull().default(1),
    bvnCipher: text('bvn_cipher'),
    bvnHash: text('bvn_hash'),
    bvnLast3: text('bvn_last3'),
    bvnVerifiedAt: ts('bvn_verified_at'),
    ninCipher: text('nin_cipher'),
    ninHash: text('nin_hash'),
    ninLast3: text('nin_last3'),
    ninVerifiedAt: ts('nin_verified_at'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    address: jsonb('address').$type<{ line1: string; city: string; state: string }>(),
    tier3Status: text('tier3_status', { enum: ['none', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('none'),
    /** The documents of the last Tier 3 request: the ids of the sender's own private uploads (never addresses). */
    tier3Documents: jsonb('tier3_documents').$type<Tier3Documents>(),
    /** Why staff rejected the Tier 3 documents (the customer reads it); cleared by a new request. */
    tier3Reason: text('tier3_reason'),
    /** While in the future, a device first seen recently may sign in: the day limit is the new device's. */
    newDeviceUntil: ts('new_device_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_profiles_bvn_key').on(t.bvnHash),
    uniqueIndex('kyc_profiles_nin_key').on(t.ninHash),
    index('kyc_profiles_tier3_idx')
      .on(t.updatedAt)
      .where(sql`${t.tier3Status} = 'pending'`),
  ],
);

/** What left a person's wallets today (Lagos day), moved by the posting path with the limit check. */
export const kycUsage = pgTable('kyc_usage', {
  userId: uuid('user_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  outKobo: bigint('out_kobo', { mode: 'bigint' }).notNull(),
});

/**
 * A credit over the person's caps, parked in their 'held' account by the posting path: released
 * to the wallet when they upgrade, returned to its sender's account after KYC_HOLD_DAYS.
 */
export const kycHeldCredits = pgTable(
  'kyc_held_credits',
  {
    /** The id of the transfer that parked it (wallet to held). */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    walletAccountId: uuid('wallet_account_id').notNull(),
    heldAccountId: uuid('held_account_id').notNull(),
    sourceTransferId: uuid('source_transfer_id').notNull(),
    sourceAccountId: uuid('source_account_id').notNull(),
    reference: text('reference').notNull(),
    reason: text('reason', { enum: ['deposit_cap', 'balance_cap'] }).notNull(),
    status: text('status', { enum: ['held', 'released', 'returned'] })
      .notNull()
      .default('held'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    index('kyc_held_credits_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('kyc_held_credits_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'held'`),
  ],
);
