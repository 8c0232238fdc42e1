import { describe, expect, it } from 'vitest';
import { products } from './catalogue-gen.js';
import { COUNT_CAP, SCAN_BOUND, TypedIndex, wordsOf, type IndexRow } from './typed-index.js';

let next = 1;
const row = (over: Partial<IndexRow>): IndexRow => ({
  id: next++,
  name: 'Plain Item',
  tags: 'home decor',
  description: 'Nice thing',
  state: 0,
  lga: 0,
  category: 0,
  subcategory: 0,
  price: 100_000,
  inStock: true,
  quality: 0.1,
  ...over,
});
const built = (rows: IndexRow[], synonyms: string[][] = []) => {
  const ix = new TypedIndex(synonyms);
  ix.build(rows);
  return ix;
};

describe('TypedIndex', () => {
  it('ranks a name match above a description match even when the description match has the better quality', () => {
    const inDescription = row({ name: 'Wooden Chair', description: 'Goes well with a blender', quality: 0.9 });
    const inName = row({ name: 'Binatone Blender', quality: 0.01 });
    const inTags = row({ name: 'Kitchen Helper', tags: 'appliances blender', quality: 0.5 });
    const r = built([inDescription, inName, inTags]).search('blender');
    expect(r.ids).toEqual([inName.id, inTags.id, inDescription.id]);
    expect(r.total).toBe(3);
  });

  it('orders matches of one tier by quality, in stock first', () => {
    const low = row({ name: 'Rice 5kg', quality: 0.1 });
    const high = row({ name: 'Rice 10kg', quality: 0.3 });
    const gone = row({ name: 'Rice 50kg', quality: 0.9, inStock: false });
    expect(built([low, high, gone]).search('rice').ids).toEqual([high.id, low.id, gone.id]);
  });

  it('corrects a misspelt word by one edit and says so; exact matches come before corrected ones', () => {
    const samsung = row({ name: 'Samsung Galaxy A15' });
    const ix = built([samsung, row({ name: 'Infinix Hot 40i' })]);
    for (const typed of ['samsng', 'samsugn', 'samsungg', 'samzung']) {
      const r = ix.search(typed);
      expect(r.ids, typed).toEqual([samsung.id]);
      expect(r.corrected).toBe('samsung');
    }
    expect(ix.search('xqzvw').ids).toEqual([]);
    const plural = row({ name: 'Sneakers' });
    expect(built([plural]).search('sneaker').ids).toEqual([plural.id]);
    expect(wordsOf('Batteries and Sneakers')).toEqual(['battery', 'sneaker']);
  });

  it('finds synonyms after the exact word, and a word only known as a synonym', () => {
    const exact = row({ name: 'Phone Case', quality: 0.01 });
    const synonym = row({ name: 'Smartphone Holder', quality: 0.9 });
    const ix = built([exact, synonym], [['phone', 'handset', 'smartphone']]);
    expect(ix.search('phone').ids).toEqual([exact.id, synonym.id]);
    expect(ix.search('handset').ids.sort()).toEqual([exact.id, synonym.id].sort());
  });

  it('needs every word and respects state, LGA, category, price and stock filters', () => {
    const rows = [
      row({ name: 'Ankara Gown Red', state: 1, lga: 21, category: 3, price: 500_000 }),
      row({ name: 'Ankara Gown Blue', state: 2, lga: 40, category: 3, price: 2_000_000, inStock: false }),
      row({ name: 'Ankara Bag', state: 1, lga: 22, category: 4, price: 900_000 }),
    ];
    const ix = built(rows);
    expect(ix.search('ankara gown').ids.sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
    expect(ix.search('ankara', { state: 1 }).ids.sort()).toEqual([rows[0]!.id, rows[2]!.id].sort());
    expect(ix.search('ankara', { lga: 22 }).ids).toEqual([rows[2]!.id]);
    expect(ix.search('ankara', { category: 3, minPrice: 1_000_000 }).ids).toEqual([rows[1]!.id]);
    expect(ix.search('ankara', { maxPrice: 600_000 }).ids).toEqual([rows[0]!.id]);
    expect(ix.search('ankara', { inStock: true }).total).toBe(2);
    expect(ix.search('ankara', { state: 9 }).total).toBe(0);
    // No product with the word in the category: answered without reading a list.
    expect(ix.search('gown', { category: 4 })).toMatchObject({ ids: [], total: 0, scanned: 0 });
  });

  it('never returns a removed product, and shows an update at once', () => {
    const a = row({ name: 'Office Chair' });
    const b = row({ name: 'Office Table' });
    const ix = built([a, b]);
    ix.remove(a.id);
    expect(ix.search('office').ids).toEqual([b.id]);
    expect(ix.search('chair').ids).toEqual([]);
    ix.update({ ...b, name: 'Office Desk Mahogany', price: 1 });
    expect(ix.search('mahogany').ids).toEqual([b.id]);
    expect(ix.search('table').ids).toEqual([]);
    expect(ix.search('desk', { maxPrice: 1 }).ids).toEqual([b.id]);
    const added = row({ name: 'Office Chair Ergonomic', quality: 0.5 });
    ix.update(added);
    expect(ix.search('office').ids).toEqual([added.id, b.id]);
    expect(ix.search('ergonomc').ids).toEqual([added.id]);
    expect(ix.suggest('mah')).toEqual(['mahogany']);
    expect(ix.size).toBe(2);
  });

  it('caps the total and the facets at 1,000 and pages without repeats', () => {
    const rows = [...products(5000)];
    const ix = built(rows);
    const r = ix.search('original');
    expect(r.total).toBe(COUNT_CAP);
    expect(r.more).toBe(true);
    expect([...r.facets.values()].reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(COUNT_CAP + 1);
    const pages = [0, 1, 2].flatMap((p) => ix.search('original', {}, p).ids);
    expect(new Set(pages).size).toBe(60);
    expect(ix.search('zobo drink').more).toBe(false);
  });

  it('bounds the work of a broad word under a narrow filter: the total is estimated past SCAN_BOUND candidates', () => {
    const rows = Array.from({ length: SCAN_BOUND * 1.5 }, (_, i) =>
      row({ name: 'Plastic Chair', state: i % 100, quality: (i % 997) / 1000 }),
    );
    const ix = built(rows);
    const r = ix.search('chair', { state: 7 });
    expect(r.estimated).toBe(true);
    expect(r.scanned).toBeLessThanOrEqual(SCAN_BOUND + 1);
    expect(Math.abs(r.total - rows.length / 100)).toBeLessThan(rows.length / 100 / 5);
    expect(r.ids).toHaveLength(20);
    expect(r.ids.every((id) => rows.find((x) => x.id === id)!.state === 7)).toBe(true);
    const wide = ix.search('chair', { inStock: true });
    expect([wide.estimated, wide.total, wide.more]).toEqual([false, COUNT_CAP, true]);
  });

  it('gives the same first page as ranking every match (early termination changes nothing)', () => {
    const rows = [...products(20_000)];
    const ix = built(rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const tierOf = (r: IndexRow, w: string) =>
      wordsOf(r.name).includes(w) ? 0 : wordsOf(r.tags).includes(w) ? 1 : wordsOf(r.description).includes(w) ? 2 : -1;
    for (const [q, f] of [
      ['rice', {}],
      ['samsung galaxy', { state: 23 }],
      ['black leather', {}],
      ['fan', { maxPrice: 5_000_000 }],
    ] as const) {
      const ws = wordsOf(q);
      const all = rows
        .filter(
          (r) =>
            ws.every((w) => tierOf(r, w) >= 0) && (!('state' in f) || r.state === f.state) && (!('maxPrice' in f) || r.price <= f.maxPrice),
        )
        .map((r) => ({ r, key: (r.inStock ? 0 : 9) + 3 * Math.max(...ws.map((w) => tierOf(r, w))) }))
        .sort((x, y) => x.key - y.key || y.r.quality - x.r.quality || x.r.id - y.r.id);
      const got = ix.search(q, f);
      expect(
        got.ids.map((id) => byId.get(id)!.name),
        q,
      ).toEqual(all.slice(0, 20).map((x) => x.r.name));
      expect(got.total).toBe(Math.min(all.length, COUNT_CAP));
    }
  });
});
