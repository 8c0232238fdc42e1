import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@owo/contracts';
import { createTestApp, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { DEMO_SHOPS, seedMarketplace } from './demo.js';
import { shopCalls } from './shop-test-kit.js';

// The judged queries: on the demo catalogue, what a shopper typing each query means. For each,
// the first three distinct products found (fewer when the catalogue has fewer) must be among
// them for at least 90% of the queries, and no query may miss every one the catalogue has.

let t: TestContext;
let shopper: TestUser;
const { page } = shopCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const owners = [];
  for (let i = 0; i < DEMO_SHOPS.length; i++) owners.push((await newUser(t.app)).id);
  await seedMarketplace(t.db, t.providers.storage, owners);
  shopper = await newUser(t.app);
}, 120_000);
afterAll(() => t.close());

type Judged = { q: string; want: RegExp | { sub: string[] }; filters?: Record<string, string | number> };
const name = (re: RegExp) => re;
const sub = (...s: string[]) => ({ sub: s });

export const JUDGED: Judged[] = [
  // everyday words and plurals
  { q: 'phone', want: sub('smartphones') },
  { q: 'phones', want: sub('smartphones') },
  { q: 'smartphone', want: sub('smartphones') },
  { q: 'handset', want: sub('smartphones') },
  { q: 'mobile phone', want: sub('smartphones') },
  { q: 'laptop', want: sub('laptops') },
  { q: 'laptops', want: sub('laptops') },
  { q: 'tablet', want: sub('tablets') },
  { q: 'tablets', want: sub('tablets') },
  { q: 'tv', want: sub('televisions') },
  { q: 'television', want: sub('televisions') },
  { q: 'televisions', want: sub('televisions') },
  { q: 'smart tv', want: sub('televisions') },
  { q: 'toys', want: sub('toys') },
  { q: 'toy', want: sub('toys') },
  { q: 'shoes', want: sub('shoes') },
  { q: 'shoe', want: sub('shoes') },
  { q: 'sneakers', want: name(/Sneakers/) },
  { q: 'sandals', want: name(/Sandals/) },
  { q: 'generator', want: name(/Generator/) },
  { q: 'gen', want: name(/Generator/) },
  { q: 'fridge', want: name(/Refrigerator/) },
  { q: 'refrigerator', want: name(/Refrigerator/) },
  { q: 'freezer', want: name(/Freezer/) },
  { q: 'blender', want: name(/Blender/) },
  { q: 'kettle', want: name(/Kettle/) },
  { q: 'microwave', want: name(/Microwave/) },
  { q: 'washing machine', want: name(/Washing Machine/) },
  { q: 'air conditioner', want: name(/Air Conditioner/) },
  { q: 'ac', want: name(/Air Conditioner/) },
  { q: 'fan', want: name(/Fan/) },
  { q: 'speaker', want: name(/Speaker/) },
  { q: 'headphones', want: name(/Headphones|Earbuds/) },
  { q: 'earbuds', want: name(/Earbuds|Headphones/) },
  { q: 'power bank', want: name(/Power Bank/) },
  { q: 'charger', want: name(/Charger/) },
  { q: 'mouse', want: name(/Mouse/) },
  { q: 'perfume', want: name(/Perfume/) },
  { q: 'body lotion', want: name(/Lotion/) },
  { q: 'cream', want: name(/Cream|Lotion/) },
  { q: 'black soap', want: name(/Black Soap/) },
  { q: 'rice', want: name(/Rice/) },
  { q: 'beans', want: name(/Beans/) },
  { q: 'diapers', want: name(/Diapers/) },
  { q: 'nappies', want: name(/Diapers/) },
  { q: 'pot', want: sub('cookware') },
  { q: 'chairs', want: name(/Chairs/) },
  { q: 'wall clock', want: name(/Clock/) },
  { q: 'bag', want: sub('bags') },
  { q: 'handbag', want: name(/Handbag/) },
  { q: 'wig', want: name(/Wig/) },
  { q: 'hair oil', want: name(/Hair Growth Oil/) },
  { q: 'solar', want: name(/Solar/) },
  { q: 'kids dress', want: name(/Kids .*Dress/) },
  { q: 'gown', want: name(/Gown|Dress/) },
  { q: 'noodles', want: name(/Noodles/) },
  { q: 'sugar', want: name(/Sugar/) },
  { q: 'palm oil', want: name(/Palm Oil/) },
  { q: 'table', want: name(/Table/) },
  { q: 'mattress', want: name(/Mattress/) },
  { q: 'mattresses', want: name(/Mattress/) },
  { q: 'sofa', want: name(/Sofa/) },
  { q: 'curtains', want: name(/Curtains/) },
  { q: 'curtain', want: name(/Curtains/) },
  { q: 'rug', want: name(/Rug/) },
  { q: 'chandelier', want: name(/Chandelier/) },
  { q: 'lamp', want: name(/Lamp|Lantern/) },
  { q: 'bedsheet', want: name(/Bedsheet/) },
  { q: 'frying pan', want: name(/Frying Pan/) },
  { q: 'knife', want: name(/Knife/) },
  { q: 'printer', want: name(/Printer/) },
  { q: 'inverter', want: name(/Inverter/) },
  { q: 'stabiliser', want: name(/Stabilizer/) },
  { q: 'decoder', want: name(/Decoder/) },
  { q: 'soundbar', want: name(/Soundbar/) },
  { q: 'pressing iron', want: name(/Iron/) },
  { q: 'milk', want: name(/Milk/) },
  { q: 'spaghetti', want: name(/Spaghetti/) },
  { q: 'vegetable oil', want: name(/Vegetable Oil/) },
  { q: 'cooking oil', want: name(/Vegetable Oil/) },
  { q: 'groundnut oil', want: name(/Groundnut Oil/) },
  { q: 'tomato paste', want: name(/Tomato Paste/) },
  { q: 'stock cube', want: name(/Seasoning Cubes/) },
  { q: 'seasoning', want: name(/Seasoning/) },
  { q: 'pepper', want: name(/Pepper/) },
  { q: 'crayfish', want: name(/Crayfish/) },
  { q: 'semolina', want: name(/Semovita/) },
  { q: 'sachet water', want: name(/Pure Water/) },
  { q: 'soft drinks', want: name(/Soft Drink/) },
  { q: 'feeding bottle', want: name(/Feeding Bottle/) },
  { q: 'baby food', want: name(/Cerelac/) },
  { q: 'baby wipes', want: name(/Wipes/) },
  { q: 'cot', want: name(/Cot/) },
  { q: 'football', want: name(/Football/) },
  { q: 'jeans', want: name(/Jeans/) },
  { q: 'screen protector', want: name(/Screen Protector/) },
  { q: 'phone case', want: name(/Back Cover/) },
  { q: 'flash drive', want: name(/Flash Drive/) },
  // Nigerian names for things
  { q: 'garri', want: name(/Garri|Gari/) },
  { q: 'gari', want: name(/Garri|Gari/) },
  { q: 'ankara', want: name(/Ankara/) },
  { q: 'agbada', want: name(/Agbada|Babban Riga/) },
  { q: 'okrika', want: name(/Okrika/) },
  { q: 'second hand clothes', want: name(/Okrika/) },
  { q: 'suya', want: name(/Suya|Kilishi/) },
  { q: 'yaji', want: name(/Suya|Kilishi/) },
  { q: 'zobo', want: name(/Zobo/) },
  { q: 'adire', want: name(/Adire/) },
  { q: 'aso oke', want: name(/Aso-Oke/) },
  { q: 'kaftan', want: name(/Kaftan/) },
  { q: 'senator', want: name(/Kaftan|Senator/) },
  { q: 'ofada', want: name(/Ofada/) },
  { q: 'kilishi', want: name(/Kilishi/) },
  { q: 'oloyin', want: name(/Honey Beans/) },
  { q: 'iresi', want: name(/Rice/) },
  { q: 'shinkafa', want: name(/Rice/) },
  { q: 'ewa', want: name(/Beans/) },
  { q: 'olotu', want: name(/Olotu/) },
  { q: 'epo pupa', want: name(/Palm Oil/) },
  { q: 'red oil', want: name(/Palm Oil/) },
  { q: 'ororo', want: name(/Vegetable Oil/) },
  { q: 'elubo', want: name(/Elubo/) },
  { q: 'amala', want: name(/Elubo/) },
  { q: 'pounded yam', want: name(/Poundo/) },
  { q: 'semovita', want: name(/Semovita/) },
  { q: 'egusi', want: name(/Egusi/) },
  { q: 'melon seed', want: name(/Egusi/) },
  { q: 'ogbono', want: name(/Ogbono/) },
  { q: 'apon', want: name(/Ogbono/) },
  { q: 'ugu', want: name(/Ugu/) },
  { q: 'pumpkin leaves', want: name(/Ugu/) },
  { q: 'okporoko', want: name(/Stockfish/) },
  { q: 'stockfish', want: name(/Stockfish/) },
  { q: 'pure water', want: name(/Pure Water/) },
  { q: 'minerals', want: name(/Soft Drink/) },
  { q: 'pap', want: name(/Ogi/) },
  { q: 'akamu', want: name(/Ogi/) },
  { q: 'ogi', want: name(/Ogi/) },
  { q: 'gele', want: name(/Gele/) },
  { q: 'head tie', want: name(/Gele/) },
  { q: 'iro and buba', want: name(/Iro and Buba/) },
  { q: 'buba', want: name(/Buba/) },
  { q: 'wrapper', want: name(/Wrapper|\bIro\b/) },
  { q: 'aso ebi', want: name(/Aso Ebi/) },
  { q: 'lace', want: name(/Lace/) },
  { q: 'isiagu', want: name(/Isiagu/) },
  { q: 'dashiki', want: name(/Dashiki/) },
  { q: 'fila', want: name(/Fila/) },
  { q: 'babban riga', want: name(/Babban Riga|Agbada/) },
  { q: 'ghana must go', want: name(/Ghana Must Go/) },
  { q: 'cooler', want: name(/Food Flask/) },
  { q: 'odo', want: name(/Mortar/) },
  { q: 'gas cylinder', want: name(/Gas Cylinder/) },
  { q: 'gas bottle', want: name(/Gas Cylinder/) },
  { q: 'settee', want: name(/Sofa/) },
  { q: 'foam', want: name(/Mattress/) },
  { q: 'ori', want: name(/Shea Butter/) },
  { q: 'dudu osun', want: name(/Black Soap/) },
  { q: 'attachment', want: name(/Braiding Hair/) },
  { q: 'tokunbo', want: name(/UK used/) },
  { q: 'tokunbo iphone', want: name(/iPhone.*UK used/) },
  // brands
  { q: 'samsung', want: name(/Samsung/) },
  { q: 'tecno', want: name(/Tecno/) },
  { q: 'infinix', want: name(/Infinix/) },
  { q: 'iphone', want: name(/iPhone/) },
  { q: 'apple', want: name(/Apple/) },
  { q: 'lenovo', want: name(/Lenovo/) },
  { q: 'oraimo', want: name(/Oraimo/) },
  { q: 'hisense', want: name(/Hisense/) },
  { q: 'binatone', want: name(/Binatone/) },
  { q: 'nivea', want: name(/Nivea/) },
  { q: 'dangote', want: name(/Dangote/) },
  { q: 'elepaq', want: name(/Elepaq/) },
  { q: 'golden penny', want: name(/Golden Penny/) },
  { q: 'mama gold', want: name(/Mama Gold/) },
  { q: 'kings oil', want: name(/Kings Vegetable Oil/) },
  { q: 'power oil', want: name(/Power Oil/) },
  { q: 'peak milk', want: name(/Peak Milk/) },
  { q: 'milo', want: name(/Milo/) },
  { q: 'indomie', want: name(/Indomie/) },
  { q: 'gala', want: name(/\bGala\b/) },
  { q: 'maggi', want: name(/Maggi/) },
  { q: 'thermocool', want: name(/Thermocool/) },
  { q: 'scanfrost', want: name(/Scanfrost/) },
  { q: 'nexus', want: name(/Nexus/) },
  { q: 'maxi', want: name(/Maxi/) },
  { q: 'itel', want: name(/itel/) },
  { q: 'redmi', want: name(/Redmi/) },
  { q: 'tcl', want: name(/TCL/) },
  { q: 'vitafoam', want: name(/Vitafoam/) },
  { q: 'molfix', want: name(/Molfix/) },
  { q: 'nike', want: name(/Nike/) },
  { q: 'dell', want: name(/Dell/) },
  // misspellings
  { q: 'samsnug', want: name(/Samsung/) },
  { q: 'laptp', want: sub('laptops') },
  { q: 'televison', want: sub('televisions') },
  { q: 'genrator', want: name(/Generator/) },
  { q: 'iphnoe', want: name(/iPhone/) },
  { q: 'ankra', want: name(/Ankara/) },
  { q: 'agbda', want: name(/Agbada|Babban Riga/) },
  { q: 'blendr', want: name(/Blender/) },
  { q: 'refridgerator', want: name(/Refrigerator/) },
  { q: 'sneekers', want: name(/Sneakers/) },
  { q: 'perfum', want: name(/Perfume/) },
  { q: 'diaper', want: name(/Diapers/) },
  { q: 'infnix', want: name(/Infinix/) },
  { q: 'thermocol', want: name(/Thermocool/) },
  { q: 'scanfost', want: name(/Scanfrost/) },
  { q: 'semovta', want: name(/Semovita/) },
  { q: 'ogbonno', want: name(/Ogbono/) },
  { q: 'stokfish', want: name(/Stockfish/) },
  { q: 'matress', want: name(/Mattress/) },
  { q: 'chandelir', want: name(/Chandelier/) },
  { q: 'spagetti', want: name(/Spaghetti/) },
  { q: 'vegitable oil', want: name(/Vegetable Oil/) },
  { q: 'egussi', want: name(/Egusi/) },
  { q: 'dashki', want: name(/Dashiki/) },
  // brand and kind, several words
  { q: 'samsung phone', want: name(/Samsung Galaxy A\d/) },
  { q: 'tecno phone', want: name(/Tecno/) },
  { q: 'hp laptop', want: name(/^HP/) },
  { q: 'used laptop', want: name(/Laptop \(UK used\)|EliteBook.*UK used/) },
  { q: 'lg tv', want: name(/^LG .*TV/) },
  { q: 'wireless mouse', want: name(/Wireless Mouse/) },
  { q: 'bluetooth speaker', want: name(/Bluetooth Speaker/) },
  { q: 'leather shoes', want: name(/Leather (Shoes|Sandals)/) },
  { q: 'non stick pot', want: name(/Non-stick Pot/) },
  { q: 'pressure cooker', want: name(/Pressure Cooker/) },
  { q: 'rechargeable fan', want: name(/Rechargeable Fan/) },
  { q: 'samsung tv', want: name(/^Samsung .*TV/) },
  { q: 'hisense fridge', want: name(/^Hisense .*Refrigerator/) },
  { q: 'chest freezer', want: name(/Chest .*Freezer/) },
  { q: 'standing fan', want: name(/Standing Fan/) },
  { q: 'infinix phone', want: name(/^Infinix/) },
  { q: 'dining table', want: name(/Dining Table/) },
  { q: 'human hair wig', want: name(/Human Hair Wig/) },
  { q: 'party dress', want: name(/Party Dress/) },
  { q: 'inverter battery', want: name(/Inverter Battery/) },
  { q: 'tokunbo laptop', want: name(/Laptop \(UK used\)|EliteBook.*UK used/) },
  // words with filters
  { q: 'phone', want: sub('smartphones'), filters: { stateQuery: 'Lagos', lgaQuery: 'Ikeja' } },
  { q: 'phone', want: sub('smartphones'), filters: { stateQuery: 'kano' } },
  { q: 'tv', want: sub('televisions'), filters: { stateQuery: 'rivers' } },
  { q: 'garri', want: name(/Garri|Gari/), filters: { stateQuery: 'oyo' } },
  { q: 'ankara', want: name(/Ankara/), filters: { stateQuery: 'fct' } },
  { q: 'laptop', want: sub('laptops'), filters: { maxPrice: 40_000_000 } },
  { q: 'phone', want: sub('smartphones'), filters: { category: 'phones' } },
  { q: 'shoes', want: sub('shoes'), filters: { maxPrice: 3_000_000 } },
  { q: 'generator', want: name(/Generator/), filters: { stateQuery: 'lagos' } },
  { q: 'samsung', want: name(/Samsung/), filters: { category: 'electronics' } },
  { q: 'rice', want: name(/Rice/), filters: { stateQuery: 'rivers' } },
  { q: 'beans', want: name(/Beans/), filters: { stateQuery: 'oyo' } },
  { q: 'fridge', want: name(/Refrigerator/), filters: { stateQuery: 'fct' } },
  { q: 'agbada', want: name(/Agbada|Babban Riga/), filters: { stateQuery: 'kano' } },
  { q: 'tv', want: sub('televisions'), filters: { maxPrice: 25_000_000 } },
  { q: 'vegetable oil', want: name(/Vegetable Oil/), filters: { stateQuery: 'lagos' } },
  { q: 'diapers', want: name(/Diapers/), filters: { stateQuery: 'oyo' } },
  { q: 'mattress', want: name(/Mattress/), filters: { stateQuery: 'kano' } },
  { q: 'perfume', want: name(/Perfume/), filters: { stateQuery: 'fct' } },
  { q: 'sneakers', want: name(/Sneakers/), filters: { maxPrice: 5_000_000 } },
  { q: 'phone', want: sub('smartphones'), filters: { maxPrice: 10_000_000 } },
  { q: 'egusi', want: name(/Egusi/), filters: { stateQuery: 'lagos', lgaQuery: 'Surulere' } },
];

