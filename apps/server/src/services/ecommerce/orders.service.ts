import { sql, type SQL } from 'drizzle-orm';
import { formatNaira, type Order, type OrderStatus } from '@owo/contracts';
import { system, transfer, userAccount, userBalances, type TransferInput } from '../../ledger/index.js';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Notifier } from '../../platform/notifications.js';
import { pageInfo } from '../../platform/pagination.js';
import { assertWithinDailyLimit, newReference, recordHistory } from '../transaction/index.js';
import { usersByIds } from '../user/index.js';
import { addressOf, quoteDelivery, selectedItems, type PricedItem } from './cart.service.js';
import { ownShop } from './shops.service.js';
import type { OrderAddress } from './tables.js';

// Orders: one per shop of a checkout, paid from the wallet into an escrow account per order
// (ledger code escrow, ref the order id), in one transaction with the stock taken and the order
// written. Confirmation releases the escrow to the seller's business wallet less the commission
// (to fees); a decline or cancel refunds it; a dispute holds it.

export type OrderDeps = { config: Config; notifier: Notifier };
type Row = {
  id: string;
  reference: string;
  shopper_id: string;
  shop_id: string;
  seller_id: string;
  shop_name: string;
  status: OrderStatus;
  subtotal: number;
  delivery_fee: number;
  total: number;
  commission: number;
  delivery_option: 'standard' | 'express' | 'pickup';
  estimated_delivery: string;
  address: OrderAddress;
  note: string | null;
  dispute_reason: string | null;
  timeline: { status: OrderStatus; at: string }[];
  delivered_at: string | null;
  created_at: string;
  items: {
    product_id: string;
    variation_id: string | null;
    name: string;
    image: string | null;
    price: number;
    quantity: number;
    reviewed: boolean;
  }[];
  total_count: number;
};

const select = sql`
  SELECT o.*, s.name AS shop_name,
    (SELECT json_agg(json_build_object('product_id', i.product_id, 'variation_id', i.variation_id, 'name', i.name, 'image', i.image,
      'price', i.price, 'quantity', i.quantity,
      'reviewed', EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = i.product_id AND r.user_id = o.shopper_id))
      ORDER BY i.name, i.id) FROM order_items i WHERE i.order_id = o.id) AS items,
    count(*) OVER ()::int AS total_count
  FROM orders o JOIN shops s ON s.id = o.shop_id`;

