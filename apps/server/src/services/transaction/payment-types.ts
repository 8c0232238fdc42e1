import type { InitiateBody, Preview, Receipt } from '@owo/contracts';
import type { Db } from '../../platform/db.js';
import type { PaymentKey } from '../../platform/idempotency.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Other services add kinds of payment to POST /api/v1/initiate and /complete (bills do) without
 * this service depending on them: each kind has a handler.
 */
export type PaymentHandler = {
  initiate(db: Db, userId: string, body: InitiateBody): Promise<Preview>;
  /** Completes the payment, binding the request's Idempotency-Key (if any) to it in its first transaction. */
  complete(db: Db, userId: string, reference: string, key: PaymentKey | null): Promise<Receipt>;
  /** Settles a payment left processing with the outside system (a status check) and returns the receipt. */
  check(db: Db, userId: string, reference: string): Promise<Receipt>;
};

/** The handlers by payment type. */
export type PaymentTypes = Readonly<Partial<Record<string, PaymentHandler>>>;

/**
 * What the transaction service is given when the app is built (see ServiceOptions): the payment
 * kinds other services handle, wired with their own providers (the bills' vendor) in services/index.ts.
 */
export type TransactionProviders = { paymentTypes: PaymentTypes };

export function paymentHandler(types: PaymentTypes, type: string): PaymentHandler {
  const h = types[type];
  if (!h) throw badRequest(`Payments of type ${type} are not available`, 'PAYMENT_TYPE_UNAVAILABLE');
  return h;
}
