import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/index.js';
import { idempotencyKeys } from '../platform/tables.js';
import { paymentIntents, transactions } from '../services/transaction/index.js';
import { GOOD_CARD, procProduct, procUser, ServerProcess, type ProcUser, type Reply } from './server-process.js';

/**
 * Each kind of money call, with the real server process killed (SIGKILL) at a point in the middle
 * of it, then started again and the call retried with the same Idempotency-Key: the retry must
 * reach the payment's true outcome, once, never "in progress" for ever.
 */
let s: ServerProcess;
let u: ProcUser;
let airtime: { billerId: string; billerGroupId: string };

const PIN = { transactionPin: '2580' };
const keyed = (key: string) => ({ ...PIN, 'idempotency-key': key });
const balances = async () =>
  (await s.must('GET', '/api/wallet/wallet-balances', { token: u.token })).body.data as {
    walletBalance: number;
    savingsBalance: number;
    lockedBalance: number;
  };

/**
 * Has the server die at `point` during `call` (which gets no answer), then starts it again, armed
 * for the next test's point (`then`): the retry and the next test's set-up reach no crash point, and
 * each test costs one restart.
 */
async function crashDuring(point: string, call: () => Promise<Reply | null>, then?: string): Promise<void> {
  if (armed !== point) {
    await s.kill();
    await s.start({ OWO_CRASH_AT: point });
  }
  const r = await call();
  expect(r, `the server answered instead of dying at ${point}: ${JSON.stringify(r?.body)}`).toBeNull();
  await s.ended();
  await s.start(then ? { OWO_CRASH_AT: then } : {});
  armed = then;
}
let armed: string | undefined;

/** The retry's answer, and a second retry that must be the same answer again. */
async function retried(call: () => Promise<Reply | null>): Promise<Reply> {
  const first = (await call())!;
  const again = (await call())!;
  expect(first.status).not.toBe(409);
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  return first;
}

beforeAll(async () => {
  s = new ServerProcess({ PAYOUT_RECONCILE_SECONDS: '3600', SCHEDULER_SECONDS: '3600', LOAN_MIN_ACCOUNT_DAYS: '0' });
  await s.start();
  u = await procUser(s);
  const funded = await s.must('POST', '/api/wallet/fund/card', { token: u.token, body: { amount: 5_000_000, card: GOOD_CARD } });
  expect(funded.status).toBe(200);
  airtime = (
    (await s.must('GET', '/api/bills/bills/airtime-providers', { token: u.token })).body.data as {
      billerId: string;
      billerGroupId: string;
    }[]
  )[0]!;
}, 400_000);

afterAll(async () => {
  await s.kill();
  const database = await s.openDb();
  try {
    // No key is left without its answer, no payment is left waiting, and the ledger holds.
    expect(await database.db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.statusCode))).toEqual([]);
    expect(
      await database.db.select({ reference: paymentIntents.reference }).from(paymentIntents).where(eq(paymentIntents.status, 'processing')),
    ).toEqual([]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  } finally {
    await database.close();
    await s.dispose();
  }
}, 120_000);

async function historyRows(reference: string) {
  const database = s.databaseUrl ? await s.openDb() : null;
  if (!database) return null;
  try {
    return await database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, u.id), eq(transactions.reference, reference)));
  } finally {
    await database.close();
  }
}

