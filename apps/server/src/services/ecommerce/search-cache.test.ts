import { describe, expect, it } from 'vitest';
import type { Product } from '@owo/contracts';
import { fileApp, newUser } from '../../test/harness.js';
import { catalogueKit, shopCalls } from './shop-test-kit.js';

// A search's ranking kept for other shoppers (SEARCH_CACHE_MS, here a minute so the test sees it):
// the page's products are still read afresh, so nothing deleted shows and prices are today's.

const t = fileApp({ env: { SEARCH_CACHE_MS: '60000' } });
const { ok, page } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);
const search = async (u: Awaited<ReturnType<typeof newUser>>, qs: string) => (await page<Product>(u, `/api/product?${qs}`)).data;

describe('a kept search ranking', () => {
  it('answers a second shopper with the ranking the first one made', async () => {
    const { u } = await seller();
    const first = await product(u, { name: 'Velvetine Cushion' });
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    expect((await search(a, 'search=velvetine')).map((x) => x.id)).toEqual([first.id]);
    await product(u, { name: 'Velvetine Throw' });
    expect((await search(b, 'search=velvetine')).map((x) => x.id)).toEqual([first.id]);
  });

  it('is not shared between different filters of the same words', async () => {
    const { u } = await seller();
    const cheap = await product(u, { name: 'Ambergloss Vase', price: 500_000 });
    const dear = await product(u, { name: 'Ambergloss Bowl', price: 5_000_000 });
    const shopper = await newUser(t.app);
    expect((await search(shopper, 'search=ambergloss&maxPrice=1000000')).map((x) => x.id)).toEqual([cheap.id]);
    expect((await search(shopper, 'search=ambergloss&minPrice=1000000')).map((x) => x.id)).toEqual([dear.id]);
  });

  it('never shows a product deleted since it was ranked', async () => {
    const { u } = await seller();
    const [p, q] = [await product(u, { name: 'Coralwick Candle' }), await product(u, { name: 'Coralwick Lantern' })];
    const shopper = await newUser(t.app);
    expect((await search(shopper, 'search=coralwick')).map((x) => x.id).sort()).toEqual([p.id, q.id].sort());
    await ok(u, 'PATCH', `/api/product/delete/${p.id}`);
    expect((await search(shopper, 'search=coralwick')).map((x) => x.id)).toEqual([q.id]);
  });

  it('shows today’s price and the viewer’s own wishlist mark on a kept ranking', async () => {
    const { u } = await seller();
    const p = await product(u, { name: 'Saffronite Kettle', price: 1_000_000 });
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    expect((await search(a, 'search=saffronite'))[0]).toMatchObject({ id: p.id, price: 1_000_000, isWishlisted: false });
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: p.id, price: 900_000 });
    await ok(b, 'POST', `/api/wishlist/${p.id}`);
    expect((await search(b, 'search=saffronite'))[0]).toMatchObject({ id: p.id, price: 900_000, isWishlisted: true });
    expect((await search(a, 'search=saffronite'))[0]).toMatchObject({ isWishlisted: false });
  });
});
