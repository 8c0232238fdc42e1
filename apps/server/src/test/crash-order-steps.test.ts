import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger/index.js';
import { idempotencyKeys } from '../platform/tables.js';
import { GOOD_CARD, procProduct, procUser, ServerProcess, type ProcUser, type Reply } from './server-process.js';

/**
 * Each step of an order, and a savings withdrawal, with the real server process killed (SIGKILL)
 * right after the step's transaction committed and before it answered; started again, the retry
 * with the same Idempotency-Key gets the step's own answer (replayed), and the step happened once.
 *
 * Every call through the platform's one-transaction helper passes the crash point, keyed or not,
 * so all set-up is done first with the server unarmed; then each crash restarts it armed for the
 * next, and the retries (replays) reach no crash point.
 */
const E = '/api/ecommerce';
const POINT = 'idempotency.committed';
/** A test's time for each restart of the server it makes (a cold start is slow on a busy machine). */
const RESTART_MS = 200_000;
let s: ServerProcess;
let shopper: ProcUser;
let seller: ProcUser;
const orders: Record<'chain' | 'declined' | 'cancelled' | 'disputed', Placed> = {} as never;
let target: { id: string };
type Placed = { id: string; total: number; commission: number; reference: string };

const PIN = { transactionPin: '2580' };
const keyHeader = (key: string) => ({ 'idempotency-key': key });
const balances = async (u: ProcUser) =>
  (await s.must('GET', '/api/wallet/wallet-balances', { token: u.token })).body.data as {
    walletBalance: number;
    savingsBalance: number;
    businessWalletBalance: number;
  };

/** Has the server die after `call` committed (it gets no answer), then starts it again armed. */
async function crashAfterCommit(call: () => Promise<Reply | null>): Promise<void> {
  const r = await call();
  expect(r, `the server answered instead of dying after the commit: ${JSON.stringify(r?.body)}`).toBeNull();
  await s.ended();
  await s.start({ OWO_CRASH_AT: POINT });
}

/** The retry's answer: the step's own, replayed; a second retry is the same again. */
async function replayed(call: () => Promise<Reply | null>): Promise<Reply> {
  const first = (await call())!;
  const again = (await call())!;
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.headers.get('idempotent-replayed')).toBe('true');
  expect(again.status).toBe(200);
  expect(again.body).toEqual(first.body);
  return first;
}

const step = (u: ProcUser, order: Placed, action: string, key: string, body?: object) => () =>
  s.call('PUT', `${E}/api/order/${order.id}/${action}`, { token: u.token, body, headers: keyHeader(key) });

