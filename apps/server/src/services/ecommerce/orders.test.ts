import { describe, expect, it } from 'vitest';
import type { Order, Product } from '@owo/contracts';
import { auth, fileApp, historyOf, json, newUser, setPin, type TestUser } from '../../test/harness.js';
import { IBADAN, LAGOS, orderKit, pin, shopCalls, type Seller, type Shopper } from './shop-test-kit.js';

// The cart, the addresses and the orders' life in escrow up to the seller's pay (disputes, the
// automatic confirmation, reviews and the news of an order: orders-disputes.test.ts).

const t = fileApp({ env: { ORDER_COMMISSION_BPS: '250', ORDER_AUTO_CONFIRM_DAYS: '3' }, ledgerChecked: true });

const { call, ok } = shopCalls(() => t);
const { sellerWith, shopper, pay, addAll, buy, paidOrder, orderAt, disputedOrder, walletOf, businessOf } = orderKit(() => t);
const cartItems = async (s: Shopper) => (await ok<{ items: unknown[] }>(s.u, 'GET', '/api/cart')).items;
const stockOf = async (s: Shopper, p: Product) => (await ok<Product>(s.u, 'PATCH', `/api/product/view/${p.id}`)).stock;
const ordersOf = async (s: Shopper) => ((await call(s.u, 'GET', '/api/order/customer')).json() as { data: Order[] }).data;
const raisePrice = (seller: Seller, price: number) =>
  ok(seller.u, 'PATCH', '/api/product/edit-product', { productId: seller.product.id, price });

describe('the cart', () => {
  /** Two of the Lagos seller's rice (3 in stock) and one of the Ibadan seller's (₦20,000) in a shopper's cart. */
  async function cartOfTwoShops() {
    const lagos = await sellerWith(LAGOS, 3);
    const ibadan = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const a = await ok<{ id: string }>(s.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 2 });
    const b = await ok<{ id: string }>(s.u, 'POST', '/api/cart', { productId: ibadan.product.id, quantity: 1 });
    return { lagos, ibadan, s, a, b };
  }
  type Quote = { shopId: string; distanceKm: number; weightKg: number; options: { id: string; price: number }[] };
  const quotesFor = (s: Shopper, ids: string[]) =>
    ok<Quote[]>(s.u, 'POST', '/api/order/calculate_delivery', { cartItemIds: ids, addressId: s.address.id });

  it('refuses more than the stock, naming what is left, and adds nothing', async () => {
    const lagos = await sellerWith(LAGOS, 3);
    const s = await shopper();
    const add = await call(s.u, 'POST', '/api/cart', { productId: lagos.product.id, quantity: 4 });
    expect(add.json()).toMatchObject({ message: 'Only 3 of Ofada Rice 10kg left' });
    expect(await cartItems(s)).toEqual([]);
  });

  it.each([
    ['the seller’s own product', 'seller', 1],
    ['a quantity of 0', 'shopper', 0],
  ] as const)('refuses to add %s (400)', async (_, by, quantity) => {
    const lagos = await sellerWith(LAGOS, 3);
    const who = by === 'seller' ? lagos.u : (await shopper()).u;
    expect((await call(who, 'POST', '/api/cart', { productId: lagos.product.id, quantity })).statusCode).toBe(400);
  });

  it('refuses the cart without a token (401)', async () => {
    expect((await call(null, 'GET', '/api/cart')).statusCode).toBe(401);
  });

  it('shows a price changed since adding, with the price when added', async () => {
    const { lagos, s, a } = await cartOfTwoShops();
    await raisePrice(lagos, 1_100_000);
    const cart = await ok<{ items: { id: string; priceChanged: boolean; price: number; priceWhenAdded: number }[]; count: number }>(
      s.u,
      'GET',
      '/api/cart',
    );
    expect(cart.count).toBe(3);
    expect(cart.items.find((i) => i.id === a.id)).toMatchObject({ priceChanged: true, price: 1_100_000, priceWhenAdded: 1_000_000 });
  });

  it('quotes each shop’s delivery by distance and weight: standard, express or pickup', async () => {
    const { lagos, ibadan, s, a, b } = await cartOfTwoShops();
    const quotes = await quotesFor(s, [a.id, b.id]);
    const near = quotes.find((q) => q.shopId === lagos.shop.id)!;
    const far = quotes.find((q) => q.shopId === ibadan.shop.id)!;
    expect(near.distanceKm).toBeLessThan(far.distanceKm);
    expect(near.weightKg).toBe(20);
    expect(near.options.map((o) => o.id)).toEqual(['standard', 'express', 'pickup']);
    expect(far.options[0]!.price).toBeGreaterThan(near.options[0]!.price);
  });

  it('totals the cart at today’s prices with the chosen delivery, naming a price change', async () => {
    const { lagos, ibadan, s, a, b } = await cartOfTwoShops();
    await raisePrice(lagos, 1_100_000);
    const near = (await quotesFor(s, [a.id, b.id])).find((q) => q.shopId === lagos.shop.id)!;
    const totals = await ok<{ subtotal: number; delivery: number; total: number; shops: { problems: string[] }[] }>(
      s.u,
      'POST',
      '/api/cart/compute_cart_total',
      { cartItemIds: [a.id, b.id], addressId: s.address.id, delivery: [{ shopId: ibadan.shop.id, option: 'pickup' }] },
    );
    expect(totals.subtotal).toBe(2 * 1_100_000 + 2_000_000);
    expect(totals.delivery).toBe(near.options[0]!.price);
    expect(totals.total).toBe(totals.subtotal + totals.delivery);
    expect(totals.shops.flatMap((x) => x.problems)).toContain('Ofada Rice 10kg now costs ₦11,000');
  });

  it.each([
    ['the total of', 'POST', () => '/api/cart/compute_cart_total', (id: string) => ({ cartItemIds: [id] })],
    ['the removal of', 'DELETE', (id: string) => `/api/cart/${id}?type=all`, () => undefined],
  ] as const)('answers 404 to %s another person’s cart line', async (_, method, url, body) => {
    const { a } = await cartOfTwoShops();
    const other = await shopper(0);
    expect((await call(other.u, method, url(a.id), body(a.id))).statusCode).toBe(404);
  });

  it('takes one off a cart line', async () => {
    const { s, a } = await cartOfTwoShops();
    expect((await ok<{ count: number }>(s.u, 'DELETE', `/api/cart/${a.id}?type=one`)).count).toBe(2);
  });
});

