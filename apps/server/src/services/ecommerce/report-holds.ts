import { and, countDistinct, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { heldProductsWhere, liveProductsWhere, moveListed } from './product-edits.js';
import { products, shopReports, shops } from './tables.js';

// Products and shops hidden by their reports, as posts, comments and communities are: once
// REPORT_HIDE_THRESHOLD distinct people have open reports on a product (or on a shop itself), it
// is held from shoppers until a moderator decides (reports-staff.ts). A held product is marked
// `hidden_at` and soft-deleted with it, so every shopper's read (search, suggestions, facets,
// categories, shop pages, carts, orders: all of them exclude deleted products) leaves it out with
// no condition of its own; its seller still lists it, marked. A held shop hides its live products
// the same way and is left out of shop search, suggestions and nearby shops, and its page answers
// 404 to anyone but its owner. Restore and warn bring everything back; remove takes it down.

/** Distinct people with open reports on this product, or on this shop itself. */
async function reporters(tx: Tx, target: { productId: string } | { shopId: string }): Promise<number> {
  const where =
    'productId' in target
      ? eq(shopReports.productId, target.productId)
      : and(eq(shopReports.shopId, target.shopId), isNull(shopReports.productId));
  const [r] = await tx
    .select({ n: countDistinct(shopReports.reporterId) })
    .from(shopReports)
    .where(and(where, eq(shopReports.status, 'open')));
  return r?.n ?? 0;
}

/** Holds live products (locked in id order) from shoppers: hidden and out of the counts. */
async function holdProducts(tx: Tx, where: ReturnType<typeof eq>): Promise<void> {
  for (const p of await liveProductsWhere(tx, where)) {
    await tx
      .update(products)
      .set({ deletedAt: sql`now()`, hiddenAt: sql`now()` })
      .where(eq(products.id, p.id));
    await moveListed(tx, p, -1);
  }
}

/** After a report, in its transaction: holds the product or shop once enough people have reported it. */
export async function holdIfReported(tx: Tx, threshold: number, target: { productId: string } | { shopId: string }): Promise<boolean> {
  if ((await reporters(tx, target)) < threshold) return false;
  if ('productId' in target) {
    await holdProducts(tx, eq(products.id, target.productId));
    return true;
  }
  const held = await tx
    .update(shops)
    .set({ hiddenAt: sql`now()` })
    .where(and(eq(shops.id, target.shopId), isNull(shops.hiddenAt)))
    .returning({ id: shops.id });
  if (held.length) await holdProducts(tx, eq(products.shopId, target.shopId));
  return held.length > 0;
}

/** Brings held products back to shoppers (restore, warn). */
export async function releaseProducts(tx: Tx, where: ReturnType<typeof eq>): Promise<number> {
  const held = await heldProductsWhere(tx, where);
  for (const p of held) {
    await tx.update(products).set({ deletedAt: null, hiddenAt: null }).where(eq(products.id, p.id));
    await moveListed(tx, p, 1);
  }
  return held.length;
}

/** A held product a moderator removes: it stays taken down, no longer held. */
export async function endHold(tx: Tx, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({ hiddenAt: null })
    .where(and(eq(products.id, productId), isNotNull(products.hiddenAt)));
}

/** Brings a held shop back (restore, warn): the shop and the products held with it. */
export async function releaseShop(tx: Tx, shopId: string): Promise<void> {
  await tx.update(shops).set({ hiddenAt: null }).where(eq(shops.id, shopId));
  await releaseProducts(tx, eq(products.shopId, shopId));
}

/** Whether a product is held by reports (for the moderation queue and the seller's marker). */
export const isHeld = (p: { hiddenAt: Date | null }) => p.hiddenAt !== null;