async function placeOrder(productId: string, addressId: string): Promise<Placed> {
  const item = await s.must('POST', `${E}/api/cart`, { token: shopper.token, body: { productId, quantity: 1 } });
  expect(item.status, JSON.stringify(item.body)).toBe(200);
  const placed = await s.must('POST', `${E}/api/order/initiate`, {
    token: shopper.token,
    body: { cartItemIds: [(item.body.data as { id: string }).id], addressId },
    headers: PIN,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return (placed.body.data as Placed[])[0]!;
}

async function unkeyed(u: ProcUser, order: Placed, action: string, body?: object) {
  const r = await s.must('PUT', `${E}/api/order/${order.id}/${action}`, { token: u.token, body });
  expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBe(200);
}

beforeAll(async () => {
  s = new ServerProcess({ PAYOUT_RECONCILE_SECONDS: '3600', SCHEDULER_SECONDS: '3600', ORDER_COMMISSION_BPS: '250' });
  await s.start();
  [shopper, seller] = [await procUser(s), await procUser(s)];
  const funded = await s.must('POST', '/api/wallet/fund/card', { token: shopper.token, body: { amount: 5_000_000, card: GOOD_CARD } });
  expect(funded.status).toBe(200);
  const { productId } = await procProduct(s, seller, { name: 'Ofada Rice 10kg', price: 100_000, stock: 10 });
  const address = await s.must('POST', `${E}/api/user-saved-address`, {
    token: shopper.token,
    body: { stateId: 'lagos', lgaId: 'surulere', street: '5 Bode Thomas Street', phone: '08035550000', latitude: 6.5, longitude: 3.36 },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(201);
  const addressId = (address.body.data as { id: string }).id;
  for (const k of ['chain', 'declined', 'cancelled', 'disputed'] as const) orders[k] = await placeOrder(productId, addressId);
  await unkeyed(seller, orders.disputed, 'accept');
  await unkeyed(seller, orders.disputed, 'ship', { note: 'GIG 7' });

  const created = await s.must('POST', '/api/wallet/savings-target', {
    token: shopper.token,
    body: { name: 'School fees', targetAmount: 1_000_000, targetDate: `${new Date().getUTCFullYear() + 1}-06-30` },
  });
  target = created.body.data as { id: string };
  const top = await s.must('POST', '/api/wallet/savings-target/top-up', {
    token: shopper.token,
    body: { targetId: target.id, amount: 80_000 },
    headers: PIN,
  });
  expect(top.status, JSON.stringify(top.body)).toBe(200);

  // Armed from here on: every keyed step below is killed right after its commit.
  await s.kill();
  await s.start({ OWO_CRASH_AT: POINT });
}, 400_000);

afterAll(async () => {
  await s.kill();
  const database = await s.openDb();
  try {
    // No key is left without its answer, and the ledger holds.
    expect(await database.db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.statusCode))).toEqual([]);
    expect((await checkLedger(database.db)).ok).toBe(true);
  } finally {
    await database.close();
    await s.dispose();
  }
}, 120_000);

describe('an order step whose server is killed after it committed, retried with its Idempotency-Key', () => {
  let sellerBusinessBefore: number;
  beforeAll(async () => {
    sellerBusinessBefore = (await balances(seller)).businessWalletBalance;
  });

  // One order taken through its chain: each step below runs on the order the step before it moved.
  it.each([
    ['accept', 'seller', 'accepted', undefined],
    ['ship', 'seller', 'shipped', { note: 'GIG 42' }],
    ['deliver', 'seller', 'delivered', undefined],
    ['confirm', 'shopper', 'completed', undefined],
  ] as const)(
    '%s: the retry after the crash gets the step’s answer',
    async (action, by, status, body) => {
      const o = orders.chain;
      const call = step(by === 'seller' ? seller : shopper, o, action, `crash-${action}-1`, body);
      await crashAfterCommit(call);
      const r = await replayed(call);
      expect(r.body).toMatchObject({ status: true, data: { id: o.id, status } });
    },
    RESTART_MS,
  );

  it('after the chain, the order holds each step once', async () => {
    const o = orders.chain;
    const order = (await s.must('GET', `${E}/api/order/${o.id}`, { token: shopper.token })).body.data as {
      timeline: { status: string }[];
      note: string;
    };
    expect(order.timeline.map((t) => t.status)).toEqual(['paid', 'accepted', 'shipped', 'delivered', 'completed']);
    expect(order.note).toBe('GIG 42');
  });

  it('after the chain, the seller is paid once', async () => {
    const o = orders.chain;
    expect((await balances(seller)).businessWalletBalance).toBe(sellerBusinessBefore + o.total - o.commission);
  });

  it.each([
    ['decline', 'declined', 'Order declined and refunded'],
    ['cancel', 'cancelled', 'Order cancelled and refunded'],
  ] as const)(
    '%s: the retry gets its answer and the shopper is refunded once',
    async (action, status, message) => {
      const o = orders[status];
      const before = (await balances(shopper)).walletBalance;
      const call = step(action === 'decline' ? seller : shopper, o, action, `crash-${action}-1`);
      await crashAfterCommit(call);
      const r = await replayed(call);
      expect(r.body).toMatchObject({ message, data: { id: o.id, status } });
      expect((await balances(shopper)).walletBalance).toBe(before + o.total);
    },
    RESTART_MS,
  );

  it(
    'dispute, then refund: each retry gets its answer and the shopper is refunded once',
    async () => {
      const o = orders.disputed;
      const dispute = step(shopper, o, 'dispute', 'crash-dispute-1', { reason: 'Torn bag' });
      await crashAfterCommit(dispute);
      expect((await replayed(dispute)).body).toMatchObject({ data: { status: 'disputed', disputeReason: 'Torn bag' } });

      const before = (await balances(shopper)).walletBalance;
      const refund = step(seller, o, 'refund', 'crash-refund-1');
      await crashAfterCommit(refund);
      expect((await replayed(refund)).body).toMatchObject({ message: 'Order refunded', data: { status: 'refunded' } });
      expect((await balances(shopper)).walletBalance).toBe(before + o.total);
    },
    2 * RESTART_MS,
  );

  it(
    'a savings withdrawal: the retry gets its answer and the money moves once',
    async () => {
      const before = await balances(shopper);
      const call = () =>
        s.call('PATCH', `/api/wallet/savingtarget/withdraw/${target.id}`, {
          token: shopper.token,
          body: { amount: 30_000 },
          headers: keyHeader('crash-savings-withdraw-1'),
        });
      await crashAfterCommit(call);
      const r = await replayed(call);
      expect(r.body).toMatchObject({ message: 'Withdrawn to your wallet', data: { id: target.id, savedAmount: 50_000, status: 'active' } });
      expect(await balances(shopper)).toMatchObject({
        walletBalance: before.walletBalance + 30_000,
        savingsBalance: before.savingsBalance - 30_000,
      });
    },
    RESTART_MS,
  );
});
