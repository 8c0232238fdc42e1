import type { CustomerRecord, CustomerSummary, StaffNote } from '@owo/contracts';
import { count, desc, eq } from 'drizzle-orm';
import { userBalances } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { toE164 } from '../../platform/phone.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { kycForStaff } from '../kyc/index.js';
import { listHistory, peopleOfReference } from '../transaction/index.js';
import { devicesForStaff, findCustomers, freezeOf, userById, type UserSummary } from '../user/index.js';
import { accountNumberOf, ownerOfAccountNumber } from '../wallet/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { moneyRequests } from './money-requests.service.js';
import { staff, staffNotes } from './tables.js';

// Customers as staff see them. Every read of a customer's record (the record, its history, its
// notes) and every search is appended to the audit log in the read's own transaction: no entry, no data.

type Page = { page: number; limit: number };

/** Who a customer is, as staff see them (search results and the record). */
const profileOf = (u: UserSummary) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  phoneVerified: u.phoneVerifiedAt !== null,
  createdAt: u.createdAt.toISOString(),
});

/** One search box: a phone number, an email, a name, a virtual account number or a transaction reference. */
export async function searchCustomers(deps: StaffDeps, actor: StaffAuthContext, q: Page & { q: string }) {
  return deps.db.transaction(async (tx) => {
    const text = q.q.trim();
    const ids = new Map<string, 'accountNumber' | 'reference'>();
    if (/^\d{10}$/.test(text)) {
      const owner = await ownerOfAccountNumber(tx, text);
      if (owner) ids.set(owner, 'accountNumber');
    }
    if (/^[A-Za-z0-9_-]{6,64}$/.test(text) && !/^\d{10,11}$/.test(text)) {
      for (const id of await peopleOfReference(tx, text)) if (!ids.has(id)) ids.set(id, 'reference');
    }
    const phone = /^[+\d][\d\s-]{6,}$/.test(text) ? toE164(text) : null;
    const found = await findCustomers(tx, { text, phone, ids, page: q.page, limit: q.limit });
    await appendAudit(tx, deps.config.secret, { staffId: actor.staffId, kind: 'customer.search', detail: { q: text, found: found.total } });
    const items: CustomerSummary[] = found.items.map((u) => ({ ...profileOf(u), matchedBy: u.matchedBy }));
    return { items, total: found.total };
  });
}

async function mustExist(tx: Tx, id: string) {
  const u = await userById(tx, id);
  if (!u) throw notFound('Customer not found', 'CUSTOMER_NOT_FOUND');
  return u;
}

async function notesOf(tx: Tx, customerId: string, q: Page): Promise<{ items: StaffNote[]; total: number }> {
  const where = eq(staffNotes.customerId, customerId);
  const [rows, totals] = await Promise.all([
    tx
      .select({ id: staffNotes.id, text: staffNotes.text, staffName: staff.name, createdAt: staffNotes.createdAt })
      .from(staffNotes)
      .innerJoin(staff, eq(staff.id, staffNotes.staffId))
      .where(where)
      .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    tx.select({ n: count() }).from(staffNotes).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: totals[0]?.n ?? 0 };
}

const available = (b: Map<string, { available: bigint }>, code: string) => Number(b.get(code)?.available ?? 0n);

/** The record: profile, account number, balances, the latest notes and money requests. */
export async function customerRecord(deps: StaffDeps, actor: StaffAuthContext, id: string): Promise<CustomerRecord> {
  return deps.db.transaction(async (tx) => {
    const u = await mustExist(tx, id);
    const [accountNumber, balances, notes, requests, freeze, devices, kyc] = await Promise.all([
      accountNumberOf(tx, id),
      userBalances(tx, id),
      notesOf(tx, id, { page: 1, limit: 5 }),
      moneyRequests(tx, { page: 1, limit: 5, customerId: id }),
      freezeOf(tx, id),
      devicesForStaff(tx, id),
      kycForStaff(tx, id),
    ]);
    await appendAudit(tx, deps.config.secret, { staffId: actor.staffId, customerId: id, kind: 'customer.view' });
    return {
      profile: { ...profileOf(u), avatar: u.avatar, accountNumber },
      balances: {
        wallet: available(balances, 'wallet'),
        business: available(balances, 'business'),
        savings: available(balances, 'savings'),
        locked: available(balances, 'locked'),
        escrow: available(balances, 'escrow'),
      },
      notes: notes.items,
      moneyRequests: requests.items,
      devices,
      freeze: freeze && { reason: freeze.reason, since: freeze.frozenAt.toISOString() },
      kyc,
    };
  });
}

export async function customerHistory(deps: StaffDeps, actor: StaffAuthContext, id: string, q: Page) {
  return deps.db.transaction(async (tx) => {
    await mustExist(tx, id);
    const page = await listHistory(tx, id, q);
    await appendAudit(tx, deps.config.secret, {
      staffId: actor.staffId,
      customerId: id,
      kind: 'customer.history',
      detail: { page: q.page },
    });
    return page;
  });
}

export async function customerNotes(deps: StaffDeps, actor: StaffAuthContext, id: string, q: Page) {
  return deps.db.transaction(async (tx) => {
    await mustExist(tx, id);
    const page = await notesOf(tx, id, q);
    await appendAudit(tx, deps.config.secret, { staffId: actor.staffId, customerId: id, kind: 'customer.notes', detail: { page: q.page } });
    return page;
  });
}

export async function addNote(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, customerId: string, text: string): Promise<StaffNote> {
  await mustExist(tx, customerId);
  const [row] = await tx.insert(staffNotes).values({ id: newId(), customerId, staffId: actor.staffId, text }).returning();
  await appendAudit(tx, deps.config.secret, { staffId: actor.staffId, customerId, kind: 'customer.note', subject: row!.id });
  return { id: row!.id, text: row!.text, staffName: actor.name, createdAt: row!.createdAt.toISOString() };
}
