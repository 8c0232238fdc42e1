import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Product } from '@owo/contracts';
import { executePrepared, executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { pageInfo } from '../../platform/pagination.js';
import { categoryPlace, colourById, placeOf } from './catalogue.js';
import { productCategoryCounts, products, shops, type productVariations } from './tables.js';

// Reading products: one statement per page, with each product's variations, its shop and whether
// the caller wishlisted it (never a query per product).

export type Page = { page: number; limit: number };
export type Point = { latitude: number; longitude: number };

/** A product as `select` reads it: its shop's name and logo, its live variations, the viewer's wishlist and distance. */
type ProductRow = RawRow<
  Pick<
    typeof products.$inferSelect,
    | 'id'
    | 'shopId'
    | 'stateId'
    | 'lgaId'
    | 'name'
    | 'description'
    | 'categoryId'
    | 'subcategoryId'
    | 'images'
    | 'price'
    | 'oldPrice'
    | 'stock'
    | 'views'
    | 'sales'
    | 'flashSaleEndsAt'
    | 'ratingSum'
    | 'ratingCount'
    | 'createdAt'
  >
> & {
  shopName: (typeof shops.$inferSelect)['name'];
  shopLogo: (typeof shops.$inferSelect)['logoUrl'];
  variations: Pick<typeof productVariations.$inferSelect, 'id' | 'size' | 'colourId' | 'price' | 'stock'>[];
  isWishlisted: boolean;
  heldForReview: boolean;
  distanceM: number | null;
};

/** The average review (one decimal) and how many there are, from the sum and count kept on the row. */
export const ratingOf = (sum: number, count: number) => ({
  rating: count > 0 ? Math.round((sum * 10) / count) / 10 : null,
  reviewsCount: count,
});

/** Products that are for sale (not deleted). */
export const live = sql`p.deleted_at IS NULL`;
/** A seller's own lists: their products for sale and those held by reports (report-holds.ts), marked `heldForReview`. */
export const liveOrHeld = sql`(p.deleted_at IS NULL OR p.hidden_at IS NOT NULL)`;

/** Ids as one PostgreSQL array literal, bound as a single parameter (`= ANY(...::uuid[])`). */
export const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

export const earthPoint = (p: Point) => sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8)`;

/** Metres from shop `s` (its stored earth point) to `p`. */
export const distanceFrom = (p: Point, s = 's') => sql`earth_distance(${sql.raw(s)}.earth, ${earthPoint(p)})`;

/**
 * Orders shops nearest `p` first: the straight-line distance through the earth (cube_distance, one C
 * call), which grows with the distance along the surface, so the order is the same without working
 * out the surface distance (earth_distance, SQL functions) for every shop considered.
 */
export const nearestFirst = (p: Point, s = 's') => sql`cube_distance(${sql.raw(s)}.earth, ${earthPoint(p)})`;

/** Shop `s` is within `m` metres of `p`: earth_box over shops_earth_idx, then the exact distance (as a straight line). */
export const within = (p: Point, m: number, s = 's') =>
  sql`earth_box(${earthPoint(p)}, ${m}) @> ${sql.raw(s)}.earth AND ${nearestFirst(p, s)} <= gc_to_sec(${m})`;

const select = (viewerId: string, from: Point | null, total: SQL | null = null) => sql`
  SELECT p.id, p.shop_id AS "shopId", s.name AS "shopName", s.logo_url AS "shopLogo", p.state_id AS "stateId", p.lga_id AS "lgaId",
    p.name, p.description, p.category_id AS "categoryId", p.subcategory_id AS "subcategoryId", p.images, p.price,
    p.old_price AS "oldPrice", p.stock, p.views, p.sales, p.flash_sale_ends_at AS "flashSaleEndsAt", p.rating_sum AS "ratingSum",
    p.rating_count AS "ratingCount", p.created_at AS "createdAt",
    coalesce((SELECT json_agg(json_build_object('id', v.id, 'size', v.size, 'colourId', v.colour_id, 'price', v.price, 'stock', v.stock)
      ORDER BY v.price, v.id) FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL), '[]'::json) AS variations,
    EXISTS (SELECT 1 FROM wishlist_items w WHERE w.product_id = p.id AND w.user_id = ${viewerId}) AS "isWishlisted",
    p.hidden_at IS NOT NULL AS "heldForReview",
    ${from ? distanceFrom(from) : sql`NULL::float8`} AS "distanceM"
    ${total ? sql`, ${total} AS total` : sql``}
  FROM products p JOIN shops s ON s.id = p.shop_id`;

function toProduct(r: ProductRow): Product {
  const price = Number(r.price);
  const old = r.oldPrice === null ? null : Number(r.oldPrice);
  const variations = r.variations.map((v) => ({
    id: v.id,
    size: v.size,
    colour: colourById(v.colourId),
    price: Number(v.price),
    stock: v.stock,
  }));
  const { state, lga } = placeOf(r.stateId, r.lgaId);
  return {
    id: r.id,
    shop: { id: r.shopId, name: r.shopName, logoUrl: r.shopLogo, state, lga },
    name: r.name,
    description: r.description,
    ...categoryPlace(r.categoryId, r.subcategoryId),
    images: r.images,
    price,
    oldPrice: old,
    discountPercent: old && old > price ? Math.round(((old - price) / old) * 100) : 0,
    variations,
    stock: r.stock,
    views: r.views,
    sales: r.sales,
    flashSaleEndsAt: r.flashSaleEndsAt ? new Date(r.flashSaleEndsAt).toISOString() : null,
    ...ratingOf(r.ratingSum, r.ratingCount),
    isWishlisted: r.isWishlisted,
    heldForReview: r.heldForReview,
    distanceKm: r.distanceM === null ? null : Math.round(r.distanceM / 100) / 10,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/**
 * How a page learns its total. 'count': a separate count, so the page itself stops after `limit`
 * rows read in index order (a category of 20,000 products reads 20, not all of them); the count
 * is skipped when the page shows the total already (a short page). 'window': `count(*) OVER ()`
 * in the page's statement, for orders that must see every matching row anyway (text search by
 * similarity), where a second statement would read them twice.
 */
export type TotalBy = 'count' | 'window' | { kept: (db: Tx) => Promise<number> };

/** A page of products matching `where` (conditions on `p` only) in `order`, with the total. */
export async function productPage(
  db: Tx,
  viewerId: string,
  where: SQL,
  order: SQL,
  p: Page,
  from: Point | null = null,
  totalBy: TotalBy = 'count',
  planned: 'once' | 'each' = 'once',
) {
  const offset = (p.page - 1) * p.limit;
  const window = totalBy === 'window';
  // Prepared per shape of the list (its conditions and order, the values aside), so PostgreSQL may keep its plan
  // instead of planning every page; 'each' for a text search, whose plan must weigh the words searched.
  const query = sql`${select(viewerId, from, window ? sql`count(*) OVER ()::int` : null)} WHERE ${where} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${offset}`;
  const rows = await (planned === 'once'
    ? executePrepared<ProductRow & { total?: number }>(db, 'product_page', query)
    : executeRows<ProductRow & { total?: number }>(db, query));
  let total: number;
  if (window) total = rows[0]?.total ?? 0;
  else if (rows.length > 0 && rows.length < p.limit)
    total = offset + rows.length; // the last page
  else if (rows.length === 0 && offset === 0) total = 0;
  else total = typeof totalBy === 'object' ? await totalBy.kept(db) : await countProducts(db, where);
  return { items: rows.map(toProduct), pagination: pageInfo(p.page, p.limit, total) };
}

/**
 * A ranking's page read in the ranking's own statement: `ranking` is its WITH clause, ending in a
 * CTE `ranked (id, total, at)` of the page's rows; the products still for sale among them, in `at`
 * order, for this viewer, with the ranking's total (null when the page is empty).
 */
export async function rankedPage(db: Tx, viewerId: string, ranking: SQL): Promise<{ items: Product[]; total: number | null }> {
  const rows = await executePrepared<ProductRow & { total: number }>(
    db,
    'search_page',
    sql`${ranking} ${select(viewerId, null, sql`r.total`)} JOIN ranked r ON r.id = p.id WHERE ${live} ORDER BY r.at`,
  );
  return { items: rows.map(toProduct), total: rows[0]?.total ?? null };
}

/** A category's live products, as kept in product_category_counts (the page total of a category alone). */
export const keptCategoryTotal = (categoryId: string): TotalBy => ({
  kept: async (db) => {
    const [r] = await db
      .select({ live: productCategoryCounts.live })
      .from(productCategoryCounts)
      .where(eq(productCategoryCounts.categoryId, categoryId));
    return Math.max(0, r?.live ?? 0);
  },
});

/** Moves a category's kept count, in the transaction of the product write that changes it. */
export async function moveCategoryCount(tx: Tx, categoryId: string, delta: 1 | -1) {
  await tx
    .insert(productCategoryCounts)
    .values({ categoryId, live: delta })
    .onConflictDoUpdate({ target: productCategoryCounts.categoryId, set: { live: sql`${productCategoryCounts.live} + ${delta}` } });
}

/** Moves a shop's kept count of live products, in the transaction of the upload or delete. */
export async function moveShopCount(tx: Tx, shopId: string, delta: 1 | -1) {
  await tx
    .update(shops)
    .set({ productsCount: sql`${shops.productsCount} + ${delta}` })
    .where(eq(shops.id, shopId));
}

/** Counts every category's and every shop's live products again (after products are written in bulk: the demo data). */
export async function recountProducts(tx: Tx) {
  await tx.execute(sql`INSERT INTO product_category_counts (category_id, live)
    SELECT category_id, count(*)::int FROM products WHERE deleted_at IS NULL GROUP BY category_id
    ON CONFLICT (category_id) DO UPDATE SET live = excluded.live`);
  await tx.execute(sql`UPDATE shops s SET products_count = coalesce(
    (SELECT count(*)::int FROM products p WHERE p.shop_id = s.id AND p.deleted_at IS NULL), 0)`);
}

async function countProducts(db: Tx, where: SQL) {
  const [r] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`);
  return r?.n ?? 0;
}

export async function productById(db: Tx, viewerId: string, id: string, opts: { includeDeleted?: boolean } = {}) {
  const rows = await executeRows<ProductRow>(
    db,
    sql`${select(viewerId, null)} WHERE p.id = ${id} ${opts.includeDeleted ? sql`` : sql`AND ${live}`}`,
  );
  return rows[0] ? toProduct(rows[0]) : null;
}

/** Whether a product is for sale (there and not deleted). */
export async function liveProductExists(db: Tx, productId: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)));
  return Boolean(row);
}
