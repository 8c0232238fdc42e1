import type { MoneyRequest, MoneyRequestBody, TxType } from '@owo/contracts';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newId, randomDigits } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { type AppError, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { historyFor } from '../transaction/index.js';
import { userById, usersByIds } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { postDispute, postMoneyRequest } from './money-posting.js';
import { staff, staffMoneyRequests } from './tables.js';

// Money with two keys: a manual credit, a refund or a reversal is requested by one staff member and
// approved by another finance member, never the same person (the rule is here, in `approve`, and
// nowhere else), then posted through the ledger in the approval's own transaction. Approving takes
// the request's row lock first, so of two approvals at once one posts and the other finds it decided.

type Row = typeof staffMoneyRequests.$inferSelect;
const requester = alias(staff, 'requester');
const decider = alias(staff, 'decider');

/** Types a reversal can undo: money between two people, or money that came in from outside. */
const REVERSIBLE: readonly TxType[] = ['sendMoney', 'funding'];

const newStaffReference = () => `STF${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomDigits(10)}`;

/**
 * Writes a request for a second person's approval, with its id and reference. `duplicate` names the
 * unique key that allows one such request per thing, and the 409 that answers a second.
 */
export async function insertMoneyRequest(
  tx: Tx,
  values: Omit<typeof staffMoneyRequests.$inferInsert, 'id' | 'reference'>,
  duplicate: { key: string; error: AppError },
): Promise<Row> {
  try {
    const [row] = await tx
      .insert(staffMoneyRequests)
      .values({ id: newId(), reference: newStaffReference(), ...values })
      .returning();
    return row!;
  } catch (err) {
    if (uniqueViolation(err) === duplicate.key) throw duplicate.error;
    throw err;
  }
}

export async function withNames(db: Tx, rows: Row[]): Promise<MoneyRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [names, customers] = await Promise.all([
    db
      .select({ id: staffMoneyRequests.id, requester: requester.name, decider: decider.name })
      .from(staffMoneyRequests)
      .innerJoin(requester, eq(requester.id, staffMoneyRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, staffMoneyRequests.decidedBy))
      .where(inArray(staffMoneyRequests.id, ids)),
    usersByIds(
      db,
      rows.map((r) => r.customerId),
    ),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n]));
  const customerOf = new Map(customers.map((c) => [c.id, `${c.firstName} ${c.lastName}`]));
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    kind: r.kind as MoneyRequest['kind'],
    status: r.status,
    customer: { id: r.customerId, name: customerOf.get(r.customerId) ?? '(unknown)' },
    targetReference: r.targetReference,
    amount: Number(r.amount),
    reason: r.reason,
    requestedBy: { id: r.requestedBy, name: nameOf.get(r.id)?.requester ?? '(unknown)' },
    requestedAt: r.requestedAt.toISOString(),
    decidedBy: r.decidedBy ? { id: r.decidedBy, name: nameOf.get(r.id)?.decider ?? '(unknown)' } : null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    rejectionReason: r.rejectionReason,
    dispute: r.kind === 'dispute' ? (r.detail as MoneyRequest['dispute']) : null,
  }));
}

const one = async (db: Tx, row: Row) => (await withNames(db, [row]))[0]!;

/** Live (pending or approved) requests against a transaction, of any kind. */
const liveOf = (db: Tx, target: string) =>
  db
    .select()
    .from(staffMoneyRequests)
    .where(and(eq(staffMoneyRequests.targetReference, target), ne(staffMoneyRequests.status, 'rejected')));

/** What a refund of this transaction may still return: its amount and fee, less the refunds already asked for or made. */
function refundable(original: { amount: bigint; fee: bigint }, live: Row[]): bigint {
  const refunded = live.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.amount, 0n);
  return original.amount + original.fee - refunded;
}

