import { sql, type SQL } from 'drizzle-orm';
import type { Order } from '@owo/contracts';
import type { Config } from '../../platform/config.js';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Notifier } from '../../platform/notifications.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { ownShop } from './shops.service.js';
import type { orderItems, orders, shops } from './tables.js';

// Orders: one per shop of a checkout, paid from the wallet into an escrow account per order
// (ledger code escrow, ref the order id), in one transaction with the stock taken and the order
// written (place-order.ts). Confirmation releases the escrow to the seller's business wallet less
// the commission (to fees); a decline or cancel refunds it; a dispute holds it (order-steps.ts).
// This file reads them: one statement per page, with each order's items.

export type OrderDeps = { config: Config; notifier: Notifier };
/** An order as `select` reads it: its shop's name, its lines (each with whether the shopper reviewed it) and the page's total. */
type OrderRow = RawRow<
  Pick<
    typeof orders.$inferSelect,
    | 'id'
    | 'reference'
    | 'shopperId'
    | 'shopId'
    | 'sellerId'
    | 'status'
    | 'subtotal'
    | 'deliveryFee'
    | 'total'
    | 'commission'
    | 'deliveryOption'
    | 'estimatedDelivery'
    | 'address'
    | 'note'
    | 'disputeReason'
    | 'timeline'
    | 'deliveredAt'
    | 'createdAt'
  >
> & {
  shopName: (typeof shops.$inferSelect)['name'];
  items: (Pick<typeof orderItems.$inferSelect, 'productId' | 'variationId' | 'name' | 'image' | 'price' | 'quantity'> & {
    reviewed: boolean;
  })[];
  totalCount: number;
};

const select = sql`
  SELECT o.id, o.reference, o.shopper_id AS "shopperId", o.shop_id AS "shopId", o.seller_id AS "sellerId", o.status, o.subtotal,
    o.delivery_fee AS "deliveryFee", o.total, o.commission, o.delivery_option AS "deliveryOption",
    o.estimated_delivery AS "estimatedDelivery", o.address, o.note, o.dispute_reason AS "disputeReason", o.timeline,
    o.delivered_at AS "deliveredAt", o.created_at AS "createdAt", s.name AS "shopName",
    (SELECT json_agg(json_build_object('productId', i.product_id, 'variationId', i.variation_id, 'name', i.name, 'image', i.image,
      'price', i.price, 'quantity', i.quantity,
      'reviewed', EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = i.product_id AND r.user_id = o.shopper_id))
      ORDER BY i.name, i.id) FROM order_items i WHERE i.order_id = o.id) AS items,
    count(*) OVER ()::int AS "totalCount"
  FROM orders o JOIN shops s ON s.id = o.shop_id`;

async function toOrders(db: Tx, viewerId: string, rows: OrderRow[], autoConfirmDays: number): Promise<Order[]> {
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.shopperId),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const u = people.get(r.shopperId);
    return {
      id: r.id,
      reference: r.reference,
      shop: { id: r.shopId, name: r.shopName },
      shopper: { id: r.shopperId, firstName: u?.firstName ?? 'Owo', lastName: u?.lastName ?? 'shopper' },
      status: r.status,
      items: (r.items ?? []).map((i) => ({
        productId: i.productId,
        variationId: i.variationId,
        name: i.name,
        image: i.image,
        price: Number(i.price),
        quantity: i.quantity,
        reviewed: i.reviewed,
      })),
      subtotal: Number(r.subtotal),
      deliveryFee: Number(r.deliveryFee),
      total: Number(r.total),
      commission: Number(r.commission),
      deliveryOption: r.deliveryOption,
      estimatedDelivery: new Date(r.estimatedDelivery).toISOString(),
      address: r.address,
      note: r.note,
      disputeReason: r.disputeReason,
      isSeller: r.sellerId === viewerId,
      timeline: r.timeline,
      autoConfirmAt:
        r.status === 'delivered' && r.deliveredAt
          ? new Date(new Date(r.deliveredAt).getTime() + autoConfirmDays * 86_400_000).toISOString()
          : null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
}

async function orderPage(db: Tx, deps: OrderDeps, viewerId: string, where: SQL, p: { page: number; limit: number; type: string }) {
  const status = p.type === 'all' ? sql`true` : sql`o.status = ${p.type}`;
  const rows = await executeRows<OrderRow>(
    db,
    sql`${select} WHERE ${where} AND ${status} ORDER BY o.created_at DESC, o.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return {
    items: await toOrders(db, viewerId, rows, deps.config.orders.autoConfirmDays),
    pagination: pageInfo(p.page, p.limit, rows[0]?.totalCount ?? 0),
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
  const rows = await executeRows<OrderRow>(db, sql`${select} WHERE o.id = ${id} AND (o.shopper_id = ${userId} OR o.seller_id = ${userId})`);
  if (!rows[0]) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  return (await toOrders(db, userId, rows, deps.config.orders.autoConfirmDays))[0]!;
}

/** The orders just placed, in the order they were made, as the shopper sees them. */
export async function ordersByIds(tx: Tx, deps: OrderDeps, userId: string, ids: string[]): Promise<Order[]> {
  const rows = await executeRows<OrderRow>(
    tx,
    sql`${select} WHERE o.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY o.created_at, o.id`,
  );
  return toOrders(tx, userId, rows, deps.config.orders.autoConfirmDays);
}
