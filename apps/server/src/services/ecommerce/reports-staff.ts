import { formatNaira, type ModerationAction, type ReportedContent } from '@owo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { placeOf, SHOP_REPORT_REASONS } from './catalogue.js';
import { liveProductsWhere, takeDown } from './product-edits.js';
import { productNotFound } from './products.service.js';
import { shopNotFound } from './shops.service.js';

// Reported products and shops as the operator console's moderation queue sees and decides them
// (services/staff, docs/console.md), from the open reports in shop_reports. Nothing in the
// marketplace is hidden by its reports. A decision marks the open reports reviewed (the reporter
// sees it in their reports, and the thing leaves the queue); remove takes a product down as its
// seller would, or every live product of a shop.

export type Window = { limit: number; offset: number };

type Row = {
  id: string;
  author_id: string;
  title: string;
  text: string;
  image_url: string | null;
  price: number | null;
  state_id: string | null;
  lga_id: string | null;
  shop_name: string | null;
  products_count: number | null;
  report_count: number;
  reasons: { reason: string; count: number }[] | null;
  details: string[] | null;
  last_at: string;
  n: number;
};

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
    SELECT r.${key} AS key, count(*)::int AS report_count, max(r.created_at) AS last_at,
      (SELECT jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n) ORDER BY g.n DESC, g.reason)
        FROM (SELECT x.reason, count(*)::int AS n FROM shop_reports x WHERE ${same} GROUP BY x.reason) g) AS reasons,
      ARRAY(SELECT x.details FROM shop_reports x WHERE ${same} AND x.details <> '' ORDER BY x.created_at DESC LIMIT 5) AS details
    FROM shop_reports r WHERE r.status = 'open' AND ${mine('r')}
    GROUP BY r.${key}`;
}

function toContent(kind: 'product' | 'shop', r: Row): ReportedContent {
  const place = r.state_id && r.lga_id ? placeOf(r.state_id, r.lga_id) : null;
  const where = place ? `${place.lga.name}, ${place.state.name}` : null;
  const context =
    kind === 'product'
      ? `${formatNaira(Number(r.price ?? 0), { trimZeroKobo: true })} · from the shop ${r.shop_name ?? ''}`
      : [`${r.products_count ?? 0} ${r.products_count === 1 ? 'product' : 'products'}`, where].filter(Boolean).join(' · ');
  return {
    kind,
    id: r.id,
    authorId: r.author_id,
    preview: { title: r.title, text: r.text, imageUrl: r.image_url, context },
    hidden: false,
    reports: Number(r.report_count),
    reasons: (r.reasons ?? []).map((x) => ({ reason: label(x.reason), count: Number(x.count) })),
    details: r.details ?? [],
    lastReportedAt: new Date(r.last_at).toISOString(),
  };
}

async function page(tx: Tx, kind: 'product' | 'shop', select: SQL, w: Window) {
  const rows = await executeRows<Row>(tx, sql`${select} ORDER BY report_count DESC, last_at DESC, id LIMIT ${w.limit} OFFSET ${w.offset}`);
  return { items: rows.map((r) => toContent(kind, r)), total: rows[0]?.n ?? 0 };
}

/** Live products with open reports, the most reported first. */
export const reportedProducts = (tx: Tx, w: Window) =>
  page(
    tx,
    'product',
    sql`SELECT p.id, s.owner_id AS author_id, p.name AS title, p.description AS text,
        coalesce(p.images->0->>'thumbnailUrl', p.images->0->>'url') AS image_url, p.price, NULL AS state_id, NULL AS lga_id,
        s.name AS shop_name, NULL::int AS products_count, g.report_count, g.reasons, g.details, g.last_at, count(*) OVER ()::int AS n
      FROM (${openReports('product')}) g
      JOIN products p ON p.id = g.key AND p.deleted_at IS NULL JOIN shops s ON s.id = p.shop_id`,
    w,
  );

/** Shops with open reports of their own (not of one of their products), the most reported first. */
export const reportedShops = (tx: Tx, w: Window) =>
  page(
    tx,
    'shop',
    sql`SELECT s.id, s.owner_id AS author_id, s.name AS title, s.description AS text, coalesce(s.logo_url, s.cover_url) AS image_url,
        NULL::bigint AS price, s.state_id, s.lga_id, NULL AS shop_name, s.products_count,
        g.report_count, g.reasons, g.details, g.last_at, count(*) OVER ()::int AS n
      FROM (${openReports('shop')}) g JOIN shops s ON s.id = g.key`,
    w,
  );

const nothingWaiting = (what: string) => conflict(`This ${what} has no reports waiting for review`, 'NOT_REPORTED');

/** Marks the open reports `where` picks reviewed; how many there were. */
async function review(tx: Tx, where: SQL): Promise<number> {
  const done = await executeRows(tx, sql`UPDATE shop_reports SET status = 'reviewed' WHERE status = 'open' AND ${where} RETURNING id`);
  return done.length;
}

/** Decides a reported product: its open reports reviewed; `remove` takes it down. 404 when it is gone, 409 when nothing waits. */
export async function moderateProduct(tx: Tx, productId: string, action: ModerationAction) {
  const [p] = await liveProductsWhere(tx, sql`id = ${productId}`);
  if (!p) throw productNotFound();
  if ((await review(tx, sql`product_id = ${productId}`)) === 0) throw nothingWaiting('product');
  if (action === 'remove') await takeDown(tx, p);
  const [s] = await executeRows<{ owner_id: string }>(tx, sql`SELECT owner_id FROM shops WHERE id = ${p.shop_id}`);
  return { authorId: s!.owner_id, wasHidden: false, link: action === 'remove' ? null : `/shop/products/${productId}` };
}

/**
 * Decides a reported shop: its own open reports reviewed; `remove` takes down every live product
 * of the shop (and reviews their reports). The shop itself stays, with its orders and wallet.
 */
export async function moderateShop(tx: Tx, shopId: string, action: ModerationAction) {
  const [s] = await executeRows<{ owner_id: string }>(tx, sql`SELECT owner_id FROM shops WHERE id = ${shopId} FOR UPDATE`);
  if (!s) throw shopNotFound();
  if ((await review(tx, sql`shop_id = ${shopId} AND product_id IS NULL`)) === 0) throw nothingWaiting('shop');
  if (action === 'remove') {
    for (const p of await liveProductsWhere(tx, sql`shop_id = ${shopId}`)) await takeDown(tx, p);
    await review(tx, sql`shop_id = ${shopId}`);
  }
  return { authorId: s.owner_id, wasHidden: false, link: `/shop/shops/${shopId}` };
}

/** Who owns a product's shop (also after it was taken down), or a shop: the person a ban is for. */
export async function ownerOfListing(tx: Tx, kind: 'product' | 'shop', id: string): Promise<string> {
  const [row] = await executeRows<{ owner_id: string }>(
    tx,
    kind === 'product'
      ? sql`SELECT s.owner_id FROM products p JOIN shops s ON s.id = p.shop_id WHERE p.id = ${id}`
      : sql`SELECT owner_id FROM shops WHERE id = ${id}`,
  );
  if (!row) throw kind === 'product' ? productNotFound() : shopNotFound();
  return row.owner_id;
}
