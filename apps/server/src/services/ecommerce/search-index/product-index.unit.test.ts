import { describe, expect, it } from 'vitest';
import { COUNT_CAP, tsvectorLexemes, ProductIndex, type IndexedProduct, type IndexQuery } from './product-index.js';

// The index on its own: lexemes and their tiers from a printed tsvector, any and all words,
// filters, in stock first, sorts over every match, the capped count, and changes after the build.

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const product = (n: number, doc: string, over: Partial<IndexedProduct> = {}): IndexedProduct => ({
  id: uuid(n),
  searchDoc: doc,
  stateId: 'lagos',
  lgaId: 'ikeja',
  categoryId: 'phones',
  subcategoryId: 'smartphones',
  price: 100_000 + n,
  stock: 5,
  sales: 0,
  ratingSum: 0,
  ratingCount: 0,
  createdAt: 1_700_000_000_000 + n,
  ...over,
});
const ask = (over: Partial<IndexQuery> & { groups: string[][][] }): IndexQuery => ({
  mode: 'any',
  filters: {},
  sort: 'relevance',
  want: 20,
  ...over,
});
const word = (...ws: string[]) => ws.map((w) => [[w]]);

describe('the product index', () => {
  it('reads a printed tsvector: each lexeme at its best weight, quotes and unweighted positions included', () => {
    expect([...tsvectorLexemes("'kettl':1A,4C 'o''brien':2B 'stainless':3 'steel':5C,6A")]).toEqual([
      ['kettl', 0],
      ["o'brien", 1],
      ['stainless', 2],
      ['steel', 0],
    ]);
  });

  it('finds products with every word first, then those with some; `all` leaves the others out', () => {
    const ix = new ProductIndex();
    ix.build([product(1, "'samsung':1A"), product(2, "'galaxi':1A 'samsung':2A"), product(3, "'galaxi':1A")]);
    const any = ix.search(ask({ groups: word('samsung', 'galaxi') }));
    expect(any.ids[0]).toBe(uuid(2));
    expect(any.ids.sort()).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(any).toMatchObject({ count: 3, more: false, complete: true });
    expect(ix.search(ask({ groups: word('samsung', 'galaxi'), mode: 'all' })).ids).toEqual([uuid(2)]);
    // An alternative of several lexemes (a phrase) needs all of them; a word nobody uses finds nothing in `all` mode.
    expect(ix.search(ask({ groups: [[['galaxi', 'samsung']]] })).ids).toEqual([uuid(2)]);
    expect(ix.search(ask({ groups: word('samsung', 'nokia'), mode: 'all' })).ids).toEqual([]);
  });

  it('checks the filters per candidate, and puts those in stock first', () => {
    const ix = new ProductIndex();
    ix.build([
      product(1, "'fan':1A", { stock: 0, sales: 1000 }),
      product(2, "'fan':1A", { stateId: 'oyo', lgaId: 'ibadan-north' }),
      product(3, "'fan':1A", { price: 9_000_000, categoryId: 'appliances' }),
      product(4, "'fan':1A"),
    ]);
    expect(ix.search(ask({ groups: word('fan') })).ids.slice(-1)).toEqual([uuid(1)]);
    expect(ix.search(ask({ groups: word('fan'), filters: { stateId: 'oyo' } })).ids).toEqual([uuid(2)]);
    expect(ix.search(ask({ groups: word('fan'), filters: { stateId: 'kano' } })).ids).toEqual([]);
    expect(ix.search(ask({ groups: word('fan'), filters: { minPrice: 1_000_000 } })).ids).toEqual([uuid(3)]);
    expect(ix.search(ask({ groups: word('fan'), filters: { categoryId: 'phones', maxPrice: 100_002 } })).ids.sort()).toEqual([
      uuid(1),
      uuid(2),
    ]);
  });

  it('sorts by price over every match, not only the first ones read', () => {
    const ix = new ProductIndex();
    const rows = Array.from({ length: 500 }, (_, i) => product(i + 1, "'rice':1A", { price: 1_000_000 - i * 10, sales: 500 - i }));
    ix.build(rows);
    const cheapest = ix.search(ask({ groups: word('rice'), mode: 'all', sort: 'price-asc', want: 3 }));
    expect(cheapest.ids).toEqual([uuid(500), uuid(499), uuid(498)]);
    expect(cheapest).toMatchObject({ count: 500, complete: false });
  });

  it('counts up to the cap and says there are more, holding only the candidates asked for', () => {
    const ix = new ProductIndex();
    ix.build(Array.from({ length: COUNT_CAP + 500 }, (_, i) => product(i + 1, "'phone':1A")));
    const r = ix.search(ask({ groups: word('phone'), want: 20 }));
    expect(r.ids).toHaveLength(20);
    expect(r).toMatchObject({ count: COUNT_CAP + 1, more: true, complete: false });
  });

  it("stops reading a common word's lists a bound past its candidates when a filter lets few through: the count is then a floor", () => {
    const ix = new ProductIndex();
    // 30,000 products with the word, one in a hundred in the price range asked for.
    ix.build(Array.from({ length: 30_000 }, (_, i) => product(i + 1, "'phone':1A", { price: i % 100 === 0 ? 500 : 100_000 })));
    const r = ix.search(ask({ groups: word('phone'), filters: { maxPrice: 1_000 }, want: 20 }));
    expect(r.ids).toHaveLength(20);
    expect(r.more).toBe(true);
    expect(r.complete).toBe(false);
    // Every match in range is 300; the bound stopped the count before the end of the list, above the candidates held.
    expect(r.count).toBeGreaterThanOrEqual(20);
    expect(r.count).toBeLessThan(300);
    // With fewer products than the bound, the same search reads to the end and its count is exact.
    const small = new ProductIndex();
    small.build(Array.from({ length: 5_000 }, (_, i) => product(i + 1, "'phone':1A", { price: i % 100 === 0 ? 500 : 100_000 })));
    expect(small.search(ask({ groups: word('phone'), filters: { maxPrice: 1_000 }, want: 20 }))).toMatchObject({ count: 50, more: false });
  });

  it('follows a product added, changed and removed after the build', () => {
    const ix = new ProductIndex();
    ix.build([product(1, "'blender':1A")]);
    ix.put(product(2, "'blender':1A 'binaton':2A"));
    expect(ix.search(ask({ groups: word('blender') })).ids.sort()).toEqual([uuid(1), uuid(2)]);
    ix.put(product(1, "'toaster':1A"));
    expect(ix.search(ask({ groups: word('blender') })).ids).toEqual([uuid(2)]);
    expect(ix.search(ask({ groups: word('toaster') })).ids).toEqual([uuid(1)]);
    ix.remove(uuid(2));
    expect(ix.search(ask({ groups: word('blender') })).ids).toEqual([]);
    expect(ix.has('binaton')).toBe(false);
    expect(ix.size).toBe(1);
  });

  it('built a page at a time in any order, reads the best products first, and answers as if built at once', () => {
    // 3,000 products over 1,500 read slots' worth of growth, the best ones read last, some words in the name, some in the description.
    const rows = Array.from({ length: 3000 }, (_, i) =>
      product(i + 1, i % 3 ? "'kettl':1A 'steel':2C" : "'kettl':2C 'jug':1A", {
        sales: i,
        stock: i % 7 ? 5 : 0,
        price: 100_000 + (i % 50),
      }),
    );
    const paged = new ProductIndex();
    for (let from = 0; from < rows.length; from += 1000) for (const r of rows.slice(from, from + 1000)) paged.add(r);
    paged.seal();
    const reversed = new ProductIndex();
    reversed.build([...rows].reverse());
    const kettle = ask({ groups: word('kettl'), want: 5 });
    // Best sellers first, name matches before description ones (2998 and 2995 have it in their description only; 2997 is sold out).
    expect(paged.search(kettle).ids).toEqual([3000, 2999, 2996, 2994, 2993].map(uuid));
    for (const q of [
      kettle,
      ask({ groups: word('kettl', 'jug'), want: 30 }),
      ask({ groups: word('steel'), sort: 'price-asc', mode: 'all' }),
    ])
      expect(paged.search(q)).toEqual(reversed.search(q));
    expect(paged.size).toBe(3000);
    // After the build, changes go through put() and remove(); add() and a second seal() are refused.
    expect(() => paged.add(product(9001, "'kettl':1A"))).toThrow();
    expect(() => paged.seal()).toThrow();
    paged.put(product(9001, "'kettl':1A 'electr':2A"));
    expect(paged.search(ask({ groups: word('kettl', 'electr') })).ids[0]).toBe(uuid(9001));
    expect(() => new ProductIndex().put(product(1, "'kettl':1A"))).toThrow();
  });

  it('checks every word of a query with more lexemes than one word of bits holds, phrases needing all of theirs', () => {
    const ix = new ProductIndex();
    const many = Array.from({ length: 40 }, (_, i) => `x${i}`);
    ix.build([
      product(1, "'x39':1A 'galaxi':2A 'samsung':3A"),
      product(2, "'x39':1A 'samsung':2A"),
      product(3, "'x0':1A 'galaxi':2A 'samsung':3A"),
      product(4, "'galaxi':1A 'samsung':2A"),
    ]);
    // Word one: any of 40 alternatives (lexemes 33 to 40 fall in the second word of bits); word two: the phrase "galaxy samsung".
    const groups = [many.map((x) => [x]), [['galaxi', 'samsung']]];
    expect(ix.search(ask({ groups, mode: 'all' })).ids.sort()).toEqual([uuid(1), uuid(3)]);
    // Any mode: those with both words first, then those with one.
    const any = ix.search(ask({ groups }));
    expect(any.ids.slice(0, 2).sort()).toEqual([uuid(1), uuid(3)]);
    expect(any.ids.slice(2).sort()).toEqual([uuid(2), uuid(4)]);
    // The bits are cleared after a search: the next one, with other words, is not confused by them.
    expect(ix.search(ask({ groups: word('samsung', 'x39'), mode: 'all' })).ids.sort()).toEqual([uuid(1), uuid(2)]);
  });
});
