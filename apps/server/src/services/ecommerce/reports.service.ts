import { sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { reportReasonId, SHOP_REPORT_REASONS } from './catalogue.js';
import type { Page } from './products-read.js';

// Reports on products and shops: the reporter sees their own; moderation reads the table.

type Row = {
  id: string;
  shop_id: string;
  product_id: string | null;
  reason: string;
  details: string;
  status: 'open' | 'reviewed';
  created_at: string;
  total: number;
};
const toReport = (r: Row) => ({
  id: r.id,
  target: r.product_id ? ('product' as const) : ('shop' as const),
  productId: r.product_id,
  shopId: r.shop_id,
  reason: SHOP_REPORT_REASONS.find((x) => x.id === r.reason)?.reason ?? r.reason,
  details: r.details,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function reportShopOrProduct(
  db: Tx,
  userId: string,
  b: { productId?: string; shopId?: string; reason: string; details: string },
) {
  const reason = reportReasonId(b.reason);
  if (!reason) throw badRequest(`Choose a reason: ${SHOP_REPORT_REASONS.map((r) => r.reason).join(', ')}`, 'REPORT_REASON');
  let shopId = b.shopId ?? null;
  if (b.productId) {
    const [p] = await executeRows<{ shop_id: string }>(
      db,
      sql`SELECT shop_id FROM products WHERE id = ${b.productId} AND deleted_at IS NULL`,
    );
    if (!p) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
    shopId = p.shop_id;
  } else {
    const [s] = await executeRows(db, sql`SELECT 1 FROM shops WHERE id = ${shopId}`);
    if (!s) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
  }
  const [row] = await executeRows<Row>(
    db,
    sql`INSERT INTO shop_reports (id, reporter_id, shop_id, product_id, reason, details)
      VALUES (${newId()}, ${userId}, ${shopId}, ${b.productId ?? null}, ${reason}, ${b.details}) RETURNING *, 0 AS total`,
  );
  return toReport(row!);
}

export async function myReports(db: Tx, userId: string, p: Page) {
  const rows = await executeRows<Row>(
    db,
    sql`SELECT *, count(*) OVER ()::int AS total FROM shop_reports WHERE reporter_id = ${userId}
      ORDER BY created_at DESC, id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return { items: rows.map(toReport), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function myReport(db: Tx, userId: string, id: string) {
  const [row] = await executeRows<Row>(db, sql`SELECT *, 0 AS total FROM shop_reports WHERE id = ${id} AND reporter_id = ${userId}`);
  if (!row) throw notFound('Report not found', 'REPORT_NOT_FOUND');
  return toReport(row);
}
