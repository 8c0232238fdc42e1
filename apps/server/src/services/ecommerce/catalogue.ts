import places from './places-ng.json' with { type: 'json' };

// The marketplace's fixed lists: places (from a maintained source, places-ng.json), categories
// with subcategories and their variation types, colours, report reasons.

type Place = { id: string; name: string };
export const STATES: (Place & { lgas: Place[] })[] = places.states;
const STATE_BY = new Map(STATES.map((s) => [s.id, s]));
const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A state by id or name (any case). */
export function findState(given: string) {
  const g = norm(given);
  return STATE_BY.get(g) ?? STATES.find((s) => norm(s.name) === g) ?? null;
}
/** An LGA by id or name, in a state or anywhere. */
export function findLga(given: string, stateId?: string) {
  const g = norm(given);
  const pool = stateId ? (STATE_BY.get(stateId)?.lgas ?? []) : STATES.flatMap((s) => s.lgas);
  return pool.find((l) => l.id === g || norm(l.name) === g) ?? null;
}
export const placeOf = (stateId: string, lgaId: string) => {
  const s = STATE_BY.get(stateId);
  const l = s?.lgas.find((x) => x.id === lgaId);
  return { state: { id: stateId, name: s?.name ?? stateId }, lga: { id: lgaId, name: l?.name ?? lgaId } };
};

const SIZES = { id: 'size', name: 'Size', options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] };
const SHOE = { id: 'shoe-size', name: 'Shoe size', options: ['38', '39', '40', '41', '42', '43', '44', '45', '46'] };
const STORAGE = { id: 'storage', name: 'Storage', options: ['64GB', '128GB', '256GB', '512GB'] };
const COLOUR = { id: 'colour', name: 'Colour', options: [] as string[] };
const VOLUME = { id: 'volume', name: 'Volume', options: ['50ml', '100ml', '250ml', '500ml', '1L'] };
const WEIGHT = { id: 'weight', name: 'Weight', options: ['500g', '1kg', '2kg', '5kg', '10kg', '25kg', '50kg'] };
const sub = (id: string, name: string, variations: (typeof SIZES)[]) => ({ id, name, variations });

export const CATEGORIES = [
  {
    id: 'phones',
    name: 'Phones & tablets',
    subcategories: [
      sub('smartphones', 'Smartphones', [STORAGE, COLOUR]),
      sub('tablets', 'Tablets', [STORAGE, COLOUR]),
      sub('phone-accessories', 'Accessories', [COLOUR]),
    ],
  },
  {
    id: 'electronics',
    name: 'Electronics',
    subcategories: [sub('televisions', 'Televisions', []), sub('audio', 'Audio & speakers', [COLOUR]), sub('power', 'Power & solar', [])],
  },
  {
    id: 'appliances',
    name: 'Appliances',
    subcategories: [
      sub('kitchen-appliances', 'Kitchen appliances', [COLOUR]),
      sub('cooling', 'Fans & air conditioners', []),
      sub('laundry', 'Washing machines', []),
    ],
  },
  {
    id: 'fashion',
    name: 'Fashion',
    subcategories: [
      sub('women', "Women's clothing", [SIZES, COLOUR]),
      sub('men', "Men's clothing", [SIZES, COLOUR]),
      sub('shoes', 'Shoes', [SHOE, COLOUR]),
      sub('bags', 'Bags', [COLOUR]),
    ],
  },
  {
    id: 'beauty',
    name: 'Health & beauty',
    subcategories: [sub('skincare', 'Skincare', [VOLUME]), sub('hair', 'Hair care', [VOLUME]), sub('fragrance', 'Fragrance', [VOLUME])],
  },
  {
    id: 'home',
    name: 'Home & kitchen',
    subcategories: [sub('cookware', 'Cookware', [COLOUR]), sub('furniture', 'Furniture', [COLOUR]), sub('decor', 'Decor', [COLOUR])],
  },
  {
    id: 'groceries',
    name: 'Groceries',
    subcategories: [
      sub('staples', 'Rice, beans & staples', [WEIGHT]),
      sub('drinks', 'Drinks', [VOLUME]),
      sub('spices', 'Spices & seasoning', [WEIGHT]),
    ],
  },
  {
    id: 'computing',
    name: 'Computing',
    subcategories: [sub('laptops', 'Laptops', [STORAGE, COLOUR]), sub('computer-accessories', 'Accessories', [COLOUR])],
  },
  {
    id: 'baby',
    name: 'Baby & kids',
    subcategories: [
      sub('baby-care', 'Baby care', []),
      sub('toys', 'Toys', [COLOUR]),
      sub('kids-fashion', 'Kids clothing', [SIZES, COLOUR]),
    ],
  },
];
const CAT_BY = new Map(CATEGORIES.map((c) => [c.id, c]));
export const categoryById = (id: string) => CAT_BY.get(id) ?? null;
export const subcategoryOf = (categoryId: string, subId: string) =>
  CAT_BY.get(categoryId)?.subcategories.find((s) => s.id === subId) ?? null;
export function subcategoryById(subId: string) {
  for (const c of CATEGORIES) {
    const s = c.subcategories.find((x) => x.id === subId);
    if (s) return { category: c, subcategory: s };
  }
  return null;
}
export const categoryPlace = (categoryId: string, subId: string) => ({
  category: { id: categoryId, name: CAT_BY.get(categoryId)?.name ?? categoryId },
  subcategory: { id: subId, name: subcategoryOf(categoryId, subId)?.name ?? subId },
});

export const COLOURS = [
  { id: 'black', name: 'Black', hex: '#111827' },
  { id: 'white', name: 'White', hex: '#f9fafb' },
  { id: 'grey', name: 'Grey', hex: '#6b7280' },
  { id: 'red', name: 'Red', hex: '#dc2626' },
  { id: 'green', name: 'Green', hex: '#0b6e4f' },
  { id: 'blue', name: 'Blue', hex: '#1d4ed8' },
  { id: 'yellow', name: 'Yellow', hex: '#eab308' },
  { id: 'orange', name: 'Orange', hex: '#ea580c' },
  { id: 'purple', name: 'Purple', hex: '#7c3aed' },
  { id: 'pink', name: 'Pink', hex: '#db2777' },
  { id: 'brown', name: 'Brown', hex: '#92400e' },
  { id: 'gold', name: 'Gold', hex: '#ca8a04' },
];
const COLOUR_BY = new Map(COLOURS.map((c) => [c.id, c]));
export const colourById = (id: string | null) => (id ? (COLOUR_BY.get(id) ?? null) : null);

export const SHOP_REPORT_REASONS = [
  { id: 'counterfeit', reason: 'Fake or counterfeit item' },
  { id: 'scam', reason: 'Scam or fraud' },
  { id: 'wrong-description', reason: 'Item not as described' },
  { id: 'prohibited', reason: 'Prohibited item' },
  { id: 'offensive', reason: 'Offensive content' },
  { id: 'other', reason: 'Something else' },
];
export const reportReasonId = (given: string) => {
  const g = given.trim().toLowerCase();
  return SHOP_REPORT_REASONS.find((r) => r.id === g || r.reason.toLowerCase() === g)?.id ?? null;
};

/** Stock at or under this is marked low in the inventory. */
export const LOW_STOCK = 5;
