import sharp from 'sharp';
import { newId } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import type { BlobStorage } from '../../platform/storage.js';
import { storeImage } from '../upload/index.js';
import { recountProducts } from './products-read.js';
import { recountWords, tagsOf } from './search-words.js';
import { ITEMS, type Item } from './demo-items.js';
import { products, productVariations, shops } from './tables.js';

// A believable marketplace for a new database (demo mode): a dozen shops in Lagos, Abuja, Kano,
// Port Harcourt and Ibadan at their real coordinates, 185 different things (brands, Nigerian
// groceries and attire, home and baby goods) in 468 products with naira prices, deals and a
// flash sale. Product pictures are drawn here (no files from outside).

export const DEMO_SHOPS = [
  {
    name: 'Computer Village Gadgets',
    stateId: 'lagos',
    lgaId: 'ikeja',
    lat: 6.5966,
    lng: 3.3421,
    address: '7 Otigba Street, Computer Village',
    kinds: ['phones', 'computing', 'electronics', 'appliances'],
  },
  {
    name: 'Lekki Styles',
    stateId: 'lagos',
    lgaId: 'eti-osa',
    lat: 6.4474,
    lng: 3.4727,
    address: '21 Admiralty Way, Lekki Phase 1',
    kinds: ['fashion', 'beauty', 'baby'],
  },
  {
    name: 'Surulere Mart',
    stateId: 'lagos',
    lgaId: 'surulere',
    lat: 6.5009,
    lng: 3.3581,
    address: '45 Adeniran Ogunsanya Street',
    kinds: ['groceries', 'home', 'appliances'],
  },
  {
    name: 'Yaba Tech Hub',
    stateId: 'lagos',
    lgaId: 'lagos-mainland',
    lat: 6.5095,
    lng: 3.3711,
    address: '3 Herbert Macaulay Way, Yaba',
    kinds: ['computing', 'phones', 'electronics'],
  },
  {
    name: 'Wuse Market Home',
    stateId: 'fct',
    lgaId: 'abuja-municipal-area-council',
    lat: 9.0765,
    lng: 7.4829,
    address: 'Shop B12, Wuse Market',
    kinds: ['home', 'appliances', 'electronics'],
  },
  {
    name: 'Garki Beauty',
    stateId: 'fct',
    lgaId: 'abuja-municipal-area-council',
    lat: 9.0333,
    lng: 7.4833,
    address: '14 Ahmadu Bello Way, Garki',
    kinds: ['beauty', 'fashion', 'baby'],
  },
  {
    name: 'Kantin Kwari Fabrics',
    stateId: 'kano',
    lgaId: 'kano-municipal',
    lat: 12.0001,
    lng: 8.5167,
    address: 'Kantin Kwari Market, Line 4',
    kinds: ['fashion', 'beauty', 'home'],
  },
  {
    name: 'Sabon Gari Electronics',
    stateId: 'kano',
    lgaId: 'fagge',
    lat: 12.0167,
    lng: 8.5333,
    address: '9 Airport Road, Sabon Gari',
    kinds: ['electronics', 'appliances', 'phones'],
  },
  {
    name: 'Garden City Appliances',
    stateId: 'rivers',
    lgaId: 'port-harcourt',
    lat: 4.8156,
    lng: 7.0498,
    address: '30 Aba Road, Port Harcourt',
    kinds: ['appliances', 'electronics', 'home'],
  },
  {
    name: 'Rumuokoro Groceries',
    stateId: 'rivers',
    lgaId: 'obio-akpor',
    lat: 4.8667,
    lng: 7.0,
    address: 'Rumuokoro Junction',
    kinds: ['groceries', 'home', 'baby'],
  },
  {
    name: 'Bodija Kitchen',
    stateId: 'oyo',
    lgaId: 'ibadan-north',
    lat: 7.4352,
    lng: 3.9133,
    address: 'Bodija Market, Ibadan',
    kinds: ['home', 'groceries', 'appliances'],
  },
  {
    name: 'Dugbe Baby & Kids',
    stateId: 'oyo',
    lgaId: 'ibadan-south-west',
    lat: 7.3877,
    lng: 3.8877,
    address: 'Dugbe Road, Ibadan',
    kinds: ['baby', 'fashion', 'beauty'],
  },
] as const;

/**
 * What shop i sells of a kind: the first shop of each kind has all of it (every item is somewhere),
 * the others every other item, so shops differ and the catalogue stays a few hundred products.
 */
function carried(i: number, kind: string): Item[] {
  const first = DEMO_SHOPS.findIndex((s) => (s.kinds as readonly string[]).includes(kind));
  return ITEMS[kind]!.filter((_, j) => i === first || (i + j) % 2 === 0);
}

