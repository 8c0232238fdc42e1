import { sql, type SQL } from 'drizzle-orm';
import type { Product } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { categoryById, colourById, findLga, findState, LOW_STOCK, subcategoryOf } from './catalogue.js';
import {
  keptCategoryTotal,
  live,
  moveCategoryCount,
  moveShopCount,
  productById,
  productPage,
  type Page,
  type Point,
} from './products-read.js';
import { checkImages, ownShop, shopOf } from './shops.service.js';

// Products: the seller's upload, edit, soft delete and stock; the shopper's lists, search,
// sections and views.

export const productNotFound = () => notFound('Product not found', 'PRODUCT_NOT_FOUND');

type VariationIn = { id?: string; size?: string; colourId?: string; price?: number; stock: number };
type ProductIn = {
  name: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  images: string[];
  price: number;
  oldPrice?: number | null;
  variations: VariationIn[];
  stock: number;
  flashSaleEndsAt?: string | null;
};

function checkCategory(categoryId: string, subcategoryId: string) {
  if (!categoryById(categoryId)) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
  if (!subcategoryOf(categoryId, subcategoryId)) throw badRequest('Choose a subcategory of that category', 'SUBCATEGORY_NOT_FOUND');
}
function checkVariations(vs: VariationIn[]) {
  for (const v of vs) {
    if (!v.size && !v.colourId) throw badRequest('Each variation needs a size or a colour', 'VARIATION_EMPTY');
    if (v.colourId && !colourById(v.colourId)) throw badRequest('Choose a colour from the list', 'COLOUR_NOT_FOUND');
  }
  const keys = vs.map((v) => `${v.size ?? ''}|${v.colourId ?? ''}`);
  if (new Set(keys).size !== keys.length) throw badRequest('Two variations have the same size and colour', 'VARIATION_DUPLICATE');
}

/** Stock and the lowest price follow the variations when there are any. */
async function refreshTotals(tx: Tx, productId: string) {
  await tx.execute(sql`UPDATE products p SET
      stock = CASE WHEN EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL)
        THEN (SELECT sum(stock)::int FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) ELSE p.stock END,
      updated_at = now()
    WHERE id = ${productId}`);
}

async function insertVariations(tx: Tx, productId: string, price: number, vs: VariationIn[]) {
  for (const v of vs)
    await tx.execute(sql`INSERT INTO product_variations (id, product_id, size, colour_id, price, stock)
      VALUES (${newId()}, ${productId}, ${v.size ?? null}, ${v.colourId ?? null}, ${v.price ?? price}, ${v.stock})`);
}

export async function createProduct(db: Db, userId: string, b: ProductIn): Promise<Product> {
  checkCategory(b.categoryId, b.subcategoryId);
  checkVariations(b.variations);
  const id = newId();
  await db.transaction(async (tx) => {
    const shop = await shopOf(tx, userId);
    const images = await checkImages(tx, userId, b.images);
    await tx.execute(sql`INSERT INTO products (id, shop_id, name, description, category_id, subcategory_id, images, price, old_price,
        state_id, lga_id, search_text, stock, flash_sale_ends_at)
      VALUES (${id}, ${shop.id}, ${b.name}, ${b.description}, ${b.categoryId}, ${b.subcategoryId}, ${JSON.stringify(images)}::jsonb,
        ${b.price}, ${b.oldPrice ?? null}, ${shop.state_id}, ${shop.lga_id}, ${`${b.name} ${b.description} ${shop.name}`.toLowerCase()},
        ${b.stock}, ${b.flashSaleEndsAt ?? null})`);
    await insertVariations(tx, id, b.price, b.variations);
    await refreshTotals(tx, id);
    await moveCategoryCount(tx, b.categoryId, 1);
    await moveShopCount(tx, shop.id, 1);
  });
  return (await productById(db, userId, id))!;
}

