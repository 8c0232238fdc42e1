import { eq, sql } from 'drizzle-orm';
import type { Order, OrderStatus } from '@owo/contracts';
import { system, transfer, userAccount, type TransferInput } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../transaction/index.js';
import { newsOf, tell } from './order-news.js';
import { orderFor, type OrderDeps } from './orders-read.js';
import { claimDeliveredBefore, followLine, lockOrderRow, type LockedOrder as Locked } from './orders.queries.js';
import { orderItems, orders, productVariations } from './tables.js';

// The steps of an order after it is placed: accept, decline, ship, deliver, confirm, cancel,
// dispute, refund, and the confirmation of delivered orders by themselves. Each locks the order,
// moves the escrow when the step says so, stamps the timeline and tells both people.

async function lockOrder(tx: Tx, userId: string, id: string, as: 'seller' | 'shopper'): Promise<Locked> {
  const o = await lockOrderRow(tx, id);
  if (!o || (o.shopperId !== userId && o.sellerId !== userId)) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  if (as === 'seller' && o.sellerId !== userId) throw forbidden('Only the seller can do that', 'NOT_SELLER');
  if (as === 'shopper' && o.shopperId !== userId) throw forbidden('Only the shopper can do that', 'NOT_SHOPPER');
  return o;
}

const notNow = (o: Locked, what: string) => conflict(`This order is ${o.status}: it can’t be ${what} now`, 'ORDER_STATE');

