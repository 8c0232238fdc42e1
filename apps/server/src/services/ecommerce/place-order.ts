import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Order } from '@owo/contracts';
import { transfer, userAccount } from '../../ledger/index.js';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { assertWithinDailyLimit, newReference, recordHistory } from '../transaction/index.js';
import { addressOf, addressPoint, selectedItems, type PricedItem } from './cart.service.js';
import { byShop, quoteShop, type Point } from './delivery.js';
import { placedNews, tell } from './order-news.js';
import { ordersByIds, type OrderDeps } from './orders-read.js';
import { followLine } from './orders.queries.js';
import { cartItems, orderItems, orders, products, productVariations, shops, type OrderAddress } from './tables.js';

// Placing an order: one per shop of the checkout, in one transaction (the caller's, which holds
// the Idempotency-Key). The locks are taken in this order, always: the cart's lines, the
// shopper's spending limit, then shop by shop its stock and the ledger's accounts.

type DeliveryOption = 'standard' | 'express' | 'pickup';
type Checkout = { cartItemIds: string[]; addressId: string; delivery: { shopId: string; option: DeliveryOption }[] };

/** One shop's part of the checkout: its lines (in the cart's order) and who owns it. */
type ShopLines = { shopId: string; ownerId: string; name: string; lines: PricedItem[] };
/** The cart as checked: its lines, the same by shop, the address for the order and its point for the delivery. */
type CheckedCart = { lines: PricedItem[]; shops: ShopLines[]; address: OrderAddress; at: Point };
/** One shop's order as quoted: the delivery chosen, its price and date, the money. */
type Quote = { shop: ShopLines; option: DeliveryOption; deliveryFee: number; eta: string; subtotal: number; total: number };
type Placed = { id: string; reference: string; total: number };

/**
 * Places one order per shop of the selected cart items, in the caller's transaction (which holds the
 * Idempotency-Key): prices and stock from the server, stock taken, the total through the ledger
 * from the wallet into each order's escrow, within the daily spending limit. Any refusal rolls
 * everything back.
 */
export async function placeOrders(tx: Tx, deps: OrderDeps, userId: string, b: Checkout): Promise<Order[]> {
  const cart = await checkCart(tx, userId, b);
  const quotes = cart.shops.map((shop) => quoteOrder(deps.config, shop, cart.at, b.delivery));
  await assertWithinDailyLimit(tx, userId, BigInt(quotes.reduce((s, q) => s + q.total, 0)));
  const wallet = await userAccount(tx, userId, 'wallet');
  const placed: string[] = [];
  for (const q of quotes) {
    await takeStock(tx, q.shop.lines);
    const order = await writeOrder(tx, deps.config, userId, q, cart.address);
    await payIntoEscrow(tx, userId, wallet, order, q.shop);
    await tellBothSides(tx, deps, userId, order, q.shop);
    placed.push(order.id);
  }
  await emptyCart(tx, userId, cart.lines);
  return ordersByIds(tx, deps, userId, placed);
}

/**
 * The selected lines with today's prices, locked so a second checkout of them waits (404 for any
 * that is not the caller's); the address and its point; each shop read once. Refuses the
 * shopper's own shop and lines no longer on sale.
 */
async function checkCart(tx: Tx, userId: string, b: Checkout): Promise<CheckedCart> {
  const lines = await selectedItems(tx, userId, b.cartItemIds, true);
  const addr = await addressOf(tx, userId, b.addressId);
  const at = await addressPoint(tx, addr);
  const groups = byShop(lines);
  const rows = await tx
    .select({ id: shops.id, ownerId: shops.ownerId, name: shops.name })
    .from(shops)
    .where(
      inArray(
        shops.id,
        groups.map((g) => g[0]!.shopId),
      ),
    );
  const byId = new Map(rows.map((s) => [s.id, s]));
  const shopLines = groups.map((g): ShopLines => {
    const s = byId.get(g[0]!.shopId)!;
    return { shopId: s.id, ownerId: s.ownerId, name: s.name, lines: g };
  });
  for (const s of shopLines) {
    if (s.ownerId === userId) throw badRequest('You can’t buy from your own shop', 'OWN_SHOP');
    for (const i of s.lines) if (!i.live) throw conflict(`${i.name} is no longer available`, 'OUT_OF_STOCK');
  }
  const address = { street: addr.street, landmark: addr.landmark, lga: addr.lga.name, state: addr.state.name, phone: addr.phone };
  return { lines, shops: shopLines, address, at };
}

