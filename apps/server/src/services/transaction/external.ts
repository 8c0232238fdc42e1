import type { Receipt, TxType } from '@owo/contracts';
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import { resolvePending, transfer, userAccount, type TransferInput } from '../../ledger/index.js';
import type { Db, Tx } from '../../platform/db.js';
import { crashPoint } from '../../platform/crash.js';
import { paymentsTotal } from '../../platform/metrics.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { PaymentKey } from '../../platform/idempotency.js';
import { historyFor, recordHistory, setHistoryStatus, toReceipt } from './history.js';
import { findIntent, intentById, lockIntent, markIntent, type Intent } from './intents.js';
import { assertWithinDailyLimit } from './limits.js';
import { paymentIntents } from './tables.js';

/** What an outside system (bank rail, bill vendor) said about a payment. */
export type Outcome = { status: 'successful' | 'pending' | 'failed'; reason?: string; token?: string | null };

/** Your side of a payment, as a receipt. */
export async function receiptFor(db: Tx, userId: string, reference: string): Promise<Receipt> {
  const row = await historyFor(db, userId, reference, 'debit');
  if (!row) throw notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
  return toReceipt(row);
}

export type ExternalPayment = {
  types: TxType[];
  /** The pending legs out of the wallet; their ids must derive from the intent. */
  legs: (intent: Intent, wallet: string) => TransferInput[];
  /** The outside call, made after the reservation has committed. */
  call: (intent: Intent) => Promise<Outcome>;
  /** Asks the outside system what became of a payment left processing. */
  status: (intent: Intent) => Promise<Outcome>;
  /** The 409 message for a status check before the payment was confirmed. */
  notConfirmedText: string;
  /** Extra work when the payment succeeds, in the settling transaction. */
  onSuccess?: (tx: Tx, intent: Intent) => Promise<void>;
  failureText: string;
};

/**
 * Applies an outcome once: success posts the reserved money, failure voids it (it is back in the
 * wallet by itself) with the reason in the history; pending changes nothing.
 */
export async function settleExternal(db: Db, p: ExternalPayment, intentId: string, outcome: Outcome): Promise<void> {
  if (outcome.status === 'pending') return;
  await db.transaction(async (tx) => {
    const intent = await intentById(tx, intentId, { lock: true });
    if (!intent || intent.status !== 'processing') return;
    const legIds = p.legs(intent, '').map((l) => l.id);
    if (outcome.status === 'successful') {
      await resolvePending(tx, legIds, 'post');
      await setHistoryStatus(tx, intent.reference, 'successful', null, outcome.token ?? null);
      await markIntent(tx, intent.id, 'completed');
      await p.onSuccess?.(tx, intent);
    } else {
      const reason = outcome.reason ?? p.failureText;
      await resolvePending(tx, legIds, 'void', reason);
      await setHistoryStatus(tx, intent.reference, 'reversed', reason);
      await markIntent(tx, intent.id, 'failed');
    }
  });
}

/**
 * Completes a payment that waits on an outside system: in one transaction lock the intent, bind
 * the request's Idempotency-Key to it, check the daily limit, reserve the money with pending
 * transfers and write a pending history row; then make the outside call (only the caller that
 * moved the intent to processing makes it); then settle. An error from the call leaves it pending
 * for a status check. Returns the receipt.
 */
