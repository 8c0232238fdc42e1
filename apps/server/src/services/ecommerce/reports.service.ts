import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { reportReasonId, SHOP_REPORT_REASONS } from './catalogue.js';
import type { Page } from './products-read.js';
import { holdIfReported } from './report-holds.js';
import { shopExists } from './shops.service.js';
import { products, shopReports } from './tables.js';

// Reports on products and shops: the reporter sees their own; moderation reads the table.

type Report = Pick<typeof shopReports.$inferSelect, 'id' | 'shopId' | 'productId' | 'reason' | 'details' | 'status' | 'createdAt'>;
const toReport = (r: Report) => ({
  id: r.id,
  target: r.productId ? ('product' as const) : ('shop' as const),
  productId: r.productId,
  shopId: r.shopId,
  reason: SHOP_REPORT_REASONS.find((x) => x.id === r.reason)?.reason ?? r.reason,
  details: r.details,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** The columns a report is shown with. */
const reportColumns = {
  id: shopReports.id,
  shopId: shopReports.shopId,
  productId: shopReports.productId,
  reason: shopReports.reason,
  details: shopReports.details,
  status: shopReports.status,
  createdAt: shopReports.createdAt,
};

/**
 * A report on a product or a shop, in one transaction with its consequence: once `threshold`
 * distinct people have reported it, it is held from shoppers until reviewed (report-holds.ts).
 */
export async function reportShopOrProduct(
  db: Db,
  userId: string,
  b: { productId?: string; shopId?: string; reason: string; details: string },
  threshold: number,
) {
  const reason = reportReasonId(b.reason);
  if (!reason) throw badRequest(`Choose a reason: ${SHOP_REPORT_REASONS.map((r) => r.reason).join(', ')}`, 'REPORT_REASON');
  return db.transaction(async (tx) => {
    let shopId = b.shopId ?? null;
    if (b.productId) {
      const [p] = await tx
        .select({ shopId: products.shopId })
        .from(products)
        // A product already held by its reports may still be reported (it waits for review either way).
        .where(and(eq(products.id, b.productId), or(isNull(products.deletedAt), isNotNull(products.hiddenAt))));
      if (!p) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
      shopId = p.shopId;
    } else if (!shopId || !(await shopExists(tx, shopId))) throw notFound('Shop not found', 'SHOP_NOT_FOUND');
    const [row] = await tx
      .insert(shopReports)
      .values({ id: newId(), reporterId: userId, shopId, productId: b.productId ?? null, reason, details: b.details })
      .returning(reportColumns);
    await holdIfReported(tx, threshold, b.productId ? { productId: b.productId } : { shopId: shopId! });
    return toReport(row!);
  });
}

export async function myReports(db: Tx, userId: string, p: Page) {
  const rows = await db
    .select({ ...reportColumns, total: sql<number>`count(*) OVER ()::int` })
    .from(shopReports)
    .where(eq(shopReports.reporterId, userId))
    .orderBy(desc(shopReports.createdAt), shopReports.id)
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  return { items: rows.map(toReport), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function myReport(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select(reportColumns)
    .from(shopReports)
    .where(and(eq(shopReports.id, id), eq(shopReports.reporterId, userId)));
  if (!row) throw notFound('Report not found', 'REPORT_NOT_FOUND');
  return toReport(row);
}
