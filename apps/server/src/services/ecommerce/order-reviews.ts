import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { liveProductExists } from './products-read.js';
import { orderItems, orders, reviews } from './tables.js';

// Reviews: a shopper rates a product once its order of it has arrived; the product's and the
// shop's ratings move with the review.

/** Whether the shopper's order holds the product and has arrived (delivered or completed). */
async function mayReview(db: Tx, userId: string, orderId: string, productId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.shopperId, userId),
        eq(orderItems.productId, productId),
        inArray(orders.status, ['delivered', 'completed']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

type NewReview = Pick<typeof reviews.$inferInsert, 'productId' | 'orderId' | 'userId' | 'rating' | 'text'>;

/**
 * Writes a review, the product's and the shop's ratings moved with it in the same statement; no
 * row when the shopper has already reviewed the product.
 */
const insertReview = (db: Tx, r: NewReview) =>
  executeRows<RawRow<Pick<typeof reviews.$inferSelect, 'id' | 'createdAt'>>>(
    db,
    sql`WITH r AS (
        INSERT INTO product_reviews (id, product_id, order_id, user_id, rating, text) VALUES (${newId()}, ${r.productId}, ${r.orderId},
          ${r.userId}, ${r.rating}, ${r.text}) ON CONFLICT DO NOTHING RETURNING id, created_at, product_id, rating),
      p AS (UPDATE products SET rating_sum = products.rating_sum + r.rating, rating_count = products.rating_count + 1
        FROM r WHERE products.id = r.product_id RETURNING products.shop_id, r.rating),
      s AS (UPDATE shops SET rating_sum = shops.rating_sum + p.rating, rating_count = shops.rating_count + 1 FROM p WHERE shops.id = p.shop_id)
      SELECT id, created_at AS "createdAt" FROM r`,
  );

export async function reviewProduct(db: Tx, userId: string, b: { orderId: string; productId: string; rating: number; text: string }) {
  if (!(await mayReview(db, userId, b.orderId, b.productId)))
    throw badRequest('You can review a product once your order of it has arrived', 'REVIEW_NOT_ALLOWED');
  const rows = await insertReview(db, { ...b, userId });
  if (!rows.length) throw conflict('You have already reviewed this product', 'ALREADY_REVIEWED');
  const [u] = await usersByIds(db, [userId]);
  return {
    id: rows[0]!.id,
    rating: b.rating,
    text: b.text,
    by: u ? `${u.firstName} ${u.lastName.slice(0, 1)}.` : 'Owo shopper',
    createdAt: new Date(rows[0]!.createdAt).toISOString(),
  };
}

export async function reviewsOf(db: Tx, productId: string, p: { page: number; limit: number }) {
  if (!(await liveProductExists(db, productId))) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), reviews.id)
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return {
    items: rows.map((r) => {
      const u = people.get(r.userId);
      return {
        id: r.id,
        rating: r.rating,
        text: r.text,
        by: u ? `${u.firstName} ${u.lastName.slice(0, 1)}.` : 'Owo shopper',
        createdAt: r.createdAt.toISOString(),
      };
    }),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}
