import type { InitiateBody, Preview, Receipt } from '@owo/contracts';
import type { Db } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';

/**
 * Other services add kinds of payment to POST /api/v1/initiate and /complete (bills do) without
 * this service depending on them: they register a handler for their types.
 */
export type PaymentHandler = {
  initiate(db: Db, userId: string, body: InitiateBody): Promise<Preview>;
  complete(db: Db, userId: string, reference: string): Promise<Receipt>;
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
