import { sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';

/**
 * The sellers a shopper has bought from (orders paid and not refused, cancelled or refunded), the
 * most orders first, among their latest 200 orders: for Connect's "people you may know".
 */
export function sellersBoughtFrom(db: Tx, shopperId: string, limit: number): Promise<{ id: string; orders: number }[]> {
  return executeRows<{ id: string; orders: number }>(
    db,
    sql`SELECT o.seller_id AS id, count(*)::int AS orders
      FROM (SELECT seller_id, created_at, status FROM orders WHERE shopper_id = ${shopperId}
            ORDER BY created_at DESC LIMIT 200) o
      WHERE o.status NOT IN ('declined', 'cancelled', 'refunded') AND o.seller_id <> ${shopperId}
      GROUP BY o.seller_id ORDER BY orders DESC, max(o.created_at) DESC LIMIT ${limit}`,
  );
}
