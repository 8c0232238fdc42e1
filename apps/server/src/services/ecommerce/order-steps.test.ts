import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product } from '@owo/contracts';
import { checkLedger } from '../../ledger/index.js';
import { balancesOf, createTestApp, historyOf, json, type TestContext, type TestUser } from '../../test/harness.js';
import { LAGOS, orderKit, shopCalls } from './shop-test-kit.js';

// Each step of an order with an Idempotency-Key, in one process: the retry answers as the step did
// (src/test/crash-order-steps.test.ts kills the server between the commit and the answer).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_COMMISSION_BPS: '250', ORDER_AUTO_CONFIRM_DAYS: '3' } });
});
afterAll(() => t.close());

const { call, ok } = shopCalls(() => t);
const { sellerWith, shopper, buy } = orderKit(() => t);

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

  it('accept, ship, deliver and confirm each answer a retry with their own answer; the seller is paid once', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const first = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    const o = (json(await buy(s, [seller.product])).data as Order[])[0];

    expect((await keyed(seller.u, o!.id, 'accept', 'step-accept-1')).status).toBe('accepted');
    // The same key for another order, or for another step, is another request.
    expect(code(await stepCall(seller.u, first.id, 'accept', 'step-accept-1'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(code(await stepCall(seller.u, o!.id, 'decline', 'step-accept-1'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(code(await stepCall(seller.u, o!.id, 'accept', 'bad key!'))).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    // Without a key the step runs afresh, as before: the order is no longer paid.
    expect(code(await stepCall(seller.u, o!.id, 'accept'))).toEqual([409, 'ORDER_STATE']);

    expect((await keyed(seller.u, o!.id, 'ship', 'step-ship-1', { note: 'GIG 42' })).note).toBe('GIG 42');
    expect(code(await stepCall(seller.u, o!.id, 'ship', 'step-ship-1', { note: 'GIG 43' }))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await keyed(seller.u, o!.id, 'deliver', 'step-deliver-1')).status).toBe('delivered');
    const done = await keyed(s.u, o!.id, 'confirm', 'step-confirm-1');
    expect(done.status).toBe('completed');
    expect(done.timeline.map((x) => x.status)).toEqual(['paid', 'accepted', 'shipped', 'delivered', 'completed']);
    expect((await ok<Order>(s.u, 'GET', `/api/order/${o!.id}`)).timeline).toHaveLength(5);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(o!.total - o!.commission);
    expect(code(await stepCall(s.u, o!.id, 'confirm'))).toEqual([409, 'ORDER_STATE']);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('decline, cancel, dispute and refund each answer a retry with their own answer; each refund is credited once', async () => {
    const seller = await sellerWith(LAGOS, 10, 500_000);
    const s = await shopper();
    const order = async () => (json(await buy(s, [seller.product])).data as Order[])[0]!;
    const wallet = async () => (await balancesOf(t.app, s.u)).walletBalance;

    const declined = await order();
    let before = await wallet();
    expect((await keyed(seller.u, declined.id, 'decline', 'step-decline-1')).status).toBe('declined');
    expect(await wallet()).toBe(before + declined.total);

    const cancelled = await order();
    before = await wallet();
    expect((await keyed(s.u, cancelled.id, 'cancel', 'step-cancel-1')).status).toBe('cancelled');
    expect(await wallet()).toBe(before + cancelled.total);
    expect(code(await stepCall(s.u, cancelled.id, 'cancel'))).toEqual([409, 'ORDER_STATE']);

    const disputed = await order();
    await ok(seller.u, 'PUT', `/api/order/${disputed.id}/accept`);
    await ok(seller.u, 'PUT', `/api/order/${disputed.id}/ship`, { note: '' });
    const d = await keyed(s.u, disputed.id, 'dispute', 'step-dispute-1', { reason: 'Torn bag' });
    expect(d).toMatchObject({ status: 'disputed', disputeReason: 'Torn bag' });
    expect(code(await stepCall(s.u, disputed.id, 'dispute', 'step-dispute-1', { reason: 'Wet bag' }))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    before = await wallet();
    expect((await keyed(seller.u, disputed.id, 'refund', 'step-refund-1')).status).toBe('refunded');
    expect(await wallet()).toBe(before + disputed.total);
    const refunds = (await historyOf(t.app, s.u)).data.filter((h) => h.reference === disputed.reference && h.direction === 'credit');
    expect(refunds).toHaveLength(1);
    expect(code(await stepCall(seller.u, disputed.id, 'refund'))).toEqual([409, 'ORDER_STATE']);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(0);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('a review with a key is posted once and its retry replays the 201', async () => {
    const seller = await sellerWith(LAGOS, 5, 300_000);
    const s = await shopper();
    const o = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    for (const step of ['accept', 'ship', 'deliver'])
      await ok(seller.u, 'PUT', `/api/order/${o.id}/${step}`, step === 'ship' ? { note: '' } : undefined);
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
