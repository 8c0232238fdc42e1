import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { historyOf, json, type TestUser } from '../../test/harness.js';
import { consumeMoneyEvents } from './index.js';
import { centreOf, drainPushes, pushTestApp, subscribeDevice } from './push-fixtures.js';
// eslint-disable-next-line owo/service-boundaries -- the staff test kit signs staff in and makes a customer's payments through the API only
import { customerWithPayments, firstAdmin, staffAuth, staffMember, type TestStaff } from '../staff/staff-test-kit.js';

// A staff money movement (refund, manual credit, reversal), posted when a second person approves
// it, tells each person whose wallet moved in plain words: a notice in the centre, a push, and a
// history row titled for what it is. The payment history's generic events for the same rows are
// withdrawn, so nobody is told twice, and nobody else is told anything.

const fixture = pushTestApp({}, { ledgerChecked: true });
const push = fixture.push;
let support: TestStaff;
let finance: TestStaff;

beforeAll(async () => {
  const admin = await firstAdmin(fixture.t);
  support = await staffMember(fixture.t, admin, 'support', 'Sade Support');
  finance = await staffMember(fixture.t, admin, 'finance', 'Femi Finance');
});

const post = (s: TestStaff, url: string, payload?: object) =>
  fixture.t.app.inject({
    method: 'POST',
    url: `/api/staff${url}`,
    headers: staffAuth(s, { 'idempotency-key': randomUUID() }),
    ...(payload ? { payload } : {}),
  });

/** Support asks, finance approves; returns the request's reference. */
async function approved(body: object): Promise<string> {
  const asked = await post(support, '/money-requests', body);
  expect(asked.statusCode, asked.body).toBe(201);
  const { id, reference } = json(asked).data as { id: string; reference: string };
  const res = await post(finance, `/money-requests/${id}/approve`);
  expect(res.statusCode, res.body).toBe(200);
  return reference;
}

/** The notifications jobs' turn: money events become notifications, then the pushes go out. */
const runJobs = async () => {
  await consumeMoneyEvents(fixture.t.db);
  await drainPushes(fixture.t);
};

const noticesTotal = async () => (await executeRows<{ n: number }>(fixture.t.db, sql`SELECT count(*)::int AS n FROM notices`))[0]!.n;

/** A customer with an airtime payment and a send-money, whose own notices so far are cleared. */
async function customer(device: string) {
  const c = await customerWithPayments(fixture.t);
  await runJobs();
  await subscribeDevice(fixture.t.app, c.customer, push.device(device));
  await fixture.t.db.execute(sql`DELETE FROM notices WHERE user_id IN (${c.customer.id}::uuid, ${c.other.id}::uuid)`);
  return c;
}

const rowOf = async (u: TestUser, reference: string) => (await historyOf(fixture.t.app, u)).data.find((h) => h.reference === reference);

describe('a staff money movement tells the customer', () => {
  it('a refund: a notice and a push that say refund, and a history row titled "Refund from Owo"', async () => {
    const { customer: c, airtime } = await customer('refund-phone');
    const before = await noticesTotal();
    const reference = await approved({
      kind: 'refund',
      customerId: c.id,
      reference: airtime,
      amount: 10_000,
      reason: 'The airtime never arrived',
    });
    await runJobs();
    const centre = await centreOf(fixture.t.app, c);
    expect(centre).toHaveLength(1);
    expect(centre[0]).toMatchObject({
      kind: 'money.refund',
      title: 'Owo refunded ₦100.00 to your wallet',
      body: 'Refund of your airtime payment: The airtime never arrived',
      link: `/history/${reference}`,
    });
    expect(push.for('refund-phone').map((p) => p.payload)).toEqual([
      expect.objectContaining({ title: 'Owo refunded ₦100.00 to your wallet' }),
    ]);
    expect(await rowOf(c, reference)).toMatchObject({ direction: 'credit', amount: 10_000, counterparty: { name: 'Refund from Owo' } });
    // The customer's notice is the only one written: the staff who asked (and approved) get nothing.
    expect((await noticesTotal()) - before).toBe(1);
  });

  it('a manual credit: "Owo credited", once (not also "You received"), and a row titled "Credit from Owo"', async () => {
    const { customer: c } = await customer('credit-phone');
    const before = await noticesTotal();
    const reference = await approved({ kind: 'credit', customerId: c.id, amount: 2_500, reason: 'Cashback promised by phone' });
    await runJobs();
    expect((await centreOf(fixture.t.app, c)).map((n) => [n.title, n.body])).toEqual([
      ['Owo credited ₦25.00 to your wallet', 'Credit from Owo: Cashback promised by phone'],
    ]);
    expect(push.for('credit-phone')).toHaveLength(1);
    expect(await rowOf(c, reference)).toMatchObject({ type: 'funding', counterparty: { name: 'Credit from Owo' } });
    expect((await noticesTotal()) - before).toBe(1);
  });

  it('a reversal: both sides told what was reversed (never "your payment failed"), rows titled "Reversal of payment …"', async () => {
    const { customer: c, other, send } = await customer('reversal-phone');
    const before = await noticesTotal();
    const otherName = (await rowOf(c, send))!.counterparty.name;
    const payerName = (await rowOf(other, send))!.counterparty.name;
    const reference = await approved({ kind: 'reversal', customerId: c.id, reference: send, reason: 'Sent to the wrong person' });
    await runJobs();
    expect((await centreOf(fixture.t.app, c)).map((n) => [n.title, n.body])).toEqual([
      ['₦200.00 returned to your wallet', `Owo reversed your payment to ${otherName}: Sent to the wrong person`],
    ]);
    expect((await centreOf(fixture.t.app, other)).map((n) => [n.title, n.body])).toEqual([
      ['₦200.00 taken back from your wallet', `Owo reversed the payment from ${payerName}: Sent to the wrong person`],
    ]);
    expect(push.for('reversal-phone')).toHaveLength(1);
    expect(await rowOf(c, reference)).toMatchObject({ direction: 'credit', counterparty: { name: `Reversal of payment to ${otherName}` } });
    expect(await rowOf(other, reference)).toMatchObject({
      direction: 'debit',
      counterparty: { name: `Reversal of payment from ${payerName}` },
    });
    expect((await noticesTotal()) - before).toBe(2);
  });
});
