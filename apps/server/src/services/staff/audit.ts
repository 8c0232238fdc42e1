import type { AuditEntry, AuditVerification } from '@owo/contracts';
import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { keyedHash } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { toE164 } from '../../platform/phone.js';
import { findCustomers, usersByIds } from '../user/index.js';
import { staff, staffAuditLog } from './tables.js';

// The audit log (architecture section 12): every staff action and every view of a customer's
// record, appended in the transaction of what it records (so an entry exists exactly when the thing
// happened), each entry chained to the one before by a keyed hash. The table refuses UPDATE, DELETE
// and TRUNCATE (trigger staff_audit_log_append_only); `verifyAudit` finds a changed, removed or
// inserted entry. The key is derived from APP_SECRET: someone who can write the table but does not
// hold the secret cannot forge a chain that verifies.

/** One advisory lock orders every append: each entry's place and the hash before it are read under it. */
const APPEND_LOCK = 7_340_033;

export type AuditInput = {
  staffId: string | null;
  customerId?: string | null;
  /** What happened, as dotted words: `customer.view`, `money.approve`, `staff.add`... */
  kind: string;
  /** The thing acted on (a money request's id, a staff member's id), when there is one. */
  subject?: string | null;
  detail?: Record<string, unknown>;
};

type Row = typeof staffAuditLog.$inferSelect;

/** JSON with object keys sorted at every depth, so the same entry always hashes alike (jsonb reorders keys). */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v ?? null);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

const chainHash = (secret: string, prevHash: string, e: Omit<Row, 'hash' | 'prevHash'>) =>
  keyedHash(
    secret,
    `staff-audit\n${prevHash}\n${canonical([e.seq, e.at.toISOString(), e.staffId, e.customerId, e.kind, e.subject, e.detail])}`,
  );

/** Appends one entry. Call it inside the transaction of what it records (a transaction, not the bare database). */
export async function appendAudit(tx: Tx, secret: string, input: AuditInput): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`);
  const [last] = await tx
    .select({ seq: staffAuditLog.seq, hash: staffAuditLog.hash })
    .from(staffAuditLog)
    .orderBy(desc(staffAuditLog.seq))
    .limit(1);
  const entry = {
    seq: (last?.seq ?? 0) + 1,
    at: new Date(),
    staffId: input.staffId,
    customerId: input.customerId ?? null,
    kind: input.kind,
    subject: input.subject ?? null,
    detail: input.detail ?? {},
  };
  const prevHash = last?.hash ?? '';
  await tx.insert(staffAuditLog).values({ ...entry, prevHash, hash: chainHash(secret, prevHash, entry) });
}

/** Runs `work` and appends its audit entry in one transaction: the entry is there exactly when the work committed. */
export function audited<T>(db: Db, secret: string, work: (tx: Tx) => Promise<T>, entry: (result: T) => AuditInput): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await appendAudit(tx, secret, entry(result));
    return result;
  });
}

export type AuditFilter = {
  staffId?: string;
  customerId?: string;
  /** The customer by name, email or phone (as the customer search finds them). */
  customer?: string;
  /** The staff member by name or email. */
  staff?: string;
  kind?: string;
  before?: number;
  limit: number;
};

/** At most this many people match a name typed in the filter (a name that matches more is too short). */
const NAMED_MAX = 200;
const likeText = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);

async function customersNamed(db: Tx, text: string): Promise<string[]> {
  const phone = /^[+\d][\d\s-]{6,}$/.test(text) ? toE164(text) : null;
  const found = await findCustomers(db, { text, phone, ids: new Map(), page: 1, limit: NAMED_MAX });
  return found.items.map((u) => u.id);
}

async function staffNamed(db: Tx, text: string): Promise<string[]> {
  const like = `%${likeText(text.toLowerCase())}%`;
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(or(ilike(staff.name, like), ilike(staff.email, like)))
    .limit(NAMED_MAX);
  return rows.map((r) => r.id);
}

/**
 * A page of the log, newest first, by staff member or customer (by id, or by name, email or phone),
 * or by kind; `next` continues with older entries. Each entry names its customer.
 */
export async function searchAudit(db: Tx, f: AuditFilter): Promise<{ entries: AuditEntry[]; next: number | null }> {
  const conds: SQL[] = [];
  if (f.staffId) conds.push(eq(staffAuditLog.staffId, f.staffId));
  if (f.customerId) conds.push(eq(staffAuditLog.customerId, f.customerId));
  for (const [text, named, column] of [
    [f.customer, customersNamed, staffAuditLog.customerId],
    [f.staff, staffNamed, staffAuditLog.staffId],
  ] as const) {
    if (!text) continue;
    const ids = await named(db, text);
    if (ids.length === 0) return { entries: [], next: null };
    conds.push(inArray(column, ids));
  }
  if (f.kind) conds.push(eq(staffAuditLog.kind, f.kind));
  if (f.before) conds.push(lt(staffAuditLog.seq, f.before));
  const rows = await db
    .select({ e: staffAuditLog, staffName: staff.name })
    .from(staffAuditLog)
    .leftJoin(staff, eq(staff.id, staffAuditLog.staffId))
    .where(and(...conds))
    .orderBy(desc(staffAuditLog.seq))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  const people = new Map(
    (
      await usersByIds(
        db,
        page.flatMap(({ e }) => (e.customerId ? [e.customerId] : [])),
      )
    ).map((u) => [u.id, `${u.firstName} ${u.lastName}`]),
  );
  return {
    entries: page.map(({ e, staffName }) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      staff: e.staffId ? { id: e.staffId, name: staffName ?? '(unknown)' } : null,
      customerId: e.customerId,
      customer: e.customerId ? { id: e.customerId, name: people.get(e.customerId) ?? '(unknown)' } : null,
      kind: e.kind,
      subject: e.subject,
      detail: e.detail,
      hash: e.hash,
    })),
    next: rows.length > f.limit ? page[page.length - 1]!.e.seq : null,
  };
}

const BATCH = 1000;

/**
 * Walks the whole log in order and recomputes the chain: each entry's number follows the one before
 * (a removed entry leaves a gap), names the hash before it, and hashes to its own `hash` (a changed
 * entry does not). The first break is reported. The head (newest entry) is returned to be noted
 * elsewhere: entries cut from the end of the log leave no gap, and only a noted head shows them.
 */
export async function verifyAudit(db: Db, secret: string): Promise<AuditVerification> {
  let prev: { seq: number; hash: string } | null = null;
  let checked = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(staffAuditLog)
      .where(prev ? gt(staffAuditLog.seq, prev.seq) : undefined)
      .orderBy(asc(staffAuditLog.seq))
      .limit(BATCH);
    for (const r of rows) {
      const expectedSeq: number = (prev?.seq ?? 0) + 1;
      const broken = (problem: string): AuditVerification => ({ ok: false, checked, head: null, brokenAt: r.seq, problem });
      if (r.seq !== expectedSeq) return broken(`entry ${expectedSeq} is missing (the next is ${r.seq})`);
      if (r.prevHash !== (prev?.hash ?? '')) return broken(`entry ${r.seq} does not name the hash of the entry before it`);
      if (r.hash !== chainHash(secret, r.prevHash, r)) return broken(`entry ${r.seq} was changed after it was written`);
      prev = { seq: r.seq, hash: r.hash };
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  return { ok: true, checked, head: prev, brokenAt: null, problem: null };
}
