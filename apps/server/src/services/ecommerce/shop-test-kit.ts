import { expect } from 'vitest';
import type { Product, Shop } from '@owo/contracts';
import { auth, fundWallet, json, newUser, setPin, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
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

/** The orders' people: a seller of rice, a shopper with money and an address in Surulere; paying for a cart. */
export function orderKit(ctx: () => TestContext) {
  const { call, ok } = shopCalls(ctx);
  async function sellerWith(place: Place, stock = 10, price = 1_000_000) {
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
    const address = await ok<{ id: string }>(u, 'POST', '/api/user-saved-address', {
      stateId: 'lagos',
      lgaId: 'surulere',
      street: '5 Bode Thomas Street',
      phone: '08035550000',
      latitude: 6.5,
      longitude: 3.358,
    });
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
  return { sellerWith, shopper, pay, addAll, buy };
}