// Each test restarts the server once or more: a cold start is slow on a busy machine.
describe('a money call whose server is killed in the middle, retried with its Idempotency-Key', { timeout: 400_000 }, () => {
  it.each([
    ['payment.started', 'payment.called'],
    ['payment.called', 'payment.called'],
  ])('wallet-to-bank, killed at %s: the retry settles it with the bank and answers once', async (point, then) => {
    const before = (await balances()).walletBalance;
    const preview = await s.must('POST', '/api/wallet/initiate', {
      token: u.token,
      body: { bankCode: '058', accountNumber: '0123456789', amount: 100_000, narration: 'Rent' },
    });
    const { reference, total } = preview.body.data as { reference: string; total: number };
    const complete = () =>
      s.call('POST', '/api/wallet/complete', { token: u.token, body: { reference }, headers: keyed(`bank-${reference}`) });
    await crashDuring(point, complete, then);
    const r = await retried(complete);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ reference, status: 'successful', total });
    expect((await balances()).walletBalance).toBe(before - total);
    const rows = await historyRows(reference);
    if (rows) expect(rows.map((h) => [h.direction, h.status])).toEqual([['debit', 'successful']]);
  });

  it('an airtime purchase, killed after the vend: the retry records it once', async () => {
    const before = (await balances()).walletBalance;
    const preview = await s.must('POST', '/api/transaction/api/v1/initiate', {
      token: u.token,
      body: { type: 'airtime', ...airtime, customerNumber: '08031234567', amount: 20_000 },
    });
    expect(preview.status).toBe(200);
    const { reference } = preview.body.data as { reference: string };
    const complete = () =>
      s.call('POST', '/api/transaction/api/v1/complete', { token: u.token, body: { reference }, headers: keyed(`bill-${reference}`) });
    await crashDuring('payment.called', complete, 'payment.called');
    const r = await retried(complete);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ reference, type: 'airtime', status: 'successful', total: 20_000 });
    expect((await balances()).walletBalance).toBe(before - 20_000);
  });

  it('card funding, killed after the charge: the retry credits the wallet once', async () => {
    const before = (await balances()).walletBalance;
    const fund = () =>
      s.call('POST', '/api/wallet/fund/card', {
        token: u.token,
        body: { amount: 300_000, card: GOOD_CARD },
        headers: { 'idempotency-key': 'fund-card-after-charge' },
      });
    await crashDuring('payment.called', fund, 'payment.started');
    const r = await retried(fund);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ amount: 300_000, status: 'successful' });
    expect((await balances()).walletBalance).toBe(before + 300_000);
  });

  it('card funding, killed before the charge: the retry says nothing was charged and credits nothing', async () => {
    const before = (await balances()).walletBalance;
    const fund = () =>
      s.call('POST', '/api/wallet/fund/card', {
        token: u.token,
        body: { amount: 200_000, card: GOOD_CARD },
        headers: { 'idempotency-key': 'fund-card-before-charge' },
      });
    await crashDuring('payment.started', fund, 'payment.called');
    const r = await retried(fund);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The payment did not reach your bank. You were not charged.');
    expect((await balances()).walletBalance).toBe(before);
  });

  it('bank funding (direct debit), killed after the debit: the retry credits the wallet once', async () => {
    const before = (await balances()).walletBalance;
    const fund = () =>
      s.call('POST', '/api/wallet/fund/bank', {
        token: u.token,
        body: { amount: 150_000, bankCode: '058', accountNumber: '0123456789' },
        headers: { 'idempotency-key': 'fund-bank-after-debit' },
      });
    // Restarted unarmed: the next test creates its savings target through the same commit point.
    await crashDuring('payment.called', fund);
    const r = await retried(fund);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ amount: 150_000, status: 'successful' });
    expect((await balances()).walletBalance).toBe(before + 150_000);
  });

  it('a savings top-up, killed after it committed: the retry replays the answer and saves once', async () => {
    const target = await s.must('POST', '/api/wallet/savings-target', {
      token: u.token,
      body: { name: 'School fees', targetAmount: 1_000_000, targetDate: `${new Date().getUTCFullYear() + 1}-06-30` },
    });
    const { id } = target.body.data as { id: string };
    const before = await balances();
    const topUp = () =>
      s.call('POST', '/api/wallet/savings-target/top-up', {
        token: u.token,
        body: { targetId: id, amount: 50_000 },
        headers: keyed('savings-top-up-1'),
      });
    await crashDuring('idempotency.committed', topUp, 'idempotency.committed');
    const r = await retried(topUp);
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
    expect(r.body.data).toMatchObject({ id, savedAmount: 50_000 });
    expect(await balances()).toMatchObject({
      walletBalance: before.walletBalance - 50_000,
      savingsBalance: before.savingsBalance + 50_000,
    });
  });

  it('a locked fund, killed after it committed: the retry replays the answer and locks once', async () => {
    const before = await balances();
    const lock = () =>
      s.call('POST', '/api/wallet/lockedfund', {
        token: u.token,
        body: { amount: 60_000, durationDays: 30, title: 'Rainy day' },
        headers: keyed('locked-fund-1'),
      });
    // Restarted unarmed: the next test applies for its loan through the same commit point.
    await crashDuring('idempotency.committed', lock);
    const r = await retried(lock);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ amount: 60_000, title: 'Rainy day' });
    expect(await balances()).toMatchObject({ walletBalance: before.walletBalance - 60_000, lockedBalance: before.lockedBalance + 60_000 });
  });

  it('a loan repayment, killed after it committed: the retry replays the answer and repays once', async () => {
    const loan = await s.must('POST', '/api/wallet/e-comm/api/loan/create', {
      token: u.token,
      body: { loanTypeId: 'quick', amount: 100_000 },
    });
    expect(loan.status).toBe(201);
    const { id } = loan.body.data as { id: string };
    const before = (await balances()).walletBalance;
    const repay = () =>
      s.call('POST', `/api/wallet/e-comm/api/loan/${id}/repay`, {
        token: u.token,
        body: { amount: 20_000 },
        headers: keyed('loan-repay-1'),
      });
    await crashDuring('idempotency.committed', repay);
    const r = await retried(repay);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, repaid: 20_000 });
    expect((await balances()).walletBalance).toBe(before - 20_000);
  });
  it('a marketplace order, killed after it committed: the retry replays the answer, pays into escrow once and takes the stock once', async () => {
    const seller = await procUser(s);
    const E = '/api/ecommerce';
    const { shopId, productId } = await procProduct(s, seller, { name: 'Ofada Rice 10kg', price: 100_000, stock: 3 });
    const item = await s.must('POST', `${E}/api/cart`, { token: u.token, body: { productId, quantity: 1 } });
    const address = await s.must('POST', `${E}/api/user-saved-address`, {
      token: u.token,
      body: { stateId: 'lagos', lgaId: 'surulere', street: '5 Bode Thomas Street', phone: '08035550000', latitude: 6.5, longitude: 3.36 },
    });
    expect([item.status, address.status], JSON.stringify([item.body, address.body])).toEqual([200, 201]);
    const before = (await balances()).walletBalance;
    const order = () =>
      s.call('POST', `${E}/api/order/initiate`, {
        token: u.token,
        body: { cartItemIds: [(item.body.data as { id: string }).id], addressId: (address.body.data as { id: string }).id },
        headers: keyed('marketplace-order-1'),
      });
    // Restarted unarmed: the order's steps below (without keys) commit through the same point.
    await crashDuring('idempotency.committed', order);
    const r = await retried(order);
    expect(r.status).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
    const [placed] = r.body.data as { id: string; total: number; status: string }[];
    expect(placed).toMatchObject({ status: 'paid' });
    expect((await balances()).walletBalance).toBe(before - placed!.total);
    const p = await s.must('GET', `${E}/api/product/my-single-shop-product/${shopId}/${productId}`, { token: seller.token });
    expect((p.body.data as { stock: number }).stock).toBe(2);

    // The seller is paid (less the 2.5% commission) when the shopper confirms, then moves money to the main wallet.
    for (const step of ['accept', 'ship', 'deliver']) {
      const moved = await s.must('PUT', `${E}/api/order/${placed!.id}/${step}`, { token: seller.token, body: {} });
      expect(moved.status, `${step}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    const confirmed = await s.must('PUT', `${E}/api/order/${placed!.id}/confirm`, { token: u.token, body: {} });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const move = () =>
      s.call('POST', `${E}/api/shop/business-wallet/withdraw`, {
        token: seller.token,
        body: { amount: 50_000 },
        headers: keyed('business-wallet-1'),
      });
    await crashDuring('idempotency.committed', move);
    const m = await retried(move);
    expect(m.status).toBe(200);
    expect(m.headers.get('idempotent-replayed')).toBe('true');
    expect(m.body.data).toMatchObject({ amount: 50_000, businessBalance: placed!.total - Math.floor((100_000 * 250) / 10_000) - 50_000 });
  });
});