/** A product picture: the item's colour, a soft pattern and its name. */
async function picture(item: Item): Promise<Buffer> {
  const words = item.name.replace(/&/g, 'and').split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + w).length <= 14) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const dark = ['#f', '#e', '#fd', '#fe'].some((p) => item.colour.startsWith(p));
  const fg = dark ? '#1f2937' : '#ffffff';
  const text = lines
    .slice(0, 4)
    .map(
      (l, i) =>
        `<text x="300" y="${300 + (i - (Math.min(lines.length, 4) - 1) / 2) * 64}" font-size="54" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="${fg}">${l.replace(/</g, '')}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${item.colour}"/><circle cx="520" cy="90" r="160" fill="${fg}" fill-opacity="0.08"/><circle cx="60" cy="560" r="200" fill="${fg}" fill-opacity="0.06"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Seeds shops for these owners (the first is a demo person) and their products; false when shops exist already. */
export async function seedMarketplace(db: Db, storage: BlobStorage, ownerIds: string[]): Promise<boolean> {
  const [any] = await db.select({ id: shops.id }).from(shops).limit(1);
  if (any || ownerIds.length < DEMO_SHOPS.length) return false;
  const images = new Map<string, { url: string; thumbnailUrl: string | null }>();
  // Four pictures drawn at a time (sharp works off the event loop), so seeding stays quick.
  const all = Object.values(ITEMS).flat();
  for (let k = 0; k < all.length; k += 4)
    await Promise.all(
      all.slice(k, k + 4).map(async (item) => {
        const f = await storeImage(db, storage, ownerIds[0]!, await picture(item), `${item.name}.jpg`);
        images.set(item.name, { url: f.url, thumbnailUrl: f.thumbnailUrl });
      }),
    );
  let n = 0;
  const flashEnds = new Date(Date.now() + 6 * 3_600_000);
  await db.transaction(async (tx) => {
    for (const [i, s] of DEMO_SHOPS.entries()) {
      const shopId = newId();
      await tx.insert(shops).values({
        id: shopId,
        ownerId: ownerIds[i]!,
        name: s.name,
        description: `Quality ${s.kinds.join(', ')} at fair prices. Pay with Owo and get it delivered.`,
        phone: `0803${String(1000000 + i * 7919).slice(-7)}`,
        stateId: s.stateId,
        lgaId: s.lgaId,
        address: s.address,
        latitude: s.lat,
        longitude: s.lng,
      });
      const items = s.kinds.flatMap((k) => carried(i, k).map((item) => ({ item, category: k })));
      const rows: (typeof products.$inferInsert)[] = [];
      const options: (typeof productVariations.$inferInsert)[] = [];
      for (const [j, { item, category }] of items.entries()) {
        n++;
        const price = Math.round((item.naira * (0.9 + ((i * 7 + j * 13) % 21) / 100)) / 50) * 50 * 100;
        const deal = (i + j) % 3 === 0;
        const oldPrice = deal ? Math.round((price * (1.15 + ((i + j) % 4) * 0.1)) / 5000) * 5000 : null;
        const id = newId();
        const stock = 3 + ((i * 5 + j * 3) % 25);
        const sizes = item.sizes ?? [];
        const colours = item.colours ?? [];
        const kinds = sizes.length
          ? sizes.map((size, k) => ({ size, colourId: null as string | null, bump: k }))
          : colours.map((c, k) => ({ size: null as string | null, colourId: c, bump: 0 * k }));
        const variations = kinds.map((v) => ({
          id: newId(),
          productId: id,
          size: v.size,
          colourId: v.colourId,
          price: price + v.bump * Math.round((price * 0.15) / 100) * 100,
          stock: Math.max(1, Math.floor(stock / kinds.length)),
        }));
        rows.push({
          id,
          shopId,
          name: item.name,
          description: `${item.name}, sold by ${s.name}. Original, checked before delivery.`,
          categoryId: category,
          subcategoryId: item.sub,
          images: [images.get(item.name)!],
          price,
          oldPrice,
          stateId: s.stateId,
          lgaId: s.lgaId,
          searchText: `${item.name} ${s.name}`.toLowerCase(),
          searchTags: tagsOf(category, item.sub),
          // With variations, the product's stock is theirs added up.
          stock: variations.length ? variations.reduce((sum, v) => sum + v.stock, 0) : stock,
          views: (i * 31 + j * 17) % 120,
          sales: (i * 3 + j) % 9,
          flashSaleEndsAt: (i + j) % 11 === 0 ? flashEnds : null,
          createdAt: new Date(Date.now() - ((i * 13 + j * 5) % 400) * 3_600_000),
        });
        options.push(...variations);
      }
      // One statement per shop for its products and one for their variations.
      await tx.insert(products).values(rows);
      if (options.length) await tx.insert(productVariations).values(options);
    }
    await recountProducts(tx);
    await recountWords(tx);
  });
  return n > 0;
}
