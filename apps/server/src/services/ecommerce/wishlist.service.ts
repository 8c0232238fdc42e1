import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { live, liveProductExists, productPage, type Page } from './products-read.js';
import { productNotFound } from './products.service.js';
import { products, wishlist } from './tables.js';

// The shopper's wishlist: products kept for later (a deleted product leaves every wishlist).

/** The columns of a wishlist entry, and the entry as it is answered. */
const entry = { id: wishlist.id, productId: wishlist.productId, createdAt: wishlist.createdAt };
const toEntry = (r: Pick<typeof wishlist.$inferSelect, keyof typeof entry>) => ({
  id: r.id,
  productId: r.productId,
  addedAt: r.createdAt.toISOString(),
});

export async function addToWishlist(db: Tx, userId: string, productId: string) {
  if (!(await liveProductExists(db, productId))) throw productNotFound();
  // One statement answers with the new entry or the one already there (the no-op update takes and
  // returns it), so a remove at the same moment can never leave the add without a row to answer.
  const [row] = await db
    .insert(wishlist)
    .values({ id: newId(), userId, productId })
    .onConflictDoUpdate({ target: [wishlist.userId, wishlist.productId], set: { productId: sql`excluded.product_id` } })
    .returning(entry);
  return toEntry(row!);
}

/** Removes a product (by the product's id, or the wishlist entry's) from the caller's wishlist. */
export async function removeFromWishlist(db: Tx, userId: string, id: string) {
  const gone = await db
    .delete(wishlist)
    .where(and(eq(wishlist.userId, userId), or(eq(wishlist.productId, id), eq(wishlist.id, id))))
    .returning({ id: wishlist.id });
  if (!gone.length) throw notFound('That product is not in your wishlist', 'WISHLIST_ITEM_NOT_FOUND');
}

export async function wishlistOf(db: Tx, userId: string, p: Page) {
  const rows = await db
    .select({ ...entry, total: sql<number>`count(*) OVER ()::int` })
    .from(wishlist)
    .innerJoin(products, and(eq(products.id, wishlist.productId), isNull(products.deletedAt)))
    .where(eq(wishlist.userId, userId))
    .orderBy(desc(wishlist.createdAt), wishlist.id)
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  return {
    items: rows.map(toEntry),
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