const naira = (kobo: bigint) => `₦${(Number(kobo) / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

/** The checks a request must pass when made (and, for the limits, again when approved). */
async function checkTarget(db: Tx, body: MoneyRequestBody): Promise<{ amount: bigint; type: TxType; target: string | null }> {
  if (body.kind === 'credit') return { amount: BigInt(body.amount), type: 'funding', target: null };
  const live = await liveOf(db, body.reference);
  if (body.kind === 'refund') {
    const row = await historyFor(db, body.customerId, body.reference, 'debit');
    if (!row) throw notFound('This customer has no payment with that reference', 'TRANSACTION_NOT_FOUND');
    if (row.status !== 'successful')
      throw unprocessable(`Only a successful payment can be refunded; this one is ${row.status}`, 'NOT_REFUNDABLE');
    if (live.some((r) => r.kind === 'reversal')) throw conflict('This payment already has a reversal', 'ALREADY_REVERSED');
    const left = refundable(row, live);
    if (BigInt(body.amount) > left) {
      throw unprocessable(
        left > 0n ? `At most ${naira(left)} of this payment is left to refund` : 'This payment is already refunded in full',
        'REFUND_TOO_LARGE',
      );
    }
    return { amount: BigInt(body.amount), type: row.type as TxType, target: body.reference };
  }
  const row =
    (await historyFor(db, body.customerId, body.reference, 'debit')) ?? (await historyFor(db, body.customerId, body.reference, 'credit'));
  if (!row) throw notFound('This customer has no payment with that reference', 'TRANSACTION_NOT_FOUND');
  if (!REVERSIBLE.includes(row.type as TxType)) {
    throw unprocessable('Only a send-money or a funding can be reversed; refund other payments', 'NOT_REVERSIBLE');
  }
  if (row.status !== 'successful')
    throw unprocessable(`Only a successful payment can be reversed; this one is ${row.status}`, 'NOT_REVERSIBLE');
  if (live.some((r) => r.kind === 'reversal')) throw conflict('This payment already has a reversal', 'ALREADY_REVERSED');
  if (live.some((r) => r.kind === 'refund')) throw conflict('This payment has a refund; it cannot be reversed as well', 'ALREADY_REFUNDED');
  return { amount: row.amount, type: row.type as TxType, target: body.reference };
}

export async function requestMoney(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, body: MoneyRequestBody): Promise<MoneyRequest> {
  const customer = await userById(tx, body.customerId);
  if (!customer) throw notFound('Customer not found', 'CUSTOMER_NOT_FOUND');
  const { amount, type, target } = await checkTarget(tx, body);
  const row = await insertMoneyRequest(
    tx,
    {
      kind: body.kind,
      customerId: body.customerId,
      targetReference: target,
      historyType: type,
      amount,
      reason: body.reason,
      requestedBy: actor.staffId,
    },
    { key: 'staff_money_requests_one_reversal_key', error: conflict('This payment already has a reversal', 'ALREADY_REVERSED') },
  );
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: body.customerId,
    kind: 'money.request',
    subject: row.id,
    detail: { kind: body.kind, amount: Number(amount), target, reference: row.reference },
  });
  return one(tx, row);
}

export async function moneyRequests(db: Tx, q: { page: number; limit: number; status?: Row['status']; customerId?: string }) {
  const where = and(
    q.status ? eq(staffMoneyRequests.status, q.status) : undefined,
    q.customerId ? eq(staffMoneyRequests.customerId, q.customerId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(staffMoneyRequests)
      .where(where)
      .orderBy(desc(staffMoneyRequests.requestedAt), desc(staffMoneyRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(staffMoneyRequests).where(where),
  ]);
  return { items: await withNames(db, rows), total: totals[0]?.n ?? 0 };
}

export async function moneyRequest(db: Tx, id: string): Promise<MoneyRequest> {
  const [row] = await db.select().from(staffMoneyRequests).where(eq(staffMoneyRequests.id, id)).limit(1);
  if (!row) throw notFound('Money request not found', 'MONEY_REQUEST_NOT_FOUND');
  return one(db, row);
}

/**
 * Locks the request and, for a refund or reversal, every other request against the same payment
 * (in one statement, in id order, so two approvals touching one payment never deadlock), and
 * returns the request as locked with its live siblings.
 */
async function lockRequest(tx: Tx, id: string): Promise<{ row: Row; siblings: Row[] }> {
  const [peek] = await tx
    .select({ target: staffMoneyRequests.targetReference })
    .from(staffMoneyRequests)
    .where(eq(staffMoneyRequests.id, id))
    .limit(1);
  if (!peek) throw notFound('Money request not found', 'MONEY_REQUEST_NOT_FOUND');
  const locked = await tx
    .select()
    .from(staffMoneyRequests)
    .where(peek.target ? eq(staffMoneyRequests.targetReference, peek.target) : eq(staffMoneyRequests.id, id))
    .orderBy(staffMoneyRequests.id)
    .for('update');
  const row = locked.find((r) => r.id === id)!;
  return { row, siblings: locked.filter((r) => r.id !== id && r.status !== 'rejected') };
}

async function decided(tx: Tx, row: Row): Promise<AppError> {
  const [by] = row.decidedBy ? await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, row.decidedBy)) : [];
  return conflict(`This request was already ${row.status}${by ? ` by ${by.name}` : ''}`, 'REQUEST_DECIDED');
}

/** Approves and posts a request: never by the person who asked for it; a decided request is left as it is (409). */
export async function approveMoney(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, id: string): Promise<MoneyRequest> {
  const { row, siblings } = await lockRequest(tx, id);
  if (row.status !== 'pending') throw await decided(tx, row);
  if (row.requestedBy === actor.staffId) {
    throw forbidden('You asked for this: another finance person must approve it', 'SAME_PERSON');
  }
  // The limits again, against what is approved now (the request passed them when made).
  if (row.kind === 'refund') {
    const approved = siblings.filter((s) => s.status === 'approved');
    if (approved.some((s) => s.kind === 'reversal')) throw conflict('This payment was reversed', 'ALREADY_REVERSED');
    const original = await historyFor(tx, row.customerId, row.targetReference!, 'debit');
    if (!original || row.amount > refundable(original, approved)) {
      throw unprocessable('This refund would return more than the payment took', 'REFUND_TOO_LARGE');
    }
  }
  if (row.kind === 'reversal' && siblings.some((s) => s.status === 'approved' && s.kind === 'refund')) {
    throw conflict('This payment has a refund; it cannot be reversed as well', 'ALREADY_REFUNDED');
  }
  const [requesterRow] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, row.requestedBy));
  if (row.kind === 'dispute') await postDispute(deps, tx, row);
  else await postMoneyRequest(tx, row, { requester: requesterRow?.name ?? 'Owo staff', approver: actor.name }, row.historyType as TxType);
  const [done] = await tx
    .update(staffMoneyRequests)
    .set({ status: 'approved', decidedBy: actor.staffId, decidedAt: new Date() })
    .where(and(eq(staffMoneyRequests.id, id), eq(staffMoneyRequests.status, 'pending')))
    .returning();
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: row.customerId,
    kind: 'money.approve',
    subject: row.id,
    detail: { kind: row.kind, amount: Number(row.amount), target: row.targetReference, reference: row.reference },
  });
  return one(tx, done!);
}

export async function rejectMoney(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, id: string, reason: string): Promise<MoneyRequest> {
  const { row } = await lockRequest(tx, id);
  if (row.status !== 'pending') throw await decided(tx, row);
  const [done] = await tx
    .update(staffMoneyRequests)
    .set({ status: 'rejected', decidedBy: actor.staffId, decidedAt: new Date(), rejectionReason: reason })
    .where(eq(staffMoneyRequests.id, id))
    .returning();
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: row.customerId,
    kind: 'money.reject',
    subject: row.id,
    detail: { kind: row.kind, amount: Number(row.amount), reason },
  });
  return one(tx, done!);
}

/** How many requests wait for a decision, and since when (the health page). */
export async function pendingMoney(db: Tx): Promise<{ pending: number; oldest: Date | null }> {
  const [r] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${staffMoneyRequests.requestedAt})` })
    .from(staffMoneyRequests)
    .where(eq(staffMoneyRequests.status, 'pending'));
  return { pending: r?.n ?? 0, oldest: r?.oldest ? new Date(r.oldest) : null };
}
