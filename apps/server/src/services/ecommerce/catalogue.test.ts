import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Shop } from '@owo/contracts';
import { createTestApp, newUser, type TestContext } from '../../test/harness.js';
import places from './places-ng.json' with { type: 'json' };
import { catalogueKit, IKEJA, shopCalls } from './shop-test-kit.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, ok, page } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);

describe('places', () => {
  it('lists 36 states and the FCT with their 774 LGAs from the committed source, Katsina spelled right', async () => {
    expect(places.states).toHaveLength(37);
    expect(places.states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
    expect(places.source).toMatch(/nigerian-states-and-lgas/);
    const u = await newUser(t.app);
    const states = await ok<{ id: string; name: string }[]>(u, 'GET', '/api/shop/states');
    expect(states).toHaveLength(37);
    expect(states.map((s) => s.name)).toContain('Katsina');
    expect(states.map((s) => s.name)).not.toContain('Kastina');
    const lagos = await ok<{ lgas: { id: string }[] }>(u, 'GET', '/api/shop/states/lagos');
    expect(lagos.lgas).toHaveLength(20);
    expect((await ok<{ lgas: unknown[] }>(u, 'GET', '/api/shop/states/katsina')).lgas).toHaveLength(34);
    expect((await call(u, 'GET', '/api/shop/states/atlantis')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/shop/states')).statusCode).toBe(401);
  });
});

describe('shops', () => {
  it('opens one shop per person with a place; refuses bad input; follows toggle; finds nearby shops nearest first', async () => {
    const { u, shop } = await seller();
    expect(shop).toMatchObject({
      state: { id: 'lagos', name: 'Lagos' },
      lga: { id: 'ikeja', name: 'Ikeja' },
      isMine: true,
      productsCount: 0,
    });
    expect((await call(u, 'POST', '/api/shop', { name: 'Again', phone: '08031234567', address: 'x st', ...IKEJA })).statusCode).toBe(409);
    const other = await newUser(t.app);
    expect(
      (
        await call(other, 'POST', '/api/shop', { name: 'Bad', phone: '08031234567', address: 'x st', ...IKEJA, lgaId: 'kano-municipal' })
      ).json(),
    ).toMatchObject({
      message: 'Choose a local government area of Lagos',
    });
    expect((await call(other, 'POST', '/api/shop', { name: 'Bad', phone: '0803', address: 'x st', ...IKEJA })).statusCode).toBe(400);
    expect(
      (await call(other, 'POST', '/api/shop', { name: 'Far', phone: '08031234567', address: 'x st', ...IKEJA, latitude: 51.5 })).statusCode,
    ).toBe(400);
    expect((await call(other, 'GET', '/api/shop/me')).statusCode).toBe(404);
    expect(await ok(other, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).toMatchObject({ isFollowing: true, followersCount: 1 });
    expect((await page<Shop>(other, '/api/shop/followings')).data.map((s) => s.id)).toEqual([shop.id]);
    expect(await ok(other, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).toMatchObject({ isFollowing: false, followersCount: 0 });
    expect((await call(u, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).statusCode).toBe(400);

    const { shop: yaba } = await seller({ stateId: 'lagos', lgaId: 'lagos-mainland', latitude: 6.5095, longitude: 3.3711 });
    const { shop: abuja } = await seller({ stateId: 'fct', lgaId: 'abuja-municipal-area-council', latitude: 9.0579, longitude: 7.4951 });
    const near = await call(other, 'POST', '/api/shop/search', { latitude: 6.6, longitude: 3.35, radiusKm: 20 });
    const found = (near.json() as { data: Shop[] }).data;
    const ids = found.map((s) => s.id);
    expect(ids.indexOf(shop.id)).toBeLessThan(ids.indexOf(yaba.id));
    expect(ids).not.toContain(abuja.id);
    const d = found.map((s) => s.distanceKm!);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(d.every((x) => x <= 20)).toBe(true);
    expect(found.find((s) => s.id === shop.id)!.distanceKm).toBeLessThan(1);
    expect((await call(other, 'POST', '/api/shop/search', { latitude: 6.6 })).statusCode).toBe(400);
  });
});

describe('wishlist, categories, colours and reports', () => {
  it('adds once, lists, removes with a correctly spelled message', async () => {
    const { u } = await seller();
    const p = await product(u);
    const shopper = await newUser(t.app);
    const first = await ok<{ id: string }>(shopper, 'POST', `/api/wishlist/${p.id}`);
    expect((await ok<{ id: string }>(shopper, 'POST', `/api/wishlist/${p.id}`)).id).toBe(first.id);
    expect((await page(shopper, '/api/wishlist')).data).toHaveLength(1);
    expect((await page<Product>(shopper, '/api/wishlist/products')).data[0]).toMatchObject({ id: p.id, isWishlisted: true });
    const removed = await call(shopper, 'DELETE', `/e-comm/api/wishlist/${p.id}`);
    expect(removed.json()).toEqual({ status: true, message: 'Removed from your wishlist', data: null });
    expect((await call(shopper, 'DELETE', `/e-comm/api/wishlist/${p.id}`)).statusCode).toBe(404);
    expect((await call(shopper, 'POST', '/api/wishlist/0198a7b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('lists categories with subcategories and variations, colours, report reasons; reports a product and a shop', async () => {
    const { u, shop } = await seller();
    const p = await product(u);
    const cats = await ok<{ id: string; subcategories: { id: string; variations: { id: string; options: string[] }[] }[] }[]>(
      u,
      'GET',
      '/api/category',
    );
    expect(cats.map((c) => c.id)).toContain('fashion');
    const fashion = await ok<{ subcategories: { id: string }[] }>(u, 'GET', '/api/category/fashion');
    expect(fashion.subcategories.map((s) => s.id)).toContain('shoes');
    const v = await ok<{ subcategory: { variations: { id: string; options: string[] }[] } }>(
      u,
      'GET',
      '/api/category/subcategory/variation/shoes',
    );
    expect(v.subcategory.variations.map((x) => x.id)).toEqual(['shoe-size', 'colour']);
    expect(v.subcategory.variations[1]!.options).toContain('Red');
    expect((await call(u, 'GET', '/api/category/nope')).statusCode).toBe(404);
    expect((await ok<unknown[]>(u, 'GET', '/api/shop/get-colours')).length).toBeGreaterThan(5);
    const reasons = await ok<{ id: string }[]>(u, 'GET', '/api/report');
    const reporter = await newUser(t.app);
    const r1 = await ok<{ id: string; target: string; shopId: string }>(reporter, 'POST', '/api/report-shop-product', {
      productId: p.id,
      reason: reasons[0]!.id,
    });
    expect(r1).toMatchObject({ target: 'product', shopId: shop.id });
    await ok(reporter, 'POST', '/api/report-shop-product', { shopId: shop.id, reason: 'scam', details: 'Took my money' });
    expect(
      (await call(reporter, 'POST', '/api/report-shop-product', { productId: p.id, shopId: shop.id, reason: 'scam' })).statusCode,
    ).toBe(400);
    expect((await call(reporter, 'POST', '/api/report-shop-product', { productId: p.id, reason: 'because' })).statusCode).toBe(400);
    expect((await page(reporter, '/api/report-shop-product')).data).toHaveLength(2);
    expect(await ok(reporter, 'GET', `/api/report-shop-product/${r1.id}`)).toMatchObject({ id: r1.id });
    expect((await call(u, 'GET', `/api/report-shop-product/${r1.id}`)).statusCode).toBe(404);
    expect((await page(u, `/api/product/get-product-reviews/${p.id}`)).data).toEqual([]);
  });
});
