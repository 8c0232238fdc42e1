import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Product, Suggestion } from '@owo/contracts';
import { executeRows, openDatabase } from '../../platform/db.js';
import { auth, fileApp, newUser, secondApp, type TestUser } from '../../test/harness.js';
import { catalogueKit, IBADAN, shopCalls } from './shop-test-kit.js';

// Each server process keeps its own search index (search-index/): a product added, edited,
// repriced, sold out or deleted through one process is found (or gone) in the other's searches at
// once, as a search first applies the changes committed since; the health check says how the index
// stands; a process with SEARCH_INDEX=off answers the same from the database alone.

const t = fileApp();
const { ok } = shopCalls(() => t);
const { seller, product } = catalogueKit(() => t);

type Found = { data: Product[]; pagination: { total: number }; search: { totalIsAtLeast: boolean } };
const searchOn = async (app: typeof t.app, u: TestUser, qs: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/ecommerce/api/product?${qs}`, headers: auth(u) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Found;
};
const ids = (f: Found) => f.data.map((p) => p.id);
const indexOf = async (app: typeof t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return (res.json() as { data: { searchIndex: { state: string; products: number; changesApplied: number; checks: number } } }).data
    .searchIndex;
};
const ready = async (app: typeof t.app) => expect.poll(async () => (await indexOf(app)).state, { timeout: 5_000 }).toBe('ready');

describe('the search index of every process', () => {
  it('finds a product added through one process in the other’s next search, and follows its edits, its stock and its deletion', async () => {
    const other = await secondApp(t);
    await ready(t.app);
    await ready(other.app);
    const { u } = await seller();
    const shopper = await newUser(t.app);
    const p = await product(u, {
      name: 'Orchidwell Kettle',
      categoryId: 'appliances',
      subcategoryId: 'kitchen-appliances',
      price: 900_000,
    });
    const q = await product(u, {
      name: 'Orchidwell Kettle Deluxe',
      categoryId: 'appliances',
      subcategoryId: 'kitchen-appliances',
      price: 1_900_000,
    });
    const started = Date.now();
    expect(ids(await searchOn(other.app, shopper, 'search=orchidwell')).sort()).toEqual([p.id, q.id].sort());
    expect(Date.now() - started).toBeLessThan(1_000);
    // Repriced: the price filter sees the new price.
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: q.id, price: 500_000 });
    expect(ids(await searchOn(other.app, shopper, 'search=orchidwell&maxPrice=600000'))).toEqual([q.id]);
    // Re-worded: found by its new words only.
    await ok(u, 'PATCH', '/api/product/edit-product', { productId: p.id, name: 'Larkspire Kettle' });
    expect(ids(await searchOn(other.app, shopper, 'search=orchidwell'))).toEqual([q.id]);
    expect(ids(await searchOn(other.app, shopper, 'search=larkspire'))).toEqual([p.id]);
    // Sold out: still found, after those in stock.
    const [top, next] = ids(await searchOn(other.app, shopper, 'search=kettle'));
    await t.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${top!}`);
    expect(ids(await searchOn(other.app, shopper, 'search=kettle'))).toEqual([next, top]);
    // Deleted: never shows again, in either process, nor in its count.
    await ok(u, 'PATCH', `/api/product/delete/${q.id}`);
    for (const app of [other.app, t.app]) {
      const r = await searchOn(app, shopper, 'search=orchidwell');
      expect(r.data).toEqual([]);
      expect(r.pagination.total).toBe(0);
    }
    expect((await indexOf(other.app)).changesApplied).toBeGreaterThanOrEqual(5);
  });

  it('says in the health check that it is ready, and how many products it holds', async () => {
    await ready(t.app);
    const { u } = await seller(IBADAN);
    await product(u, { name: 'Saffronel Wrapper' });
    await searchOn(t.app, await newUser(t.app), 'search=saffronel');
    const [r] = await executeRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM products WHERE deleted_at IS NULL`);
    expect(await indexOf(t.app)).toMatchObject({ state: 'ready', products: r!.n });
  });

  it('answers as the database alone does (SEARCH_INDEX=off): the same products, total and order', async () => {
    const off = await secondApp(t, { configure: (c) => ({ ...c, searchIndex: false }) });
    await ready(t.app);
    expect((await indexOf(off.app)).state).toBe('off');
    const { u } = await seller();
    for (let i = 0; i < 5; i++) await product(u, { name: `Tamarind Sandal ${i}`, price: 300_000 + i * 100_000, stock: i === 2 ? 0 : 5 });
    await product(u, { name: 'Leather sandal', description: 'Goes with tamarind chinos' });
    const shopper = await newUser(t.app);
    for (const qs of [
      'search=tamarind',
      'search=tamarind sandal',
      'search=tamarind&sort=price-desc',
      'search=sandal&maxPrice=500000',
      'search=tamrind',
    ]) {
      const [on, without] = [await searchOn(t.app, shopper, qs), await searchOn(off.app, shopper, qs)];
      expect(ids(on), qs).toEqual(ids(without));
      expect(on.pagination.total, qs).toBe(without.pagination.total);
    }
  });
});

describe('the check for changes, shared', () => {
  it('lets searches that come during a check share the next one, and never misses a change committed before a search began', async () => {
    await ready(t.app);
    const { u } = await seller();
    const p = await product(u, { name: 'Velvetine Lamp' });
    const shopper = await newUser(t.app);
    const before = (await indexOf(t.app)).checks;
    const burst = await Promise.all(Array.from({ length: 12 }, () => searchOn(t.app, shopper, 'search=velvetine')));
    for (const r of burst) expect(ids(r)).toEqual([p.id]);
    expect((await indexOf(t.app)).checks - before).toBeLessThan(12);
    // A rename committed while searches are in flight is seen by every search that begins after it.
    const inFlight = Array.from({ length: 6 }, () => searchOn(t.app, shopper, 'search=velvetine'));
    await t.db.execute(sql`UPDATE products SET name = 'Marigoldine Lamp' WHERE id = ${p.id}`);
    const after = await Promise.all(Array.from({ length: 6 }, () => searchOn(t.app, shopper, 'search=marigoldine')));
    for (const r of after) expect(ids(r)).toEqual([p.id]);
    expect(ids(await searchOn(t.app, shopper, 'search=velvetine'))).toEqual([]);
    await Promise.all(inFlight);
  });
});

describe('suggestions through the index', () => {
  const suggestOn = async (app: typeof t.app, u: TestUser, q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/ecommerce/api/product/suggest?q=${encodeURIComponent(q)}`, headers: auth(u) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Suggestion }).data;
  };

  it('finds the products of a completion, of a corrected word and of a synonym, as the database alone does', async () => {
    const off = await secondApp(t, { configure: (c) => ({ ...c, searchIndex: false }) });
    await ready(t.app);
    const { u } = await seller();
    await product(u, { name: 'Zephyrline Refrigerator 300L', categoryId: 'appliances', subcategoryId: 'kitchen-appliances' });
    await product(u, { name: 'Zephyrline Fridge Magnet' });
    await product(u, { name: 'Zephyrline Blender', stock: 0 });
    const shopper = await newUser(t.app);
    for (const [q, names] of [
      // A completion of the last word.
      ['zephyrl', ['Zephyrline Fridge Magnet', 'Zephyrline Refrigerator 300L']],
      // A misspelt word, corrected.
      ['zephyrlne', ['Zephyrline Fridge Magnet', 'Zephyrline Refrigerator 300L']],
      // A word with synonyms: "fridge" finds the refrigerator too; the words before narrow it.
      ['zephyrline fridge', ['Zephyrline Fridge Magnet', 'Zephyrline Refrigerator 300L']],
    ] as const) {
      const [on, without] = [await suggestOn(t.app, shopper, q), await suggestOn(off.app, shopper, q)];
      expect(on.products.map((p) => p.name).sort(), q).toEqual(names);
      expect(without.products.map((p) => p.name).sort(), q).toEqual(names);
      expect(on.words, q).toEqual(without.words);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('changes committed out of order (PostgreSQL)', () => {
  it('applies a change whose number committed after a later one', async () => {
    await ready(t.app);
    const { u } = await seller();
    const p = await product(u, { name: 'Quillonet Basket' });
    const q = await product(u, { name: 'Quillonet Mat' });
    const shopper = await newUser(t.app);
    expect(ids(await searchOn(t.app, shopper, 'search=quillonet')).sort()).toEqual([p.id, q.id].sort());
    const side = await openDatabase({ databaseUrl: t.databaseUrl! });
    try {
      // The first change takes its number and waits; the second commits, and is searched; then the first commits.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let taken!: () => void;
      const numbered = new Promise<void>((r) => (taken = r));
      const first = side.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET name = 'Thornvale Basket' WHERE id = ${p.id}`);
        taken();
        await held;
      });
      await numbered;
      await t.db.execute(sql`UPDATE products SET name = 'Thornvale Mat' WHERE id = ${q.id}`);
      expect(ids(await searchOn(t.app, shopper, 'search=thornvale'))).toEqual([q.id]);
      release();
      await first;
      expect(ids(await searchOn(t.app, shopper, 'search=thornvale')).sort()).toEqual([p.id, q.id].sort());
    } finally {
      await side.close();
    }
  });
});
