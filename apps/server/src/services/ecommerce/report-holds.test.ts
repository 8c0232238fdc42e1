import type { Product, Shop } from '@owo/contracts';
import { describe, expect, it } from 'vitest';
import { fileApp, newUser, type TestUser } from '../../test/harness.js';
import { catalogueKit, shopCalls } from './shop-test-kit.js';

// Products and shops held from shoppers by their reports (report-holds.ts), here after 2 distinct
// people report (REPORT_HIDE_THRESHOLD). A moderator's restore, warn and remove of them are in
// services/staff/moderation.test.ts.

const t = fileApp({ env: { REPORT_HIDE_THRESHOLD: '2' } });
const { call, ok, page } = shopCalls(() => t);
const kit = catalogueKit(() => t);
const word = (n: number) =>
  `quil${'abcdefghij'[n]}vex${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5)}`;

const report = async (by: TestUser, target: { productId: string } | { shopId: string }) =>
  ok(by, 'POST', '/api/report-shop-product', { ...target, reason: 'scam', details: 'Never delivered' });
const searchIds = async (u: TestUser, q: string) => (await page<Product>(u, `/api/product?search=${q}`)).data.map((p) => p.id);

describe('a product reported by enough people', () => {
  it('stays listed after one report, and is held from shoppers after the second', async () => {
    const { u: seller } = await kit.seller();
    const name = word(1);
    const p = await kit.product(seller, { name: `${name} tee` });
    const [a, b, shopper] = [await newUser(t.app), await newUser(t.app), await newUser(t.app)];
    await report(a, { productId: p.id });
    expect(await searchIds(shopper, name)).toEqual([p.id]);
    await report(a, { productId: p.id });
    expect(await searchIds(shopper, name)).toEqual([p.id]);
    await report(b, { productId: p.id });
    expect(await searchIds(shopper, name)).toEqual([]);
    const view = await call(shopper, 'PATCH', `/api/product/view/${p.id}`);
    expect(view.statusCode).toBe(404);
    expect(view.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await page<Product>(shopper, `/api/product/shop-products/${p.shop.id}`)).data).toEqual([]);
    const cart = await call(shopper, 'POST', '/api/cart', { productId: p.id, quantity: 1 });
    expect(cart.statusCode).toBe(404);
    expect(cart.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    const mine = await page<Product>(seller, `/api/product/my-shop-products/${p.shop.id}`);
    expect(mine.data).toMatchObject([{ id: p.id, heldForReview: true }]);
  });
});

describe('a shop reported by enough people', () => {
  it('is left out of shop search and its page, with its products, for everyone but its owner', async () => {
    const name = word(3);
    const { u: seller, shop } = await kit.seller(undefined, `${name} Fabrics`);
    const p = await kit.product(seller, { name: `${name} gown` });
    for (const by of [await newUser(t.app), await newUser(t.app)]) await report(by, { shopId: shop.id });
    const shopper = await newUser(t.app);
    expect((await page<Shop>(shopper, `/api/shop/find?q=${name}`)).data).toEqual([]);
    expect((await call(shopper, 'GET', `/api/shop/single/${shop.id}`)).statusCode).toBe(404);
    expect(await searchIds(shopper, name)).toEqual([]);
    expect((await ok<Shop>(seller, 'GET', `/api/shop/single/${shop.id}`)).id).toBe(shop.id);
    expect((await page<Product>(seller, `/api/product/my-shop-products/${shop.id}`)).data).toMatchObject([
      { id: p.id, heldForReview: true },
    ]);
  });
});
