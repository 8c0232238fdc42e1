import type { Preview, TxType } from '@owo/contracts';
import { ledgerPostingSeconds } from '../../platform/metrics.js';
import { ledgerError, raisedBySql } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { DeferredAuth } from '../../platform/auth.js';
import { rawQuery, type Db, type RawStatement } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { keyInProgress, keyReused } from '../../platform/idempotency.js';
import { usersByIds } from '../user/index.js';
import { sendMoneyFee, startOfLagosDay } from './fees.js';
import { paymentExpired, paymentNotFound, previewPayment } from './intents.js';
import { overDailyLimit } from './limits.js';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** Checks what can be checked before the PIN (recipient, balance, limit) and returns a preview valid for 10 minutes. */
export async function initiateSendMoney(
  db: Db,
  userId: string,
  input: { recipientId: string; amount: number; narration?: string },
): Promise<Preview> {
  if (input.recipientId === userId) throw badRequest('You cannot send money to yourself', 'SELF_TRANSFER');
  const people = await usersByIds(db, [input.recipientId, userId]);
  const recipient = people.find((p) => p.id === input.recipientId);
  const sender = people.find((p) => p.id === userId);
  if (!recipient || !recipient.phoneVerifiedAt) throw notFound('Recipient not found', 'RECIPIENT_NOT_FOUND');
  const amount = BigInt(input.amount);
  const fee = sendMoneyFee(amount);
  return previewPayment(db, {
    userId,
    type: 'sendMoney',
    amount,
    fee,
    narration: input.narration || null,
    counterparty: { id: recipient.id, name: fullName(recipient), bankName: null, accountNumber: null },
    details: { senderName: sender ? fullName(sender) : 'Owo user' },
  });
}

export type CompleteOutcome =
  /** The deferred session and PIN checks no longer hold: nothing was done; check in full and call again. */
  | { kind: 'reauth' }
  /** Not a send-money payment: the caller hands it to the handler of its type. */
  | { kind: 'other'; type: TxType }
  /**
   * The answer to send, fresh or stored for this Idempotency-Key and replayed: `body` is the JSON
   * text of an `Envelope<Receipt>` as PostgreSQL wrote it, sent as it is (not parsed, checked
   * against the schema and written again on every payment; a test compares it with the receipt
   * `GET /transactions/{reference}` returns).
   */
  | { kind: 'done'; replayed: boolean; statusCode: number; body: string };

type CompleteRow = {
  kind: CompleteOutcome['kind'];
  type: TxType | null;
  replayed: boolean | null;
  statusCode: number | null;
  body: string | null;
};
const COMPLETE: RawStatement = {
  name: 'owo_complete_send_money',
  text: `SELECT r ->> 'kind' AS kind, r ->> 'type' AS type, (r ->> 'replayed')::boolean AS replayed,
                (r ->> 'statusCode')::integer AS "statusCode", (r -> 'response')::text AS body
           FROM owo_complete_send_money($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) AS r`,
};
export const COMPLETE_SCOPE = 'transaction.complete';
const SEND_MONEY_DONE = 'Transfer successful';

/** The errors the SQL function raises, as the API's errors (the ledger's own, INSUFFICIENT_FUNDS and the like, as the ledger maps them). */
function fromSql(err: unknown): unknown {
  const raised = raisedBySql(err);
  switch (raised?.code) {
    case 'PAYMENT_NOT_FOUND':
      return paymentNotFound();
    case 'PAYMENT_EXPIRED':
      return paymentExpired();
    case 'IDEMPOTENCY_KEY_REUSED':
      return keyReused();
    case 'IDEMPOTENCY_IN_PROGRESS':
      return keyInProgress();
    case 'SPENDING_LIMIT': {
      const [limit, left] = (raised.detail ?? '0:0').split(':').map((n) => BigInt(n));
      return overDailyLimit(limit!, left!);
    }
    default:
      return ledgerError(err);
  }
}

/**
 * Posts a previewed transfer, or replays it, in one statement: the SQL function
 * owo_complete_send_money (source: ./sql/owo_complete_send_money.sql) locks the intent, claims the
 * Idempotency-Key, checks the daily limit, moves the money through the ledger's posting function
 * owo_post_transfers (../../ledger/sql/; the transfer id is the intent's, so it can never post
 * twice), writes both people's history, marks the intent and stores the answer, all in one
 * transaction. Completing again returns the same receipt. With `deferred`, the session and PIN
 * checks the server skipped are made first, in the same transaction ('reauth' if they fail).
 */
export async function completeSendMoney(
  db: Db,
  userId: string,
  reference: string,
  idempotency?: { key: string; requestHash: string },
  deferred?: DeferredAuth | null,
): Promise<CompleteOutcome> {
  const posting = ledgerPostingSeconds.startTimer({ path: 'send_money' });
  try {
    const [row] = await rawQuery<CompleteRow>(db, COMPLETE, [
      userId,
      reference,
      idempotency?.key ?? null,
      COMPLETE_SCOPE,
      idempotency?.requestHash ?? null,
      startOfLagosDay().toISOString(),
      newId(),
      newId(),
      SEND_MONEY_DONE,
      deferred?.tokenHash ?? null,
      deferred?.pinHash ?? null,
    ]);
    const r = row!;
    if (r.kind === 'done') return { kind: 'done', replayed: r.replayed === true, statusCode: r.statusCode!, body: r.body! };
    if (r.kind === 'other') return { kind: 'other', type: r.type! };
    return { kind: 'reauth' };
  } catch (err) {
    throw fromSql(err);
  } finally {
    posting();
  }
}
