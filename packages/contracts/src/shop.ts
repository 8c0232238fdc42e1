import { z } from 'zod';
import { envelope, paginated } from './common.js';

// The marketplace catalogue (ecommerce service, /api/ecommerce): places, shops, products with
// variations, categories, colours, wishlist and reports. Money is integer kobo. Ids are `id`.

const uuid = (label: string) => z.uuid(`${label} must be a valid id`);
const kobo = (label: string) =>
  z.number().int(`${label} must be whole kobo`).positive(`${label} must be more than zero`).max(100_000_000_000);
const slug = (label: string) => z.string().trim().min(1, `Choose a ${label}`).max(60);

export const place = z.object({ id: z.string(), name: z.string() });
export const statesResponse = envelope(z.array(place));
export const stateParam = z.object({ stateId: z.string().trim().min(1).max(60) });
export const lgasResponse = envelope(z.object({ state: place, lgas: z.array(place) }));

export const colour = z.object({ id: z.string(), name: z.string(), hex: z.string() });
export const coloursResponse = envelope(z.array(colour));

export const variationType = z.object({ id: z.string(), name: z.string(), options: z.array(z.string()) });
export const subcategory = z.object({ id: z.string(), name: z.string(), variations: z.array(variationType) });
export const category = z.object({ id: z.string(), name: z.string(), subcategories: z.array(subcategory) });
export const categoriesResponse = envelope(z.array(category));
export const categoryResponse = envelope(category);
export const variationTypesResponse = envelope(z.object({ subcategory, category: place }));
export const slugParam = z.object({ id: z.string().trim().min(1).max(60) });

// Shops ------------------------------------------------------------------------------------------
const latitude = z.number().min(4, 'The place must be in Nigeria').max(14, 'The place must be in Nigeria');
const longitude = z.number().min(2.5, 'The place must be in Nigeria').max(15, 'The place must be in Nigeria');
export const shop = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  phone: z.string(),
  state: place,
  lga: place,
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  owner: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  productsCount: z.number().int(),
  followersCount: z.number().int(),
  rating: z.number().nullable().describe('the average of its products’ reviews, 1 to 5 with one decimal; null before the first'),
  reviewsCount: z.number().int(),
  isFollowing: z.boolean(),
  isMine: z.boolean(),
  distanceKm: z.number().nullable().describe('from the coordinates searched with'),
  createdAt: z.string(),
});
export type Shop = z.infer<typeof shop>;
export const shopResponse = envelope(shop);
export const myShopResponse = envelope(shop.nullable());
export const shopsResponse = paginated(shop);
export const createShopBody = z.object({
  name: z.string().trim().min(2, 'The shop name needs at least 2 characters').max(60, 'The shop name can be at most 60 characters'),
  description: z.string().trim().max(500, 'The description can be at most 500 characters').default(''),
  logoUrl: z.string().min(1).max(500).optional(),
  coverUrl: z.string().min(1).max(500).optional(),
  phone: z.string().trim().min(7, 'Enter a phone number').max(20),
  stateId: slug('state'),
  lgaId: slug('local government area'),
  address: z.string().trim().min(3, 'Enter the street address').max(200),
  latitude,
  longitude,
});
export const shopSearchBody = z.object({
  latitude,
  longitude,
  radiusKm: z.number().min(0.5).max(500, 'Search at most 500 km away').default(10),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(50).default(20),
});
export const followShopResponse = envelope(z.object({ id: z.uuid(), isFollowing: z.boolean(), followersCount: z.number().int() }));
export const shopIdParam = z.object({ shopId: uuid('shopId') });
export const idParam = z.object({ id: uuid('id') });

// Products ---------------------------------------------------------------------------------------
export const productVariation = z.object({
  id: z.uuid(),
  size: z.string().nullable(),
  colour: colour.nullable(),
  price: z.number().int(),
  stock: z.number().int(),
});
export const product = z.object({
  id: z.uuid(),
  shop: z.object({ id: z.uuid(), name: z.string(), logoUrl: z.string().nullable(), state: place, lga: place }),
  name: z.string(),
  description: z.string(),
  category: place,
  subcategory: place,
  images: z.array(z.object({ url: z.string(), thumbnailUrl: z.string().nullable() })),
  price: z.number().int().describe('kobo: the lowest price on offer'),
  oldPrice: z.number().int().nullable().describe('kobo: the price before the deal'),
  discountPercent: z.number().int(),
  variations: z.array(productVariation),
  stock: z.number().int(),
  views: z.number().int(),
  sales: z.number().int(),
  flashSaleEndsAt: z.string().nullable(),
  rating: z.number().nullable().describe('the average review, 1 to 5 with one decimal; null before the first'),
  reviewsCount: z.number().int(),
  isWishlisted: z.boolean(),
  distanceKm: z.number().nullable(),
  heldForReview: z
    .boolean()
    .describe('hidden from shoppers after reports until a moderator decides (only its seller sees it, in their own lists)'),
  createdAt: z.string(),
});
export type Product = z.infer<typeof product>;
export const productResponse = envelope(product);
export const productsResponse = paginated(product);
/** The category filter answers under data.results (spec section 3). */
export const filteredProductsResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ results: z.array(product), total: z.number().int(), page: z.number().int() }),
  pagination: paginated(product).shape.pagination,
});

