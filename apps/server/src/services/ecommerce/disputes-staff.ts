import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@owo/contracts';
import { system, transfer, userAccount, type AccountRef, type TransferInput } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { conflict, notFound, unprocessable } from '../../platform/errors.js';
import { recordHistory, type NewHistory } from '../transaction/index.js';
import { tell } from './order-news.js';
import type { OrderDeps } from './orders-read.js';
import { orders, type orderItems, type shops } from './tables.js';

// Disputed orders as the operator console sees and settles them (services/staff, docs/console.md):
// read a page of them with their items and timeline, and settle one, in the caller's transaction,
// by sharing its escrow between the shopper's wallet and the seller's business wallet.

/** A disputed order as `SELECT` reads it: its shop's name, its lines and the page's total. */
type DisputeRow = RawRow<
  Pick<
    typeof orders.$inferSelect,
    'id' | 'reference' | 'status' | 'shopperId' | 'sellerId' | 'total' | 'commission' | 'disputeReason' | 'timeline'
  >
> & {
  shopName: (typeof shops.$inferSelect)['name'];
  items: Pick<typeof orderItems.$inferSelect, 'name' | 'quantity' | 'price'>[] | null;
  n: number;
};

export type DisputedOrder = {
  orderId: string;
  reference: string;
  status: OrderStatus;
  shopperId: string;
  sellerId: string;
  shopName: string;
  total: number;
  commission: number;
  reason: string;
  timeline: { status: string; at: string }[];
  items: { name: string; quantity: number; price: number }[];
};

const toOrder = (r: DisputeRow): DisputedOrder => ({
  orderId: r.id,
  reference: r.reference,
  status: r.status,
  shopperId: r.shopperId,
  sellerId: r.sellerId,
  shopName: r.shopName,
  total: Number(r.total),
  commission: Number(r.commission),
  reason: r.disputeReason ?? '',
  timeline: r.timeline,
  items: (r.items ?? []).map((i) => ({ name: i.name, quantity: Number(i.quantity), price: Number(i.price) })),
});

const SELECT = sql`SELECT o.id, o.reference, o.status, o.shopper_id AS "shopperId", o.seller_id AS "sellerId", s.name AS "shopName",
    o.total, o.commission, o.dispute_reason AS "disputeReason", o.timeline,
    (SELECT jsonb_agg(jsonb_build_object('name', i.name, 'quantity', i.quantity, 'price', i.price) ORDER BY i.id)
       FROM order_items i WHERE i.order_id = o.id) AS items`;

/** Orders in dispute, the longest waiting first (a page), with their items and timeline. */
export async function disputedOrders(tx: Tx, q: { page: number; limit: number }): Promise<{ items: DisputedOrder[]; total: number }> {
  const rows = await executeRows<DisputeRow>(
    tx,
    sql`${SELECT}, count(*) OVER ()::int AS n FROM orders o JOIN shops s ON s.id = o.shop_id
      WHERE o.status = 'disputed' ORDER BY o.updated_at, o.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { items: rows.map(toOrder), total: rows[0]?.n ?? 0 };
}

/** One order (in dispute or not: a decided one is still read), or null. */
export async function disputedOrder(tx: Tx, orderId: string): Promise<DisputedOrder | null> {
  const [row] = await executeRows<DisputeRow>(
    tx,
    sql`${SELECT}, 0 AS n FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = ${orderId}`,
  );
  return row ? toOrder(row) : null;
}

export type Settlement = {
  /** Makes every transfer's id (from the decision's id), so one decision never posts twice. */
  key: string;
  shopper: number;
  seller: number;
  /** Sent to both people, and in their history. */
  reason: string;
};

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

/**
 * Settles a disputed order in the caller's transaction: the order locked and still in dispute (409
 * otherwise), the shares summing to its escrow (422 otherwise); the shopper's share back to their
 * wallet, the seller's to their business wallet less the commission on it (to fees, in proportion);
 * the order refunded (all to the shopper) or completed, its timeline stamped, both people told.
 */
export async function settleDispute(tx: Tx, deps: OrderDeps, orderId: string, s: Settlement): Promise<void> {
  const [o] = await executeRows<DisputeRow>(
    tx,
    sql`${SELECT}, 0 AS n FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = ${orderId} FOR UPDATE OF o`,
  );
  if (!o) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  if (o.status !== 'disputed') throw conflict(`This order is ${o.status}: its dispute is over`, 'ORDER_NOT_DISPUTED');
  const total = Number(o.total);
  if (s.shopper + s.seller !== total || s.shopper < 0 || s.seller < 0) {
    throw unprocessable(`The shares must add up to the ${naira(total)} held for the order`, 'SPLIT_MISMATCH');
  }
  const commission = s.seller === 0 ? 0 : Math.floor((Number(o.commission) * s.seller) / total);
  const escrow = await userAccount(tx, o.shopperId, 'escrow', o.id);
  const legs: TransferInput[] = [];
  const leg = (name: string, creditAccountId: AccountRef, amount: number, kind: string) =>
    legs.push({
      id: derivedId('dispute', s.key, name),
      debitAccountId: escrow,
      creditAccountId,
      amount: BigInt(amount),
      kind,
      reference: o.reference,
      metadata: { orderId: o.id, decision: s.key },
    });
  if (s.shopper > 0) leg('shopper', await userAccount(tx, o.shopperId, 'wallet'), s.shopper, 'order.refund');
  if (s.seller - commission > 0) leg('seller', await userAccount(tx, o.sellerId, 'business'), s.seller - commission, 'order.release');
  if (commission > 0) leg('commission', system('fees'), commission, 'order.commission');
  await transfer(tx, legs);
  const history: NewHistory[] = [];
  const row = (userId: string, amount: number, narration: string, counterparty: { id: string; name: string }) =>
    history.push({
      userId,
      reference: o.reference,
      type: 'order',
      direction: 'credit',
      amount: BigInt(amount),
      status: 'successful',
      narration,
      counterparty: { ...counterparty, bankName: null, accountNumber: null },
    });
  if (s.shopper > 0) row(o.shopperId, s.shopper, `Dispute settled by Owo: ${s.reason}`, { id: o.sellerId, name: o.shopName });
  if (s.seller - commission > 0) {
    row(o.sellerId, s.seller - commission, `Dispute settled by Owo: ${s.reason}`, { id: o.shopperId, name: 'Owo shopper' });
  }
  await recordHistory(tx, history);
  const to: OrderStatus = s.seller === 0 ? 'refunded' : 'completed';
  await tx
    .update(orders)
    .set({
      status: to,
      timeline: sql`${orders.timeline} || ${JSON.stringify([{ status: to, at: new Date().toISOString() }])}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, o.id));
  const shares = `${naira(s.shopper)} to the shopper, ${naira(s.seller)} to the seller`;
  await tell(tx, deps, o, to, [
    { userId: o.shopperId, text: `Owo settled your dispute: ${shares}. ${s.reason}` },
    { userId: o.sellerId, text: `Owo settled the dispute on this order: ${shares}${commission ? ' (less commission)' : ''}. ${s.reason}` },
  ]);
}
