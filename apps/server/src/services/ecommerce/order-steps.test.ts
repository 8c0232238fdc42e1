import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@owo/contracts';
import { balancesOf, closeCheckingLedger, createTestApp, historyOf, json, type TestContext, type TestUser } from '../../test/harness.js';
import { LAGOS, orderKit, shopCalls } from './shop-test-kit.js';

// Each step of an order with an Idempotency-Key, in one process: the retry answers as the step did
// (src/test/crash-order-steps.test.ts kills the server between the commit and the answer).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_COMMISSION_BPS: '250', ORDER_AUTO_CONFIRM_DAYS: '3' } });
});
afterAll(() => closeCheckingLedger(t));

const { call, ok } = shopCalls(() => t);
const { sellerWith, shopper, paidOrder, orderAt, disputedOrder } = orderKit(() => t);

describe('order steps with an Idempotency-Key', () => {
  type Res = Awaited<ReturnType<typeof call>>;
  const stepCall = (u: TestUser, id: string, action: string, key?: string, payload?: object) =>
    call(u, 'PUT', `/api/order/${id}/${action}`, payload, key ? { 'Idempotency-Key': key } : {});
  /** The step with a key, then the same call again: the same answer, replayed. */
  async function keyed(u: TestUser, id: string, action: string, key: string, payload?: object): Promise<Order> {
    const first = await stepCall(u, id, action, key, payload);
    expect(first.statusCode, `${action}: ${first.body}`).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await stepCall(u, id, action, key, payload);
    expect(again.statusCode, `${action} again: ${again.body}`).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    return json(first).data as Order;
  }
  const code = (r: Res) => [r.statusCode, (r.json() as { code?: string }).code];

  it.each([
    { action: 'accept', by: 'seller', after: 'paid', payload: undefined, to: 'accepted' },
    { action: 'ship', by: 'seller', after: 'accepted', payload: { note: 'GIG 42' }, to: 'shipped' },
    { action: 'deliver', by: 'seller', after: 'shipped', payload: undefined, to: 'delivered' },
    { action: 'confirm', by: 'shopper', after: 'delivered', payload: undefined, to: 'completed' },
  ] as const)('$action answers its retry with the same key with its own answer, and runs afresh without one', async (c) => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const o = await orderAt(seller, s, c.after);
    const who = c.by === 'seller' ? seller.u : s.u;
    const moved = await keyed(who, o.id, c.action, `step-${c.action}-1`, c.payload);
    expect(moved.status).toBe(c.to);
    if (c.payload) expect(moved.note).toBe(c.payload.note);
    // Without a key the step runs afresh, as before: the order is no longer where the step starts.
    expect(code(await stepCall(who, o.id, c.action, undefined, c.payload))).toEqual([409, 'ORDER_STATE']);
  });

  it('refuses a key already used for another order or another step as reused', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const [first, o] = [await paidOrder(seller, s), await paidOrder(seller, s)];
    await keyed(seller.u, o.id, 'accept', 'step-accept-1');
    expect(code(await stepCall(seller.u, first.id, 'accept', 'step-accept-1'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(code(await stepCall(seller.u, o.id, 'decline', 'step-accept-1'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('refuses a malformed key', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const o = await paidOrder(seller, await shopper());
    expect(code(await stepCall(seller.u, o.id, 'accept', 'bad key!'))).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
  });

  it('refuses a key used again with another body (another note on shipping) as reused', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const o = await orderAt(seller, await shopper(), 'accepted');
    await keyed(seller.u, o.id, 'ship', 'step-ship-1', { note: 'GIG 42' });
    expect(code(await stepCall(seller.u, o.id, 'ship', 'step-ship-1', { note: 'GIG 43' }))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('pays the seller once for a keyed confirmation, with every step on the timeline', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const o = await orderAt(seller, s, 'delivered');
    const done = await keyed(s.u, o.id, 'confirm', 'step-confirm-1');
    expect(done.timeline.map((x) => x.status)).toEqual(['paid', 'accepted', 'shipped', 'delivered', 'completed']);
    expect((await ok<Order>(s.u, 'GET', `/api/order/${o.id}`)).timeline).toHaveLength(5);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(o.total - o.commission);
  });

  it.each([
    { action: 'decline', by: 'seller', disputed: false, to: 'declined' },
    { action: 'cancel', by: 'shopper', disputed: false, to: 'cancelled' },
    { action: 'refund', by: 'seller', disputed: true, to: 'refunded' },
  ] as const)('$action answers its retry with its own answer and credits the refund once', async (c) => {
    const seller = await sellerWith(LAGOS, 10, 500_000);
    const s = await shopper();
    const wallet = async () => (await balancesOf(t.app, s.u)).walletBalance;
    const o = c.disputed ? await disputedOrder(seller, s) : await paidOrder(seller, s);
    const before = await wallet();
    const who = c.by === 'seller' ? seller.u : s.u;
    expect((await keyed(who, o.id, c.action, `step-${c.action}-1`)).status).toBe(c.to);
    expect(await wallet()).toBe(before + o.total);
    const refunds = (await historyOf(t.app, s.u)).data.filter((h) => h.reference === o.reference && h.direction === 'credit');
    expect(refunds).toHaveLength(1);
    expect(code(await stepCall(who, o.id, c.action))).toEqual([409, 'ORDER_STATE']);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(0);
  });

  it('answers a keyed dispute’s retry with its own answer, and refuses the key with another reason', async () => {
    const seller = await sellerWith(LAGOS, 10, 500_000);
    const s = await shopper();
    const o = await orderAt(seller, s, 'shipped');
    const d = await keyed(s.u, o.id, 'dispute', 'step-dispute-1', { reason: 'Torn bag' });
    expect(d).toMatchObject({ status: 'disputed', disputeReason: 'Torn bag' });
    expect(code(await stepCall(s.u, o.id, 'dispute', 'step-dispute-1', { reason: 'Wet bag' }))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('posts a review with a key once and replays the 201 to its retry', async () => {
    const seller = await sellerWith(LAGOS, 5, 300_000);
    const s = await shopper();
    const o = await orderAt(seller, s, 'delivered');
    const review = { orderId: o.id, productId: seller.product.id, rating: 5, text: 'Fresh' };
    const first = await call(s.u, 'POST', '/api/product/review', review, { 'Idempotency-Key': 'review-key-1' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await call(s.u, 'POST', '/api/product/review', review, { 'Idempotency-Key': 'review-key-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await call(s.u, 'POST', '/api/product/review', review)).statusCode).toBe(409);
    expect(await ok<Product>(s.u, 'PATCH', `/api/product/view/${seller.product.id}`)).toMatchObject({ rating: 5, reviewsCount: 1 });
  });
});
