import { sql } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import type { orders, shops } from './tables.js';

// The hand-written statements the steps of an order share (placing it, moving it, settling a
// dispute): the order locked with its shop's name, and a product's sales and stock following a
// line sold or given back.

/** An order as a step reads it, locked: its people, its money and its shop's name. */
export type LockedOrder = RawRow<
  Pick<typeof orders.$inferSelect, 'id' | 'reference' | 'shopperId' | 'sellerId' | 'shopId' | 'status' | 'total' | 'commission'>
> & { shopName: (typeof shops.$inferSelect)['name'] };

const lockedOrder = sql`SELECT o.id, o.reference, o.shopper_id AS "shopperId", o.seller_id AS "sellerId", o.shop_id AS "shopId", o.status,
    o.total, o.commission, s.name AS "shopName"
  FROM orders o JOIN shops s ON s.id = o.shop_id`;

/** The order, locked until the transaction ends. */
export async function lockOrderRow(tx: Tx, id: string) {
  const [o] = await executeRows<LockedOrder>(tx, sql`${lockedOrder} WHERE o.id = ${id} FOR UPDATE OF o`);
  return o ? money(o) : undefined;
}

/** The delivered order waiting longest since `before` that no one else holds, locked (SKIP LOCKED: several processes claim apart). */
export async function claimDeliveredBefore(tx: Tx, before: string) {
  const [o] = await executeRows<LockedOrder>(
    tx,
    sql`${lockedOrder} WHERE o.status = 'delivered' AND o.delivered_at <= ${before}::timestamptz
      ORDER BY o.delivered_at LIMIT 1 FOR UPDATE OF o SKIP LOCKED`,
  );
  return o ? money(o) : undefined;
}

/** The amounts as numbers (a bigint column comes back as text from a hand-written statement on PostgreSQL). */
const money = (o: LockedOrder): LockedOrder => ({ ...o, total: Number(o.total), commission: Number(o.commission) });

/**
 * A product's sales and stock after `sold` of a line left it (negative: given back). A line without
 * a variation moves the product's own stock by `restocked`; with one, the product's stock is the sum of
 * its live variations' again (the variation's own stock is moved by the caller).
 */
export async function followLine(tx: Tx, line: { productId: string; variationId: string | null }, sold: number, restocked: number) {
  await tx.execute(sql`UPDATE products p SET sales = greatest(0, sales + ${sold}),
      stock = CASE WHEN ${line.variationId}::uuid IS NULL THEN p.stock + ${restocked}
        ELSE (SELECT coalesce(sum(stock), 0)::int FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) END
    WHERE id = ${line.productId}`);
}
