import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, logInOnNewDevice, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { customerWithPayments, firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let support: TestStaff;
let people: Awaited<ReturnType<typeof customerWithPayments>>;

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/staff${url}`, headers: staffAuth(support) });
const search = async (q: string, extra = '') => {
  const res = await get(`/customers?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: string; matchedBy: string }[]; pagination: { total: number; next: { page: number } | null } };
};
const views = (kind: string, customer: TestUser) =>
  executeRows<{ staff_id: string }>(
    t.db,
    sql`SELECT staff_id FROM staff_audit_log WHERE kind = ${kind} AND customer_id = ${customer.id} AND staff_id = ${support.id}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  support = await staffMember(t, admin, 'support');
  people = await customerWithPayments(t);
});
afterAll(() => t?.close());

describe('finding customers', () => {
  it('by phone number, typed in the local form', async () => {
    const r = await search(people.customer.phone);
    expect(r.data.map((c) => [c.id, c.matchedBy])).toEqual([[people.customer.id, 'phone']]);
  });

  it('by email', async () => {
    const r = await search(people.customer.email.toUpperCase());
    expect(r.data[0]).toMatchObject({ id: people.customer.id, matchedBy: 'email' });
  });

  it('by name, every word typed', async () => {
    const r = await search('ngozi adeb', '&limit=50');
    expect(r.data.map((c) => c.id)).toContain(people.customer.id);
    expect(r.data.every((c) => c.matchedBy === 'name')).toBe(true);
  });

  it('by virtual account number', async () => {
    const va = await t.app.inject({ method: 'GET', url: '/api/wallet/virtual-account', headers: auth(people.customer) });
    const number = (json(va).data as { accountNumber: string }).accountNumber;
    const r = await search(number);
    expect(r.data.map((c) => [c.id, c.matchedBy])).toEqual([[people.customer.id, 'accountNumber']]);
  });

  it('by transaction reference: both people of a send-money', async () => {
    const r = await search(people.send);
    expect(r.data.map((c) => c.id).sort()).toEqual([people.customer.id, people.other.id].sort());
    expect(r.data.every((c) => c.matchedBy === 'reference')).toBe(true);
  });

  it('a page at a time', async () => {
    const first = await search('ngozi', '&limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.pagination.total).toBeGreaterThan(1);
    expect(first.pagination.next).toEqual({ page: 2 });
    const second = await search('ngozi', '&limit=1&page=2');
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
  });

  it('refuses a search of one character (400)', async () => {
    const res = await get('/customers?q=a');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Enter at least 2 characters');
  });

  it('logs every search with what was typed', async () => {
    await search(people.customer.email);
    const [last] = await executeRows<{ detail: { q: string } }>(
      t.db,
      sql`SELECT detail FROM staff_audit_log WHERE kind = 'customer.search' AND staff_id = ${support.id} ORDER BY seq DESC LIMIT 1`,
    );
    expect(last!.detail.q).toBe(people.customer.email);
  });
});

describe("a customer's record", () => {
  it('shows the profile, balances, notes and money requests, and logs the view', async () => {
    const before = (await views('customer.view', people.customer)).length;
    const res = await get(`/customers/${people.customer.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      profile: { id: people.customer.id, email: people.customer.email, phoneVerified: true },
      balances: { wallet: 500_000 - 10_000 - 20_000, savings: 0 },
      notes: [],
      moneyRequests: [],
    });
    expect((await views('customer.view', people.customer)).length).toBe(before + 1);
  });

  it('shows the KYC tier and whether the BVN and NIN are verified, never the numbers', async () => {
    const tier1 = await newUser(t.app, { kycTier: '1' });
    const one = json(await get(`/customers/${tier1.id}`)).data as { kyc: unknown };
    expect(one.kyc).toEqual({ tier: 1, bvnVerified: false, ninVerified: false, tier3: 'none' });
    const tier2 = await newUser(t.app);
    const res = await get(`/customers/${tier2.id}`);
    expect((json(res).data as { kyc: unknown }).kyc).toEqual({ tier: 2, bvnVerified: true, ninVerified: true, tier3: 'none' });
    // The numbers (even their last digits) are not in the record.
    expect(res.body).not.toMatch(/bvnLast3|ninLast3|masked|\*\*\*/);
  });

  it("shows the customer's devices, the most recently used first, signed in or out", async () => {
    const u = await newUser(t.app);
    const token = await logInOnNewDevice(t.app, u, { 'x-device-id': 'device-tecno-spark-0001', 'x-device-name': 'Chrome on Android' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/devices', headers: { authorization: `Bearer ${token}` } });
    const id = (json(mine).data as { id: string; label: string }[]).find((d) => d.label === 'Chrome on Android')!.id;
    const before = (json(await get(`/customers/${u.id}`)).data as { devices: { id: string }[] }).devices;
    expect(before[0]).toMatchObject({ id, label: 'Chrome on Android', confirmed: true, signedOutAt: null });
    await t.app.inject({ method: 'DELETE', url: `/api/user/devices/${id}`, headers: auth(u) });
    const after = (json(await get(`/customers/${u.id}`)).data as { devices: { id: string; signedOutAt: string | null }[] }).devices;
    expect(after.find((d) => d.id === id)!.signedOutAt).not.toBeNull();
  });

  it('shows the history a page at a time, and logs it', async () => {
    const res = await get(`/customers/${people.customer.id}/history?limit=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { reference: string }[]; pagination: { total: number } };
    expect(body.data.map((h) => h.reference)).toEqual([people.send, people.airtime]);
    expect(body.pagination.total).toBe(3);
    expect((await views('customer.history', people.customer)).length).toBeGreaterThan(0);
  });

  it('keeps notes by staff, newest first, with their author', async () => {
    const add = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/customers/${people.customer.id}/notes`,
        headers: staffAuth(support),
        payload: { text },
      });
    expect((await add('Called about a missing airtime top-up')).statusCode).toBe(201);
    expect((await add('Refund requested')).statusCode).toBe(201);
    const res = await get(`/customers/${people.customer.id}/notes`);
    expect((json(res).data as { text: string; staffName: string }[]).map((n) => [n.text, n.staffName])).toEqual([
      ['Refund requested', support.name],
      ['Called about a missing airtime top-up', support.name],
    ]);
  });

  it('refuses an empty note (400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${people.customer.id}/notes`,
      headers: staffAuth(support),
      payload: { text: '   ' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for someone who is not a customer, and logs no view', async () => {
    const id = '01890000-0000-7000-8000-000000000000';
    const res = await get(`/customers/${id}`);
    expect(res.statusCode).toBe(404);
    expect(await executeRows(t.db, sql`SELECT 1 FROM staff_audit_log WHERE customer_id = ${id}`)).toEqual([]);
  });
});
