import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Product, Shop } from '@owo/contracts';
import { checkLedger } from '../../ledger/index.js';
import { auth, balancesOf, createTestApp, historyOf, json, newUser, setPin, type TestContext, type TestUser } from '../../test/harness.js';
import { autoConfirm } from './order-steps.js';
import { IBADAN, LAGOS, orderKit, pin, shopCalls } from './shop-test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_COMMISSION_BPS: '250', ORDER_AUTO_CONFIRM_DAYS: '3' } });
});
afterAll(() => t.close());

const { call, ok } = shopCalls(() => t);
const { sellerWith, shopper, pay, addAll, buy } = orderKit(() => t);

describe('cart, addresses and delivery', () => {
  it('prices from the server, never beyond stock, shows a price change, quotes delivery by distance and weight', async () => {
    const lagos = await sellerWith(LAGOS, 3);
    const ibadan = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const add = await call(s.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 4 });
    expect(add.json()).toMatchObject({ message: 'Only 3 of Ofada Rice 10kg left' });
    expect((await ok<{ items: unknown[] }>(s.u, 'GET', '/api/cart')).items).toEqual([]);
    const a = await ok<{ id: string; quantity: number }>(s.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 2 });
    const b = await ok<{ id: string }>(s.u, 'POST', '/api/cart', { productId: ibadan.product.id, quantity: 1 });
    expect((await call(lagos.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 1 })).statusCode).toBe(400);
    await ok(lagos.u, 'PATCH', '/api/product/edit-product', { productId: lagos.product.id, price: 1_100_000 });
    const cart = await ok<{ items: { id: string; priceChanged: boolean; price: number; priceWhenAdded: number }[]; count: number }>(
      s.u,
      'GET',
      '/api/cart',
    );
    expect(cart.count).toBe(3);
    expect(cart.items.find((i) => i.id === a.id)).toMatchObject({ priceChanged: true, price: 1_100_000, priceWhenAdded: 1_000_000 });
    const quotes = await ok<{ shopId: string; distanceKm: number; weightKg: number; options: { id: string; price: number }[] }[]>(
      s.u,
      'POST',
      '/api/order/calculate_delivery',
      {
        cartItemIds: [a.id, b.id],
        addressId: s.address.id,
      },
    );
    const near = quotes.find((q) => q.shopId === lagos.shop.id)!;
    const far = quotes.find((q) => q.shopId === ibadan.shop.id)!;
    expect(near.distanceKm).toBeLessThan(far.distanceKm);
    expect(near.weightKg).toBe(20);
    expect(near.options.map((o) => o.id)).toEqual(['standard', 'express', 'pickup']);
    expect(far.options[0]!.price).toBeGreaterThan(near.options[0]!.price);
    const totals = await ok<{ subtotal: number; delivery: number; total: number; shops: { problems: string[] }[] }>(
      s.u,
      'POST',
      '/api/cart/compute_cart_total',
      {
        cartItemIds: [a.id, b.id],
        addressId: s.address.id,
        delivery: [{ shopId: ibadan.shop.id, option: 'pickup' }],
      },
    );
    expect(totals.subtotal).toBe(2 * 1_100_000 + 2_000_000);
    expect(totals.delivery).toBe(near.options[0]!.price);
    expect(totals.total).toBe(totals.subtotal + totals.delivery);
    expect(totals.shops.flatMap((x) => x.problems)).toContain('Ofada Rice 10kg now costs ₦11,000');
    const other = await shopper(0);
    expect((await call(other.u, 'POST', '/api/cart/compute_cart_total', { cartItemIds: [a.id] })).statusCode).toBe(404);
    expect((await call(other.u, 'DELETE', `/api/cart/${a.id}?type=all`)).statusCode).toBe(404);
    expect((await ok<{ count: number }>(s.u, 'DELETE', `/api/cart/${a.id}?type=one`)).count).toBe(2);
    expect((await call(null, 'GET', '/api/cart')).statusCode).toBe(401);
    expect((await call(s.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 0 })).statusCode).toBe(400);

    const list = await ok<{ addresses: { id: string; isDefault: boolean }[] }>(s.u, 'GET', '/api/user-saved-address/');
    expect(list.addresses).toMatchObject([{ id: s.address.id, isDefault: true }]);
    const second = await ok<{ id: string }>(s.u, 'POST', '/api/user-saved-address', {
      stateId: 'fct',
      lgaId: 'bwari',
      street: '2 Dutse Road',
      phone: '08035550001',
    });
    await ok(s.u, 'PUT', `/api/user-saved-address/${second.id}/default`);
    expect(
      (await ok<{ addresses: { id: string; isDefault: boolean }[] }>(s.u, 'GET', '/api/user-saved-address/')).addresses[0],
    ).toMatchObject({ id: second.id, isDefault: true });
    expect((await call(other.u, 'PATCH', `/api/user-saved-address/${second.id}`, { street: 'x road' })).statusCode).toBe(404);
    expect(
      (await call(s.u, 'POST', '/api/user-saved-address', { stateId: 'lagos', lgaId: 'bwari', street: '2 Road', phone: '08035550001' }))
        .statusCode,
    ).toBe(400);
    await ok(s.u, 'DELETE', `/api/user-saved-address/${second.id}`);
  });
});

