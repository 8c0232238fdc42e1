import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product } from '@owo/contracts';
import { instanceOf } from '../../platform/instance.js';
import { searchRankingsTotal } from '../../platform/metrics.js';
import { auth, fileApp, newUser, secondApp } from '../../test/harness.js';
import { searchProducts } from './search.service.js';
import { catalogueKit, IBADAN, shopCalls } from './shop-test-kit.js';

// A search's ranking kept for other shoppers (SEARCH_CACHE_MS, here a minute so the test sees it):
// the page's products are still read afresh, so nothing deleted shows and prices are today's; a
// change to a product with the search's words drops the ranking in every process, once it commits.

const t = fileApp({ env: { SEARCH_CACHE_MS: '60000' } });
const { ok, page } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);
const search = async (u: Awaited<ReturnType<typeof newUser>>, qs: string) => (await page<Product>(u, `/api/product?${qs}`)).data;

/** Sets a product's sales, which moves its rank (quality) but is not a change the search is told of. */
const setSales = (id: string, sales: number) => t.db.execute(sql`UPDATE products SET sales = ${sales} WHERE id = ${id}`);
const ids = (list: Product[]) => list.map((x) => x.id);

describe('a kept search ranking', () => {
  it('answers a second shopper with the ranking the first one made, until a product with its words changes', async () => {
    const { u } = await seller();
    const [p, q] = [await product(u, { name: 'Velvetine Cushion' }), await product(u, { name: 'Velvetine Cushion' })];
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    const [first, second] = ids(await search(a, 'search=velvetine'));
    // The second one sells a lot: a fresh ranking would put it first, the kept one does not.
    await setSales(second!, 1_000_000);
    expect(ids(await search(b, 'search=velvetine'))).toEqual([first, second]);
    // A product with other words changes: the ranking is still kept.
    const other = await product(u, { name: 'Marblewick Jug' });
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: other.id, price: 700_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(ids(await search(b, 'search=velvetine'))).toEqual([first, second]);
    // One of its products changes price: the ranking is made again, within a second.
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: first, price: 400_000 });
    await expect.poll(async () => ids(await search(b, 'search=velvetine')), { timeout: 1_000, interval: 20 }).toEqual([second, first]);
    expect([p.id, q.id].sort()).toEqual([first, second].sort());
  });

  it('finds a new product with the words within a second, corrected words included', async () => {
    const { u } = await seller();
    const first = await product(u, { name: 'Gossamire Shawl' });
    const shopper = await newUser(t.app);
    expect(ids(await search(shopper, 'search=gossamire'))).toEqual([first.id]);
    expect(ids(await search(shopper, 'search=gosamire'))).toEqual([first.id]);
    const next = await product(u, { name: 'Gossamire Scarf' });
    await expect
      .poll(async () => ids(await search(shopper, 'search=gossamire')).sort(), { timeout: 1_000, interval: 20 })
      .toEqual([first.id, next.id].sort());
    // The misspelt search was kept under the word typed and the word it was corrected to.
    await expect
      .poll(async () => ids(await search(shopper, 'search=gosamire')).sort(), { timeout: 1_000, interval: 20 })
      .toEqual([first.id, next.id].sort());
  });

  it('keeps facets until a product with the words changes', async () => {
    const { u } = await seller();
    await product(u, { name: 'Tinselrot Lamp', categoryId: 'home', subcategoryId: 'decor' });
    const shopper = await newUser(t.app);
    const count = async () =>
      (await ok<{ categories: { id: string; count: number }[] }>(shopper, 'GET', '/api/product/search-facets?search=tinselrot')).categories;
    expect(await count()).toEqual([expect.objectContaining({ id: 'home', count: 1 })]);
    await product(u, { name: 'Tinselrot Lantern', categoryId: 'home', subcategoryId: 'decor' });
    await expect.poll(count, { timeout: 1_000, interval: 20 }).toEqual([expect.objectContaining({ id: 'home', count: 2 })]);
  });

  it('drops a ranking kept by another server process when a product changes through this one', async () => {
    const other = await secondApp(t);
    try {
      const { u } = await seller();
      const [p, q] = [await product(u, { name: 'Pellucid Tray' }), await product(u, { name: 'Pellucid Tray' })];
      const shopper = await newUser(t.app);
      const viaOther = async () =>
        ids(
          (
            (
              await other.app.inject({ method: 'GET', url: '/api/ecommerce/api/product?search=pellucid', headers: auth(shopper) })
            ).json() as {
              data: Product[];
            }
          ).data,
        );
      const [first, second] = await viaOther();
      await setSales(second!, 1_000_000);
      expect(await viaOther()).toEqual([first, second]);
      await ok(u, 'PATCH', '/api/product/edit-product', { productId: first, price: 400_000 });
      await expect.poll(viaOther, { timeout: 1_000, interval: 20 }).toEqual([second, first]);
      expect([p.id, q.id].sort()).toEqual([first, second].sort());
    } finally {
      await other.close();
    }
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

describe('a kept ranking brought up to date', () => {
  const rankings = async () => {
    const m = await searchRankingsTotal.get();
    const n = (how: string) => m.values.find((v) => v.labels.how === how)?.value ?? 0;
    return { made: n('made'), updated: n('updated') };
  };

  it('re-ranks only the changed shops’ products, and answers exactly as a ranking made afresh', async () => {
    // Three shops of "Zephyrine" things (150 of them: more than the 100 places kept, so the
    // ranking is cut), with sales, stock and words of their own, so spreads and tiers matter. The
    // pages and the total must be what a ranking made afresh gives, after every change.
    const shops = [await seller(), await seller(), await seller(IBADAN)];
    for (const [i, s] of shops.entries()) {
      const first = await product(s.u, { name: 'Zephyrine Lamp' });
      await t.db.execute(sql`INSERT INTO products (id, shop_id, name, description, category_id, subcategory_id, images, price, stock, sales,
          state_id, lga_id, search_text)
        SELECT gen_random_uuid(), shop_id, 'Zephyrine ' || (ARRAY['Lamp', 'Vase', 'Bowl', 'Stool', 'Lamp Shade'])[1 + (n * 7 + ${i}) % 5],
          'Handmade ' || n, category_id, subcategory_id, images, price + n * 100, (n * 3 + ${i}) % 4, (n * 37 + ${i} * 11) % 50,
          state_id, lga_id, lower('Zephyrine ' || (ARRAY['Lamp', 'Vase', 'Bowl', 'Stool', 'Lamp Shade'])[1 + (n * 7 + ${i}) % 5] || ' handmade ' || n)
        FROM products, generate_series(1, 49) n WHERE id = ${first.id}`);
    }
    const shopper = await newUser(t.app);
    const searches = ['zephyrine', 'zephyrine lamp', 'zephyrine&stateQuery=Lagos'];
    /** The first five pages of 20: through the app (kept rankings), and ranked afresh (no cache). */
    const kept = async (qs: string) => {
      const out: string[] = [];
      let total = 0;
      for (let pg = 1; pg <= 5; pg++) {
        const r = await page<Product>(shopper, `/api/product?search=${qs}&page=${pg}&limit=20`);
        out.push(...ids(r.data));
        total = r.pagination.total;
      }
      return { ids: out, total };
    };
    let freshRankings = 0; // each page ranked afresh counts one ranking made
    const fresh = async (qs: string) => {
      freshRankings += 5;
      const params = new URLSearchParams(`search=${qs}`);
      const out: string[] = [];
      let total = 0;
      for (let pg = 1; pg <= 5; pg++) {
        const r = await searchProducts(t.db, shopper.id, {
          search: params.get('search')!,
          stateQuery: params.get('stateQuery') ?? undefined,
          page: pg,
          limit: 20,
        });
        out.push(...ids(r.items));
        total = r.pagination.total;
      }
      return { ids: out, total };
    };
    for (const qs of searches) expect(await kept(qs)).toEqual(await fresh(qs));
    const before = await rankings();
    freshRankings = 0;

    const all = (await t.db.execute(sql`SELECT id FROM products WHERE name LIKE 'Zephyrine %' ORDER BY id`)) as unknown as {
      rows: { id: string }[];
    };
    const pick = (n: number) => all.rows[(n * 53) % all.rows.length]!.id;
    const changes = [
      (n: number) => sql`UPDATE products SET stock = 0 WHERE id = ${pick(n)}`,
      (n: number) => sql`UPDATE products SET stock = 9 WHERE id = ${pick(n)}`,
      (n: number) => sql`UPDATE products SET sales = 1000 + ${n}, price = price + 1 WHERE id = ${pick(n)}`,
      (n: number) => sql`UPDATE products SET name = 'Plain Jar', search_text = 'plain jar' WHERE id = ${pick(n)}`,
      (n: number) => sql`UPDATE products SET deleted_at = now() WHERE id = ${pick(n)}`,
      (n: number) => sql`UPDATE products SET shop_id = ${shops[n % 3]!.shop.id} WHERE id = ${pick(n)}`,
      (n: number) => sql`INSERT INTO products (id, shop_id, name, description, category_id, subcategory_id, images, price, stock, sales,
          state_id, lga_id, search_text)
        SELECT gen_random_uuid(), shop_id, 'Zephyrine Lamp', 'New ' || ${n}, category_id, subcategory_id, images, price, 5, 500 + ${n},
          state_id, lga_id, 'zephyrine lamp new ' || ${n}
        FROM products WHERE id = ${pick(n)}`,
    ];
    for (let n = 0; n < 21; n++) {
      await t.db.execute(changes[n % changes.length]!(n));
      for (const qs of searches) {
        const want = await fresh(qs);
        await expect.poll(() => kept(qs), { timeout: 2_000, interval: 20, message: `after change ${n}, ${qs}` }).toEqual(want);
      }
    }
    const after = await rankings();
    // Every change to them was an update of the kept rankings: none was ranked afresh but the reference's.
    expect(after.made - before.made).toBe(freshRankings);
    expect(after.updated - before.updated).toBeGreaterThanOrEqual(21);
  });
});

describe('the products’ trigger (sql/owo_search_changed.sql)', () => {
  it('tells the changed products’ search words on commit: not for sales alone, "*" for a statement of many', async () => {
    const heard: string[] = [];
    await instanceOf(t.db).listen('owo_search', (words) => heard.push(words));
    const settle = () => new Promise((r) => setTimeout(r, 150));
    const { u, shop } = await seller();
    const p = await product(u, { name: 'Quillfeather Pen', description: 'Writes smoothly' });
    await expect.poll(() => heard.join('|')).toContain('quillfeath');
    // The words, then on a line of their own the shops (a moved product names both).
    const [words, shops] = heard.at(-1)!.split('\n');
    expect(words!.split(' ')).toEqual(expect.arrayContaining(['quillfeath', 'pen', 'write', 'smooth']));
    expect(shops).toBe(shop.id);
    heard.length = 0;
    await setSales(p.id, 40);
    await t.db.execute(sql`UPDATE products SET views = views + 1 WHERE id = ${p.id}`);
    await settle();
    expect(heard).toEqual([]);
    await t.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${p.id}`);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]!.split('\n')[0]!.split(' ')).toContain('quillfeath');
    heard.length = 0;
    const { shop: other } = await seller();
    await t.db.execute(sql`UPDATE products SET shop_id = ${other.id} WHERE id = ${p.id}`);
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]!.split('\n')[1]!.split(' ').sort()).toEqual([shop.id, other.id].sort());
    heard.length = 0;
    await t.db
      .execute(sql`INSERT INTO products (id, shop_id, name, category_id, subcategory_id, images, price, state_id, lga_id, search_text)
      SELECT gen_random_uuid(), shop_id, 'Bulkloaded ' || n, category_id, subcategory_id, images, price, state_id, lga_id, search_text
      FROM products, generate_series(1, 201) n WHERE id = ${p.id}`);
    await expect.poll(() => heard).toEqual(['*']);
    await t.db.execute(sql`DELETE FROM products WHERE name LIKE 'Bulkloaded %'`);
  });
});
