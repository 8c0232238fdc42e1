import { describe, expect, it } from 'vitest';
import type { Order, Product, Shop } from '@owo/contracts';
import { auth, fileApp, historyOf, json, type TestUser } from '../../test/harness.js';
import { autoConfirm } from './order-steps.js';
import { IBADAN, LAGOS, orderKit, shopCalls } from './shop-test-kit.js';

// After the sale: disputes and how they end, the automatic confirmation, reviews, and the news of
// an order (the cart, paying and the seller's steps: orders.test.ts).

const t = fileApp({ env: { ORDER_COMMISSION_BPS: '250', ORDER_AUTO_CONFIRM_DAYS: '3' }, ledgerChecked: true });

const { call, ok } = shopCalls(() => t);
const { sellerWith, shopper, paidOrder, orderAt, disputedOrder, walletOf, businessOf } = orderKit(() => t);
const stockOf = async (u: TestUser, p: Product) => (await ok<Product>(u, 'PATCH', `/api/product/view/${p.id}`)).stock;

describe('disputes', () => {
  /** A shipped order the shopper disputes, the seller's rice at ₦20,000. */
  async function shippedAndDisputed() {
    const seller = await sellerWith(LAGOS, 10, 2_000_000);
    const s = await shopper();
    return { seller, s, o: await disputedOrder(seller, s, 'shipped', 'Two bags missing') };
  }
  /** The seller's refund of a disputed order, with the shopper's wallet and the stock before it. */
  async function refundedDispute() {
    const d = await shippedAndDisputed();
    const [wallet, stock] = [await walletOf(d.s.u), await stockOf(d.s.u, d.seller.product)];
    const done = await ok<Order>(d.seller.u, 'PUT', `/api/order/${d.o.id}/refund`);
    return { ...d, wallet, stock, done };
  }

  it('puts a shipped order in dispute', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const s = await shopper();
    const o = await orderAt(seller, s, 'shipped');
    expect((await ok<Order>(s.u, 'PUT', `/api/order/${o.id}/dispute`, { reason: 'The bag was torn' })).status).toBe('disputed');
  });

  it('holds the money in escrow while in dispute: the seller is not paid', async () => {
    const { seller, s, o } = await shippedAndDisputed();
    expect(await businessOf(seller.u)).toBe(0);
    expect((await ok<Order>(s.u, 'GET', `/api/order/${o.id}`)).status).toBe('disputed');
  });

  it('ends a dispute refunded by the seller, the refund on the timeline', async () => {
    const { done } = await refundedDispute();
    expect(done.status).toBe('refunded');
    expect(done.timeline.map((e) => e.status)).toEqual(['paid', 'accepted', 'shipped', 'disputed', 'refunded']);
  });

  it('gives the shopper the whole order back on the seller’s refund, the seller nothing', async () => {
    const { seller, s, o, wallet } = await refundedDispute();
    expect(await walletOf(s.u)).toBe(wallet + o.total);
    expect(await businessOf(seller.u)).toBe(0);
    expect((await historyOf(t.app, s.u)).data.find((h) => h.reference === o.reference && h.direction === 'credit')).toMatchObject({
      amount: o.total,
      narration: 'Refund: the seller refunded your disputed order',
    });
  });

  it('leaves the stock alone on a refund (the goods went out)', async () => {
    const { seller, s, stock } = await refundedDispute();
    expect(await stockOf(s.u, seller.product)).toBe(stock);
  });

  it('lists a refunded order among the shopper’s refunded orders', async () => {
    const { s, o } = await refundedDispute();
    expect((await ok<Order[]>(s.u, 'GET', '/api/order/customer?type=refunded')).map((x) => x.id)).toEqual([o.id]);
  });

  it('closes a dispute when the shopper confirms, paying the seller less the commission', async () => {
    const seller = await sellerWith(LAGOS, 10, 2_000_000);
    const s = await shopper();
    const o = await disputedOrder(seller, s, 'delivered', 'Two bags missing');
    expect((await ok<Order>(s.u, 'PUT', `/api/order/${o.id}/confirm`)).status).toBe('completed');
    expect(await businessOf(seller.u)).toBe(o.total - o.commission);
  });
});