const wanted = (j: Judged, p: Product) => (j.want instanceof RegExp ? j.want.test(p.name) : j.want.sub.includes(p.subcategory.id));
const qs = (o: Record<string, string | number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** Every product matching the filters (the catalogue the shopper searches), by walking the pages. */
async function catalogue(filters: Record<string, string | number> = {}) {
  const all: Product[] = [];
  for (let n = 1; ; n++) {
    const r = await page<Product>(shopper, `/api/product?${qs({ ...filters, page: n, limit: 50 })}`);
    all.push(...r.data);
    if (!r.pagination.next) return all;
  }
}
const distinctNames = (ps: Product[]) => [...new Map(ps.map((p) => [p.name, p])).values()];

describe('judged queries on the demo catalogue', () => {
  it('has at least 150 of them', () => {
    expect(JUDGED.length).toBeGreaterThanOrEqual(150);
  });

  it('finds what the shopper means first for at least 90% of the queries, and something the shopper means for every one', async () => {
    const everything = new Map<string, Product[]>();
    const missed: string[] = [];
    const empty: string[] = [];
    for (const j of JUDGED) {
      const key = qs(j.filters ?? {});
      if (!everything.has(key)) everything.set(key, await catalogue(j.filters));
      const relevant = distinctNames(everything.get(key)!.filter((p) => wanted(j, p)));
      const r = await page<Product>(shopper, `/api/product?${qs({ ...(j.filters ?? {}), search: j.q, limit: 30 })}`);
      const top = distinctNames(r.data).slice(0, Math.min(3, relevant.length));
      const label = `${j.q}${key ? ` (${key})` : ''}: ${top.map((p) => p.name).join(' | ')}`;
      if (relevant.length && !r.data.some((p) => wanted(j, p))) empty.push(label);
      if (!top.every((p) => wanted(j, p)) || top.length < Math.min(3, relevant.length)) missed.push(label);
    }
    expect(empty, 'queries finding nothing the shopper means').toEqual([]);
    expect(missed.length / JUDGED.length, `missed:\n${missed.join('\n')}`).toBeLessThanOrEqual(0.1);
    console.log(`judged queries: ${JUDGED.length - missed.length}/${JUDGED.length} first results right; missed:\n${missed.join('\n')}`);
  }, 300_000);
});

describe('weak matches: a word found only in a shop’s name, a unit or a loose category', () => {
  const search = (q: string, more = '') => page<Product>(shopper, `/api/product?search=${encodeURIComponent(q)}&limit=50${more}`);
  const facets = async (q: string) => {
    const res = await shopCalls(() => t).call(shopper, 'GET', `/api/product/search-facets?search=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { categories: { id: string; count: number }[]; prices: { count: number }[] };
  };

  it('"garri" finds the garri, not the catalogue of a shop whose name has "Gari" (total and chips agree)', async () => {
    const r = await search('garri');
    const names = r.data.map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    expect(
      names.filter((n) => !/Garri|Gari/.test(n)),
      'products found only through a shop’s name',
    ).toEqual([]);
    expect(r.data.some((p) => p.shop.name === 'Sabon Gari Electronics')).toBe(false);
    expect(r.pagination.total).toBe(names.length);
    const f = await facets('garri');
    expect(f.categories.map((c) => c.id)).toEqual(['groceries']);
    expect(f.categories[0]!.count).toBe(r.pagination.total);
    expect(f.prices.reduce((n, p) => n + p.count, 0)).toBe(r.pagination.total);
  });

  it('"hp" finds HP laptops, not an air conditioner rated 1.5HP', async () => {
    const r = await search('hp');
    expect(r.data.length).toBeGreaterThan(0);
    expect(
      r.data.every((p) => /^HP /.test(p.name)),
      r.data.map((p) => p.name).join(' | '),
    ).toBe(true);
  });

  it('a word only a shop’s name has still finds that shop’s products (there is nothing stronger to show)', async () => {
    const r = await search('sabon');
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((p) => p.shop.name === 'Sabon Gari Electronics')).toBe(true);
  });

  it('a word of the category’s name alone yields to products that are that thing', async () => {
    // "tablets" is a subcategory (strong); "Phones & tablets" is the smartphones' loose category.
    const r = await search('tablets');
    expect(r.data.length).toBeGreaterThan(0);
    expect(
      r.data.every((p) => p.subcategory.id === 'tablets' || /tablet/i.test(p.name)),
      r.data.map((p) => p.name).join(' | '),
    ).toBe(true);
  });
});