async function restock(tx: Tx, orderId: string) {
  const items = await tx
    .select({ productId: orderItems.productId, variationId: orderItems.variationId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  for (const i of items) {
    if (i.variationId)
      await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} + ${i.quantity}` })
        .where(eq(productVariations.id, i.variationId));
    await followLine(tx, i, -i.quantity, i.quantity);
  }
}

/** The escrow back to the shopper's wallet. */
async function refund(tx: Tx, o: Locked, why: string, putBack = true) {
  const escrow = await userAccount(tx, o.shopperId, 'escrow', o.id);
  const wallet = await userAccount(tx, o.shopperId, 'wallet');
  await transfer(tx, [
    {
      id: newId(),
      debitAccountId: escrow,
      creditAccountId: wallet,
      amount: BigInt(o.total),
      kind: 'order.refund',
      reference: o.reference,
      metadata: { orderId: o.id },
    },
  ]);
  await recordHistory(tx, [
    {
      userId: o.shopperId,
      reference: o.reference,
      type: 'order',
      direction: 'credit',
      amount: BigInt(o.total),
      status: 'successful',
      narration: `Refund: ${why}`,
      counterparty: { id: o.sellerId, name: o.shopName, bankName: null, accountNumber: null },
    },
  ]);
  // Goods that never left the shop go back on sale; a refund after shipping leaves the stock alone.
  if (putBack) await restock(tx, o.id);
}

/** The escrow to the seller's business wallet, less the commission to fees. */
async function release(tx: Tx, o: Locked) {
  const escrow = await userAccount(tx, o.shopperId, 'escrow', o.id);
  const business = await userAccount(tx, o.sellerId, 'business');
  const net = BigInt(o.total - o.commission);
  const legs: TransferInput[] = [
    {
      id: newId(),
      debitAccountId: escrow,
      creditAccountId: business,
      amount: net,
      kind: 'order.release',
      reference: o.reference,
      metadata: { orderId: o.id },
    },
  ];
  if (o.commission > 0)
    legs.push({
      id: newId(),
      debitAccountId: escrow,
      creditAccountId: system('fees'),
      amount: BigInt(o.commission),
      kind: 'order.commission',
      reference: o.reference,
      metadata: { orderId: o.id },
    });
  await transfer(tx, legs);
  await recordHistory(tx, [
    {
      userId: o.sellerId,
      reference: o.reference,
      type: 'order',
      direction: 'credit',
      amount: net,
      status: 'successful',
      narration: `Sale ${o.reference} (after ₦${(o.commission / 100).toLocaleString('en-NG')} commission), to your business wallet`,
      counterparty: { id: o.shopperId, name: 'Owo shopper', bankName: null, accountNumber: null },
    },
  ]);
}

/** The order's timeline with the status it moves to, stamped now. */
const stamp = (status: OrderStatus) => sql`${orders.timeline} || ${JSON.stringify([{ status, at: new Date().toISOString() }])}::jsonb`;

type Move = { as: 'seller' | 'shopper'; from: OrderStatus[]; to: OrderStatus; what: string; money?: 'refund' | 'release' };
const MOVES = {
  accept: { as: 'seller', from: ['paid'], to: 'accepted', what: 'accepted' },
  decline: { as: 'seller', from: ['paid'], to: 'declined', what: 'declined', money: 'refund' },
  ship: { as: 'seller', from: ['accepted'], to: 'shipped', what: 'shipped' },
  deliver: { as: 'seller', from: ['shipped'], to: 'delivered', what: 'marked delivered' },
  // Confirming a disputed order is how a shopper closes the dispute once it is sorted out.
  confirm: { as: 'shopper', from: ['shipped', 'delivered', 'disputed'], to: 'completed', what: 'confirmed', money: 'release' },
  cancel: { as: 'shopper', from: ['paid', 'accepted'], to: 'cancelled', what: 'cancelled', money: 'refund' },
  dispute: { as: 'shopper', from: ['shipped', 'delivered'], to: 'disputed', what: 'disputed' },
  // The seller settles a dispute by refunding the shopper in full from the escrow.
  refund: { as: 'seller', from: ['disputed'], to: 'refunded', what: 'refunded', money: 'refund' },
} satisfies Record<string, Move>;
export type OrderAction = keyof typeof MOVES;

const REFUND_WHY: Partial<Record<OrderAction, string>> = {
  decline: 'the seller declined the order',
  cancel: 'you cancelled the order',
  refund: 'the seller refunded your disputed order',
};

/**
 * One step of an order, in the caller's transaction (which also holds its Idempotency-Key, so a
 * retry after the commit replays this answer): the order locked, its state checked, the escrow
 * refunded or released, the order moved on, both people told. Answers with the order as it now is.
 */
export async function changeOrder(
  tx: Tx,
  deps: OrderDeps,
  userId: string,
  id: string,
  action: OrderAction,
  extra: { note?: string; reason?: string } = {},
): Promise<Order> {
  const m: Move = MOVES[action];
  const o = await lockOrder(tx, userId, id, m.as);
  if (!m.from.includes(o.status)) throw notNow(o, m.what);
  if (m.money === 'refund') await refund(tx, o, REFUND_WHY[action] ?? 'refund', action !== 'refund');
  if (m.money === 'release') await release(tx, o);
  await tx
    .update(orders)
    .set({
      status: m.to,
      timeline: stamp(m.to),
      updatedAt: sql`now()`,
      ...(action === 'ship' ? { note: extra.note || null } : {}),
      ...(action === 'deliver' ? { deliveredAt: sql`now()` } : {}),
      ...(action === 'dispute' ? { disputeReason: extra.reason ?? '' } : {}),
    })
    .where(eq(orders.id, o.id));
  await tell(tx, deps, o, m.to, newsOf(o, m.to, { ...extra, disputed: o.status === 'disputed' }));
  return orderFor(tx, deps, userId, id);
}

/**
 * Delivered orders not confirmed after the configured days are confirmed by themselves (the escrow
 * released). Each is claimed with SKIP LOCKED, so several processes never release one twice.
 */
export async function autoConfirm(db: Db, deps: OrderDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - deps.config.orders.autoConfirmDays * 86_400_000).toISOString();
  let done = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const o = await claimDeliveredBefore(tx, before);
      if (!o) return false;
      await release(tx, o);
      await tx
        .update(orders)
        .set({ status: 'completed', timeline: stamp('completed'), updatedAt: sql`now()` })
        .where(eq(orders.id, o.id));
      await tell(tx, deps, o, 'completed', newsOf(o, 'completed', { auto: true }));
      return true;
    });
    if (!moved) return done;
    done++;
  }
}
