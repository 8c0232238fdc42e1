import { sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';

// Reviews: a shopper rates a product once its order of it has arrived; the product's and the
// shop's ratings move with the review.

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
