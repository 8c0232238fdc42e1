import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, newUser, payer, sendMoney as sendMoneyWith, type TestContext, type TestUser } from '../../test/harness.js';
import { transactions } from '../transaction/index.js';
import { consumeMoneyEvents } from './money-events.js';
import { drainPushes, pushTestApp, subscribeDevice } from './push-fixtures.js';

const fixture = pushTestApp({}, { ledgerChecked: true });
const push = fixture.push;
let t: TestContext;
beforeAll(() => {
  t = fixture.t;
});

const sendMoney = (from: TestUser, to: TestUser, amount: number) => sendMoneyWith(t.app, from, to, amount);

/** The notifications jobs' turn: money events become notifications, then the pushes go out. */
const runJobs = async () => {
  await consumeMoneyEvents(t.db);
  await drainPushes(t);
};

describe('money received', () => {
  it('pushes the amount and the sender to each device of the recipient', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await subscribeDevice(t.app, b, push.device('b-phone'));
    await subscribeDevice(t.app, b, push.device('b-laptop'));
    await sendMoney(a, b, 5_000_00 / 100);
    await runJobs();
    expect(push.received.map((r) => r.device).sort()).toEqual(['b-laptop', 'b-phone']);
    expect(push.for('b-phone')[0]!.payload).toMatchObject({ kind: 'money', title: 'You received ₦50.00', body: 'From Ngozi Adebayo' });
  });

  it('pushes nothing to the sender', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await subscribeDevice(t.app, a, push.device('a-phone'));
    await sendMoney(a, b, 1_000);
    await runJobs();
    expect(push.for('a-phone')).toHaveLength(0);
  });

  it('is notified once when the events job runs twice', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await subscribeDevice(t.app, b, push.device('b-once'));
    await sendMoney(a, b, 1_000);
    await runJobs();
    await runJobs();
    expect(push.for('b-once')).toHaveLength(1);
  });

  it('appears in the recipient’s notification centre as money', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await sendMoney(a, b, 1_000);
    await consumeMoneyEvents(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/summary', headers: auth(b) });
    expect(json(res).data).toMatchObject({ byKind: { money: 1 } });
  });
});

describe('a payment that failed and was returned', () => {
  it('pushes the amount returned to the payer', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await subscribeDevice(t.app, a, push.device('a-returned'));
    const reference = await sendMoney(a, b, 2_000);
    await consumeMoneyEvents(t.db);
    // A payout's history row turns failed when the bank returns it (wallet/bank-transfer.service.ts).
    await t.db
      .update(transactions)
      .set({ status: 'reversed' })
      .where(and(eq(transactions.reference, reference), eq(transactions.direction, 'debit')));
    await runJobs();
    expect(push.for('a-returned')[0]!.payload).toMatchObject({ kind: 'returned', title: '₦20.00 returned to your wallet' });
  });
});

describe('an electricity token delivered', () => {
  it('pushes the token', async () => {
    const [a, b] = [await payer(t.app, 100_000), await newUser(t.app)];
    await subscribeDevice(t.app, a, push.device('a-token'));
    const reference = await sendMoney(a, b, 3_000);
    await consumeMoneyEvents(t.db);
    // The bill vendor's token lands on the payment's history row (bills/bills.service.ts).
    await t.db
      .update(transactions)
      .set({ token: '1234-5678-9012-3456-7890' })
      .where(and(eq(transactions.reference, reference), eq(transactions.direction, 'debit')));
    await runJobs();
    expect(push.for('a-token')[0]!.payload).toMatchObject({ kind: 'token', body: '1234-5678-9012-3456-7890 (₦30.00)' });
  });
});
