import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/index.js';
import { executeRows } from '../../platform/db.js';
import { balancesOf, createTestApp, historyOf, json, sendMoney, type TestContext, type TestUser } from '../../test/harness.js';
import { customerWithPayments, firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let support: TestStaff;
let finance: TestStaff;
let finance2: TestStaff;

const post = (s: TestStaff, url: string, payload?: object, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff${url}`,
    headers: staffAuth(s, { 'idempotency-key': key }),
    ...(payload ? { payload } : {}),
  });
const ask = (s: TestStaff, body: object, key?: string) => post(s, '/money-requests', body, key);
const approve = (s: TestStaff, id: string) => post(s, `/money-requests/${id}/approve`);
const reject = (s: TestStaff, id: string, reason?: string) =>
  post(s, `/money-requests/${id}/reject`, reason === undefined ? {} : { reason });
const requested = async (s: TestStaff, body: object) => {
  const res = await ask(s, body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as { id: string; reference: string; status: string };
};
const wallet = async (u: TestUser) => (await balancesOf(t.app, u)).walletBalance;
const count = async (q: ReturnType<typeof sql>) => (await executeRows<{ n: number }>(t.db, q))[0]!.n;
const postings = (reference: string) => count(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = ${reference}`);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  support = await staffMember(t, admin, 'support', 'Sade Support');
  finance = await staffMember(t, admin, 'finance', 'Femi Finance');
  finance2 = await staffMember(t, admin, 'finance', 'Funke Finance');
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  await t?.close();
});

