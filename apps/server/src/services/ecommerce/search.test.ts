import { describe, expect, it } from 'vitest';
import type { Product, SearchFacets, Suggestion } from '@owo/contracts';
import { fileApp, newUser } from '../../test/harness.js';
import { catalogueKit, IBADAN, shopCalls } from './shop-test-kit.js';
import { corrections } from './search-words.js';

// Search around the words: the vocabulary in step with every write, corrections, sorting,
// the capped count, suggestions, facets and shops by name.

const t = fileApp();

const { call, ok, page } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);
type SearchPage = {
  data: Product[];
  pagination: { total: number };
  search?: { correctedQuery: string | null; didYouMean: string | null; totalIsAtLeast: boolean };
};
const search = async (u: Awaited<ReturnType<typeof newUser>>, qs: string) => (await page<Product>(u, `/api/product?${qs}`)) as SearchPage;

describe('search', () => {
  it('finds a new product by a word of its name at once, and not after it is renamed or deleted', async () => {
    const { u } = await seller();
    const p = await product(u, { name: 'Zanzibarite Lamp' });
    const shopper = await newUser(t.app);
    expect((await search(shopper, 'search=zanzibarite')).data.map((x) => x.id)).toEqual([p.id]);
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: p.id, name: 'Quartzine Lamp' });
    expect((await search(shopper, 'search=zanzibarite')).data).toEqual([]);
    expect((await search(shopper, 'search=quartzine')).data.map((x) => x.id)).toEqual([p.id]);
    await ok(u, 'PATCH', `/api/product/delete/${p.id}`);
    expect((await search(shopper, 'search=quartzine')).data).toEqual([]);
  });

  it('corrects a misspelt word against the catalogue’s words and says so', async () => {
    const { u } = await seller();
    const p = await product(u, { name: 'Marmalade Toaster', categoryId: 'appliances', subcategoryId: 'kitchen-appliances' });
    const shopper = await newUser(t.app);
    const r = await search(shopper, 'search=marmelade');
    expect(r.data.map((x) => x.id)).toContain(p.id);
    expect(r.search?.correctedQuery).toBe('marmalade');
  });

  it('corrects each of several misspelt words, each to its own nearest word', async () => {
    const { u } = await seller();
    const p = await product(u, { name: 'Tangerine Percolator', categoryId: 'appliances', subcategoryId: 'kitchen-appliances' });
    const shopper = await newUser(t.app);
    const r = await search(shopper, 'search=tangerene percolater');
    expect(r.search?.correctedQuery).toBe('tangerine percolator');
    expect(r.data.map((x) => x.id)).toContain(p.id);
  });

  it('leaves a word the catalogue has as typed', async () => {
    const { u } = await seller();
    await product(u, { name: 'Candle Holder' });
    await product(u, { name: 'Handle Grip' });
    const shopper = await newUser(t.app);
    const r = await search(shopper, 'search=candle');
    expect(r.search?.correctedQuery).toBeNull();
    expect(r.data.every((x) => x.name.includes('Candle'))).toBe(true);
    // A word the search index lacks goes to the corrections, which find the word itself when the vocabulary has it: no correction.
    expect([...(await corrections(t.db, ['candle', 'candel'])).entries()]).toEqual([['candel', 'candle']]);
  });

  it('sorts the matches by price, lowest first', async () => {
    const { u } = await seller();
    const tag = `Sortlet${Math.random().toString(36).slice(2, 6)}`;
    for (const price of [900_000, 300_000, 600_000]) await product(u, { name: `${tag} Mug`, price });
    const shopper = await newUser(t.app);
    const r = await search(shopper, `search=${tag}&sort=price-asc`);
    expect(r.data.map((x) => x.price)).toEqual([300_000, 600_000, 900_000]);
    expect((await call(shopper, 'GET', `/api/product?search=${tag}&sort=cheapest`)).statusCode).toBe(400);
  });

  it('puts an out-of-stock product after those in stock', async () => {
    const { u } = await seller();
    const tag = `Stockly${Math.random().toString(36).slice(2, 6)}`;
    const none = await product(u, { name: `${tag} Kettle`, stock: 0 });
    const some = await product(u, { name: `${tag} Kettle Big`, stock: 4 });
    const shopper = await newUser(t.app);
    expect((await search(shopper, `search=${tag}+kettle`)).data.map((x) => x.id)).toEqual([some.id, none.id]);
  });

  it('offers a query that may match when nothing does', async () => {
    const { u } = await seller();
    await product(u, { name: 'Hibiscus Tea' });
    const shopper = await newUser(t.app);
    // Four edits from "hibiscus": too far to correct, near enough to offer.
    const r = await search(shopper, 'search=hibizkusss');
    expect(r.data).toEqual([]);
    expect(r.search?.didYouMean).toBe('hibiscus');
  });

  it('suggests words, products, categories and shops for the start of a word', async () => {
    const { u } = await seller(IBADAN, 'Quokka Gadgets');
    await product(u, { name: 'Quokkaphone Ultra', categoryId: 'phones', subcategoryId: 'smartphones' });
    const shopper = await newUser(t.app);
    const s = await ok<Suggestion>(shopper, 'GET', '/api/product/suggest?q=quok');
    expect(s.words).toContain('quokkaphone');
    expect(s.products.map((x) => x.name)).toContain('Quokkaphone Ultra');
    expect(s.shops.map((x) => x.name)).toContain('Quokka Gadgets');
    const phones = await ok<Suggestion>(shopper, 'GET', '/api/product/suggest?q=smartph');
    expect(phones.categories.map((c) => c.subcategory?.id)).toContain('smartphones');
  });

  it('refuses an empty suggestion query with a clear message', async () => {
    const shopper = await newUser(t.app);
    const r = await call(shopper, 'GET', '/api/product/suggest?q=');
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ message: expect.stringMatching(/Type something to search for/) });
  });

  it('counts the matches per category and price range', async () => {
    const { u } = await seller();
    const tag = `Facet${Math.random().toString(36).slice(2, 6)}`;
    await product(u, { name: `${tag} Shirt`, price: 500_000 });
    await product(u, { name: `${tag} Rice`, categoryId: 'groceries', subcategoryId: 'staples', price: 3_000_000 });
    const shopper = await newUser(t.app);
    const f = await ok<SearchFacets>(shopper, 'GET', `/api/product/search-facets?search=${tag}`);
    expect(f.categories.map((c) => [c.id, c.count]).sort()).toEqual([
      ['fashion', 1],
      ['groceries', 1],
    ]);
    expect(f.prices.map((p) => p.count)).toEqual([1, 1, 0, 0, 0]);
  });
});