/** The product row for a seller call: 404 when gone, 403 when it is another shop's. */
async function ownProduct(tx: Tx, userId: string, productId: string) {
  const [p] = await executeRows<{ id: string; shop_id: string; category_id: string; price: number; name: string; description: string }>(
    tx,
    sql`SELECT id, shop_id, category_id, price, name, description FROM products WHERE id = ${productId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!p) throw productNotFound();
  const shop = await ownShop(tx, userId, p.shop_id);
  return { ...p, shopName: shop.name };
}

export async function editProduct(db: Db, userId: string, b: Partial<ProductIn> & { productId: string }): Promise<Product> {
  await db.transaction(async (tx) => {
    const p = await ownProduct(tx, userId, b.productId);
    const [cur] = await executeRows<{ category_id: string; subcategory_id: string; old_price: number | null; price: number }>(
      tx,
      sql`SELECT category_id, subcategory_id, old_price, price FROM products WHERE id = ${p.id}`,
    );
    if (b.categoryId !== undefined || b.subcategoryId !== undefined)
      checkCategory(b.categoryId ?? cur!.category_id, b.subcategoryId ?? cur!.subcategory_id);
    const price = b.price ?? Number(cur!.price);
    const old = b.oldPrice === undefined ? (cur!.old_price === null ? null : Number(cur!.old_price)) : b.oldPrice;
    if (old !== null && old <= price) throw badRequest('The old price must be more than the price', 'OLD_PRICE');
    const sets: SQL[] = [sql`updated_at = now()`];
    if (b.name !== undefined) sets.push(sql`name = ${b.name}`);
    if (b.description !== undefined) sets.push(sql`description = ${b.description}`);
    if (b.categoryId !== undefined) sets.push(sql`category_id = ${b.categoryId}`);
    if (b.subcategoryId !== undefined) sets.push(sql`subcategory_id = ${b.subcategoryId}`);
    if (b.images !== undefined) sets.push(sql`images = ${JSON.stringify(await checkImages(tx, userId, b.images))}::jsonb`);
    if (b.price !== undefined) sets.push(sql`price = ${b.price}`);
    if (b.oldPrice !== undefined) sets.push(sql`old_price = ${b.oldPrice}`);
    if (b.stock !== undefined) sets.push(sql`stock = ${b.stock}`);
    if (b.flashSaleEndsAt !== undefined) sets.push(sql`flash_sale_ends_at = ${b.flashSaleEndsAt}`);
    const name = b.name ?? p.name;
    const description = b.description ?? p.description;
    sets.push(sql`search_text = ${`${name} ${description} ${p.shopName}`.toLowerCase()}`);
    await tx.execute(sql`UPDATE products SET ${sql.join(sets, sql`, `)} WHERE id = ${p.id}`);
    if (b.categoryId !== undefined && b.categoryId !== cur!.category_id) {
      await moveCategoryCount(tx, cur!.category_id, -1);
      await moveCategoryCount(tx, b.categoryId, 1);
    }
    if (b.variations !== undefined) {
      checkVariations(b.variations);
      const existing = new Set(
        (
          await executeRows<{ id: string }>(tx, sql`SELECT id FROM product_variations WHERE product_id = ${p.id} AND deleted_at IS NULL`)
        ).map((r) => r.id),
      );
      const keep = new Set(b.variations.filter((v) => v.id).map((v) => v.id!));
      for (const id of keep) if (!existing.has(id)) throw badRequest('A variation to change is not this product’s', 'VARIATION_NOT_FOUND');
      for (const id of existing)
        if (!keep.has(id)) await tx.execute(sql`UPDATE product_variations SET deleted_at = now() WHERE id = ${id}`);
      for (const v of b.variations.filter((x) => x.id))
        await tx.execute(sql`UPDATE product_variations SET size = ${v.size ?? null}, colour_id = ${v.colourId ?? null},
          price = ${v.price ?? price}, stock = ${v.stock} WHERE id = ${v.id}`);
      await insertVariations(
        tx,
        p.id,
        price,
        b.variations.filter((x) => !x.id),
      );
    }
    await refreshTotals(tx, p.id);
  });
  return (await productById(db, userId, b.productId))!;
}

/** Soft delete: gone from every list, the row kept for past orders. */
export async function deleteProduct(db: Db, userId: string, productId: string) {
  await db.transaction(async (tx) => {
    const p = await ownProduct(tx, userId, productId);
    await tx.execute(sql`UPDATE products SET deleted_at = now() WHERE id = ${p.id}`);
    await moveCategoryCount(tx, p.category_id, -1);
    await moveShopCount(tx, p.shop_id, -1);
    await tx.execute(sql`DELETE FROM wishlist_items WHERE product_id = ${p.id}`);
  });
}

export async function increaseStock(db: Db, userId: string, b: { productId: string; variationId?: string; quantity: number }) {
  await db.transaction(async (tx) => {
    const p = await ownProduct(tx, userId, b.productId);
    const [hasVariations] = await executeRows(
      tx,
      sql`SELECT 1 FROM product_variations WHERE product_id = ${p.id} AND deleted_at IS NULL LIMIT 1`,
    );
    if (b.variationId) {
      const up = await executeRows(
        tx,
        sql`UPDATE product_variations SET stock = stock + ${b.quantity} WHERE id = ${b.variationId} AND product_id = ${p.id}
          AND deleted_at IS NULL RETURNING id`,
      );
      if (!up.length) throw notFound('Variation not found', 'VARIATION_NOT_FOUND');
    } else if (hasVariations) throw badRequest('Choose which variation to add stock to', 'VARIATION_REQUIRED');
    else await tx.execute(sql`UPDATE products SET stock = stock + ${b.quantity} WHERE id = ${p.id}`);
    await refreshTotals(tx, p.id);
  });
  return (await productById(db, userId, b.productId))!;
}

// --- shopper lists -------------------------------------------------------------------------------

const newest = sql`p.created_at DESC, p.id`;

export type ProductQuery = Page & {
  search?: string;
  category?: string;
  subcategory?: string;
  stateQuery?: string;
  lgaQuery?: string;
  minPrice?: number;
  maxPrice?: number;
};

/** Search and filters: text (typo tolerant, on name, description and shop), category, the shop's state and LGA, price range. */
export async function listProducts(db: Db, viewerId: string, q: ProductQuery) {
  const where: SQL[] = [live];
  if (q.category && q.category !== 'all') where.push(sql`p.category_id = ${q.category}`);
  if (q.subcategory) where.push(sql`p.subcategory_id = ${q.subcategory}`);
  let stateId: string | undefined;
  if (q.stateQuery) {
    const s = findState(q.stateQuery);
    if (!s) throw badRequest('No state by that name', 'STATE_NOT_FOUND');
    stateId = s.id;
    where.push(sql`p.state_id = ${s.id}`);
  }
  if (q.lgaQuery) {
    const l = findLga(q.lgaQuery, stateId);
    if (!l) throw badRequest('No local government area by that name', 'LGA_NOT_FOUND');
    where.push(sql`p.lga_id = ${l.id}`);
  }
  if (q.minPrice !== undefined) where.push(sql`p.price >= ${q.minPrice}`);
  if (q.maxPrice !== undefined) where.push(sql`p.price <= ${q.maxPrice}`);
  const s = q.search?.trim().toLowerCase();
  // A category alone (or everything) has its total kept; other filters count their matches.
  const byCategoryOnly = q.category && q.category !== 'all' && where.length === 2 && !s;
  if (byCategoryOnly) return productPage(db, viewerId, sql.join(where, sql` AND `), newest, q, null, keptCategoryTotal(q.category!));
  if (!s) return productPage(db, viewerId, sql.join(where, sql` AND `), newest, q);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`);
    // Every word must be there, each allowed a typo or two (pg_trgm word similarity, GIN index).
    for (const word of s.split(/\s+/).slice(0, 8)) where.push(sql`${word} <% p.search_text`);
    const order = sql`word_similarity(${s}, p.search_text) DESC, ${newest}`;
    return productPage(tx, viewerId, sql.join(where, sql` AND `), order, q, null, 'window');
  });
}

