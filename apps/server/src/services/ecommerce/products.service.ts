import { and as allOf, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Pagination, Product, ProductSearchInfo } from '@owo/contracts';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { SearchIndexFollower } from './search-index/follow.js';
import { categoryById, LOW_STOCK } from './catalogue.js';
import { and, filtersOf, searchProducts, sortOrder, type ProductQuery } from './search.service.js';
import {
  nearestFirst,
  keptCategoryTotal,
  live,
  liveOrHeld,
  productById,
  productPage,
  within,
  type Page,
  type Point,
} from './products-read.js';
import { ownShop, shopExists } from './shops.service.js';
import { products, productViews } from './tables.js';

// Products, the shopper's side: lists, search, sections and views; and the seller's inventory.
// The seller's upload, edit, delete and stock are product-edits.ts's; the wishlist is wishlist.service.ts's.

export const productNotFound = () => notFound('Product not found', 'PRODUCT_NOT_FOUND');

// --- shopper lists -------------------------------------------------------------------------------

const newest = sql`p.created_at DESC, p.id`;

export type { ProductQuery } from './search.service.js';

/** Search and filters: words (search.service.ts), category, the shop's state and LGA, price range, sorted. */
export async function listProducts(
  db: Db,
  viewerId: string,
  q: ProductQuery,
  index: SearchIndexFollower | null = null,
): Promise<{ items: Product[]; pagination: Pagination; search?: ProductSearchInfo }> {
  const s = q.search?.trim();
  if (s) return searchProducts(db, viewerId, { ...q, search: s }, index);
  const f = filtersOf(q);
  const where = [...f.place, ...f.category, ...f.price];
  // A category alone (or everything) has its total kept; other filters count their matches.
  const byCategoryOnly = q.category && q.category !== 'all' && !q.subcategory && where.length === 2;
  const order = sortOrder(q.sort);
  if (byCategoryOnly) return productPage(db, viewerId, and(where), order, q, null, keptCategoryTotal(q.category!));
  return productPage(db, viewerId, and(where), order, q);
}