async function toOrders(db: Tx, viewerId: string, rows: Row[], autoConfirmDays: number): Promise<Order[]> {
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.shopper_id),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const u = people.get(r.shopper_id);
    return {
      id: r.id,
      reference: r.reference,
      shop: { id: r.shop_id, name: r.shop_name },
      shopper: { id: r.shopper_id, firstName: u?.firstName ?? 'Owo', lastName: u?.lastName ?? 'shopper' },
      status: r.status,
      items: (r.items ?? []).map((i) => ({
        productId: i.product_id,
        variationId: i.variation_id,
        name: i.name,
        image: i.image,
        price: Number(i.price),
        quantity: i.quantity,
        reviewed: i.reviewed,
      })),
      subtotal: Number(r.subtotal),
      deliveryFee: Number(r.delivery_fee),
      total: Number(r.total),
      commission: Number(r.commission),
      deliveryOption: r.delivery_option,
      estimatedDelivery: new Date(r.estimated_delivery).toISOString(),
      address: r.address,
      note: r.note,
      disputeReason: r.dispute_reason,
      isSeller: r.seller_id === viewerId,
      timeline: r.timeline,
      autoConfirmAt:
        r.status === 'delivered' && r.delivered_at
          ? new Date(new Date(r.delivered_at).getTime() + autoConfirmDays * 86_400_000).toISOString()
          : null,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

async function orderPage(db: Tx, deps: OrderDeps, viewerId: string, where: SQL, p: { page: number; limit: number; type: string }) {
  const status = p.type === 'all' ? sql`true` : sql`o.status = ${p.type}`;
  const rows = await executeRows<Row>(
    db,
    sql`${select} WHERE ${where} AND ${status} ORDER BY o.created_at DESC, o.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return {
    items: await toOrders(db, viewerId, rows, deps.config.orders.autoConfirmDays),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total_count ?? 0),
  };
}

export const customerOrders = (db: Tx, deps: OrderDeps, userId: string, q: { page: number; limit: number; type: string }) =>
  orderPage(db, deps, userId, sql`o.shopper_id = ${userId}`, q);

export async function shopOrders(
  db: Tx,
  deps: OrderDeps,
  userId: string,
  shopId: string,
  q: { page: number; limit: number; type: string },
) {
  await ownShop(db, userId, shopId);
  return orderPage(db, deps, userId, sql`o.shop_id = ${shopId}`, q);
}

export async function orderFor(db: Tx, deps: OrderDeps, userId: string, id: string): Promise<Order> {
  const rows = await executeRows<Row>(db, sql`${select} WHERE o.id = ${id} AND (o.shopper_id = ${userId} OR o.seller_id = ${userId})`);
  if (!rows[0]) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  return (await toOrders(db, userId, rows, deps.config.orders.autoConfirmDays))[0]!;
}

/** Takes stock for one line, only if there is enough (two shoppers can never take the same last unit). */
async function takeStock(tx: Tx, i: PricedItem) {
  const taken = i.variation_id
    ? await executeRows(
        tx,
        sql`UPDATE product_variations SET stock = stock - ${i.quantity} WHERE id = ${i.variation_id} AND deleted_at IS NULL
          AND stock >= ${i.quantity} RETURNING id`,
      )
    : await executeRows(
        tx,
        sql`UPDATE products SET stock = stock - ${i.quantity} WHERE id = ${i.product_id} AND deleted_at IS NULL AND stock >= ${i.quantity}
          RETURNING id`,
      );
  if (!taken.length) throw conflict(`Not enough of ${i.name} left for your order`, 'OUT_OF_STOCK');
  await tx.execute(sql`UPDATE products p SET sales = sales + ${i.quantity},
      stock = CASE WHEN ${i.variation_id}::uuid IS NULL THEN p.stock
        ELSE (SELECT coalesce(sum(stock), 0)::int FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) END
    WHERE id = ${i.product_id}`);
}

async function restock(tx: Tx, orderId: string) {
  const items = await executeRows<{ product_id: string; variation_id: string | null; quantity: number }>(
    tx,
    sql`SELECT product_id, variation_id, quantity FROM order_items WHERE order_id = ${orderId}`,
  );
  for (const i of items) {
    if (i.variation_id) await tx.execute(sql`UPDATE product_variations SET stock = stock + ${i.quantity} WHERE id = ${i.variation_id}`);
    await tx.execute(sql`UPDATE products p SET sales = greatest(0, sales - ${i.quantity}),
        stock = CASE WHEN ${i.variation_id}::uuid IS NULL THEN p.stock + ${i.quantity}
          ELSE (SELECT coalesce(sum(stock), 0)::int FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) END
      WHERE id = ${i.product_id}`);
  }
}

/** What one person is told of a change: in the app, and by email through the outbox. */
type News = { userId: string; text: string };

/** Tells each person of a change to an order, in the change's transaction (nothing is told of a change that rolls back). */
async function tell(tx: Tx, deps: OrderDeps, o: { id: string; reference: string }, status: OrderStatus, news: News[]) {
  const title = `Order ${o.reference}: ${STATUS_WORDS[status]}`;
  for (const n of news)
    await deps.notifier.notice(tx, [n.userId], { kind: `order.${status}`, title, body: n.text, link: `/shop/orders/${o.id}` });
  const emails = new Map(
    (
      await usersByIds(
        tx,
        news.map((n) => n.userId),
      )
    ).map((u) => [u.id, u.email]),
  );
  for (const n of news) {
    const to = emails.get(n.userId);
    if (to) await deps.notifier.enqueueEmail(tx, { to, subject: title, text: n.text });
  }
}

const STATUS_WORDS: Record<OrderStatus, string> = {
  paid: 'placed',
  accepted: 'accepted',
  shipped: 'shipped',
  delivered: 'delivered',
  completed: 'completed',
  declined: 'declined',
  cancelled: 'cancelled',
  disputed: 'in dispute',
  refunded: 'refunded',
};

const naira = (kobo: number) => formatNaira(kobo, { trimZeroKobo: true });

/** What the shopper and the seller are told when an order moves (`by` is who moved it; `auto` when no one did). */
function newsOf(o: Locked, to: OrderStatus, extra: { note?: string; reason?: string; auto?: boolean; disputed?: boolean }): News[] {
  const shop = o.shop_name;
  const paid = naira(o.total - o.commission);
  const back = `${naira(o.total)} is back in your wallet.`;
  const pair = (shopper: string, seller: string): News[] => [
    { userId: o.shopper_id, text: shopper },
    { userId: o.seller_id, text: seller },
  ];
  switch (to) {
    case 'accepted':
      return pair(`${shop} accepted your order.`, `You accepted this order. Ship it when it is ready.`);
    case 'declined':
      return pair(`${shop} declined your order. ${back}`, `You declined this order; the shopper was refunded.`);
    case 'shipped':
      return pair(
        `Your this order from ${shop} is on its way.${extra.note ? ` Note from the seller: ${extra.note}` : ''}`,
        `You marked this order shipped.`,
      );
    case 'delivered':
      return pair(
        `${shop} marked your order delivered. Confirm you received it, or open a dispute if something is wrong.`,
        `You marked this order delivered. You are paid when the shopper confirms it, or by itself after a few days.`,
      );
    case 'completed':
      return extra.auto
        ? pair(
            `This order was confirmed automatically; ${shop} has been paid.`,
            `This order was confirmed automatically: ${paid} is in your business wallet.`,
          )
        : pair(
            extra.disputed
              ? `You closed your dispute and confirmed this order; ${shop} has been paid.`
              : `You confirmed this order; ${shop} has been paid.`,
            `The shopper confirmed this order: ${paid} is in your business wallet.`,
          );
    case 'cancelled':
      return pair(`You cancelled this order. ${back}`, `The shopper cancelled this order. Do not ship it.`);
    case 'disputed':
      return pair(
        `You opened a dispute on this order. ${shop} is not paid until it is settled.`,
        `The shopper opened a dispute on this order: “${extra.reason ?? ''}”. The money stays held until it is settled: refund the shopper, or agree with them and they confirm.`,
      );
    case 'refunded':
      return pair(`${shop} refunded your order. ${back}`, `You refunded this order.`);
    case 'paid':
      return [];
  }
}

const stamp = (status: OrderStatus) => sql`timeline || ${JSON.stringify([{ status, at: new Date().toISOString() }])}::jsonb`;

/**
 * Places one order per shop of the selected cart items, in the caller's transaction (which holds the
 * Idempotency-Key): prices and stock from the server, stock taken, the total through the ledger
 * from the wallet into each order's escrow, within the daily spending limit. Any refusal rolls
 * everything back.
 */
export async function placeOrders(
  tx: Tx,
  deps: OrderDeps,
  userId: string,
  b: { cartItemIds: string[]; addressId: string; delivery: { shopId: string; option: 'standard' | 'express' | 'pickup' }[] },
): Promise<Order[]> {
  const items = await selectedItems(tx, userId, b.cartItemIds, true);
  const addr = await addressOf(tx, userId, b.addressId);
  const quotes = await quoteDelivery(tx, deps.config, userId, b.cartItemIds, b.addressId);
  const shops = new Map<string, PricedItem[]>();
  for (const i of items) shops.set(i.shop_id, [...(shops.get(i.shop_id) ?? []), i]);
  const plans = [...shops.entries()].map(([shopId, list]) => {
    const option = b.delivery.find((d) => d.shopId === shopId)?.option ?? 'standard';
    const o = quotes.find((q) => q.shopId === shopId)!.options.find((x) => x.id === option)!;
    const subtotal = list.reduce((s, i) => s + i.price * i.quantity, 0);
    return { shopId, list, option, deliveryFee: o.price, eta: o.estimatedDate, subtotal, total: subtotal + o.price };
  });
  for (const p of plans) {
    const [s] = await executeRows<{ owner_id: string }>(tx, sql`SELECT owner_id FROM shops WHERE id = ${p.shopId}`);
    if (s?.owner_id === userId) throw badRequest('You can’t buy from your own shop', 'OWN_SHOP');
    for (const i of p.list) if (!i.live) throw conflict(`${i.name} is no longer available`, 'OUT_OF_STOCK');
  }
  await assertWithinDailyLimit(tx, userId, BigInt(plans.reduce((s, p) => s + p.total, 0)));
  const wallet = await userAccount(tx, userId, 'wallet');
  const placed: string[] = [];
  const orderAddress: OrderAddress = {
    street: addr.street,
    landmark: addr.landmark,
    lga: addr.lga.name,
    state: addr.state.name,
    phone: addr.phone,
  };
  for (const p of plans) {
    for (const i of p.list) await takeStock(tx, i);
    const id = newId();
    const reference = newReference();
    const [seller] = await executeRows<{ owner_id: string; name: string }>(
      tx,
      sql`SELECT owner_id, name FROM shops WHERE id = ${p.shopId}`,
    );
    const commission = Math.floor((p.subtotal * deps.config.orders.commissionBps) / 10_000);
    await tx.execute(sql`INSERT INTO orders (id, reference, shopper_id, shop_id, seller_id, status, subtotal, delivery_fee, total, commission,
        delivery_option, estimated_delivery, address, timeline)
      VALUES (${id}, ${reference}, ${userId}, ${p.shopId}, ${seller!.owner_id}, 'paid', ${p.subtotal}, ${p.deliveryFee}, ${p.total},
        ${commission}, ${p.option}, ${p.eta}, ${JSON.stringify(orderAddress)}::jsonb,
        ${JSON.stringify([{ status: 'paid', at: new Date().toISOString() }])}::jsonb)`);
    for (const i of p.list)
      await tx.execute(sql`INSERT INTO order_items (id, order_id, product_id, variation_id, name, image, price, quantity)
        VALUES (${newId()}, ${id}, ${i.product_id}, ${i.variation_id}, ${i.name}, ${i.image}, ${i.price}, ${i.quantity})`);
    const escrow = await userAccount(tx, userId, 'escrow', id);
    await transfer(tx, [
      {
        id: newId(),
        debitAccountId: wallet,
        creditAccountId: escrow,
        amount: BigInt(p.total),
        kind: 'order.pay',
        reference,
        metadata: { orderId: id },
      },
    ]);
    await recordHistory(tx, [
      {
        userId,
        reference,
        type: 'order',
        direction: 'debit',
        amount: BigInt(p.total),
        status: 'successful',
        narration: `Order from ${seller!.name} (held until you confirm receipt)`,
        counterparty: { id: seller!.owner_id, name: seller!.name, bankName: null, accountNumber: null },
      },
    ]);
    await tell(tx, deps, { id, reference }, 'paid', [
      { userId: seller!.owner_id, text: 'You have a new order to accept in your Owo shop.' },
      {
        userId,
        text: `Your order ${reference} from ${seller!.name} is placed. Your payment is held safely until you confirm you received it.`,
      },
    ]);
    placed.push(id);
  }
  await tx.execute(
    sql`DELETE FROM cart_items WHERE user_id = ${userId} AND id IN (${sql.join(
      items.map((i) => sql`${i.id}::uuid`),
      sql`, `,
    )})`,
  );
  const rows = await executeRows<Row>(
    tx,
    sql`${select} WHERE o.id IN (${sql.join(
      placed.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY o.created_at, o.id`,
  );
  return toOrders(tx, userId, rows, deps.config.orders.autoConfirmDays);
}

type Locked = {
  id: string;
  reference: string;
  shopper_id: string;
  seller_id: string;
  shop_id: string;
  status: OrderStatus;
  total: number;
  commission: number;
  shop_name: string;
};

async function lockOrder(tx: Tx, userId: string, id: string, as: 'seller' | 'shopper'): Promise<Locked> {
  const [o] = await executeRows<Locked>(
    tx,
    sql`SELECT o.id, o.reference, o.shopper_id, o.seller_id, o.shop_id, o.status, o.total, o.commission, s.name AS shop_name
      FROM orders o JOIN shops s ON s.id = o.shop_id WHERE o.id = ${id} FOR UPDATE OF o`,
  );
  if (!o || (o.shopper_id !== userId && o.seller_id !== userId)) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  if (as === 'seller' && o.seller_id !== userId) throw forbidden('Only the seller can do that', 'NOT_SELLER');
  if (as === 'shopper' && o.shopper_id !== userId) throw forbidden('Only the shopper can do that', 'NOT_SHOPPER');
  return o;
}

const notNow = (o: Locked, what: string) => conflict(`This order is ${o.status}: it can’t be ${what} now`, 'ORDER_STATE');

/** The escrow back to the shopper's wallet. */
async function refund(tx: Tx, o: Locked, why: string, putBack = true) {
  const escrow = await userAccount(tx, o.shopper_id, 'escrow', o.id);
  const wallet = await userAccount(tx, o.shopper_id, 'wallet');
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
      userId: o.shopper_id,
      reference: o.reference,
      type: 'order',
      direction: 'credit',
      amount: BigInt(o.total),
      status: 'successful',
      narration: `Refund: ${why}`,
      counterparty: { id: o.seller_id, name: o.shop_name, bankName: null, accountNumber: null },
    },
  ]);
  // Goods that never left the shop go back on sale; a refund after shipping leaves the stock alone.
  if (putBack) await restock(tx, o.id);
}

/** The escrow to the seller's business wallet, less the commission to fees. */
async function release(tx: Tx, o: Locked) {
  const escrow = await userAccount(tx, o.shopper_id, 'escrow', o.id);
  const business = await userAccount(tx, o.seller_id, 'business');
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
      userId: o.seller_id,
      reference: o.reference,
      type: 'order',
      direction: 'credit',
      amount: net,
      status: 'successful',
      narration: `Sale ${o.reference} (after ₦${(o.commission / 100).toLocaleString('en-NG')} commission), to your business wallet`,
      counterparty: { id: o.shopper_id, name: 'Owo shopper', bankName: null, accountNumber: null },
    },
  ]);
}

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

export async function changeOrder(
  db: Db,
  deps: OrderDeps,
  userId: string,
  id: string,
  action: OrderAction,
  extra: { note?: string; reason?: string } = {},
) {
  const m: Move = MOVES[action];
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, userId, id, m.as);
    if (!m.from.includes(o.status)) throw notNow(o, m.what);
    if (m.money === 'refund') await refund(tx, o, REFUND_WHY[action] ?? 'refund', action !== 'refund');
    if (m.money === 'release') await release(tx, o);
    await tx.execute(sql`UPDATE orders SET status = ${m.to}, timeline = ${stamp(m.to)}, updated_at = now()
      ${action === 'ship' ? sql`, note = ${extra.note || null}` : sql``}
      ${action === 'deliver' ? sql`, delivered_at = now()` : sql``}
      ${action === 'dispute' ? sql`, dispute_reason = ${extra.reason ?? ''}` : sql``}
      WHERE id = ${o.id}`);
    await tell(tx, deps, o, m.to, newsOf(o, m.to, { ...extra, disputed: o.status === 'disputed' }));
  });
  return orderFor(db, deps, userId, id);
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
      const [o] = await executeRows<Locked>(
        tx,
        sql`SELECT o.id, o.reference, o.shopper_id, o.seller_id, o.shop_id, o.status, o.total, o.commission, s.name AS shop_name
          FROM orders o JOIN shops s ON s.id = o.shop_id
          WHERE o.status = 'delivered' AND o.delivered_at <= ${before}::timestamptz
          ORDER BY o.delivered_at LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
      );
      if (!o) return false;
      await release(tx, o);
      await tx.execute(
        sql`UPDATE orders SET status = 'completed', timeline = ${stamp('completed')}, updated_at = now() WHERE id = ${o.id}`,
      );
      await tell(tx, deps, o, 'completed', newsOf(o, 'completed', { auto: true }));
      return true;
    });
    if (!moved) return done;
    done++;
  }
}

// --- reviews and the business wallet -------------------------------------------------------------

export async function reviewProduct(db: Tx, userId: string, b: { orderId: string; productId: string; rating: number; text: string }) {
  const [ok] = await executeRows(
    db,
    sql`SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = ${b.orderId} AND o.shopper_id = ${userId}
      AND i.product_id = ${b.productId} AND o.status IN ('delivered', 'completed')`,
  );
  if (!ok) throw badRequest('You can review a product once your order of it has arrived', 'REVIEW_NOT_ALLOWED');
  const rows = await executeRows<{ id: string; created_at: string }>(
    db,
    sql`WITH r AS (
        INSERT INTO product_reviews (id, product_id, order_id, user_id, rating, text) VALUES (${newId()}, ${b.productId}, ${b.orderId},
          ${userId}, ${b.rating}, ${b.text}) ON CONFLICT DO NOTHING RETURNING id, created_at, product_id, rating),
      -- The product's and the shop's ratings move with the review, in the same statement.
      p AS (UPDATE products SET rating_sum = products.rating_sum + r.rating, rating_count = products.rating_count + 1
        FROM r WHERE products.id = r.product_id RETURNING products.shop_id, r.rating),
      s AS (UPDATE shops SET rating_sum = shops.rating_sum + p.rating, rating_count = shops.rating_count + 1 FROM p WHERE shops.id = p.shop_id)
      SELECT id, created_at FROM r`,
  );
  if (!rows.length) throw conflict('You have already reviewed this product', 'ALREADY_REVIEWED');
  const [u] = await usersByIds(db, [userId]);
  return {
    id: rows[0]!.id,
    rating: b.rating,
    text: b.text,
    by: u ? `${u.firstName} ${u.lastName.slice(0, 1)}.` : 'Owo shopper',
    createdAt: new Date(rows[0]!.created_at).toISOString(),
  };
}

export async function reviewsOf(db: Tx, productId: string, p: { page: number; limit: number }) {
  const [exists] = await executeRows(db, sql`SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL`);
  if (!exists) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  const rows = await executeRows<{ id: string; user_id: string; rating: number; text: string; created_at: string; total: number }>(
    db,
    sql`SELECT id, user_id, rating, text, created_at, count(*) OVER ()::int AS total FROM product_reviews WHERE product_id = ${productId}
      ORDER BY created_at DESC, id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.user_id),
      )
    ).map((u) => [u.id, u]),
  );
  return {
    items: rows.map((r) => {
      const u = people.get(r.user_id);
      return {
        id: r.id,
        rating: r.rating,
        text: r.text,
        by: u ? `${u.firstName} ${u.lastName.slice(0, 1)}.` : 'Owo shopper',
        createdAt: new Date(r.created_at).toISOString(),
      };
    }),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

/** Moves money from the seller's business wallet to their main wallet (PIN). */
export async function withdrawBusiness(tx: Tx, userId: string, amount: number) {
  const business = await userAccount(tx, userId, 'business');
  const wallet = await userAccount(tx, userId, 'wallet');
  const reference = newReference();
  await transfer(tx, [
    { id: newId(), debitAccountId: business, creditAccountId: wallet, amount: BigInt(amount), kind: 'business.withdraw', reference },
  ]);
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'business',
      direction: 'credit',
      amount: BigInt(amount),
      status: 'successful',
      narration: 'From your business wallet',
      counterparty: { id: null, name: 'Business wallet', bankName: null, accountNumber: null },
    },
  ]);
  const b = await userBalances(tx, userId);
  return { amount, businessBalance: Number(b.get('business')?.available ?? 0n), walletBalance: Number(b.get('wallet')?.available ?? 0n) };
}
