import type { Counterparty, Preview, TxType } from '@owo/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { newId, randomDigits } from '../../platform/crypto.js';
import { InsufficientFunds, userBalances } from '../../ledger/index.js';
import type { Db, Tx } from '../../platform/db.js';
import { assertKycAllows, assertWithinDailyLimit } from './limits.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paymentIntents } from './tables.js';

export const PREVIEW_MINUTES = 10;
export type Intent = typeof paymentIntents.$inferSelect;

export const newReference = (): string => {
  const d = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `OWO${d}${randomDigits(10)}`;
};

/** Tries at making a payment's reference unused by any other (each a fresh random one). */
const REFERENCE_TRIES = 5;

/**
 * Stores a payment's intent under a new reference. References are random (10 digits a day), so two
 * payments may draw the same one, about once in 20,000 payments on a day of 200,000: the one that
 * finds it taken draws again instead of failing (`makeReference` is for tests).
 */
export async function createIntent(
  tx: Tx,
  i: {
    userId: string;
    type: TxType;
    amount: bigint;
    fee: bigint;
    counterparty: Counterparty;
    narration?: string | null;
    details?: Record<string, string>;
    processing?: boolean;
  },
  makeReference: () => string = newReference,
): Promise<Intent> {
  for (let attempt = 1; attempt <= REFERENCE_TRIES; attempt++) {
    const row = await insertIntent(tx, i, makeReference());
    if (row) return row;
  }
  throw new Error(`no unused payment reference in ${REFERENCE_TRIES} tries`);
}

/** The intent stored under `reference`, or null when another payment has it already (nothing written). */
async function insertIntent(tx: Tx, i: Parameters<typeof createIntent>[1], reference: string): Promise<Intent | null> {
  const now = new Date();
  const [row] = await tx
    .insert(paymentIntents)
    .values({
      id: newId(),
      reference,
      userId: i.userId,
      type: i.type,
      amount: i.amount,
      fee: i.fee,
      counterparty: i.counterparty,
      narration: i.narration ?? null,
      details: i.details ?? {},
      expiresAt: new Date(now.getTime() + PREVIEW_MINUTES * 60_000),
      // A payment with no preview (funding) starts waiting on the outside system at once.
      ...(i.processing ? { status: 'processing' as const, processingSince: now } : {}),
    })
    .onConflictDoNothing({ target: paymentIntents.reference })
    .returning();
  return row ?? null;
}

export const toPreview = (i: Intent): Preview => ({
  reference: i.reference,
  type: i.type as TxType,
  recipient: i.counterparty,
  amount: Number(i.amount),
  fee: Number(i.fee),
  total: Number(i.amount + i.fee),
  narration: i.narration,
  expiresAt: i.expiresAt.toISOString(),
});

/**
 * Locks the caller's intent for completion. Someone else's reference is simply not found.
 * Returns null when it was already completed (the caller replays the receipt).
 */
export async function lockIntent(tx: Tx, userId: string, reference: string, types: TxType[]): Promise<{ intent: Intent; done: boolean }> {
  const [intent] = await tx
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.reference, reference), eq(paymentIntents.userId, userId)))
    .for('update');
  if (!intent || !types.includes(intent.type as TxType)) throw paymentNotFound();
  if (intent.status !== 'initiated') return { intent, done: true };
  if (intent.expiresAt <= new Date()) throw paymentExpired();
  return { intent, done: false };
}

/** An intent by id; with `lock`, locked for update in the caller's transaction (null when there is none). */
export async function intentById(tx: Tx, id: string, opts: { lock?: boolean } = {}): Promise<Intent | null> {
  const q = tx.select().from(paymentIntents).where(eq(paymentIntents.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The caller's intent with this reference (of one of `types`, when given); someone else's is not found. */
export async function findIntent(db: Tx, userId: string, reference: string, types?: readonly string[]): Promise<Intent | null> {
  const [row] = await db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.reference, reference),
        eq(paymentIntents.userId, userId),
        types ? inArray(paymentIntents.type, [...types]) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Replaces an intent's details (what its owner learnt while completing it, e.g. the card it saved). */
export async function setIntentDetails(tx: Tx, id: string, details: Record<string, string>): Promise<void> {
  await tx.update(paymentIntents).set({ details }).where(eq(paymentIntents.id, id));
}

export const paymentNotFound = () => notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
export const paymentExpired = () => new AppError(422, 'PAYMENT_EXPIRED', 'This payment has expired. Start again.');

export async function markIntent(tx: Tx, id: string, status: Intent['status']): Promise<void> {
  const now = new Date();
  await tx
    .update(paymentIntents)
    .set({ status, completedAt: status === 'initiated' ? null : now, processingSince: status === 'processing' ? now : null })
    .where(eq(paymentIntents.id, id));
}

/**
 * The preview step every payment shares: the wallet must cover amount and fee, the daily limit
 * must allow it, then the intent is stored for 10 minutes and returned as a preview.
 */
export async function previewPayment(db: Db, i: Omit<Parameters<typeof createIntent>[1], 'processing'>): Promise<Preview> {
  const available = (await userBalances(db, i.userId)).get('wallet')?.available ?? 0n;
  if (available < i.amount + i.fee) throw new InsufficientFunds('wallet');
  return db.transaction(async (tx) => {
    await assertWithinDailyLimit(tx, i.userId, i.amount + i.fee);
    // The KYC limits are said at the preview, before the PIN, by the rule the posting applies.
    await assertKycAllows(tx, i.userId, i.amount + i.fee);
    return toPreview(await createIntent(tx, i));
  });
}
