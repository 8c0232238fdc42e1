import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { newId } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import type { BlobStorage } from '../../platform/storage.js';
import { storeImage } from '../upload/index.js';
import { recountProducts } from './products-read.js';
import { recountWords, tagsOf } from './search-words.js';
import { products, productVariations, shops } from './tables.js';

// A believable marketplace for a new database (demo mode): a dozen shops in Lagos, Abuja, Kano,
// Port Harcourt and Ibadan at their real coordinates, a few hundred products with naira prices,
// deals and a flash sale. Product pictures are drawn here (no files from outside).

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

type Item = { name: string; sub: string; naira: number; colour: string; sizes?: string[]; colours?: string[] };
const ITEMS: Record<string, Item[]> = {
  phones: [
    { name: 'Tecno Spark 20 Pro', sub: 'smartphones', naira: 185_000, colour: '#1d4ed8', sizes: ['128GB', '256GB'] },
    { name: 'Infinix Hot 40i', sub: 'smartphones', naira: 135_000, colour: '#0f766e', sizes: ['128GB', '256GB'] },
    { name: 'Samsung Galaxy A15', sub: 'smartphones', naira: 210_000, colour: '#111827', colours: ['black', 'blue'] },
    { name: 'itel A70', sub: 'smartphones', naira: 78_000, colour: '#7c3aed' },
    { name: 'Redmi Pad SE', sub: 'tablets', naira: 240_000, colour: '#6b7280' },
    { name: 'Oraimo Power Bank 20000mAh', sub: 'phone-accessories', naira: 18_500, colour: '#16a34a' },
    { name: 'Fast Charger 33W', sub: 'phone-accessories', naira: 9_500, colour: '#f59e0b' },
    { name: 'Apple iPhone 12 (UK used)', sub: 'smartphones', naira: 390_000, colour: '#111827', sizes: ['64GB', '128GB'] },
    { name: 'Tecno Pop 8', sub: 'smartphones', naira: 89_000, colour: '#0891b2' },
    { name: 'Samsung Galaxy Tab A9', sub: 'tablets', naira: 265_000, colour: '#334155' },
    { name: 'Lenovo Tab M10', sub: 'tablets', naira: 175_000, colour: '#475569' },
    { name: 'Oraimo FreePods Earbuds', sub: 'phone-accessories', naira: 24_000, colour: '#15803d' },
  ],
  computing: [
    { name: 'HP EliteBook 840 G6 (UK used)', sub: 'laptops', naira: 420_000, colour: '#374151', sizes: ['256GB', '512GB'] },
    { name: 'Lenovo IdeaPad 3', sub: 'laptops', naira: 495_000, colour: '#1f2937' },
    { name: 'Wireless Mouse', sub: 'computer-accessories', naira: 6_500, colour: '#0ea5e9' },
    { name: 'USB-C Hub 7-in-1', sub: 'computer-accessories', naira: 21_000, colour: '#64748b' },
    { name: 'Dell Latitude 5490 Laptop (UK used)', sub: 'laptops', naira: 310_000, colour: '#1e293b' },
    { name: 'Apple MacBook Air M1', sub: 'laptops', naira: 980_000, colour: '#9ca3af' },
    { name: 'HP 250 G8 Laptop', sub: 'laptops', naira: 450_000, colour: '#0f172a' },
    { name: 'Keyboard and Mouse Combo', sub: 'computer-accessories', naira: 12_000, colour: '#27272a' },
  ],
  electronics: [
    { name: 'Hisense 43" Smart TV', sub: 'televisions', naira: 330_000, colour: '#0f172a' },
    { name: 'LG 55" UHD TV', sub: 'televisions', naira: 640_000, colour: '#1e293b' },
    { name: 'Bluetooth Speaker', sub: 'audio', naira: 32_000, colour: '#dc2626', colours: ['red', 'black'] },
    { name: 'Solar Generator 1kVA', sub: 'power', naira: 560_000, colour: '#ca8a04' },
    { name: 'Rechargeable Fan 16"', sub: 'power', naira: 58_000, colour: '#0284c7' },
    { name: 'Samsung 32" LED TV', sub: 'televisions', naira: 215_000, colour: '#18181b' },
    { name: 'Sumec Firman Generator 2.5kVA', sub: 'power', naira: 285_000, colour: '#b91c1c' },
    { name: 'Elepaq Petrol Generator 3.5kVA', sub: 'power', naira: 340_000, colour: '#dc2626' },
    { name: 'Sony Wireless Headphones', sub: 'audio', naira: 85_000, colour: '#111827' },
    { name: 'Solar Panel 200W', sub: 'power', naira: 95_000, colour: '#1e40af' },
  ],
  appliances: [
    { name: 'Binatone Blender 1.5L', sub: 'kitchen-appliances', naira: 38_000, colour: '#e11d48' },
    { name: 'Electric Kettle 1.7L', sub: 'kitchen-appliances', naira: 16_000, colour: '#9ca3af' },
    { name: 'Microwave Oven 20L', sub: 'kitchen-appliances', naira: 92_000, colour: '#475569' },
    { name: 'Standing Fan 18"', sub: 'cooling', naira: 45_000, colour: '#2563eb' },
    { name: 'Split Air Conditioner 1.5HP', sub: 'cooling', naira: 585_000, colour: '#e2e8f0' },
    { name: 'Washing Machine 7kg', sub: 'laundry', naira: 395_000, colour: '#94a3b8' },
    { name: 'Haier Thermocool Refrigerator 150L', sub: 'kitchen-appliances', naira: 345_000, colour: '#cbd5e1' },
    { name: 'Chest Deep Freezer 200L', sub: 'kitchen-appliances', naira: 410_000, colour: '#e5e7eb' },
  ],
  fashion: [
    { name: 'Ankara Gown', sub: 'women', naira: 28_000, colour: '#ea580c', sizes: ['S', 'M', 'L'] },
    { name: 'Adire Two-Piece', sub: 'women', naira: 35_000, colour: '#1e3a8a', sizes: ['M', 'L', 'XL'] },
    { name: 'Senator Kaftan', sub: 'men', naira: 42_000, colour: '#065f46', sizes: ['M', 'L', 'XL'] },
    { name: 'Agbada Set', sub: 'men', naira: 95_000, colour: '#7c2d12', sizes: ['L', 'XL', 'XXL'] },
    { name: 'Leather Sandals', sub: 'shoes', naira: 19_500, colour: '#92400e', sizes: ['41', '42', '43', '44'] },
    { name: 'Canvas Sneakers', sub: 'shoes', naira: 24_000, colour: '#f8fafc', sizes: ['40', '41', '42', '43'] },
    { name: 'Aso-Oke Handbag', sub: 'bags', naira: 22_000, colour: '#be185d' },
    { name: 'Okrika Denim Jacket (second hand)', sub: 'men', naira: 9_000, colour: '#1e40af', sizes: ['M', 'L', 'XL'] },
    { name: 'Okrika Bale Tops (second hand, mixed)', sub: 'women', naira: 15_000, colour: '#a21caf' },
    { name: 'Ankara Fabric (6 yards)', sub: 'women', naira: 18_000, colour: '#c2410c' },
    { name: 'Ankara Shirt', sub: 'men', naira: 16_000, colour: '#ea580c', sizes: ['M', 'L', 'XL'] },
    { name: "Men's Leather Shoes", sub: 'shoes', naira: 38_000, colour: '#78350f', sizes: ['41', '42', '43', '44'] },
    { name: "Women's Block Heel Shoes", sub: 'shoes', naira: 27_000, colour: '#9d174d', sizes: ['38', '39', '40'] },
    { name: 'Leather Backpack', sub: 'bags', naira: 26_000, colour: '#44403c' },
  ],
  beauty: [
    { name: 'Shea Butter Cream', sub: 'skincare', naira: 6_500, colour: '#fde68a', sizes: ['100ml', '250ml'] },
    { name: 'Black Soap', sub: 'skincare', naira: 3_500, colour: '#292524' },
    { name: 'Hair Growth Oil', sub: 'hair', naira: 8_000, colour: '#65a30d' },
    { name: 'Oud Perfume', sub: 'fragrance', naira: 45_000, colour: '#581c87', sizes: ['50ml', '100ml'] },
    { name: 'Nivea Body Lotion 400ml', sub: 'skincare', naira: 7_500, colour: '#1d4ed8' },
    { name: 'Braided Wig', sub: 'hair', naira: 30_000, colour: '#1c1917' },
  ],
  home: [
    { name: 'Non-stick Pot Set', sub: 'cookware', naira: 48_000, colour: '#b91c1c' },
    { name: 'Pressure Cooker 8L', sub: 'cookware', naira: 36_000, colour: '#71717a' },
    { name: 'Plastic Chairs (set of 4)', sub: 'furniture', naira: 42_000, colour: '#16a34a', colours: ['green', 'red', 'white'] },
    { name: 'Wall Clock', sub: 'decor', naira: 9_000, colour: '#0f766e' },
    { name: 'Gas Cooker (2 burners)', sub: 'cookware', naira: 55_000, colour: '#52525b' },
    { name: 'Office Table', sub: 'furniture', naira: 65_000, colour: '#a16207' },
  ],
  groceries: [
    { name: 'Ofada Rice', sub: 'staples', naira: 18_000, colour: '#a16207', sizes: ['5kg', '10kg'] },
    { name: 'Honey Beans', sub: 'staples', naira: 14_500, colour: '#b45309', sizes: ['5kg', '10kg'] },
    { name: 'Garri (Ijebu)', sub: 'staples', naira: 9_500, colour: '#fef3c7', sizes: ['5kg', '10kg'] },
    { name: 'Zobo Drink', sub: 'drinks', naira: 2_500, colour: '#9f1239', sizes: ['500ml', '1L'] },
    { name: 'Suya Spice', sub: 'spices', naira: 2_000, colour: '#c2410c', sizes: ['500g', '1kg'] },
    { name: 'Gari (white)', sub: 'staples', naira: 8_500, colour: '#fafaf9', sizes: ['5kg', '10kg'] },
    { name: 'Kilishi (dried suya)', sub: 'spices', naira: 6_000, colour: '#7c2d12' },
    { name: 'Palm Oil 5L', sub: 'staples', naira: 11_000, colour: '#dc2626' },
    { name: 'Indomie Noodles (carton of 40)', sub: 'staples', naira: 9_800, colour: '#facc15' },
    { name: 'Dangote Sugar 1kg', sub: 'staples', naira: 1_900, colour: '#f1f5f9' },
  ],
  baby: [
    { name: 'Baby Diapers (Size 3)', sub: 'baby-care', naira: 13_500, colour: '#38bdf8' },
    { name: 'Building Blocks', sub: 'toys', naira: 11_000, colour: '#facc15' },
    { name: 'Remote Control Car', sub: 'toys', naira: 18_000, colour: '#dc2626' },
    { name: 'Teddy Bear', sub: 'toys', naira: 9_000, colour: '#a16207' },
    { name: 'Pampers Baby Dry Diapers', sub: 'baby-care', naira: 16_000, colour: '#0ea5e9' },
    { name: 'Kids Ankara Dress', sub: 'kids-fashion', naira: 12_500, colour: '#db2777', sizes: ['S', 'M'] },
  ],
};

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
  for (const list of Object.values(ITEMS))
    for (const item of list) {
      const f = await storeImage(db, storage, ownerIds[0]!, await picture(item), `${item.name}.jpg`);
      images.set(item.name, { url: f.url, thumbnailUrl: f.thumbnailUrl });
    }
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
      const items = s.kinds.flatMap((k) => ITEMS[k]!.map((item) => ({ item, category: k })));
      for (const [j, { item, category }] of items.entries()) {
        n++;
        const price = Math.round((item.naira * (0.9 + ((i * 7 + j * 13) % 21) / 100)) / 50) * 50 * 100;
        const deal = (i + j) % 3 === 0;
        const oldPrice = deal ? Math.round((price * (1.15 + ((i + j) % 4) * 0.1)) / 5000) * 5000 : null;
        const id = newId();
        const stock = 3 + ((i * 5 + j * 3) % 25);
        const sizes = item.sizes ?? [];
        const colours = item.colours ?? [];
        const options = sizes.length
          ? sizes.map((size, k) => ({ size, colourId: null as string | null, bump: k }))
          : colours.map((c, k) => ({ size: null as string | null, colourId: c, bump: 0 * k }));
        const variations = options.map((v) => ({
          id: newId(),
          productId: id,
          size: v.size,
          colourId: v.colourId,
          price: price + v.bump * Math.round((price * 0.15) / 100) * 100,
          stock: Math.max(1, Math.floor(stock / options.length)),
        }));
        await tx.insert(products).values({
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
          createdAt: sql`now() - make_interval(hours => ${(i * 13 + j * 5) % 400})`,
        });
        if (variations.length) await tx.insert(productVariations).values(variations);
      }
    }
    await recountProducts(tx);
    await recountWords(tx);
  });
  return n > 0;
}
