import type { ReconItem, ReconItemStatus, ReconRun, ReconSource } from '@owo/contracts';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db.js';
import type { SettlementLine } from '../../platform/settlements.js';
import { usersByIds } from '../user/index.js';
import { actionsOf, type Finding } from './recon-match.js';
import { reconItems, reconRuns, staff, staffMoneyRequests } from './tables.js';

// Reconciliation's reads (docs/console.md): the runs, the items with their status (which follows
// from the item's money request), and the health page's count of open items.

type Item = typeof reconItems.$inferSelect;

const ranByStaff = alias(staff, 'ran_by');

export async function listRuns(db: Tx, q: { page: number; limit: number; day?: string }): Promise<{ items: ReconRun[]; total: number }> {
  const where = q.day ? eq(reconRuns.day, q.day) : undefined;
  const open = db
    .select({ day: reconItems.day, source: reconItems.source, n: count().as('n') })
    .from(reconItems)
    .leftJoin(staffMoneyRequests, eq(staffMoneyRequests.id, reconItems.moneyRequestId))
    .where(statusIs('open'))
    .groupBy(reconItems.day, reconItems.source)
    .as('open');
  const [rows, totals] = await Promise.all([
    db
      .select({ run: reconRuns, by: { id: ranByStaff.id, name: ranByStaff.name }, open: open.n })
      .from(reconRuns)
      .leftJoin(ranByStaff, eq(ranByStaff.id, reconRuns.ranBy))
      .leftJoin(open, and(eq(open.day, reconRuns.day), eq(open.source, reconRuns.source)))
      .where(where)
      .orderBy(desc(reconRuns.day), reconRuns.source)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(reconRuns).where(where),
  ]);
  return {
    total: totals[0]?.n ?? 0,
    items: rows.map(({ run, by, open: n }) => ({
      day: run.day,
      source: run.source as ReconSource,
      status: run.status,
      providerLines: run.providerLines,
      ledgerRecords: run.ledgerRecords,
      matched: run.matched,
      mismatched: run.mismatched,
      open: Number(n ?? 0),
      ranAt: run.ranAt.toISOString(),
      ranBy: by?.id ? { id: by.id, name: by.name } : null,
      error: run.error,
    })),
  };
}

/** An item's status, as SQL over the item and its money request (joined as `staff_money_requests`). */
const STATUS_SQL = sql<ReconItemStatus>`CASE
  WHEN ${reconItems.action} = 'explain' THEN 'explained'
  WHEN ${staffMoneyRequests.status} = 'approved' THEN 'resolved'
  WHEN ${staffMoneyRequests.status} = 'pending' THEN 'awaiting_approval'
  ELSE 'open' END`;
export const statusIs = (s: ReconItemStatus): SQL => sql`(${STATUS_SQL}) = ${s}`;

const resolver = alias(staff, 'resolver');

export async function itemsWhere(db: Tx, where: SQL | undefined, page: { page: number; limit: number }) {
  const rows = await db
    .select({
      item: reconItems,
      status: STATUS_SQL,
      request: {
        id: staffMoneyRequests.id,
        reference: staffMoneyRequests.reference,
        status: staffMoneyRequests.status,
        amount: staffMoneyRequests.amount,
      },
      resolverName: resolver.name,
    })
    .from(reconItems)
    .leftJoin(staffMoneyRequests, eq(staffMoneyRequests.id, reconItems.moneyRequestId))
    .leftJoin(resolver, eq(resolver.id, reconItems.resolvedBy))
    .where(where)
    .orderBy(sql`(${STATUS_SQL}) = 'open' DESC`, desc(reconItems.day), reconItems.source, reconItems.reference)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const people = await usersByIds(db, [...new Set(rows.map((r) => r.item.customerId).filter((c): c is string => !!c))]);
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  return rows.map((r): ReconItem => toItem(r.item, r.status, r.request?.id ? r.request : null, r.resolverName, nameOf));
}

export function findingOf(i: Item): Pick<Finding, 'mismatch' | 'line' | 'ledger'> {
  return {
    mismatch: i.mismatch as Finding['mismatch'],
    line:
      i.providerStatus === null
        ? null
        : {
            reference: i.reference,
            providerRef: i.providerRef,
            amount: i.providerAmount ?? 0n,
            status: i.providerStatus as SettlementLine['status'],
          },
    ledger:
      i.ledgerStatus === null
        ? null
        : { reference: i.reference, amount: i.ledgerAmount ?? 0n, status: i.ledgerStatus as 'posted', owner: i.customerId },
  };
}

function toItem(
  i: Item,
  status: ReconItemStatus,
  request: { id: string; reference: string; status: 'pending' | 'approved' | 'rejected'; amount: bigint } | null,
  resolverName: string | null,
  nameOf: Map<string, string>,
): ReconItem {
  const f = findingOf(i);
  return {
    id: i.id,
    day: i.day,
    source: i.source as ReconSource,
    reference: i.reference,
    mismatch: f.mismatch,
    provider: f.line ? { amount: Number(f.line.amount), status: f.line.status, providerRef: f.line.providerRef } : null,
    ledger: f.ledger ? { amount: Number(f.ledger.amount), status: i.ledgerStatus as 'pending' | 'posted' | 'voided' } : null,
    customer: i.customerId ? { id: i.customerId, name: nameOf.get(i.customerId) ?? '(unknown)' } : null,
    status,
    actions: status === 'open' ? actionsOf(i.source as ReconSource, f, i.customerId !== null) : [],
    resolution:
      i.action && i.resolvedBy && i.resolvedAt
        ? {
            action: i.action as ReconItem['actions'][number],
            note: i.note ?? '',
            by: { id: i.resolvedBy, name: resolverName ?? '(unknown)' },
            at: i.resolvedAt.toISOString(),
            moneyRequest: request ? { ...request, amount: Number(request.amount) } : null,
          }
        : null,
  };
}

export async function listItems(
  db: Tx,
  q: { page: number; limit: number; day?: string; source?: ReconSource; status?: ReconItemStatus },
): Promise<{ items: ReconItem[]; total: number }> {
  const where = and(
    q.day ? eq(reconItems.day, q.day) : undefined,
    q.source ? eq(reconItems.source, q.source) : undefined,
    q.status ? statusIs(q.status) : undefined,
  );
  const [items, totals] = await Promise.all([
    itemsWhere(db, where, q),
    db
      .select({ n: count() })
      .from(reconItems)
      .leftJoin(staffMoneyRequests, eq(staffMoneyRequests.id, reconItems.moneyRequestId))
      .where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

/** Open items and the oldest day with one (the health page). */
export async function openReconItems(db: Tx): Promise<{ open: number; oldestDay: string | null }> {
  const [r] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${reconItems.day})` })
    .from(reconItems)
    .leftJoin(staffMoneyRequests, eq(staffMoneyRequests.id, reconItems.moneyRequestId))
    .where(statusIs('open'));
  return { open: r?.n ?? 0, oldestDay: r?.oldest ?? null };
}
