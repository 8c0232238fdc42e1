import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The Drizzle tables the ecommerce service owns (catalogue part). Prices are integer kobo.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** earthdistance's point on the earth (a cube). */
const earthCube = customType<{ data: string }>({ dataType: () => 'cube' });

/** One shop per person; its place (state, LGA, coordinates) locates it and its products. */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logoUrl: text('logo_url'),
    coverUrl: text('cover_url'),
    phone: text('phone').notNull(),
    stateId: text('state_id').notNull(),
    lgaId: text('lga_id').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Its coordinates as earthdistance's point, stored so distances are not worked out from them again for each shop. */
    earth: earthCube('earth')
      .notNull()
      .generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    followersCount: integer('followers_count').notNull().default(0),
    // Its live products, kept by the product writes (upload, delete).
    productsCount: integer('products_count').notNull().default(0),
    // The shop's rating: every review of its products, added up in the review's own statement.
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Set while hidden from shoppers by its reports, until a moderator decides (report-holds.ts). */
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shops_owner_idx').on(t.ownerId),
    // Nearby shops: earthdistance's earth_box over this GiST index.
    index('shops_earth_idx').using('gist', t.earth),
    index('shops_place_idx').on(t.stateId, t.lgaId),
    // Shops by the words of their name, prefixes too (search-suggest.ts).
    index('shops_name_search_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${t.name})`),
  ],
);

export type ProductImage = { url: string; thumbnailUrl: string | null };

/** A unit written after a number ("1.5HP", "5 kg", "128GB"), as a PostgreSQL regular expression; group 1 is the digit. */
const UNIT_AFTER_NUMBER = String.raw`([0-9])\s*(hp|kva|kw|w|v|mah|gb|tb|mb|kg|g|mg|l|ml|cl|litres?|liters?|inch|inches|cm|mm|ft|pcs|pc)\M`;
const withoutUnits = (column: string) => String.raw`regexp_replace(${column}, '${UNIT_AFTER_NUMBER}', '\1', 'gi')`;
const SEARCH_OWN = `setweight(to_tsvector('english'::regconfig, ${withoutUnits('name')}), 'A') || setweight(to_tsvector('english'::regconfig, ${withoutUnits('description')}), 'C')`;

/** PostgreSQL's tsvector, for the search document (search.service.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Products; `search_text` (name, description and shop name) feeds the typo-tolerant search.
 * Deleted ones keep their row for past orders.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    shopId: uuid('shop_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id').notNull(),
    subcategoryId: text('subcategory_id').notNull(),
    images: jsonb('images').$type<ProductImage[]>().notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    oldPrice: bigint('old_price', { mode: 'number' }),
    /** The shop's place, copied so the state and LGA filters read one table. */
    stateId: text('state_id').notNull(),
    lgaId: text('lga_id').notNull(),
    searchText: text('search_text').notNull(),
    /** Category and subcategory names (and whatever else weighs like them), written with the product (search-words.ts tagsOf). */
    searchTags: text('search_tags').notNull().default(''),
    /** The weighted search document: name A, tags B, description C. Generated, so it is in step with every write. */
    searchDoc: tsvector('search_doc')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, search_tags), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C')`,
      ),
    /**
     * The product's own words, name A and description C, with the units after numbers left out
     * ("1.5HP", "5 kg"): a word found here (or in the subcategory's name) is what the product is, a
     * word found only in the category, a shop's name or a unit is a weak match (search.service.ts).
     */
    searchOwn: tsvector('search_own').notNull().generatedAlwaysAs(sql.raw(SEARCH_OWN)),
    stock: integer('stock').notNull().default(0),
    views: integer('views').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    flashSaleEndsAt: ts('flash_sale_ends_at'),
    // Its reviews added up in each review's own statement (order-reviews.ts reviewProduct).
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    deletedAt: ts('deleted_at'),
    /**
     * Set while held by its reports (or its shop's) until a moderator decides: a held product is also
     * `deleted_at`, so every shopper's read (which all exclude deleted products) leaves it out, and
     * a restore clears both (report-holds.ts).
     */
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_shop_idx')
      .on(t.shopId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_category_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('products_place_idx')
      .on(t.stateId, t.lgaId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('products_search_doc_idx').using('gin', t.searchDoc),
    index('products_popular_idx')
      .on(sql`(${t.views} + 5 * ${t.sales}) DESC`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Live (not deleted) products per category, kept by every product write, so a category's page total is one row. */
export const productCategoryCounts = pgTable('product_category_counts', {
  categoryId: text('category_id').primaryKey(),
  live: integer('live').notNull().default(0),
});

/**
 * The catalogue's own words (from product names and tags, 'simple' lexemes) with how many live
 * products use each: misspellings are corrected against it and suggestions complete from it.
 * Kept by every product write in its transaction (search-words.ts).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
  ],
);

/**
 * Every change to a product that its search could see (added, deleted, held, re-worded, moved,
 * re-categorised, re-priced, in or out of stock), written by the products' trigger
 * (sql/owo_search_changed.sql) in the change's own transaction: each server process re-reads the
 * products named here and brings its search index up to date (search-index/follow.ts). Rows older
 * than an hour are pruned.
 */
export const productSearchChanges = pgTable(
  'product_search_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id').notNull(),
    at: ts('at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('product_search_changes_at_idx').on(t.at)],
);

/** A product's variations: each with its own price and stock (size and/or colour). */
export const productVariations = pgTable(
  'product_variations',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    size: text('size'),
    colourId: text('colour_id'),
    price: bigint('price', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('product_variations_product_idx').on(t.productId)],
);

/** Who viewed what, latest view per person and product (keep shopping). */
export const productViews = pgTable(
  'product_views',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_views_recent_idx').on(t.userId, t.viewedAt.desc().nullsFirst())],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    userId: uuid('user_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shopId] }), index('shop_follows_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const wishlist = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_once_idx').on(t.userId, t.productId),
    index('wishlist_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const shopReports = pgTable(
  'shop_reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    productId: uuid('product_id'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'reviewed'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_reports_reporter_idx').on(t.reporterId, t.createdAt.desc().nullsFirst()),
    // The moderation queue: the reports waiting for review, by shop and product.
    index('shop_reports_open_idx')
      .on(t.shopId, t.productId)
      .where(sql`${t.status} = 'open'`),
  ],
);

