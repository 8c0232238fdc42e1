import type { InitiateBody, Preview, Receipt } from '@owo/contracts';
import type { Db } from '../../platform/db.js';
import type { PaymentKey } from '../../platform/idempotency.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Other services add kinds of payment to POST /api/v1/initiate and /complete (bills do) without
 * this service depending on them: they register a handler for their types.
 */
export type PaymentHandler = {
  initiate(db: Db, userId: string, body: InitiateBody): Promise<Preview>;
  /** Completes the payment, binding the request's Idempotency-Key (if any) to it in its first transaction. */
  complete(db: Db, userId: string, reference: string, key: PaymentKey | null): Promise<Receipt>;
  /** Settles a payment left processing with the outside system (a status check) and returns the receipt. */
  check(db: Db, userId: string, reference: string): Promise<Receipt>;
};

const handlers = new Map<string, PaymentHandler>();

export function registerPaymentType(types: string[], handler: PaymentHandler): void {
  for (const t of types) handlers.set(t, handler);
}

export function paymentHandler(type: string): PaymentHandler {
  const h = handlers.get(type);
  if (!h) throw badRequest(`Payments of type ${type} are not available`, 'PAYMENT_TYPE_UNAVAILABLE');
  return h;
}
