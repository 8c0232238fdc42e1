import { describe, expect, it } from 'vitest';
import type { Product, Shop } from '@owo/contracts';
import { fileApp, newUser } from '../../test/harness.js';
import places from './places-ng.json' with { type: 'json' };
import { catalogueKit, IKEJA, shopCalls } from './shop-test-kit.js';

const t = fileApp();

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
  const newShop = (u: Awaited<ReturnType<typeof newUser>>, over: Record<string, unknown> = {}) =>
    call(u, 'POST', '/api/shop', { name: 'Bad', phone: '08031234567', address: 'x st', ...IKEJA, ...over });

  it('opens a shop with its place, as the owner’s own, with no products yet', async () => {
    const { shop } = await seller();
    expect(shop).toMatchObject({
      state: { id: 'lagos', name: 'Lagos' },
      lga: { id: 'ikeja', name: 'Ikeja' },
      isMine: true,
      productsCount: 0,
    });
  });

  it('refuses a second shop for the same person', async () => {
    const { u } = await seller();
    expect((await newShop(u, { name: 'Again' })).statusCode).toBe(409);
  });

  it('refuses an LGA of another state, naming the state', async () => {
    const other = await newUser(t.app);
    expect((await newShop(other, { lgaId: 'kano-municipal' })).json()).toMatchObject({
      message: 'Choose a local government area of Lagos',
    });
  });

  it.each([
    ['a short phone number', { phone: '0803' }],
    ['a point outside Nigeria', { name: 'Far', latitude: 51.5 }],
  ])('refuses %s (400) and opens nothing', async (_, over) => {
    const other = await newUser(t.app);
    expect((await newShop(other, over)).statusCode).toBe(400);
    const none = await call(other, 'GET', '/api/shop/me');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: null, message: 'You have no shop yet' });
  });

  it('toggles a follow: following lists the shop and counts the follower, again unfollows', async () => {
    const { shop } = await seller();
    const other = await newUser(t.app);
    expect(await ok(other, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).toMatchObject({ isFollowing: true, followersCount: 1 });
    expect((await page<Shop>(other, '/api/shop/followings')).data.map((s) => s.id)).toEqual([shop.id]);
    expect(await ok(other, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).toMatchObject({ isFollowing: false, followersCount: 0 });
  });

  it('refuses to let an owner follow their own shop', async () => {
    const { u, shop } = await seller();
    expect((await call(u, 'PATCH', `/api/shop/follow-shop/${shop.id}`)).statusCode).toBe(400);
  });

  it('finds the shops within the radius of a point, nearest first, with their distance', async () => {
    const { shop } = await seller();
    const { shop: yaba } = await seller({ stateId: 'lagos', lgaId: 'lagos-mainland', latitude: 6.5095, longitude: 3.3711 });
    const { shop: abuja } = await seller({ stateId: 'fct', lgaId: 'abuja-municipal-area-council', latitude: 9.0579, longitude: 7.4951 });
    const other = await newUser(t.app);
    const near = await call(other, 'POST', '/api/shop/search', { latitude: 6.6, longitude: 3.35, radiusKm: 20 });
    const found = (near.json() as { data: Shop[] }).data;
    const ids = found.map((s) => s.id);
    expect(ids.indexOf(shop.id)).toBeLessThan(ids.indexOf(yaba.id));
    expect(ids).not.toContain(abuja.id);
    const d = found.map((s) => s.distanceKm!);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(d.every((x) => x <= 20)).toBe(true);
    expect(found.find((s) => s.id === shop.id)!.distanceKm).toBeLessThan(1);
  });

  it('refuses a nearby search without a whole point', async () => {
    const other = await newUser(t.app);
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

  it('lists the categories, one with its subcategories, and 404 for an unknown one', async () => {
    const u = await newUser(t.app);
    const cats = await ok<{ id: string }[]>(u, 'GET', '/api/category');
    expect(cats.map((c) => c.id)).toContain('fashion');
    const fashion = await ok<{ subcategories: { id: string }[] }>(u, 'GET', '/api/category/fashion');
    expect(fashion.subcategories.map((s) => s.id)).toContain('shoes');
    expect((await call(u, 'GET', '/api/category/nope')).statusCode).toBe(404);
  });

  it('lists a subcategory’s variations with their options', async () => {
    const u = await newUser(t.app);
    const v = await ok<{ subcategory: { variations: { id: string; options: string[] }[] } }>(
      u,
      'GET',
      '/api/category/subcategory/variation/shoes',
    );
    expect(v.subcategory.variations.map((x) => x.id)).toEqual(['shoe-size', 'colour']);
    expect(v.subcategory.variations[1]!.options).toContain('Red');
  });

  it('lists the colours', async () => {
    const u = await newUser(t.app);
    expect((await ok<unknown[]>(u, 'GET', '/api/shop/get-colours')).length).toBeGreaterThan(5);
  });

  /** A seller's product, and a person who reported it (by the first reason listed) and the shop (as a scam). */
  async function reported() {
    const { u, shop } = await seller();
    const p = await product(u);
    const reasons = await ok<{ id: string }[]>(u, 'GET', '/api/report');
    const reporter = await newUser(t.app);
    const r1 = await ok<{ id: string; target: string; shopId: string }>(reporter, 'POST', '/api/report-shop-product', {
      productId: p.id,
      reason: reasons[0]!.id,
    });
    await ok(reporter, 'POST', '/api/report-shop-product', { shopId: shop.id, reason: 'scam', details: 'Took my money' });
    return { u, shop, p, reporter, r1 };
  }

  it('reports a product against its shop', async () => {
    const { shop, r1 } = await reported();
    expect(r1).toMatchObject({ target: 'product', shopId: shop.id });
  });

  it('lists the reporter’s reports (of a product and of a shop) and reads one', async () => {
    const { reporter, r1 } = await reported();
    expect((await page(reporter, '/api/report-shop-product')).data).toHaveLength(2);
    expect(await ok(reporter, 'GET', `/api/report-shop-product/${r1.id}`)).toMatchObject({ id: r1.id });
  });

  it.each([
    ['both a product and a shop', (p: Product, shopId: string) => ({ productId: p.id, shopId, reason: 'scam' })],
    ['a reason not on the list', (p: Product) => ({ productId: p.id, reason: 'because' })],
  ])('refuses a report of %s (400)', async (_, body) => {
    const { u, shop } = await seller();
    const p = await product(u);
    const reporter = await newUser(t.app);
    expect((await call(reporter, 'POST', '/api/report-shop-product', body(p, shop.id))).statusCode).toBe(400);
  });

  it('keeps a report from anyone but its reporter (404)', async () => {
    const { u, r1 } = await reported();
    expect((await call(u, 'GET', `/api/report-shop-product/${r1.id}`)).statusCode).toBe(404);
  });

  it('lists no reviews for a product no one reviewed', async () => {
    const { u } = await seller();
    const p = await product(u);
    expect((await page(u, `/api/product/get-product-reviews/${p.id}`)).data).toEqual([]);
  });
});