// --- buying: cart, addresses, orders in escrow, reviews ------------------------------------------

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    variationId: uuid('variation_id'),
    quantity: integer('quantity').notNull(),
    priceWhenAdded: bigint('price_when_added', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_once_idx').on(
      t.userId,
      t.productId,
      sql`coalesce(${t.variationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('cart_items_user_idx').on(t.userId, t.createdAt),
  ],
);

export const addresses = pgTable(
  'shop_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    label: text('label').notNull(),
    stateId: text('state_id').notNull(),
    lgaId: text('lga_id').notNull(),
    street: text('street').notNull(),
    landmark: text('landmark').notNull().default(''),
    phone: text('phone').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('shop_addresses_user_idx').on(t.userId, t.createdAt)],
);

const ORDER_STATUSES = ['paid', 'accepted', 'shipped', 'delivered', 'completed', 'declined', 'cancelled', 'disputed', 'refunded'] as const;

export type OrderAddress = { street: string; landmark: string; lga: string; state: string; phone: string };

/**
 * One order per shop of a checkout. Its money waits in the shopper's escrow account for the order
 * (ledger code escrow, ref the order id) until it is confirmed (to the seller's business wallet, less
 * the commission to fees) or refunded (back to the wallet).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    shopperId: uuid('shopper_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    sellerId: uuid('seller_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    deliveryOption: text('delivery_option', { enum: ['standard', 'express', 'pickup'] }).notNull(),
    estimatedDelivery: ts('estimated_delivery').notNull(),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    note: text('note'),
    disputeReason: text('dispute_reason'),
    timeline: jsonb('timeline').$type<{ status: (typeof ORDER_STATUSES)[number]; at: string }[]>().notNull(),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_shopper_idx').on(t.shopperId, t.createdAt.desc().nullsFirst()),
    index('orders_shop_idx').on(t.shopId, t.createdAt.desc().nullsFirst()),
    index('orders_auto_confirm_idx')
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    productId: uuid('product_id').notNull(),
    variationId: uuid('variation_id'),
    name: text('name').notNull(),
    image: text('image'),
    price: bigint('price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

export const reviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id').notNull(),
    orderId: uuid('order_id').notNull(),
    userId: uuid('user_id').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_once_idx').on(t.userId, t.productId),
    index('product_reviews_product_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
  ],
);