export async function completeExternal(
  db: Db,
  p: ExternalPayment,
  userId: string,
  reference: string,
  key: PaymentKey | null = null,
): Promise<Receipt> {
  const started = await db.transaction(async (tx) => {
    const { intent, done } = await lockIntent(tx, userId, reference, p.types);
    await key?.claim(tx, reference);
    if (done) return null;
    await assertWithinDailyLimit(tx, userId, intent.amount + intent.fee);
    const wallet = await userAccount(tx, userId, 'wallet');
    await transfer(tx, p.legs(intent, wallet));
    await recordHistory(tx, [
      {
        userId,
        reference,
        type: intent.type as TxType,
        direction: 'debit',
        amount: intent.amount,
        fee: intent.fee,
        status: 'pending',
        narration: intent.narration,
        counterparty: intent.counterparty,
      },
    ]);
    await markIntent(tx, intent.id, 'processing');
    return intent;
  });
  if (started) {
    crashPoint('payment.started');
    let outcome: Outcome;
    try {
      outcome = await p.call(started);
    } catch {
      outcome = { status: 'pending' };
    }
    crashPoint('payment.called');
    await settleExternal(db, p, started.id, outcome);
  }
  const receipt = await receiptFor(db, userId, reference);
  if (started) paymentsTotal.inc({ type: started.type, outcome: receipt.status });
  return receipt;
}

/**
 * A status check by the payer, and the answer to a retried Idempotency-Key whose request died:
 * settles a payment left processing with what the outside system says, and returns the receipt.
 */
export async function checkExternal(db: Db, p: ExternalPayment, userId: string, reference: string): Promise<Receipt> {
  const intent = await findIntent(db, userId, reference, p.types);
  if (!intent) throw notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
  if (intent.status === 'initiated') throw new AppError(409, 'PAYMENT_NOT_COMPLETED', p.notConfirmedText);
  if (intent.status === 'processing') await settleExternal(db, p, intent.id, await p.status(intent));
  return receiptFor(db, userId, reference);
}

/**
 * Claims up to `limit` payments of these types left processing for longer than `olderThanMs`, for
 * one process to settle: the claim moves their `processing_since` to now, so no other process
 * (and no later round) picks them up again before another `olderThanMs` has passed; rows another
 * process is claiming at this moment are skipped, not waited for.
 */
async function claimStaleIntents(db: Db, types: string[], olderThanMs: number, limit = 100): Promise<Intent[]> {
  const stale = db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        isNotNull(paymentIntents.processingSince),
        lt(paymentIntents.processingSince, new Date(Date.now() - olderThanMs)),
        inArray(paymentIntents.type, types),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(paymentIntents).set({ processingSince: new Date() }).where(inArray(paymentIntents.id, stale)).returning();
}

/**
 * One reconciler round (run on a timer): claims the payments of these types left processing
 * longer than `olderThanMs` and settles each with what the outside system says now. Returns how
 * many it checked.
 */
export async function reconcileStale(
  db: Db,
  types: string[],
  olderThanMs: number,
  settle: (intent: Intent) => Promise<void>,
): Promise<number> {
  const stale = await claimStaleIntents(db, types, olderThanMs);
  for (const intent of stale) {
    try {
      await settle(intent);
    } catch {
      /* the outside system did not answer: next round */
    }
  }
  return stale.length;
}

/** Settles payments of these types left processing longer than `olderThanMs`. */
export function reconcileExternal(db: Db, p: ExternalPayment, olderThanMs = 30_000): Promise<number> {
  return reconcileStale(db, p.types, olderThanMs, async (intent) => settleExternal(db, p, intent.id, await p.status(intent)));
}

/**
 * The three calls of a kind of outside payment, bound to the way its service builds the payment
 * from its dependencies: complete (reserve, call outside the transaction, then post or void), check
 * (ask the outside system about the caller's payment still processing, and settle it) and
 * reconcile (settle those left processing longer than `olderThanMs`; a job).
 */
export function externalCalls<D extends { db: Db }>(payment: (deps: D) => ExternalPayment) {
  return {
    complete: (deps: D, userId: string, reference: string, key: PaymentKey | null = null): Promise<Receipt> =>
      completeExternal(deps.db, payment(deps), userId, reference, key),
    check: (deps: D, userId: string, reference: string): Promise<Receipt> => checkExternal(deps.db, payment(deps), userId, reference),
    reconcile: (deps: D, olderThanMs = 30_000): Promise<number> => reconcileExternal(deps.db, payment(deps), olderThanMs),
  };
}
