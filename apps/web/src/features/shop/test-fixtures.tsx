import type { Product, Shop } from '../../api/shop';

// Replies the tests' mocked ecommerce service gives.

export { failure, list, one, page, renderAt } from '../../test/render';

export const E = '/api/ecommerce';
export const SHOP_ID = '0198a7b2-0000-7000-8000-00000000a001';
export const PRODUCT_ID = '0198a7b2-0000-7000-8000-00000000b001';
const place = (id: string, name: string) => ({ id, name });

export function shop(over: Partial<Shop> = {}): Shop {
  return {
    id: SHOP_ID,
    name: 'Ada Fabrics',
    description: 'Ankara and lace',
    logoUrl: null,
    coverUrl: null,
    phone: '08030000000',
    state: place('lagos', 'Lagos'),
    lga: place('ikeja', 'Ikeja'),
    address: '3 Allen Avenue',
    latitude: 6.6018,
    longitude: 3.3515,
    owner: { id: '0198a7b2-0000-7000-8000-00000000c001', firstName: 'Ada', lastName: 'Obi' },
    productsCount: 1,
    followersCount: 0,
    rating: null,
    reviewsCount: 0,
    isFollowing: false,
    isMine: false,
    distanceKm: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

let n = 0;
export function product(over: Partial<Product> = {}): Product {
  n += 1;
  return {
    id: `0198a7b2-0000-7000-8000-${String(n).padStart(12, '0')}`,
    shop: { id: SHOP_ID, name: 'Ada Fabrics', logoUrl: null, state: place('lagos', 'Lagos'), lga: place('ikeja', 'Ikeja') },
    name: `Product ${n}`,
    description: '',
    category: place('fashion', 'Fashion'),
    subcategory: place('women', "Women's clothing"),
    images: [{ url: '/files/a.png', thumbnailUrl: '/files/a-thumb.png' }],
    price: 1_500_000,
    oldPrice: null,
    discountPercent: 0,
    variations: [],
    stock: 10,
    views: 0,
    sales: 0,
    flashSaleEndsAt: null,
    rating: null,
    reviewsCount: 0,
    isWishlisted: false,
    heldForReview: false,
    distanceKm: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    ...over,
  };
}

export const CATEGORIES = [
  {
    id: 'fashion',
    name: 'Fashion',
    subcategories: [
      {
        id: 'women',
        name: "Women's clothing",
        variations: [
          { id: 'size', name: 'Size', options: ['S', 'M', 'L'] },
          { id: 'colour', name: 'Colour', options: ['Red', 'Blue'] },
        ],
      },
    ],
  },
  { id: 'phones', name: 'Phones & tablets', subcategories: [{ id: 'smartphones', name: 'Smartphones', variations: [] }] },
];
export const COLOURS = [
  { id: 'red', name: 'Red', hex: '#dc2626' },
  { id: 'blue', name: 'Blue', hex: '#1d4ed8' },
];

/** A reply the test releases when it wants (to look at the screen while a call is in flight). */
export function held() {
  let release: (r: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release: (r: Response) => release(r) };
}