describe('the automatic confirmation', () => {
  // autoConfirm confirms every order delivered before the delay: no other test of this file leaves an order delivered.
  it('confirms a delivered order by itself once the 3 days have passed, not before, paying the seller', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const s = await shopper();
    const o = await orderAt(seller, s, 'delivered');
    const deps = { config: t.config, notifier: t.app.notifier };
    expect(await autoConfirm(t.db, deps, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    expect(await autoConfirm(t.db, deps, new Date(Date.now() + 3 * 86_400_000 + 60_000))).toBe(1);
    expect((await ok<Order>(s.u, 'GET', `/api/order/${o.id}`)).status).toBe('completed');
    expect(await businessOf(seller.u)).toBe(o.total - o.commission);
  });
});

describe('reviews', () => {
  /** A shopper's completed order of the Lagos seller's rice, reviewed 4 stars. */
  async function reviewed() {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const o = await orderAt(seller, s, 'completed');
    await ok(s.u, 'POST', '/api/product/review', { orderId: o.id, productId: seller.product.id, rating: 4, text: 'Clean rice' });
    return { seller, s, o };
  }
  const rated = { rating: 4, reviewsCount: 1 };

  it('lists the review of a completed order under the product', async () => {
    const { seller, s } = await reviewed();
    const reviews = (await call(s.u, 'GET', `/api/product/get-product-reviews/${seller.product.id}`)).json() as {
      data: { rating: number; text: string }[];
    };
    expect(reviews.data).toMatchObject([{ rating: 4, text: 'Clean rice' }]);
  });

  it('shows the rating on the shop and on the product', async () => {
    const { seller, s } = await reviewed();
    expect(await ok<Shop>(s.u, 'GET', `/api/shop/single/${seller.shop.id}`)).toMatchObject(rated);
    expect(await ok<Product>(s.u, 'PATCH', `/api/product/view/${seller.product.id}`)).toMatchObject(rated);
  });

  it('refuses a second review of the same order (409), adding nothing to the rating', async () => {
    const { seller, s, o } = await reviewed();
    const again = await call(s.u, 'POST', '/api/product/review', { orderId: o.id, productId: seller.product.id, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(await ok<Shop>(s.u, 'GET', `/api/shop/single/${seller.shop.id}`)).toMatchObject(rated);
    expect(await ok<Product>(s.u, 'PATCH', `/api/product/view/${seller.product.id}`)).toMatchObject(rated);
  });

  it('refuses a review of a declined order (400)', async () => {
    const seller = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const o = await paidOrder(seller, s);
    await ok(seller.u, 'PUT', `/api/order/${o.id}/decline`);
    const res = await call(s.u, 'POST', '/api/product/review', { orderId: o.id, productId: seller.product.id, rating: 5 });
    expect(res.statusCode).toBe(400);
  });

  it('shows no rating for a shop without reviews', async () => {
    const seller = await sellerWith(IBADAN, 5, 2_000_000);
    expect(await ok<Shop>(seller.u, 'GET', `/api/shop/single/${seller.shop.id}`)).toMatchObject({ rating: null, reviewsCount: 0 });
  });
});

describe('the news of an order', () => {
  type Notice = { id: string; kind: string; title: string; body: string; link: string | null; read: boolean };
  type Page = { data: Notice[]; pagination: { total: number; next: { page: number } | null } };
  const notices = async (u: TestUser, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/notifications${query}`, headers: auth(u) });
    expect(res.statusCode, res.body).toBe(200);
    return json(res) as unknown as Page;
  };
  const unread = async (u: TestUser) =>
    (json(await t.app.inject({ method: 'GET', url: '/api/user/notifications/unread', headers: auth(u) })).data as { unread: number })
      .unread;
  const markRead = (u: TestUser | null, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/user/notifications/read', headers: u ? auth(u) : {}, payload });
  const KINDS = ['order.disputed', 'order.shipped', 'order.accepted', 'order.paid'];
  /** An order accepted, shipped with the rider's number, then disputed: four notices to each person. */
  async function disputedWithNews() {
    const seller = await sellerWith(IBADAN, 5, 500_000);
    const s = await shopper();
    const o = await orderAt(seller, s, 'shipped', 'Rider: Musa, 0803 000 0000');
    await ok(s.u, 'PUT', `/api/order/${o.id}/dispute`, { reason: 'Wrong size' });
    return { seller, s, o };
  }

  it('tells the shopper of each change, newest first, unread, each opening the order', async () => {
    const { s, o } = await disputedWithNews();
    const list = await notices(s.u);
    expect(list.data.map((n) => n.kind)).toEqual(KINDS);
    expect(list.data.every((n) => n.link === `/shop/orders/${o.id}` && !n.read)).toBe(true);
  });

  it('passes the seller’s note on with the shipping', async () => {
    const { s, o } = await disputedWithNews();
    expect((await notices(s.u)).data[1]).toMatchObject({
      title: `Order ${o.reference}: shipped`,
      body: expect.stringContaining('Note from the seller: Rider: Musa, 0803 000 0000') as string,
    });
  });

  it('tells the seller of each change: the new order to accept, the dispute’s reason', async () => {
    const { seller } = await disputedWithNews();
    const list = await notices(seller.u);
    expect(list.data.map((n) => n.kind)).toEqual(KINDS);
    expect(list.data[0]!.body).toContain('“Wrong size”');
    expect(list.data[3]!.body).toBe('You have a new order to accept in your Owo shop.');
  });

  it('counts the notices unread', async () => {
    const { s } = await disputedWithNews();
    expect(await unread(s.u)).toBe(4);
  });

  it('gives the notices by page, newest first', async () => {
    const { s } = await disputedWithNews();
    const page2 = await notices(s.u, '?page=2&limit=3');
    expect(page2.data.map((n) => n.kind)).toEqual(['order.paid']);
    expect(page2.pagination).toMatchObject({ total: 4, next: null });
  });

  it('refuses ids that are not notice ids (400), marking nothing', async () => {
    const { s } = await disputedWithNews();
    const bad = await markRead(s.u, { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'ids must be notice ids' });
    expect(await unread(s.u)).toBe(4);
  });

  it('refuses a page of no notices (400)', async () => {
    const s = await shopper(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications?limit=0', headers: auth(s.u) })).statusCode).toBe(400);
  });

  it.each([
    ['marking read', () => markRead(null, {})],
    ['the list', () => t.app.inject({ method: 'GET', url: '/api/user/notifications' })],
  ])('refuses %s without a token (401)', async (_, send) => {
    expect((await send()).statusCode).toBe(401);
  });

  it('leaves another person’s notices alone when marking read', async () => {
    const { seller, s } = await disputedWithNews();
    const theirs = (await notices(s.u)).data[0]!.id;
    expect(json(await markRead(seller.u, { ids: [theirs] })).data).toEqual({ unread: 4 });
    expect(await unread(s.u)).toBe(4);
  });

  it('marks one notice read', async () => {
    const { s } = await disputedWithNews();
    const newest = (await notices(s.u)).data[0]!.id;
    expect(json(await markRead(s.u, { ids: [newest] })).data).toEqual({ unread: 3 });
    expect((await notices(s.u)).data.map((n) => n.read)).toEqual([true, false, false, false]);
  });

  it('marks all of one’s own notices read when given no ids', async () => {
    const { seller, s } = await disputedWithNews();
    expect(json(await markRead(s.u, {})).data).toEqual({ unread: 0 });
    expect(await unread(seller.u)).toBe(4);
  });

  it('sends the same news by email', async () => {
    const { s, o } = await disputedWithNews();
    const mail = await t.app.notifier.newestFor(s.u.email);
    expect(mail.map((m) => m.subject)).toContain(`Order ${o.reference}: in dispute`);
  });
});