describe('money with two keys', () => {
  it('a refund requested by support and approved by finance reaches the wallet, with both names in the history note', async () => {
    const { customer, airtime } = await customerWithPayments(t);
    const before = await wallet(customer);
    const r = await requested(support, {
      kind: 'refund',
      customerId: customer.id,
      reference: airtime,
      amount: 10_000,
      reason: 'The airtime never arrived',
    });
    expect(r.status).toBe('pending');
    expect(await wallet(customer)).toBe(before);

    const res = await approve(finance, r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'approved',
      requestedBy: { id: support.id, name: 'Sade Support' },
      decidedBy: { id: finance.id, name: 'Femi Finance' },
    });
    expect(await wallet(customer)).toBe(before + 10_000);
    const row = (await historyOf(t.app, customer)).data.find((h) => h.reference === r.reference);
    expect(row).toMatchObject({
      type: 'airtime',
      direction: 'credit',
      amount: 10_000,
      status: 'successful',
      counterparty: { name: 'Refund from Owo' },
    });
    expect((row as { narration?: string }).narration).toBe(
      `Refund of ${airtime}: The airtime never arrived (requested by Sade Support, approved by Femi Finance)`,
    );
  });

  it('the requester cannot approve their own request, and nothing moves', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(finance, { kind: 'credit', customerId: customer.id, amount: 5_000, reason: 'Goodwill for a slow transfer' });
    const before = await wallet(customer);
    const res = await approve(finance, r.id);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('SAME_PERSON');
    expect(await wallet(customer)).toBe(before);
    expect(await postings(r.reference)).toBe(0);
  });

  it('a second approval does nothing', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 5_000, reason: 'Goodwill for a slow transfer' });
    expect((await approve(finance, r.id)).statusCode).toBe(200);
    const after = await wallet(customer);
    const again = await approve(finance2, r.id);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'REQUEST_DECIDED', message: 'This request was already approved by Femi Finance' });
    expect(await wallet(customer)).toBe(after);
    expect(await postings(r.reference)).toBe(1);
  });

  it('two approvals at the same moment post once: one is approved, the other finds it decided', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 7_500, reason: 'Compensation for an outage' });
    const before = await wallet(customer);
    const answers = await Promise.all([approve(finance, r.id), approve(finance2, r.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await wallet(customer)).toBe(before + 7_500);
    expect(await postings(r.reference)).toBe(1);
  });

  const rejected = async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 5_000, reason: 'Asked for by the customer' });
    const res = await reject(finance, r.id, 'No payment failed on this account');
    return { r, res };
  };

  it('a rejection keeps its reason and moves nothing', async () => {
    const { r, res } = await rejected();
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'No payment failed on this account',
      decidedBy: { id: finance.id },
    });
    expect(await postings(r.reference)).toBe(0);
  });

  it('an approval after a rejection is refused (409) and moves nothing', async () => {
    const { r } = await rejected();
    expect((await approve(finance2, r.id)).statusCode).toBe(409);
    expect(await postings(r.reference)).toBe(0);
  });

  it('a rejection needs a reason (400)', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 5_000, reason: 'Asked for by the customer' });
    const res = await reject(finance, r.id);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('reason is required');
  });

  it('refunds of one payment cannot add up to more than it took', async () => {
    const { customer, airtime } = await customerWithPayments(t);
    await requested(support, {
      kind: 'refund',
      customerId: customer.id,
      reference: airtime,
      amount: 6_000,
      reason: 'Part of the airtime failed',
    });
    const res = await ask(support, {
      kind: 'refund',
      customerId: customer.id,
      reference: airtime,
      amount: 5_000,
      reason: 'The rest of it',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'REFUND_TOO_LARGE', message: 'At most ₦40.00 of this payment is left to refund' });
  });

  it("refuses a refund of another customer's payment (404)", async () => {
    const a = await customerWithPayments(t);
    const b = await customerWithPayments(t);
    const res = await ask(support, {
      kind: 'refund',
      customerId: a.customer.id,
      reference: b.airtime,
      amount: 1_000,
      reason: 'Wrong person',
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('TRANSACTION_NOT_FOUND');
  });

  it('a manual credit comes from the adjustments account and shows as funding from Owo', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 2_500, reason: 'Cashback promised by phone' });
    expect((await approve(finance, r.id)).statusCode).toBe(200);
    const [leg] = await executeRows<{ code: string; kind: string }>(
      t.db,
      sql`SELECT a.code, t.kind FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id WHERE t.reference = ${r.reference}`,
    );
    expect(leg).toEqual({ code: 'adjustments', kind: 'staff.credit' });
    expect((await historyOf(t.app, customer)).data.find((h) => h.reference === r.reference)).toMatchObject({
      type: 'funding',
      direction: 'credit',
    });
  });

  it("a reversal of a send-money takes it back from the recipient and marks the payment's rows reversed", async () => {
    const { customer, other, send } = await customerWithPayments(t);
    const [senderBefore, recipientBefore] = [await wallet(customer), await wallet(other)];
    const r = await requested(support, { kind: 'reversal', customerId: customer.id, reference: send, reason: 'Sent to the wrong person' });
    expect(json(await approve(finance, r.id)).data).toMatchObject({ status: 'approved', amount: 20_000 });
    expect(await wallet(customer)).toBe(senderBefore + 20_000);
    expect(await wallet(other)).toBe(recipientBefore - 20_000);
    const senderRows = (await historyOf(t.app, customer)).data;
    expect(senderRows.find((h) => h.reference === send)?.status).toBe('reversed');
    expect(senderRows.find((h) => h.reference === r.reference)).toMatchObject({ direction: 'credit', amount: 20_000, type: 'sendMoney' });
    expect((await historyOf(t.app, other)).data.find((h) => h.reference === r.reference)).toMatchObject({
      direction: 'debit',
      amount: 20_000,
    });
  });

  it('a payment is reversed once: a second request is refused (409)', async () => {
    const { customer, send } = await customerWithPayments(t);
    await requested(support, { kind: 'reversal', customerId: customer.id, reference: send, reason: 'Sent to the wrong person' });
    const res = await ask(finance, { kind: 'reversal', customerId: customer.id, reference: send, reason: 'Sent to the wrong person' });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('ALREADY_REVERSED');
  });

  it('a reversal whose recipient spent the money is refused at approval (422) and stays pending', async () => {
    const { customer, other, send } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'reversal', customerId: customer.id, reference: send, reason: 'Sent to the wrong person' });
    // The recipient spends ₦150 of the ₦200 first.
    await sendMoney(t.app, other, customer, 15_000);
    const res = await approve(finance, r.id);
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('REVERSAL_SHORT');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/staff/money-requests/${r.id}`, headers: staffAuth(finance) })).json(),
    ).toMatchObject({
      data: { status: 'pending' },
    });
  });

  it('the same Idempotency-Key makes one request', async () => {
    const { customer } = await customerWithPayments(t);
    const key = randomUUID();
    const body = { kind: 'credit', customerId: customer.id, amount: 1_000, reason: 'Goodwill for the wait' };
    const [a, b] = [await ask(support, body, key), await ask(support, body, key)];
    expect(json(b).data).toEqual(json(a).data);
    expect(await count(sql`SELECT count(*)::int AS n FROM staff_money_requests WHERE customer_id = ${customer.id}`)).toBe(1);
  });

  it('an approval is in the audit log with the customer, the request and its amount', async () => {
    const { customer } = await customerWithPayments(t);
    const r = await requested(support, { kind: 'credit', customerId: customer.id, amount: 3_000, reason: 'Goodwill for the wait' });
    await approve(finance2, r.id);
    const entries = await executeRows<{ kind: string; staff_id: string; subject: string; detail: { amount: number } }>(
      t.db,
      sql`SELECT kind, staff_id, subject, detail FROM staff_audit_log WHERE customer_id = ${customer.id} ORDER BY seq`,
    );
    expect(entries.map((e) => [e.kind, e.staff_id, e.subject, e.detail.amount])).toEqual([
      ['money.request', support.id, r.id, 3_000],
      ['money.approve', finance2.id, r.id, 3_000],
    ]);
  });
});