describe('the delivery estimate on a product’s page', () => {
  type Estimate = {
    to: { addressId: string; state: string } | null;
    from: { shopName: string; state: string; lga: string };
    distanceKm: number | null;
    options: { id: string; price: number }[];
  };
  const estimate = (s: Shopper | { u: TestUser }, p: Product, q = '') => call(s.u, 'GET', `/api/product/delivery-estimate/${p.id}${q}`);

  it('prices one of the product to the default address exactly as checkout would, and names the shop’s place', async () => {
    const ibadan = await sellerWith(IBADAN, 5);
    const s = await shopper(0);
    const res = await estimate(s, ibadan.product);
    expect(res.statusCode, res.body).toBe(200);
    const e = json(res).data as Estimate;
    expect(e.to).toMatchObject({ addressId: s.address.id });
    expect(e.from).toMatchObject({ shopName: ibadan.shop.name, state: 'Oyo' });
    // The checkout's quote of the same product, once in the cart.
    const line = await ok<{ id: string }>(s.u, 'POST', '/api/cart', { productId: ibadan.product.id, quantity: 1 });
    const [quote] = await ok<{ distanceKm: number; options: { id: string; price: number }[] }[]>(
      s.u,
      'POST',
      '/api/order/calculate_delivery',
      {
        cartItemIds: [line.id],
        addressId: s.address.id,
      },
    );
    expect(e.distanceKm).toBe(quote!.distanceKm);
    expect(e.options).toEqual(quote!.options);
  });

  it('asks for an address when the shopper has none (no price made up)', async () => {
    const lagos = await sellerWith(LAGOS, 1);
    const u = await newUser(t.app);
    const res = await estimate({ u }, lagos.product);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toMatchObject({ to: null, distanceKm: null, options: [] });
  });

  it('refuses another person’s address (404), a bad id (400), an unknown product (404) and no token (401)', async () => {
    const lagos = await sellerWith(LAGOS, 1);
    const [s, other] = [await shopper(0), await shopper(0)];
    expect((await estimate(other, lagos.product, `?addressId=${s.address.id}`)).statusCode).toBe(404);
    const bad = await estimate(s, lagos.product, '?addressId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('addressId must be a valid id');
    expect((await call(s.u, 'GET', '/api/product/delivery-estimate/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/product/delivery-estimate/${lagos.product.id}`)).statusCode).toBe(401);
  });
});

describe('saved addresses', () => {
  type Listed = { addresses: { id: string; isDefault: boolean }[] };
  const addresses = async (u: TestUser) => (await ok<Listed>(u, 'GET', '/api/user-saved-address/')).addresses;
  const abuja = { stateId: 'fct', lgaId: 'bwari', street: '2 Dutse Road', phone: '08035550001' };

  it('keeps the first address as the default', async () => {
    const s = await shopper(0);
    expect(await addresses(s.u)).toMatchObject([{ id: s.address.id, isDefault: true }]);
  });

  it('lists first the address made the default', async () => {
    const s = await shopper(0);
    const second = await ok<{ id: string }>(s.u, 'POST', '/api/user-saved-address', abuja);
    await ok(s.u, 'PUT', `/api/user-saved-address/${second.id}/default`);
    expect((await addresses(s.u))[0]).toMatchObject({ id: second.id, isDefault: true });
  });

  it('refuses another person’s change to an address (404)', async () => {
    const [s, other] = [await shopper(0), await shopper(0)];
    expect((await call(other.u, 'PATCH', `/api/user-saved-address/${s.address.id}`, { street: 'x road' })).statusCode).toBe(404);
  });

  it('refuses a local government outside the address’s state (400)', async () => {
    const s = await shopper(0);
    expect((await call(s.u, 'POST', '/api/user-saved-address', { ...abuja, stateId: 'lagos', street: '2 Road' })).statusCode).toBe(400);
  });

  it('deletes an address', async () => {
    const s = await shopper(0);
    const second = await ok<{ id: string }>(s.u, 'POST', '/api/user-saved-address', abuja);
    await ok(s.u, 'DELETE', `/api/user-saved-address/${second.id}`);
    expect((await addresses(s.u)).map((x) => x.id)).toEqual([s.address.id]);
  });
});

describe('paying for a cart', () => {
  /** A shopper's cart of rice from Lagos and from Ibadan (₦20,000), paid with an Idempotency-Key. */
  async function paidTwoShops() {
    const lagos = await sellerWith(LAGOS, 5);
    const ibadan = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const before = await walletOf(s.u);
    const ids = await addAll(s, [lagos.product, ibadan.product]);
    const res = await pay(s, ids, 'order-key-1');
    expect(res.statusCode, res.body).toBe(200);
    const placed = json(res).data as Order[];
    return { lagos, ibadan, s, before, ids, placed, total: placed.reduce((n, o) => n + o.total, 0) };
  }

  it('pays one order per shop into escrow, taking their total from the wallet', async () => {
    const { s, before, placed, total } = await paidTwoShops();
    expect(placed).toHaveLength(2);
    expect(await walletOf(s.u)).toBe(before - total);
  });

  it('holds each order as paid, with a commission of 2.5% of its subtotal', async () => {
    const { lagos, placed } = await paidTwoShops();
    const o = placed.find((x) => x.shop.id === lagos.shop.id)!;
    expect(o).toMatchObject({ status: 'paid', subtotal: 1_000_000, commission: 25_000, isSeller: false });
  });

  it('answers a replay with the same Idempotency-Key with the same orders, paying once', async () => {
    const { s, before, ids, placed, total } = await paidTwoShops();
    const replay = await pay(s, ids, 'order-key-1');
    expect(replay.statusCode).toBe(200);
    expect((json(replay).data as Order[]).map((o) => o.id)).toEqual(placed.map((o) => o.id));
    expect(await walletOf(s.u)).toBe(before - total);
  });

  it('empties the cart of what was paid for', async () => {
    const { s } = await paidTwoShops();
    expect(await cartItems(s)).toEqual([]);
  });

  it('refuses an order beyond the balance (422) with nothing written: stock, orders and cart as they were', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const poor = await shopper(1_000_000);
    const res = await buy(poor, [seller.product]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'Insufficient balance for this transaction' });
    expect(await stockOf(poor, seller.product)).toBe(10);
    expect(await ordersOf(poor)).toEqual([]);
    expect(await cartItems(poor)).toHaveLength(1);
  });

  it('refuses an order beyond the daily spending limit with no order written', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const limited = await shopper();
    const limit = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/spending-limit',
      headers: auth(limited.u, pin),
      payload: { dailyLimit: 1_000_000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect([403, 422]).toContain((await buy(limited, [seller.product])).statusCode);
    expect(await ordersOf(limited)).toEqual([]);
  });

  it('refuses an order of no cart items (400)', async () => {
    const s = await shopper();
    expect((await pay(s, [])).statusCode).toBe(400);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'sells the last 10 units to exactly 10 of 50 shoppers ordering at once (PostgreSQL: PGlite is one connection, CI runs this)',
    async () => {
      const seller = await sellerWith(LAGOS, 10, 100_000);
      const people = await Promise.all(Array.from({ length: 50 }, () => shopper(1_000_000)));
      const carts = await Promise.all(people.map(async (p) => ({ p, ids: await addAll(p, [seller.product]) })));
      const results = await Promise.all(carts.map(({ p, ids }) => pay(p, ids)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(40);
      expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
        message: 'Not enough of Ofada Rice 10kg left for your order',
      });
      const left = await ok<Product>(seller.u, 'GET', `/api/product/my-single-shop-product/${seller.shop.id}/${seller.product.id}`);
      expect(left.stock).toBe(0);
    },
  );
});

describe('an order’s steps', () => {
  it('brings an order through accepted, shipped and delivered to completed, each step on its timeline', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const s = await shopper();
    const o = await orderAt(seller, s, 'delivered', 'GIG 123');
    const done = await ok<Order>(s.u, 'PUT', `/api/order/${o.id}/confirm`);
    expect(done.status).toBe('completed');
    expect(done.timeline.map((x) => x.status)).toEqual(['paid', 'accepted', 'shipped', 'delivered', 'completed']);
  });

  it('pays the seller’s business wallet the order less the commission on confirmation', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const o = await orderAt(seller, await shopper(), 'completed');
    expect(await businessOf(seller.u)).toBe(o.total - 25_000);
    expect((await historyOf(t.app, seller.u)).data[0]).toMatchObject({ type: 'order', direction: 'credit', amount: o.total - 25_000 });
  });

  it('refunds the shopper at once when the seller declines', async () => {
    const seller = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const o = await paidOrder(seller, s);
    const before = await walletOf(s.u);
    expect((await ok<Order>(seller.u, 'PUT', `/api/order/${o.id}/decline`)).status).toBe('declined');
    expect(await walletOf(s.u)).toBe(before + o.total);
    expect((await historyOf(t.app, s.u)).data[0]).toMatchObject({ type: 'order', direction: 'credit', amount: o.total });
  });

  it('puts the stock back when the seller declines', async () => {
    const seller = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const o = await paidOrder(seller, s);
    await ok(seller.u, 'PUT', `/api/order/${o.id}/decline`);
    expect(await stockOf(s, seller.product)).toBe(5);
  });

  it('refunds the shopper who cancels a paid order', async () => {
    const seller = await sellerWith(LAGOS, 10, 3_000_000);
    const s = await shopper();
    const o = await paidOrder(seller, s);
    const before = await walletOf(s.u);
    await ok(s.u, 'PUT', `/api/order/${o.id}/cancel`);
    expect(await walletOf(s.u)).toBe(before + o.total);
  });

  type Who = 'the seller' | 'the shopper' | 'another seller' | 'a stranger' | 'no one (no token)';
  /** The states the refusals start from: the usual steps, a dispute, and the two ways a dispute ends. */
  const AT = {
    'a paid order': (seller: Seller, s: Shopper) => paidOrder(seller, s),
    'an accepted order': (seller: Seller, s: Shopper) => orderAt(seller, s, 'accepted'),
    'a shipped order': (seller: Seller, s: Shopper) => orderAt(seller, s, 'shipped'),
    'a disputed order': (seller: Seller, s: Shopper) => disputedOrder(seller, s),
    'an order refunded after a dispute': async (seller: Seller, s: Shopper) => {
      const o = await disputedOrder(seller, s);
      await ok(seller.u, 'PUT', `/api/order/${o.id}/refund`);
      return o;
    },
    'an order completed after a dispute': async (seller: Seller, s: Shopper) => {
      const o = await disputedOrder(seller, s, 'delivered');
      await ok(s.u, 'PUT', `/api/order/${o.id}/confirm`);
      return o;
    },
  };
  it.each<[string, Who, keyof typeof AT, number, string]>([
    ['accept', 'the shopper', 'a paid order', 403, 'NOT_SELLER'],
    ['accept', 'another seller', 'a paid order', 404, 'ORDER_NOT_FOUND'],
    ['ship', 'the seller', 'a paid order', 409, 'ORDER_STATE'],
    ['confirm', 'the shopper', 'an accepted order', 409, 'ORDER_STATE'],
    ['cancel', 'the shopper', 'a shipped order', 409, 'ORDER_STATE'],
    ['confirm', 'the seller', 'a disputed order', 403, 'NOT_SHOPPER'],
    ['deliver', 'the seller', 'a disputed order', 409, 'ORDER_STATE'],
    ['refund', 'the seller', 'a paid order', 409, 'ORDER_STATE'],
    ['refund', 'the shopper', 'a disputed order', 403, 'NOT_SELLER'],
    ['refund', 'a stranger', 'a disputed order', 404, 'ORDER_NOT_FOUND'],
    ['refund', 'no one (no token)', 'a disputed order', 401, 'NO_TOKEN'],
    ['refund', 'the seller', 'an order refunded after a dispute', 409, 'ORDER_STATE'],
    ['refund', 'the seller', 'an order completed after a dispute', 409, 'ORDER_STATE'],
  ])('refuses %s by %s of %s (%i %s), the money left where it was', async (action, by, at, status, code) => {
    const seller = await sellerWith(LAGOS, 10, 2_000_000);
    const s = await shopper();
    const o = await AT[at](seller, s);
    const people: Record<Who, () => Promise<TestUser | null>> = {
      'the seller': async () => seller.u,
      'the shopper': async () => s.u,
      'another seller': async () => (await sellerWith(IBADAN)).u,
      'a stranger': () => newUser(t.app),
      'no one (no token)': async () => null,
    };
    const who = await people[by]();
    const statusOf = async () => (await ok<Order>(s.u, 'GET', `/api/order/${o.id}`)).status;
    const [wallet, business, was] = [await walletOf(s.u), await businessOf(seller.u), await statusOf()];
    const res = await call(who, 'PUT', `/api/order/${o.id}/${action}`, action === 'ship' ? { note: 'GIG 123' } : undefined);
    expect([res.statusCode, json(res).code]).toEqual([status, code]);
    expect([await walletOf(s.u), await businessOf(seller.u)]).toEqual([wallet, business]);
    expect(await statusOf()).toBe(was);
  });
});

describe('the lists of orders', () => {
  /** A shopper with a completed order from the Lagos seller and an order declined by the Ibadan seller. */
  async function completedAndDeclined() {
    const lagos = await sellerWith(LAGOS, 5);
    const ibadan = await sellerWith(IBADAN, 5, 2_000_000);
    const s = await shopper();
    const o = await orderAt(lagos, s, 'completed');
    const declined = await paidOrder(ibadan, s);
    await ok(ibadan.u, 'PUT', `/api/order/${declined.id}/decline`);
    return { lagos, ibadan, s, o };
  }

  it('lists the shopper’s orders, all or by status', async () => {
    const { s, o } = await completedAndDeclined();
    const mine = (await call(s.u, 'GET', '/api/order/customer?type=completed')).json() as { data: Order[] };
    expect(mine.data.map((x) => x.id)).toEqual([o.id]);
    expect(await ordersOf(s)).toHaveLength(2);
  });

  it('refuses an unknown status for the shopper’s list (400)', async () => {
    const s = await shopper(0);
    expect((await call(s.u, 'GET', '/api/order/customer?type=lost')).statusCode).toBe(400);
  });

  it('lists the shop’s orders to its seller, marked as theirs', async () => {
    const { lagos, o } = await completedAndDeclined();
    const shopList = (await call(lagos.u, 'GET', `/api/order/shop/${lagos.shop.id}`)).json() as { data: Order[] };
    expect(shopList.data[0]).toMatchObject({ id: o.id, isSeller: true });
  });

  it('refuses another seller the shop’s orders (403)', async () => {
    const [lagos, ibadan] = [await sellerWith(LAGOS), await sellerWith(IBADAN)];
    expect((await call(ibadan.u, 'GET', `/api/order/shop/${lagos.shop.id}`)).statusCode).toBe(403);
  });
});

describe('the business wallet', () => {
  it('moves a sale to the seller’s main wallet with the PIN', async () => {
    const seller = await sellerWith(LAGOS, 5);
    const o = await orderAt(seller, await shopper(), 'completed');
    await setPin(t.app, seller.u);
    const moved = await ok<{ businessBalance: number }>(seller.u, 'POST', '/api/shop/business-wallet/withdraw', { amount: 500_000 }, pin);
    expect(moved.businessBalance).toBe(o.total - 25_000 - 500_000);
  });
});
