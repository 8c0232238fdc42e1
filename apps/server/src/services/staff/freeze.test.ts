import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, payer, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import { customerWithPayments, firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let support: TestStaff;
let compliance: TestStaff;

const post = (s: TestStaff, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/staff${url}`, headers: staffAuth(s, { 'idempotency-key': randomUUID() }), payload });
const freeze = (s: TestStaff, id: string, reason = 'We are checking a card payment made from your account') =>
  post(s, `/customers/${id}/freeze`, { reason });
const unfreeze = (s: TestStaff, id: string) => post(s, `/customers/${id}/unfreeze`, { reason: 'The card payment checked out' });
const count = async (q: ReturnType<typeof sql>) => (await executeRows<{ n: number }>(t.db, q))[0]!.n;

/** Starts a ₦10 send-money and completes it with the PIN: the completion's answer. */
async function sendTen(from: TestUser, to: TestUser) {
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/initiate',
    headers: auth(from),
    payload: { type: 'sendMoney', recipientId: to.id, amount: 1_000 },
  });
  expect(init.statusCode, init.body).toBe(200);
  const reference = (json(init).data as { reference: string }).reference;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/complete',
    headers: auth(from, { transactionPin: TEST_PIN }),
    payload: { reference },
  });
  return { done, reference };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  support = await staffMember(t, admin, 'support', 'Sade Support');
  compliance = await staffMember(t, admin, 'compliance', 'Chidi Compliance');
});
afterAll(async () => {
  await t?.close();
});

describe('freezing an account', () => {
  it('a frozen account is refused a PIN payment with the reason and how to reach support, and nothing moves', async () => {
    const customer = await payer(t.app, 100_000);
    const other = await payer(t.app, 0);
    expect((await freeze(support, customer.id)).statusCode).toBe(200);
    const { done, reference } = await sendTen(customer, other);
    expect(done.statusCode).toBe(403);
    expect(json(done)).toMatchObject({
      code: 'ACCOUNT_FROZEN',
      message:
        "Your account is frozen: We are checking a card payment made from your account. You can't send or pay until it is unfrozen. Contact Owo support from Help in the app, or at support@owo.ng.",
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = ${reference}`)).toBe(0);
  });

  it('a PIN verified just before the freeze does not let a payment through afterwards', async () => {
    const { customer, other } = await customerWithPayments(t);
    expect((await sendTen(customer, other)).done.statusCode).toBe(200);
    expect((await freeze(compliance, customer.id)).statusCode).toBe(200);
    const { done, reference } = await sendTen(customer, other);
    expect(json(done)).toMatchObject({ code: 'ACCOUNT_FROZEN' });
    expect(await count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = ${reference}`)).toBe(0);
  });

  it('the customer reads the reason at their freeze call', async () => {
    const customer = await payer(t.app, 0);
    await freeze(support, customer.id, 'Your identity documents need checking');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/freeze', headers: auth(customer) });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ frozen: true, reason: 'Your identity documents need checking' });
  });

  it('the customer is sent a notice with the reason', async () => {
    const customer = await payer(t.app, 0);
    await freeze(support, customer.id, 'Your identity documents need checking');
    const [n] = await executeRows<{ title: string; body: string }>(
      t.db,
      sql`SELECT title, body FROM notices WHERE user_id = ${customer.id} AND kind = 'account.frozen'`,
    );
    expect(n).toMatchObject({ title: 'Your account is frozen' });
    expect(n!.body).toContain('Your identity documents need checking');
  });

  it('the freeze and the unfreeze are in the audit log with their reasons', async () => {
    const customer = await payer(t.app, 0);
    await freeze(support, customer.id);
    await unfreeze(compliance, customer.id);
    const rows = await executeRows<{ kind: string; staff_id: string }>(
      t.db,
      sql`SELECT kind, staff_id FROM staff_audit_log WHERE customer_id = ${customer.id} ORDER BY seq`,
    );
    expect(rows).toEqual([
      { kind: 'account.freeze', staff_id: support.id },
      { kind: 'account.unfreeze', staff_id: compliance.id },
    ]);
  });

  it("the customer's record shows the freeze to staff", async () => {
    const customer = await payer(t.app, 0);
    await freeze(support, customer.id, 'Checking a card payment');
    const res = await t.app.inject({ method: 'GET', url: `/api/staff/customers/${customer.id}`, headers: staffAuth(support) });
    expect(json(res).data).toMatchObject({ freeze: { reason: 'Checking a card payment' } });
  });
});

describe('unfreezing an account', () => {
  it('an unfrozen account can pay again', async () => {
    const customer = await payer(t.app, 100_000);
    const other = await payer(t.app, 0);
    await freeze(support, customer.id);
    expect((await unfreeze(support, customer.id)).statusCode).toBe(200);
    expect((await sendTen(customer, other)).done.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/freeze', headers: auth(customer) });
    expect(json(res).data).toMatchObject({ frozen: false, reason: null });
  });

  it('unfreezing an account that is not frozen answers 409', async () => {
    const customer = await payer(t.app, 0);
    const res = await unfreeze(support, customer.id);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'NOT_FROZEN' });
  });
});

describe('freezing refusals', () => {
  it('a freeze without a reason answers 400 and freezes nothing', async () => {
    const customer = await payer(t.app, 0);
    const res = await post(support, `/customers/${customer.id}/freeze`, { reason: '' });
    expect(res.statusCode).toBe(400);
    expect(await count(sql`SELECT count(*)::int AS n FROM account_freezes WHERE user_id = ${customer.id}`)).toBe(0);
  });

  it('freezing someone who is not a customer answers 404', async () => {
    const res = await freeze(support, randomUUID());
    expect(res.statusCode).toBe(404);
  });
});
