import { expect } from 'vitest';
import type { Order, Product, Shop } from '@owo/contracts';
import {
  auth,
  balancesOf,
  fundWallet,
  json,
  newUser,
  setPin,
  TEST_PIN,
  type TestContext,
  type TestUser,
  SURULERE_ADDRESS,
} from '../../test/harness.js';
import { uploadPng } from '../../test/upload-fixture.js';

// What the marketplace's tests share: calls to /api/ecommerce, a seller with a shop and a product,
// a shopper with money and an address. Each test file makes its own app and passes it (as a getter,
// since the app is made in beforeAll).

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Place = { stateId: string; lgaId: string; latitude: number; longitude: number };

export const IKEJA: Place = { stateId: 'lagos', lgaId: 'ikeja', latitude: 6.6018, longitude: 3.3515 };
export const LAGOS = IKEJA;
export const IBADAN: Place = { stateId: 'oyo', lgaId: 'ibadan-north', latitude: 7.4352, longitude: 3.9133 };
export const pin = { transactionPin: TEST_PIN };

/** Calls to the ecommerce service: the reply, the data of a 2xx (anything else fails the test), a page of a list. */
export function shopCalls(ctx: () => TestContext) {
  const call = (u: TestUser | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method, url: `/api/ecommerce${url}`, headers: u ? auth(u, headers) : headers, ...(payload ? { payload } : {}) });
  const ok = async <T = Record<string, unknown>>(
    u: TestUser,
    method: Method,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => {
    const res = await call(u, method, url, payload, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return json(res).data as T;
  };
  const page = async <T>(u: TestUser, url: string) => {
    const res = await call(u, 'GET', url);
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json() as { data: T[]; pagination: { total: number; next: { page: number } | null } };
  };
  return { call, ok, page };
}

/** The catalogue's people: a seller with a shop (in Ikeja unless placed), and products of theirs (a plain tee unless told). */
export function catalogueKit(ctx: () => TestContext) {
  const { ok } = shopCalls(ctx);
  const upload = (u: TestUser, colour?: string) => uploadPng(ctx().app, u, colour);
  async function seller(place = IKEJA, name = `Shop ${Math.random().toString(36).slice(2, 7)}`) {
    const u = await newUser(ctx().app);
    const shop = await ok<Shop>(u, 'POST', '/api/shop', { name, phone: '08031234567', address: '12 Allen Avenue', ...place });
    return { u, shop };
  }
  async function product(u: TestUser, over: Record<string, unknown> = {}) {
    const img = await upload(u);
    return ok<Product>(u, 'POST', '/api/product', {
      name: 'Plain tee',
      categoryId: 'fashion',
      subcategoryId: 'men',
      images: [img.url],
      price: 500_000,
      stock: 10,
      ...over,
    });
  }
  return { upload, seller, product };
}

export type Shopper = { u: TestUser; address: { id: string } };
export type Seller = { u: TestUser; shop: Shop; product: Product };

/** The states an order is brought to by its usual steps (the seller's, then the shopper's confirmation). */
export type OrderState = 'paid' | 'accepted' | 'shipped' | 'delivered' | 'completed';
const STEPS: { to: OrderState; action: string; by: 'seller' | 'shopper' }[] = [
  { to: 'accepted', action: 'accept', by: 'seller' },
  { to: 'shipped', action: 'ship', by: 'seller' },
  { to: 'delivered', action: 'deliver', by: 'seller' },
  { to: 'completed', action: 'confirm', by: 'shopper' },
];

/**
 * The orders' people: a seller of rice, a shopper with money and an address in Surulere; paying for
 * a cart; an order of the seller's rice brought to a state (paid into escrow, accepted, shipped,
 * delivered, completed, disputed); the wallets' balances.
 */
export function orderKit(ctx: () => TestContext) {
  const { call, ok } = shopCalls(ctx);
  async function sellerWith(place: Place, stock = 10, price = 1_000_000): Promise<Seller> {
    const u = await newUser(ctx().app);
    const shop = await ok<Shop>(u, 'POST', '/api/shop', {
      name: `Shop ${Math.random().toString(36).slice(2, 6)}`,
      phone: '08031234567',
      address: '1 Market Road',
      ...place,
    });
    const img = await uploadPng(ctx().app, u);
    const product = await ok<Product>(u, 'POST', '/api/product', {
      name: 'Ofada Rice 10kg',
      categoryId: 'groceries',
      subcategoryId: 'staples',
      images: [img.url],
      price,
      stock,
    });
    return { u, shop, product };
  }
  async function shopper(kobo = 10_000_000): Promise<Shopper> {
    const u = await newUser(ctx().app);
    await setPin(ctx().app, u);
    if (kobo) await fundWallet(ctx().app, u, kobo);
    const address = await ok<{ id: string }>(u, 'POST', '/api/user-saved-address', SURULERE_ADDRESS);
    return { u, address };
  }
  const pay = (s: Shopper, ids: string[], key?: string) =>
    call(
      s.u,
      'POST',
      '/api/order/initiate',
      { cartItemIds: ids, addressId: s.address.id },
      { ...pin, ...(key ? { 'Idempotency-Key': key } : {}) },
    );
  async function addAll(s: Shopper, products: Product[], qty = 1) {
    const ids: string[] = [];
    for (const p of products) ids.push((await ok<{ id: string }>(s.u, 'POST', '/api/cart', { productId: p.id, quantity: qty })).id);
    return ids;
  }
  const buy = async (s: Shopper, products: Product[], qty = 1) => pay(s, await addAll(s, products, qty));
  /** One of the seller's rice, paid by the shopper into escrow. */
  async function paidOrder(seller: Seller, s: Shopper): Promise<Order> {
    const res = await buy(s, [seller.product]);
    expect(res.statusCode, res.body).toBe(200);
    return (json(res).data as Order[])[0]!;
  }
  /** An order brought through the steps to `state` (shipped with `note`). */
  async function orderAt(seller: Seller, s: Shopper, state: OrderState, note = ''): Promise<Order> {
    const o = await paidOrder(seller, s);
    for (const step of STEPS.slice(0, STEPS.findIndex((x) => x.to === state) + 1))
      await ok(
        step.by === 'seller' ? seller.u : s.u,
        'PUT',
        `/api/order/${o.id}/${step.action}`,
        step.action === 'ship' ? { note } : undefined,
      );
    return o;
  }
  /** An order the shopper disputes with `reason` once it is shipped (or delivered). */
  async function disputedOrder(seller: Seller, s: Shopper, after: 'shipped' | 'delivered' = 'shipped', reason = 'Torn bag') {
    const o = await orderAt(seller, s, after);
    await ok(s.u, 'PUT', `/api/order/${o.id}/dispute`, { reason });
    return o;
  }
  const walletOf = async (u: TestUser) => (await balancesOf(ctx().app, u)).walletBalance;
  const businessOf = async (u: TestUser) => (await balancesOf(ctx().app, u)).businessWalletBalance;
  return { sellerWith, shopper, pay, addAll, buy, paidOrder, orderAt, disputedOrder, walletOf, businessOf };
}
