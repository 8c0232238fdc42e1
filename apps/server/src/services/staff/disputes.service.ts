import type { Dispute, DisputeDecisionBody, MoneyRequest } from '@owo/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { disputedOrder, disputedOrders, type DisputedOrder } from '../ecommerce/index.js';
import { usersByIds } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { insertMoneyRequest, withNames } from './money-requests.service.js';
import { staffMoneyRequests } from './tables.js';

// Marketplace disputes (support, admin): read with both sides and the order's timeline; decided as
// a money request of kind `dispute` (refund the shopper, release to the seller, or split the escrow)
// that a finance person approves like any other (money-requests.service.ts): the approval settles
// the order through the ecommerce service's escrow, in the approval's transaction.

type Row = typeof staffMoneyRequests.$inferSelect;
export type DisputeShares = { orderId: string; decision: DisputeDecisionBody['decision']; shopper: number; seller: number };

const pendingOf = (db: Tx, references: string[]) =>
  references.length === 0
    ? Promise.resolve([] as Row[])
    : db
        .select()
        .from(staffMoneyRequests)
        .where(
          and(
            eq(staffMoneyRequests.kind, 'dispute'),
            eq(staffMoneyRequests.status, 'pending'),
            inArray(staffMoneyRequests.targetReference, references),
          ),
        );

async function views(db: Tx, orders: DisputedOrder[]): Promise<Dispute[]> {
  const [people, pending] = await Promise.all([
    usersByIds(
      db,
      orders.flatMap((o) => [o.shopperId, o.sellerId]),
    ),
    pendingOf(
      db,
      orders.map((o) => o.reference),
    ).then((rows) => withNames(db, rows)),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const pendingFor = new Map(pending.map((r) => [r.targetReference, r]));
  return orders.map((o) => {
    const opened = [...o.timeline].reverse().find((t) => t.status === 'disputed')?.at ?? null;
    return {
      orderId: o.orderId,
      reference: o.reference,
      status: o.status,
      shopName: o.shopName,
      shopper: { id: o.shopperId, name: nameOf.get(o.shopperId) ?? '(unknown)' },
      seller: { id: o.sellerId, name: nameOf.get(o.sellerId) ?? '(unknown)' },
      total: o.total,
      commission: o.commission,
      items: o.items,
      messages: [
        { from: 'shopper' as const, text: o.reason || '(no reason given)', at: opened ?? '' },
        ...(pendingFor.get(o.reference)
          ? [
              {
                from: 'owo' as const,
                text: `Proposed: ${pendingFor.get(o.reference)!.reason}`,
                at: pendingFor.get(o.reference)!.requestedAt,
              },
            ]
          : []),
      ],
      timeline: o.timeline,
      openedAt: opened,
      pending: pendingFor.get(o.reference) ?? null,
    };
  });
}

export async function listDisputes(deps: StaffDeps, q: { page: number; limit: number }) {
  return deps.db.transaction(async (tx) => {
    const page = await disputedOrders(tx, q);
    return { items: await views(tx, page.items), total: page.total };
  });
}

async function mustFind(tx: Tx, orderId: string) {
  const o = await disputedOrder(tx, orderId);
  if (!o) throw notFound('Order not found', 'ORDER_NOT_FOUND');
  return o;
}

export async function getDispute(deps: StaffDeps, orderId: string): Promise<Dispute> {
  return deps.db.transaction(async (tx) => (await views(tx, [await mustFind(tx, orderId)]))[0]!);
}

/** The shares a decision gives, checked against what the escrow holds. */
function sharesOf(o: DisputedOrder, body: DisputeDecisionBody): DisputeShares {
  if (body.decision === 'refund') return { orderId: o.orderId, decision: 'refund', shopper: o.total, seller: 0 };
  if (body.decision === 'release') return { orderId: o.orderId, decision: 'release', shopper: 0, seller: o.total };
  if (body.shopperAmount + body.sellerAmount !== o.total) {
    throw unprocessable(
      `The shares must add up to the ₦${(o.total / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })} held for the order`,
      'SPLIT_MISMATCH',
    );
  }
  return { orderId: o.orderId, decision: 'split', shopper: body.shopperAmount, seller: body.sellerAmount };
}

/** Asks for a dispute's decision: nothing moves until another person (finance) approves it. */
export async function requestDecision(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  orderId: string,
  body: DisputeDecisionBody,
): Promise<MoneyRequest> {
  const o = await mustFind(tx, orderId);
  if (o.status !== 'disputed') throw conflict(`This order is ${o.status}: its dispute is over`, 'ORDER_NOT_DISPUTED');
  const shares = sharesOf(o, body);
  const row = await insertMoneyRequest(
    tx,
    {
      kind: 'dispute',
      customerId: o.shopperId,
      targetReference: o.reference,
      historyType: 'order',
      amount: BigInt(o.total),
      reason: body.reason,
      requestedBy: actor.staffId,
      detail: shares,
    },
    {
      key: 'staff_money_requests_one_dispute_key',
      error: conflict('A decision on this dispute is already waiting for approval', 'DECISION_PENDING'),
    },
  );
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: o.shopperId,
    kind: 'dispute.request',
    subject: row.id,
    detail: { ...shares, reference: row.reference },
  });
  return (await withNames(tx, [row]))[0]!;
}