describe('orders in escrow', () => {
  it('pays one order per shop into escrow; a replay pays once; the seller accepts, ships, delivers; confirmation releases less commission', async () => {
    const lagos = await sellerWith(LAGOS, 5);
    const ibadan = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const before = (await balancesOf(t.app, s.u)).walletBalance;
    const ids = await addAll(s, [lagos.product, ibadan.product]);
    const res = await pay(s, ids, 'order-key-1');
    expect(res.statusCode, res.body).toBe(200);
    const placed = json(res).data as Order[];
    expect(placed).toHaveLength(2);
    const total = placed.reduce((n, o) => n + o.total, 0);
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(before - total);
    const replay = await pay(s, ids, 'order-key-1');
    expect(replay.statusCode).toBe(200);
    expect((json(replay).data as Order[]).map((o) => o.id)).toEqual(placed.map((o) => o.id));
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(before - total);
    expect((await ok<{ items: unknown[] }>(s.u, 'GET', '/api/cart')).items).toEqual([]);

    const o = placed.find((x) => x.shop.id === lagos.shop.id)!;
    expect(o).toMatchObject({ status: 'paid', subtotal: 1_000_000, commission: 25_000, isSeller: false });
    expect((await call(s.u, 'PUT', `/api/order/${o.id}/accept`)).statusCode).toBe(403);
    expect((await call(ibadan.u, 'PUT', `/api/order/${o.id}/accept`)).statusCode).toBe(404);
    expect((await call(ibadan.u, 'GET', `/api/order/shop/${lagos.shop.id}`)).statusCode).toBe(403);
    expect((await call(lagos.u, 'PUT', `/api/order/${o.id}/ship`, { note: 'GIG 123' })).statusCode).toBe(409);
    await ok(lagos.u, 'PUT', `/api/order/${o.id}/accept`);
    expect((await call(s.u, 'PUT', `/api/order/${o.id}/confirm`)).statusCode).toBe(409);
    await ok(lagos.u, 'PUT', `/api/order/${o.id}/ship`, { note: 'GIG 123' });
    expect((await call(s.u, 'PUT', `/api/order/${o.id}/cancel`)).statusCode).toBe(409);
    await ok(lagos.u, 'PUT', `/api/order/${o.id}/deliver`);
    const done = await ok<Order>(s.u, 'PUT', `/api/order/${o.id}/confirm`);
    expect(done.status).toBe('completed');
    expect(done.timeline.map((x) => x.status)).toEqual(['paid', 'accepted', 'shipped', 'delivered', 'completed']);
    expect((await balancesOf(t.app, lagos.u)).businessWalletBalance).toBe(o.total - 25_000);
    expect((await historyOf(t.app, lagos.u)).data[0]).toMatchObject({ type: 'order', direction: 'credit', amount: o.total - 25_000 });

    // The other seller declines: the shopper is refunded at once and the stock comes back.
    const other = placed.find((x) => x.shop.id === ibadan.shop.id)!;
    const mid = (await balancesOf(t.app, s.u)).walletBalance;
    expect((await ok<Order>(ibadan.u, 'PUT', `/api/order/${other.id}/decline`)).status).toBe('declined');
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(mid + other.total);
    expect((await ok<Product>(s.u, 'PATCH', `/api/product/view/${ibadan.product.id}`)).stock).toBe(5);
    expect((await historyOf(t.app, s.u)).data[0]).toMatchObject({ type: 'order', direction: 'credit', amount: other.total });

    // Review once, after delivery; the shop shows its rating.
    await ok(s.u, 'POST', '/api/product/review', { orderId: o.id, productId: lagos.product.id, rating: 4, text: 'Clean rice' });
    expect((await call(s.u, 'POST', '/api/product/review', { orderId: o.id, productId: lagos.product.id, rating: 5 })).statusCode).toBe(
      409,
    );
    expect(
      (await call(s.u, 'POST', '/api/product/review', { orderId: other.id, productId: ibadan.product.id, rating: 5 })).statusCode,
    ).toBe(400);
    const reviews = (await call(s.u, 'GET', `/api/product/get-product-reviews/${lagos.product.id}`)).json() as {
      data: { rating: number; text: string }[];
    };
    expect(reviews.data).toMatchObject([{ rating: 4, text: 'Clean rice' }]);
    // The refused second review adds nothing.
    expect(await ok<Shop>(s.u, 'GET', `/api/shop/single/${lagos.shop.id}`)).toMatchObject({ rating: 4, reviewsCount: 1 });
    expect(await ok<Product>(s.u, 'PATCH', `/api/product/view/${lagos.product.id}`)).toMatchObject({ rating: 4, reviewsCount: 1 });
    expect(await ok<Shop>(s.u, 'GET', `/api/shop/single/${ibadan.shop.id}`)).toMatchObject({ rating: null, reviewsCount: 0 });

    const mine = (await call(s.u, 'GET', '/api/order/customer?type=completed')).json() as { data: Order[] };
    expect(mine.data.map((x) => x.id)).toEqual([o.id]);
    expect(((await call(s.u, 'GET', '/api/order/customer')).json() as { data: Order[] }).data).toHaveLength(2);
    expect((await call(s.u, 'GET', '/api/order/customer?type=lost')).statusCode).toBe(400);
    const shopList = (await call(lagos.u, 'GET', `/api/order/shop/${lagos.shop.id}`)).json() as { data: Order[] };
    expect(shopList.data[0]).toMatchObject({ id: o.id, isSeller: true });

    // The seller moves the sale to the main wallet.
    await setPin(t.app, lagos.u);
    const moved = await ok<{ businessBalance: number }>(lagos.u, 'POST', '/api/shop/business-wallet/withdraw', { amount: 500_000 }, pin);
    expect(moved.businessBalance).toBe(o.total - 25_000 - 500_000);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('refuses an order beyond the balance or the spending limit with nothing written; cancels and disputes; confirms by itself after the delay', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const poor = await shopper(1_000_000);
    const res = await buy(poor, [seller.product]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Insufficient balance for this transaction' });
    expect((await ok<Product>(poor.u, 'PATCH', `/api/product/view/${seller.product.id}`)).stock).toBe(10);
    expect(((await call(poor.u, 'GET', '/api/order/customer')).json() as { data: unknown[] }).data).toEqual([]);
    expect((await ok<{ items: unknown[] }>(poor.u, 'GET', '/api/cart')).items).toHaveLength(1);

    const limited = await shopper();
    const limit = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/spending-limit',
      headers: auth(limited.u, pin),
      payload: { dailyLimit: 1_000_000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const over = await buy(limited, [seller.product]);
    expect([403, 422]).toContain(over.statusCode);
    expect(((await call(limited.u, 'GET', '/api/order/customer')).json() as { data: unknown[] }).data).toEqual([]);
    expect((await call(limited.u, 'POST', '/api/order/initiate', { cartItemIds: [], addressId: limited.address.id }, pin)).statusCode).toBe(
      400,
    );

    const s = await shopper();
    const cancelled = json(await buy(s, [seller.product])).data as Order[];
    const wallet = (await balancesOf(t.app, s.u)).walletBalance;
    await ok(s.u, 'PUT', `/api/order/${cancelled[0]!.id}/cancel`);
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(wallet + cancelled[0]!.total);

    const disputed = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    await ok(seller.u, 'PUT', `/api/order/${disputed.id}/accept`);
    await ok(seller.u, 'PUT', `/api/order/${disputed.id}/ship`, { note: '' });
    expect((await ok<Order>(s.u, 'PUT', `/api/order/${disputed.id}/dispute`, { reason: 'The bag was torn' })).status).toBe('disputed');
    // Held: the seller cannot confirm for the shopper, nor deliver a disputed order; no one is paid.
    expect((await call(seller.u, 'PUT', `/api/order/${disputed.id}/confirm`)).statusCode).toBe(403);
    expect((await call(seller.u, 'PUT', `/api/order/${disputed.id}/deliver`)).statusCode).toBe(409);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(0);

    const auto = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    for (const step of ['accept', 'ship', 'deliver'])
      await ok(seller.u, 'PUT', `/api/order/${auto.id}/${step}`, step === 'ship' ? { note: '' } : undefined);
    const deps = { config: t.config, notifier: t.app.notifier };
    expect(await autoConfirm(t.db, deps, new Date(Date.now() + 2 * 86_400_000))).toBe(0);
    expect(await autoConfirm(t.db, deps, new Date(Date.now() + 3 * 86_400_000 + 60_000))).toBe(1);
    expect((await ok<Order>(s.u, 'GET', `/api/order/${auto.id}`)).status).toBe('completed');
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(auto.total - auto.commission);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('settles a dispute: the seller refunds in full (stock left alone), or the shopper closes it by confirming; only from a dispute', async () => {
    const seller = await sellerWith(LAGOS, 10, 2_000_000);
    const s = await shopper();
    const outsider = await newUser(t.app);
    const shipAndDispute = async (deliver: boolean) => {
      const o = (json(await buy(s, [seller.product])).data as Order[])[0]!;
      await ok(seller.u, 'PUT', `/api/order/${o.id}/accept`);
      await ok(seller.u, 'PUT', `/api/order/${o.id}/ship`, { note: 'GIG waybill 123' });
      if (deliver) await ok(seller.u, 'PUT', `/api/order/${o.id}/deliver`);
      await ok(s.u, 'PUT', `/api/order/${o.id}/dispute`, { reason: 'Two bags missing' });
      return o;
    };

    const refunded = await shipAndDispute(false);
    const paid = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    expect((await call(seller.u, 'PUT', `/api/order/${paid.id}/refund`)).statusCode).toBe(409);
    const wallet = (await balancesOf(t.app, s.u)).walletBalance;
    const stock = (await ok<Product>(s.u, 'PATCH', `/api/product/view/${seller.product.id}`)).stock;
    expect((await call(s.u, 'PUT', `/api/order/${refunded.id}/refund`)).statusCode).toBe(403);
    expect((await call(outsider, 'PUT', `/api/order/${refunded.id}/refund`)).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/order/${refunded.id}/refund`)).statusCode).toBe(401);
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(wallet);
    const done = await ok<Order>(seller.u, 'PUT', `/api/order/${refunded.id}/refund`);
    expect(done.status).toBe('refunded');
    expect(done.timeline.map((e) => e.status)).toEqual(['paid', 'accepted', 'shipped', 'disputed', 'refunded']);
    expect((await balancesOf(t.app, s.u)).walletBalance).toBe(wallet + refunded.total);
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(0);
    expect((await ok<Product>(s.u, 'PATCH', `/api/product/view/${seller.product.id}`)).stock).toBe(stock);
    expect((await historyOf(t.app, s.u)).data.find((h) => h.reference === refunded.reference && h.direction === 'credit')).toMatchObject({
      amount: refunded.total,
      narration: 'Refund: the seller refunded your disputed order',
    });
    expect((await call(seller.u, 'PUT', `/api/order/${refunded.id}/refund`)).statusCode).toBe(409);
    expect((await ok<Order[]>(s.u, 'GET', '/api/order/customer?type=refunded')).map((o) => o.id)).toEqual([refunded.id]);

    const closed = await shipAndDispute(true);
    const confirmed = await ok<Order>(s.u, 'PUT', `/api/order/${closed.id}/confirm`);
    expect(confirmed.status).toBe('completed');
    expect((await balancesOf(t.app, seller.u)).businessWalletBalance).toBe(closed.total - closed.commission);
    expect((await call(seller.u, 'PUT', `/api/order/${closed.id}/refund`)).statusCode).toBe(409);
    expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  });

  it('tells both people of each change in the app (newest first, unread count, marking read) and by email', async () => {
    const seller = await sellerWith(IBADAN, 5, 500_000);
    const s = await shopper();
    const o = (json(await buy(s, [seller.product])).data as Order[])[0]!;
    await ok(seller.u, 'PUT', `/api/order/${o.id}/accept`);
    await ok(seller.u, 'PUT', `/api/order/${o.id}/ship`, { note: 'Rider: Musa, 0803 000 0000' });
    await ok(s.u, 'PUT', `/api/order/${o.id}/dispute`, { reason: 'Wrong size' });

    type N = { id: string; kind: string; title: string; body: string; link: string | null; read: boolean };
    const notices = async (u: TestUser, query = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/notifications${query}`, headers: auth(u) });
      expect(res.statusCode, res.body).toBe(200);
      return json(res) as unknown as { data: N[]; pagination: { total: number; next: { page: number } | null } };
    };
    const unread = async (u: TestUser) =>
      (json(await t.app.inject({ method: 'GET', url: '/api/user/notifications/unread', headers: auth(u) })).data as { unread: number })
        .unread;
    const shopperNotices = await notices(s.u);
    expect(shopperNotices.data.map((n) => n.kind)).toEqual(['order.disputed', 'order.shipped', 'order.accepted', 'order.paid']);
    expect(shopperNotices.data.every((n) => n.link === `/shop/orders/${o.id}` && !n.read)).toBe(true);
    expect(shopperNotices.data[1]).toMatchObject({
      title: `Order ${o.reference}: shipped`,
      body: expect.stringContaining('Note from the seller: Rider: Musa, 0803 000 0000') as string,
    });
    const sellerNotices = await notices(seller.u);
    expect(sellerNotices.data.map((n) => n.kind)).toEqual(['order.disputed', 'order.shipped', 'order.accepted', 'order.paid']);
    expect(sellerNotices.data[0]!.body).toContain('“Wrong size”');
    expect(sellerNotices.data[3]!.body).toBe('You have a new order to accept in your Owo shop.');
    expect(await unread(s.u)).toBe(4);

    // Pages, newest first.
    const page2 = await notices(s.u, '?page=2&limit=3');
    expect(page2.data.map((n) => n.kind)).toEqual(['order.paid']);
    expect(page2.pagination).toMatchObject({ total: 4, next: null });

    // Bad input writes nothing; another person's ids are left alone; no token is refused.
    const read = (u: TestUser | null, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/user/notifications/read', headers: u ? auth(u) : {}, payload });
    const bad = await read(s.u, { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'ids must be notice ids' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications?limit=0', headers: auth(s.u) })).statusCode).toBe(400);
    expect((await read(null, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications' })).statusCode).toBe(401);
    expect(json(await read(seller.u, { ids: [shopperNotices.data[0]!.id] })).data).toEqual({ unread: 4 });
    expect(await unread(s.u)).toBe(4);
    expect(json(await read(s.u, { ids: [shopperNotices.data[0]!.id] })).data).toEqual({ unread: 3 });
    expect((await notices(s.u)).data.map((n) => n.read)).toEqual([true, false, false, false]);
    expect(json(await read(s.u, {})).data).toEqual({ unread: 0 });
    expect(await unread(seller.u)).toBe(4);

    // The same news goes out by email through the outbox.
    const mail = await t.app.notifier.newestFor(s.u.email);
    expect(mail.map((m) => m.subject)).toContain(`Order ${o.reference}: in dispute`);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'sells the last 10 units to exactly 10 of 50 shoppers ordering at once (PostgreSQL: PGlite is one connection, CI runs this)',
    async () => {
      const seller = await sellerWith(LAGOS, 10, 100_000);
      const people = await Promise.all(Array.from({ length: 50 }, () => shopper(1_000_000)));
      const carts = await Promise.all(
        people.map(async (p) => ({
          p,
          id: (await ok<{ id: string }>(p.u, 'POST', '/api/cart', { productId: seller.product.id, quantity: 1 })).id,
        })),
      );
      const results = await Promise.all(
        carts.map(({ p, id }) => call(p.u, 'POST', '/api/order/initiate', { cartItemIds: [id], addressId: p.address.id }, pin)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(40);
      expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
        message: 'Not enough of Ofada Rice 10kg left for your order',
      });
      expect((await ok<Product>(seller.u, 'GET', `/api/product/my-single-shop-product/${seller.shop.id}/${seller.product.id}`)).stock).toBe(
        0,
      );
      expect(await checkLedger(t.db)).toMatchObject({ ok: true });
    },
  );
});