/** A shop's order priced (no database): its lines at today's prices, and the delivery chosen (standard by default) to the point. */
function quoteOrder(config: Config, shop: ShopLines, at: Point, delivery: Checkout['delivery'], now = new Date()): Quote {
  const option = delivery.find((d) => d.shopId === shop.shopId)?.option ?? 'standard';
  const o = quoteShop(config, shop.lines, at, now).options.find((x) => x.id === option)!;
  const subtotal = shop.lines.reduce((s, i) => s + i.price * i.quantity, 0);
  return { shop, option, deliveryFee: o.price, eta: o.estimatedDate, subtotal, total: subtotal + o.price };
}

/** Takes stock for each line, only if there is enough (two shoppers can never take the same last unit). */
async function takeStock(tx: Tx, lines: PricedItem[]) {
  for (const i of lines) {
    const taken = i.variationId
      ? await tx
          .update(productVariations)
          .set({ stock: sql`${productVariations.stock} - ${i.quantity}` })
          .where(
            and(eq(productVariations.id, i.variationId), isNull(productVariations.deletedAt), gte(productVariations.stock, i.quantity)),
          )
          .returning({ id: productVariations.id })
      : await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${i.quantity}` })
          .where(and(eq(products.id, i.productId), isNull(products.deletedAt), gte(products.stock, i.quantity)))
          .returning({ id: products.id });
    if (!taken.length) throw conflict(`Not enough of ${i.name} left for your order`, 'OUT_OF_STOCK');
    await followLine(tx, i, i.quantity, 0);
  }
}

/** The order and its lines, written as paid, the commission taken from the subtotal. */
async function writeOrder(tx: Tx, config: Config, userId: string, q: Quote, address: OrderAddress): Promise<Placed> {
  const id = newId();
  const reference = newReference();
  const commission = Math.floor((q.subtotal * config.orders.commissionBps) / 10_000);
  await tx.insert(orders).values({
    id,
    reference,
    shopperId: userId,
    shopId: q.shop.shopId,
    sellerId: q.shop.ownerId,
    status: 'paid',
    subtotal: q.subtotal,
    deliveryFee: q.deliveryFee,
    total: q.total,
    commission,
    deliveryOption: q.option,
    // The delivery day (YYYY-MM-DD) at midnight, as the database reads a date.
    estimatedDelivery: sql`${q.eta}::timestamptz`,
    address,
    timeline: [{ status: 'paid', at: new Date().toISOString() }],
  });
  await tx.insert(orderItems).values(
    q.shop.lines.map((i) => ({
      id: newId(),
      orderId: id,
      productId: i.productId,
      variationId: i.variationId,
      name: i.name,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
    })),
  );
  return { id, reference, total: q.total };
}

/** The order's total from the shopper's wallet into the order's own escrow account, in the shopper's history. */
async function payIntoEscrow(tx: Tx, userId: string, wallet: string, order: Placed, shop: ShopLines) {
  const escrow = await userAccount(tx, userId, 'escrow', order.id);
  await transfer(tx, [
    {
      id: newId(),
      debitAccountId: wallet,
      creditAccountId: escrow,
      amount: BigInt(order.total),
      kind: 'order.pay',
      reference: order.reference,
      metadata: { orderId: order.id },
    },
  ]);
  await recordHistory(tx, [
    {
      userId,
      reference: order.reference,
      type: 'order',
      direction: 'debit',
      amount: BigInt(order.total),
      status: 'successful',
      narration: `Order from ${shop.name} (held until you confirm receipt)`,
      counterparty: { id: shop.ownerId, name: shop.name, bankName: null, accountNumber: null },
    },
  ]);
}

/** The seller has an order to accept; the shopper's is placed and the money held. */
async function tellBothSides(tx: Tx, deps: OrderDeps, userId: string, order: Placed, shop: ShopLines) {
  await tell(
    tx,
    deps,
    order,
    'paid',
    placedNews({ reference: order.reference, shopperId: userId, sellerId: shop.ownerId, shopName: shop.name }),
  );
}

/** The lines bought leave the cart. */
async function emptyCart(tx: Tx, userId: string, lines: PricedItem[]) {
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.userId, userId),
      inArray(
        cartItems.id,
        lines.map((i) => i.id),
      ),
    ),
  );
}