const variationInput = z.object({
  id: uuid('variation id').optional().describe('an existing variation to change (edit only)'),
  size: z.string().trim().min(1).max(20).optional(),
  colourId: z.string().trim().min(1).max(30).optional(),
  price: kobo('price').optional().describe("the variation's own price; the product's price when absent"),
  stock: z.number().int().min(0, 'Stock cannot be negative').max(1_000_000),
});
const productFields = {
  name: z.string().trim().min(2, 'The product name needs at least 2 characters').max(120, 'The product name can be at most 120 characters'),
  description: z.string().trim().max(4000, 'The description can be at most 4000 characters'),
  categoryId: slug('category'),
  subcategoryId: slug('subcategory'),
  images: z.array(z.string().min(1).max(500)).min(1, 'Add at least one photo').max(8, 'A product can have at most 8 photos'),
  price: kobo('price'),
  oldPrice: kobo('old price').nullable(),
  variations: z.array(variationInput).max(30, 'A product can have at most 30 variations'),
  stock: z.number().int().min(0, 'Stock cannot be negative').max(1_000_000).describe('when there are no variations'),
  flashSaleEndsAt: z.iso.datetime({ offset: true }).nullable(),
};
const priceAboveOld = (b: { price?: number; oldPrice?: number | null }) =>
  b.oldPrice == null || b.price === undefined || b.oldPrice > b.price;
export const createProductBody = z
  .object({
    ...productFields,
    description: productFields.description.default(''),
    oldPrice: productFields.oldPrice.optional(),
    variations: productFields.variations.default([]),
    stock: productFields.stock.default(0),
    flashSaleEndsAt: productFields.flashSaleEndsAt.optional(),
  })
  .refine(priceAboveOld, { message: 'The old price must be more than the price', path: ['oldPrice'] });
export const editProductBody = z
  .object({
    productId: uuid('productId'),
    name: productFields.name.optional(),
    description: productFields.description.optional(),
    categoryId: productFields.categoryId.optional(),
    subcategoryId: productFields.subcategoryId.optional(),
    images: productFields.images.optional(),
    price: productFields.price.optional(),
    oldPrice: productFields.oldPrice.optional(),
    variations: productFields.variations.optional().describe('the full list: variations left out are removed'),
    stock: productFields.stock.optional(),
    flashSaleEndsAt: productFields.flashSaleEndsAt.optional(),
  })
  .refine(priceAboveOld, { message: 'The old price must be more than the price', path: ['oldPrice'] });
export const increaseStockBody = z.object({
  productId: uuid('productId'),
  variationId: uuid('variationId').optional(),
  quantity: z.number().int().min(1, 'Add at least one').max(1_000_000),
});

export const PRODUCT_SORTS = ['relevance', 'price-asc', 'price-desc', 'newest', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const productsQuery = z.object({
  search: z.string().trim().max(80).optional(),
  category: z.string().trim().max(60).optional(),
  subcategory: z.string().trim().max(60).optional(),
  stateQuery: z.string().trim().max(60).optional().describe('a state id or name'),
  lgaQuery: z.string().trim().max(60).optional().describe('an LGA id or name'),
  minPrice: z.coerce.number().int().min(0).optional(),
  maxPrice: z.coerce.number().int().min(0).optional(),
  sort: z
    .enum(PRODUCT_SORTS, { message: `sort is one of ${PRODUCT_SORTS.join(', ')}` })
    .optional()
    .describe('relevance (the default with words), price-asc, price-desc, newest (the default without), rating'),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50, 'limit is at most 50').default(20),
});
export const filterQuery = z.object({
  category: z.string().trim().min(1, 'Choose a category').max(60),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const sectionQuery = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  latitude: z.coerce.number().min(4).max(14).optional(),
  longitude: z.coerce.number().min(2.5).max(15).optional(),
});
export const section = z.object({ id: z.string(), title: z.string(), path: z.string(), endsAt: z.string().nullable() });
export const sectionsResponse = envelope(z.array(section));
export const shopProductParams = z.object({ shopId: uuid('shopId'), productId: uuid('productId') });

export const inventoryItem = z.object({
  productId: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  stock: z.number().int(),
  lowStock: z.boolean(),
  views: z.number().int(),
  sales: z.number().int(),
  variations: z.array(z.object({ id: z.uuid(), label: z.string(), stock: z.number().int(), lowStock: z.boolean() })),
});
export const inventoryResponse = paginated(inventoryItem);

export const review = z.object({ id: z.uuid(), rating: z.number().int(), text: z.string(), by: z.string(), createdAt: z.string() });
export const reviewsResponse = paginated(review);

// Wishlist and reports ---------------------------------------------------------------------------
export const wishlistItem = z.object({ id: z.uuid(), productId: z.uuid(), addedAt: z.string() });
export const wishlistResponse = paginated(wishlistItem);
export const wishlistItemResponse = envelope(wishlistItem);
export const productIdParam = z.object({ productId: uuid('productId') });
export const shopReportReasonsResponse = envelope(z.array(z.object({ id: z.string(), reason: z.string() })));
export const shopReport = z.object({
  id: z.uuid(),
  target: z.enum(['product', 'shop']),
  productId: z.uuid().nullable(),
  shopId: z.uuid(),
  reason: z.string(),
  details: z.string(),
  status: z.enum(['open', 'reviewed']),
  createdAt: z.string(),
});
export const shopReportBody = z
  .object({
    productId: uuid('productId').optional(),
    shopId: uuid('shopId').optional(),
    reason: z.string().trim().min(1, 'Choose a reason').max(60),
    details: z.string().trim().max(500).default(''),
  })
  .refine((b) => Boolean(b.productId) !== Boolean(b.shopId), { message: 'Report either a product or a shop', path: ['productId'] });
export const shopReportResponse = envelope(shopReport);
export const shopReportsResponse = paginated(shopReport);