export const categoryProducts = (db: Tx, viewerId: string, categoryId: string, p: Page) => {
  if (!categoryById(categoryId)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
  return productPage(db, viewerId, sql`${live} AND p.category_id = ${categoryId}`, newest, p, null, keptCategoryTotal(categoryId));
};

export async function shopProducts(db: Tx, viewerId: string, shopId: string, p: Page) {
  if (!(await shopExists(db, shopId))) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
  return productPage(db, viewerId, sql`${live} AND p.shop_id = ${shopId}`, newest, p);
}

export async function myShopProducts(db: Tx, userId: string, shopId: string, p: Page) {
  await ownShop(db, userId, shopId);
  return productPage(db, userId, sql`${liveOrHeld} AND p.shop_id = ${shopId}`, newest, p);
}

export async function mySingleProduct(db: Tx, userId: string, shopId: string, productId: string) {
  await ownShop(db, userId, shopId);
  const p = await productById(db, userId, productId);
  if (!p || p.shop.id !== shopId) throw productNotFound();
  return p;
}

/** The product's details, the view counted and remembered for "keep shopping" (spec section 4). */
export async function viewProduct(db: Db, viewerId: string, productId: string) {
  const up = await db
    .update(products)
    .set({ views: sql`${products.views} + 1` })
    .where(allOf(eq(products.id, productId), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (!up.length) throw productNotFound();
  await db
    .insert(productViews)
    .values({ userId: viewerId, productId })
    .onConflictDoUpdate({ target: [productViews.userId, productViews.productId], set: { viewedAt: sql`now()` } });
  return (await productById(db, viewerId, productId))!;
}

// --- sections ------------------------------------------------------------------------------------

type SectionQ = Page & { latitude?: number; longitude?: number };
export const SECTIONS = [
  { id: 'top-deals', title: 'Top deals', path: '/api/product/top-deals' },
  { id: 'flash-sales', title: 'Flash sales', path: '/api/product/flash-sales' },
  { id: 'keep-shopping', title: 'Keep shopping', path: '/api/product/keep-shopping' },
  { id: 'products-near-you', title: 'Near you', path: '/api/product/products-near-you' },
  { id: 'popular-products', title: 'Popular', path: '/api/product/popular-products' },
  { id: 'appliance-deals', title: 'Appliance deals', path: '/api/product/appliance-deals' },
  { id: 'big-savings', title: 'Big savings', path: '/api/product/big-savings' },
] as const;
const discounted = sql`p.old_price IS NOT NULL AND p.old_price > p.price`;
const inStock = sql`p.stock > 0`;

export function section(db: Tx, viewerId: string, id: (typeof SECTIONS)[number]['id'], q: SectionQ) {
  const base = sql`${live} AND ${inStock}`;
  switch (id) {
    case 'top-deals':
      return productPage(db, viewerId, sql`${base} AND ${discounted}`, sql`(p.old_price - p.price)::float8 / p.old_price DESC, p.id`, q);
    case 'flash-sales':
      return productPage(db, viewerId, sql`${base} AND p.flash_sale_ends_at > now()`, sql`p.flash_sale_ends_at, p.id`, q);
    case 'keep-shopping':
      return productPage(
        db,
        viewerId,
        sql`${live} AND p.id IN (SELECT product_id FROM product_views WHERE user_id = ${viewerId})`,
        sql`(SELECT viewed_at FROM product_views v WHERE v.user_id = ${viewerId} AND v.product_id = p.id) DESC, p.id`,
        q,
      );
    case 'popular-products':
      return productPage(db, viewerId, base, sql`(p.views + 5 * p.sales) DESC, p.id`, q);
    case 'appliance-deals':
      return productPage(
        db,
        viewerId,
        sql`${base} AND p.category_id = 'appliances'`,
        sql`${discounted} DESC, (p.old_price - p.price) DESC NULLS LAST, p.id`,
        q,
      );
    case 'big-savings':
      return productPage(
        db,
        viewerId,
        sql`${base} AND ${discounted} AND p.old_price - p.price >= 1000000`,
        sql`(p.old_price - p.price) DESC, p.id`,
        q,
      );
    case 'products-near-you': {
      if (q.latitude === undefined || q.longitude === undefined)
        throw badRequest('Share your location to see products near you', 'LOCATION_REQUIRED');
      const here: Point = { latitude: q.latitude, longitude: q.longitude };
      const m = 50_000;
      return productPage(
        db,
        viewerId,
        sql`${base} AND p.shop_id IN (SELECT id FROM shops s2 WHERE ${within(here, m, 's2')})`,
        sql`${nearestFirst(here)}, ${newest}`,
        q,
        here,
      );
    }
  }
}

/** The sections for the shop's home, flash sales with when the soonest ends. */
export async function sections(db: Tx) {
  const [f] = await db
    .select({ ends: min(products.flashSaleEndsAt) })
    .from(products)
    .where(allOf(isNull(products.deletedAt), gt(products.flashSaleEndsAt, sql`now()`)));
  return SECTIONS.map((s) => ({ ...s, endsAt: s.id === 'flash-sales' && f?.ends ? new Date(f.ends).toISOString() : null }));
}

// --- inventory -----------------------------------------------------------------------------------

export async function inventory(db: Tx, userId: string, shopId: string, p: Page) {
  await ownShop(db, userId, shopId);
  const page = await productPage(db, userId, sql`${live} AND p.shop_id = ${shopId}`, sql`p.stock ASC, ${newest}`, p);
  return {
    items: page.items.map((x) => ({
      productId: x.id,
      name: x.name,
      image: x.images[0]?.thumbnailUrl ?? x.images[0]?.url ?? null,
      price: x.price,
      stock: x.stock,
      lowStock: x.stock <= LOW_STOCK,
      views: x.views,
      sales: x.sales,
      variations: x.variations.map((v) => ({
        id: v.id,
        label: [v.size, v.colour?.name].filter(Boolean).join(' · '),
        stock: v.stock,
        lowStock: v.stock <= LOW_STOCK,
      })),
    })),
    pagination: page.pagination,
  };
}