export const categoryProducts = (db: Tx, viewerId: string, categoryId: string, p: Page) => {
  if (!categoryById(categoryId)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
  return productPage(db, viewerId, sql`${live} AND p.category_id = ${categoryId}`, newest, p, null, keptCategoryTotal(categoryId));
};

export async function shopProducts(db: Tx, viewerId: string, shopId: string, p: Page) {
  const [s] = await executeRows(db, sql`SELECT 1 FROM shops WHERE id = ${shopId}`);
  if (!s) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
  return productPage(db, viewerId, sql`${live} AND p.shop_id = ${shopId}`, newest, p);
}

export async function myShopProducts(db: Tx, userId: string, shopId: string, p: Page) {
  await ownShop(db, userId, shopId);
  return productPage(db, userId, sql`${live} AND p.shop_id = ${shopId}`, newest, p);
}

export async function mySingleProduct(db: Tx, userId: string, shopId: string, productId: string) {
  await ownShop(db, userId, shopId);
  const p = await productById(db, userId, productId);
  if (!p || p.shop.id !== shopId) throw productNotFound();
  return p;
}

/** The product's details, the view counted and remembered for "keep shopping" (spec section 4). */
export async function viewProduct(db: Db, viewerId: string, productId: string) {
  const up = await executeRows(db, sql`UPDATE products SET views = views + 1 WHERE id = ${productId} AND deleted_at IS NULL RETURNING id`);
  if (!up.length) throw productNotFound();
  await db.execute(sql`INSERT INTO product_views (user_id, product_id) VALUES (${viewerId}, ${productId})
    ON CONFLICT (user_id, product_id) DO UPDATE SET viewed_at = now()`);
  return (await productById(db, viewerId, productId))!;
}

export async function productDetails(db: Tx, viewerId: string, productId: string) {
  const p = await productById(db, viewerId, productId);
  if (!p) throw productNotFound();
  return p;
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
      const point = sql`ll_to_earth(${here.latitude}::float8, ${here.longitude}::float8)`;
      return productPage(
        db,
        viewerId,
        sql`${base} AND p.shop_id IN (SELECT id FROM shops s2 WHERE earth_box(${point}, ${m}) @> ll_to_earth(s2.latitude, s2.longitude)
          AND earth_distance(ll_to_earth(s2.latitude, s2.longitude), ${point}) <= ${m})`,
        sql`earth_distance(ll_to_earth(s.latitude, s.longitude), ${point}), ${newest}`,
        q,
        here,
      );
    }
  }
}

/** The sections for the shop's home, flash sales with when the soonest ends. */
export async function sections(db: Tx) {
  const [f] = await executeRows<{ ends: string | null }>(
    db,
    sql`SELECT min(flash_sale_ends_at) AS ends FROM products WHERE deleted_at IS NULL AND flash_sale_ends_at > now()`,
  );
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

// --- wishlist and reviews ------------------------------------------------------------------------

export async function addToWishlist(db: Tx, userId: string, productId: string) {
  const [p] = await executeRows(db, sql`SELECT 1 FROM products WHERE id = ${productId} AND deleted_at IS NULL`);
  if (!p) throw productNotFound();
  await db.execute(
    sql`INSERT INTO wishlist_items (id, user_id, product_id) VALUES (${newId()}, ${userId}, ${productId}) ON CONFLICT DO NOTHING`,
  );
  const [row] = await executeRows<{ id: string; product_id: string; created_at: string }>(
    db,
    sql`SELECT id, product_id, created_at FROM wishlist_items WHERE user_id = ${userId} AND product_id = ${productId}`,
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
