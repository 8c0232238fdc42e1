import { formatNaira, type ModerationAction, type ReportedContent } from '@owo/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { placeOf, SHOP_REPORT_REASONS } from './catalogue.js';
import { heldProductsWhere, liveProductsWhere, takeDown } from './product-edits.js';
import { endHold, releaseProducts, releaseShop } from './report-holds.js';
import { productNotFound } from './products.service.js';
import { shopNotFound } from './shops.service.js';
import { products, shopReports, shops } from './tables.js';

// Reported products and shops as the operator console's moderation queue sees and decides them
// (services/staff, docs/console.md), from the open reports in shop_reports. Enough reports hold a
// product or shop from shoppers until a decision (report-holds.ts). A decision marks the open
// reports reviewed (the reporter sees it in their reports, and the thing leaves the queue); restore
// and warn bring a held one back; remove takes a product down as its seller would, or every live
// product of a shop.

export type Window = { limit: number; offset: number };

/** The open reports of one product or shop, as `openReports` adds them up. */
type OpenReports = {
  reportCount: number;
  reasons: { reason: string; count: number }[] | null;
  details: string[] | null;
  lastAt: RawRow<Pick<typeof shopReports.$inferSelect, 'createdAt'>>['createdAt'];
  n: number;
};
type Shop = typeof shops.$inferSelect;
/** A reported product, with its shop's owner and name and its first image. */
type ReportedProductRow = Pick<typeof products.$inferSelect, 'id' | 'name' | 'description' | 'price' | 'hiddenAt'> & {
  ownerId: Shop['ownerId'];
  shopName: Shop['name'];
  imageUrl: string | null;
} & OpenReports;
/** A reported shop, with its logo (or cover). */
type ReportedShopRow = Pick<Shop, 'id' | 'ownerId' | 'name' | 'description' | 'stateId' | 'lgaId' | 'productsCount' | 'hiddenAt'> & {
  imageUrl: string | null;
} & OpenReports;

const label = (id: string) => SHOP_REPORT_REASONS.find((r) => r.id === id)?.reason ?? id;

/**
 * The open reports of each product, or of each shop itself (not of one of its products), with
 * their count, the reasons with theirs, the reporters' own words and the latest report's time.
 */
function openReports(of: 'product' | 'shop') {
  const key = sql.raw(of === 'product' ? 'product_id' : 'shop_id');
  const mine = (a: string) => (of === 'product' ? sql`${sql.raw(a)}.product_id IS NOT NULL` : sql`${sql.raw(a)}.product_id IS NULL`);
  const same = sql`x.status = 'open' AND x.${key} = r.${key} AND ${mine('x')}`;
  return sql`
    SELECT r.${key} AS key, count(*)::int AS "reportCount", max(r.created_at) AS "lastAt",
      (SELECT jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n) ORDER BY g.n DESC, g.reason)
        FROM (SELECT x.reason, count(*)::int AS n FROM shop_reports x WHERE ${same} GROUP BY x.reason) g) AS reasons,
      ARRAY(SELECT x.details FROM shop_reports x WHERE ${same} AND x.details <> '' ORDER BY x.created_at DESC LIMIT 5) AS details
    FROM shop_reports r WHERE r.status = 'open' AND ${mine('r')}
    GROUP BY r.${key}`;
}

/** What the queue shows of a product: its price and shop. */
const productContext = (r: ReportedProductRow) => `${formatNaira(Number(r.price), { trimZeroKobo: true })} · from the shop ${r.shopName}`;

/** What the queue shows of a shop: how many products it has and where it is. */
function shopContext(r: ReportedShopRow) {
  const { state, lga } = placeOf(r.stateId, r.lgaId);
  return `${r.productsCount} ${r.productsCount === 1 ? 'product' : 'products'} · ${lga.name}, ${state.name}`;
}

function toContent(kind: 'product' | 'shop', r: ReportedProductRow | ReportedShopRow, context: string): ReportedContent {
  return {
    kind,
    id: r.id,
    authorId: r.ownerId,
    preview: { title: r.name, text: r.description, imageUrl: r.imageUrl, context },
    hidden: r.hiddenAt !== null,
    reports: Number(r.reportCount),
    reasons: (r.reasons ?? []).map((x) => ({ reason: label(x.reason), count: Number(x.count) })),
    details: r.details ?? [],
    lastReportedAt: new Date(r.lastAt).toISOString(),
  };
}

/** A page of `select`'s rows, the most reported first, and how many there are. */
const page = <R extends OpenReports>(tx: Tx, select: SQL, w: Window) =>
  executeRows<R>(tx, sql`${select} ORDER BY "reportCount" DESC, "lastAt" DESC, id LIMIT ${w.limit} OFFSET ${w.offset}`);

