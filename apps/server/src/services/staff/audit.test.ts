import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { verifyAudit } from './audit.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let admin: TestStaff;
let compliance: TestStaff;
let support: TestStaff;
let customer: TestUser;

type Page = { entries: { seq: number; kind: string; staff: { id: string } | null; customerId: string | null }[]; next: number | null };
const audit = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/staff/audit?${query}`, headers: staffAuth(compliance) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Page;
};
const verify = async () =>
  json(await t.app.inject({ method: 'GET', url: '/api/staff/audit/verify', headers: staffAuth(compliance) })).data as {
    ok: boolean;
    brokenAt: number | null;
    problem: string | null;
    head: { seq: number } | null;
  };
/** Changes the log behind its trigger's back, as someone with the database's keys could. */
const tamper = async (statement: ReturnType<typeof sql>) => {
  await t.db.execute(sql`ALTER TABLE staff_audit_log DISABLE TRIGGER staff_audit_log_append_only`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`ALTER TABLE staff_audit_log ENABLE TRIGGER staff_audit_log_append_only`);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await firstAdmin(t);
  compliance = await staffMember(t, admin, 'compliance');
  support = await staffMember(t, admin, 'support');
  customer = await newUser(t.app);
  for (let i = 0; i < 3; i++)
    await t.app.inject({ method: 'GET', url: `/api/staff/customers/${customer.id}`, headers: staffAuth(support) });
});
afterAll(() => t?.close());

describe('the audit log', () => {
  it('is searched by staff member', async () => {
    const page = await audit(`staffId=${support.id}`);
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((e) => e.staff?.id === support.id)).toBe(true);
  });

  it('is searched by customer and kind, newest first', async () => {
    const page = await audit(`customerId=${customer.id}&kind=customer.view`);
    expect(page.entries).toHaveLength(3);
    expect(page.entries.map((e) => e.seq)).toEqual([...page.entries.map((e) => e.seq)].sort((a, b) => b - a));
    expect(page.entries.every((e) => e.customerId === customer.id && e.kind === 'customer.view')).toBe(true);
  });

  it('names each entry’s customer, and is searched by the customer’s name or email and the staff member’s name or email', async () => {
    const named = await audit(`customerId=${customer.id}&kind=customer.view`);
    expect((named.entries[0] as unknown as { customer: unknown }).customer).toEqual({
      id: customer.id,
      name: `${customer.firstName} Adebayo`,
    });

    const byEmail = await audit(`customer=${encodeURIComponent(customer.email.toUpperCase())}&kind=customer.view`);
    expect(byEmail.entries.map((e) => e.customerId)).toEqual([customer.id, customer.id, customer.id]);
    const byStaffName = await audit(`staff=${encodeURIComponent(support.name.slice(0, 6).toLowerCase())}&customerId=${customer.id}`);
    expect(byStaffName.entries.length).toBeGreaterThan(0);
    expect(byStaffName.entries.every((e) => e.staff?.id === support.id)).toBe(true);
    const byStaffEmail = await audit(`staff=${encodeURIComponent(support.email)}`);
    expect(byStaffEmail.entries.every((e) => e.staff?.id === support.id)).toBe(true);
    expect((await audit('customer=nobody-by-this-name-zzz')).entries).toEqual([]);
  });

  it('refuses a name filter of one character (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/audit?customer=a', headers: staffAuth(compliance) });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Type at least 2 characters of the customer’s name, email or phone');
  });

  it('pages on with `next`, older entries after newer', async () => {
    const first = await audit(`customerId=${customer.id}&limit=2`);
    expect(first.next).toBe(first.entries[1]!.seq);
    const second = await audit(`customerId=${customer.id}&limit=2&before=${first.next}`);
    expect(second.entries).toHaveLength(1);
    expect(second.next).toBeNull();
  });

  it('is searched by any kind the server writes, hyphens and digits included', async () => {
    const made = await audit('kind=staff.create-admin');
    expect(made.entries.map((e) => e.kind)).toEqual(['staff.create-admin']);
    expect((await audit('kind=kyc.tier3.approve')).entries).toEqual([]);
    const written = await executeRows<{ kind: string }>(t.db, sql`SELECT DISTINCT kind FROM staff_audit_log`);
    for (const { kind } of written) expect(AUDIT_KINDS).toContain(kind);
  });

  it('refuses a kind that is not dotted words (400)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/audit?kind=DROP%20TABLE', headers: staffAuth(compliance) });
    expect(res.statusCode).toBe(400);
  });

  it('refuses to change or remove an entry', async () => {
    await expect(t.db.execute(sql`UPDATE staff_audit_log SET kind = 'nothing' WHERE seq = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM staff_audit_log WHERE seq = 1`)).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
  });
});

describe("the audit log's hash chain", () => {
  it('verifies while the log is whole, naming its head', async () => {
    const v = await verify();
    expect(v).toMatchObject({ ok: true, brokenAt: null, problem: null });
    const [last] = await executeRows<{ seq: number }>(t.db, sql`SELECT max(seq)::int AS seq FROM staff_audit_log`);
    // The verify call itself is not logged: the head is the newest entry.
    expect(v.head?.seq).toBe(last!.seq);
  });

  it('finds a changed entry', async () => {
    const t2 = await createTestApp();
    try {
      const a = await firstAdmin(t2);
      await staffMember(t2, a, 'support');
      expect((await verifyAudit(t2.db, t2.config.secret)).ok).toBe(true);
      await t2.db.execute(sql`ALTER TABLE staff_audit_log DISABLE TRIGGER staff_audit_log_append_only`);
      await t2.db.execute(sql`UPDATE staff_audit_log SET detail = '{"email":"someone@else.ng","role":"admin"}' WHERE kind = 'staff.add'`);
      const [changed] = await executeRows<{ seq: number }>(t2.db, sql`SELECT seq::int FROM staff_audit_log WHERE kind = 'staff.add'`);
      expect(await verifyAudit(t2.db, t2.config.secret)).toMatchObject({
        ok: false,
        brokenAt: changed!.seq,
        problem: `entry ${changed!.seq} was changed after it was written`,
      });
    } finally {
      await t2.close();
    }
  });

  it('finds a removed entry', async () => {
    const [mid] = await executeRows<{ seq: number }>(t.db, sql`SELECT (max(seq) / 2)::int AS seq FROM staff_audit_log`);
    await tamper(sql`DELETE FROM staff_audit_log WHERE seq = ${mid!.seq}`);
    expect(await verify()).toMatchObject({
      ok: false,
      brokenAt: mid!.seq + 1,
      problem: `entry ${mid!.seq} is missing (the next is ${mid!.seq + 1})`,
    });
  });
});
