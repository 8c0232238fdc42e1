import { sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { live, productPage, type Page } from './products-read.js';
import { productNotFound } from './products.service.js';

// The shopper's wishlist: products kept for later (a deleted product leaves every wishlist).

export async function addToWishlist(db: Tx, userId: string, productId: string) {
  const [p] = await executeRows(db, sql`SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL`);
  if (!p) throw productNotFound();
  // One statement answers with the new entry or the one already there (the no-op update takes and
  // returns it), so a remove at the same moment can never leave the add without a row to answer.
  const [row] = await executeRows<{ id: string; product_id: string; created_at: string }>(
    db,
    sql`INSERT INTO wishlist_items (id, user_id, product_id) VALUES (${newId()}, ${userId}, ${productId})
      ON CONFLICT (user_id, product_id) DO UPDATE SET product_id = excluded.product_id
      RETURNING id, product_id, created_at`,
  );
  return { id: row!.id, productId: row!.product_id, addedAt: new Date(row!.created_at).toISOString() };
}

/** Removes a product (by the product's id, or the wishlist entry's) from the caller's wishlist. */
export async function removeFromWishlist(db: Tx, userId: string, id: string) {
  const gone = await executeRows(
    db,
    sql`DELETE FROM wishlist_items WHERE user_id = ${userId} AND (product_id = ${id} OR id = ${id}) RETURNING id`,
  );
  if (!gone.length) throw notFound('That product is not in your wishlist', 'WISHLIST_ITEM_NOT_FOUND');
}

export async function wishlistOf(db: Tx, userId: string, p: Page) {
  const rows = await executeRows<{ id: string; product_id: string; created_at: string; total: number }>(
    db,
    sql`SELECT w.id, w.product_id, w.created_at, count(*) OVER ()::int AS total FROM wishlist_items w
      JOIN products p ON p.id = w.product_id AND p.deleted_at IS NULL
      WHERE w.user_id = ${userId} ORDER BY w.created_at DESC, w.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return {
    items: rows.map((r) => ({ id: r.id, productId: r.product_id, addedAt: new Date(r.created_at).toISOString() })),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

export const wishlistProducts = (db: Tx, userId: string, p: Page) =>
  productPage(
    db,
    userId,
    sql`${live} AND p.id IN (SELECT product_id FROM wishlist_items WHERE user_id = ${userId})`,
    sql`(SELECT created_at FROM wishlist_items w WHERE w.user_id = ${userId} AND w.product_id = p.id) DESC, p.id`,
    p,
  );