/** Live products with open reports, the most reported first. */
export async function reportedProducts(tx: Tx, w: Window) {
  const rows = await page<ReportedProductRow>(
    tx,
    sql`SELECT p.id, s.owner_id AS "ownerId", p.name, p.description, p.hidden_at AS "hiddenAt",
        coalesce(p.images->0->>'thumbnailUrl', p.images->0->>'url') AS "imageUrl", p.price, s.name AS "shopName",
        g."reportCount", g.reasons, g.details, g."lastAt", count(*) OVER ()::int AS n
      FROM (${openReports('product')}) g
      JOIN products p ON p.id = g.key AND (p.deleted_at IS NULL OR p.hidden_at IS NOT NULL) JOIN shops s ON s.id = p.shop_id`,
    w,
  );
  return { items: rows.map((r) => toContent('product', r, productContext(r))), total: rows[0]?.n ?? 0 };
}

/** Shops with open reports of their own (not of one of their products), the most reported first. */
export async function reportedShops(tx: Tx, w: Window) {
  const rows = await page<ReportedShopRow>(
    tx,
    sql`SELECT s.id, s.owner_id AS "ownerId", s.name, s.description, coalesce(s.logo_url, s.cover_url) AS "imageUrl", s.hidden_at AS "hiddenAt",
        s.state_id AS "stateId", s.lga_id AS "lgaId", s.products_count AS "productsCount",
        g."reportCount", g.reasons, g.details, g."lastAt", count(*) OVER ()::int AS n
      FROM (${openReports('shop')}) g JOIN shops s ON s.id = g.key`,
    w,
  );
  return { items: rows.map((r) => toContent('shop', r, shopContext(r))), total: rows[0]?.n ?? 0 };
}

const nothingWaiting = (what: string) => conflict(`This ${what} has no reports waiting for review`, 'NOT_REPORTED');

/** Marks the open reports `where` picks reviewed; how many there were. */
async function review(tx: Tx, where: SQL | undefined): Promise<number> {
  const done = await tx
    .update(shopReports)
    .set({ status: 'reviewed' })
    .where(and(eq(shopReports.status, 'open'), where))
    .returning({ id: shopReports.id });
  return done.length;
}

/** Who owns a shop, or undefined when there is no such shop. */
async function ownerOfShop(tx: Tx, shopId: string, lock = false) {
  const q = tx.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId));
  const [s] = lock ? await q.for('update') : await q;
  return s?.ownerId;
}

/**
 * Decides a reported product: its open reports reviewed; restore and warn bring it back if its
 * reports held it; `remove` takes it down. 404 when it is gone, 409 when nothing waits.
 */
export async function moderateProduct(tx: Tx, productId: string, action: ModerationAction) {
  const [live] = await liveProductsWhere(tx, eq(products.id, productId));
  const [held] = live ? [] : await heldProductsWhere(tx, eq(products.id, productId));
  const p = live ?? held;
  if (!p) throw productNotFound();
  if ((await review(tx, eq(shopReports.productId, productId))) === 0) throw nothingWaiting('product');
  if (action === 'remove') {
    if (live) await takeDown(tx, live);
    else await endHold(tx, productId);
  } else if (held) await releaseProducts(tx, eq(products.id, productId));
  const authorId = (await ownerOfShop(tx, p.shopId))!;
  return { authorId, wasHidden: Boolean(held), link: action === 'remove' ? null : `/shop/products/${productId}` };
}

/**
 * Decides a reported shop: its own open reports reviewed; restore and warn bring it back if its
 * reports held it; `remove` takes down every live or held product of the shop (and reviews their
 * reports). The shop itself stays, with its orders and wallet.
 */
export async function moderateShop(tx: Tx, shopId: string, action: ModerationAction) {
  const [shop] = await tx
    .select({ ownerId: shops.ownerId, hiddenAt: shops.hiddenAt })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('update');
  if (!shop) throw shopNotFound();
  if ((await review(tx, and(eq(shopReports.shopId, shopId), isNull(shopReports.productId)))) === 0) throw nothingWaiting('shop');
  if (action === 'remove') {
    for (const p of await liveProductsWhere(tx, eq(products.shopId, shopId))) await takeDown(tx, p);
    for (const p of await heldProductsWhere(tx, eq(products.shopId, shopId))) await endHold(tx, p.id);
    // Removed, the shop stays out of shoppers' sight (its page, search, nearby) with its orders and wallet.
    await tx
      .update(shops)
      .set({ hiddenAt: sql`coalesce(${shops.hiddenAt}, now())` })
      .where(eq(shops.id, shopId));
    await review(tx, eq(shopReports.shopId, shopId));
  } else if (shop.hiddenAt) await releaseShop(tx, shopId);
  return { authorId: shop.ownerId, wasHidden: shop.hiddenAt !== null, link: `/shop/shops/${shopId}` };
}

/** Who owns a product's shop (also after it was taken down), or a shop: the person a ban is for. */
export async function ownerOfListing(tx: Tx, kind: 'product' | 'shop', id: string): Promise<string> {
  if (kind === 'shop') {
    const owner = await ownerOfShop(tx, id);
    if (!owner) throw shopNotFound();
    return owner;
  }
  const [row] = await tx
    .select({ ownerId: shops.ownerId })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(products.id, id));
  if (!row) throw productNotFound();
  return row.ownerId;
}
