import { and, asc, avg, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CartItem } from '@owo/contracts';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { colourById, findLga, findState, placeOf } from './catalogue.js';
import { byShop, quoteShop } from './delivery.js';
import { addresses, cartItems, productVariations, shops, type products } from './tables.js';

// The cart (priced from the server's current prices and stock, never the client's), saved
// addresses, and delivery quotes by distance and weight.

type Shop = typeof shops.$inferSelect;
/**
 * A cart line as `cartSelect` reads it: the product's name, first image, category and shop (with
 * its point), the variation's size and colour, today's price and stock (the variation's, else the
 * product's) and whether it is still on sale.
 */
export type CartRow = RawRow<Pick<typeof cartItems.$inferSelect, 'id' | 'productId' | 'variationId' | 'quantity' | 'priceWhenAdded'>> &
  Pick<typeof products.$inferSelect, 'name' | 'shopId' | 'categoryId' | 'price' | 'stock'> &
  Pick<typeof productVariations.$inferSelect, 'size' | 'colourId'> & {
    image: string | null;
    shopName: Shop['name'];
    shopLat: Shop['latitude'];
    shopLng: Shop['longitude'];
    live: boolean;
  };

const cartSelect = (userId: string) => sql`
  SELECT c.id, c.product_id AS "productId", c.variation_id AS "variationId", c.quantity, c.price_when_added AS "priceWhenAdded", p.name,
    p.images->0->>'thumbnailUrl' AS image, p.shop_id AS "shopId", s.name AS "shopName", p.category_id AS "categoryId",
    s.latitude AS "shopLat", s.longitude AS "shopLng", v.size, v.colour_id AS "colourId",
    coalesce(v.price, p.price) AS price, coalesce(v.stock, p.stock) AS stock,
    (p.deleted_at IS NULL AND (c.variation_id IS NULL OR (v.id IS NOT NULL AND v.deleted_at IS NULL))) AS live
  FROM cart_items c JOIN products p ON p.id = c.product_id JOIN shops s ON s.id = p.shop_id
    LEFT JOIN product_variations v ON v.id = c.variation_id
  WHERE c.user_id = ${userId}`;

export type PricedItem = CartRow & { item: CartItem };
const toItem = (r: CartRow): CartItem => ({
  id: r.id,
  product: { id: r.productId, name: r.name, image: r.image, shopId: r.shopId, shopName: r.shopName },
  variation: r.variationId ? { id: r.variationId, size: r.size, colour: colourById(r.colourId) } : null,
  quantity: r.quantity,
  priceWhenAdded: Number(r.priceWhenAdded),
  price: Number(r.price),
  stock: r.stock,
  priceChanged: Number(r.price) !== Number(r.priceWhenAdded),
  available: r.live && r.stock >= r.quantity,
});

export async function cartOf(db: Tx, userId: string) {
  const rows = await executeRows<CartRow>(db, sql`${cartSelect(userId)} ORDER BY s.name, c.created_at, c.id`);
  return { items: rows.map(toItem), count: rows.reduce((n, r) => n + r.quantity, 0) };
}

/** The caller's selected cart items with today's prices (404 for any that is not theirs). */
export async function selectedItems(db: Tx, userId: string, ids: string[], lock = false): Promise<PricedItem[]> {
  const unique = [...new Set(ids)];
  const rows = await executeRows<CartRow>(
    db,
    sql`${cartSelect(userId)} AND c.id IN (${sql.join(
      unique.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) ORDER BY s.name, c.created_at, c.id ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  if (rows.length !== unique.length) throw notFound('Some of these items are not in your cart', 'CART_ITEM_NOT_FOUND');
  return rows.map((r) => ({ ...r, price: Number(r.price), item: toItem(r) }));
}

type AddIn = { productId: string; variationId?: string; quantity: number };

/** Adds in its own transaction, so an add beyond the stock is undone together with its refusal. */
export function addToCart(db: Tx, userId: string, b: AddIn) {
  return db.transaction((tx) => addItem(tx, userId, b));
}

/** The product a shopper adds, if it is for sale: its price, stock and name, its shop's owner, whether it has variations. */
const productToAdd = async (db: Tx, productId: string) =>
  (
    await executeRows<
      RawRow<Pick<typeof products.$inferSelect, 'price' | 'stock' | 'name'>> & Pick<Shop, 'ownerId'> & { hasVariations: boolean }
    >(
      db,
      sql`SELECT p.price, p.stock, p.name, s.owner_id AS "ownerId",
        EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) AS "hasVariations"
        FROM products p JOIN shops s ON s.id = p.shop_id WHERE p.id = ${productId} AND p.deleted_at IS NULL`,
    )
  )[0];

/**
 * Adds to the line of this product and variation (a new line, or more of the one there, at today's
 * price): the unique index on the line is an expression (no variation reads as the zero id).
 */
async function addToLine(db: Tx, userId: string, b: AddIn, price: number) {
  const zero = '00000000-0000-0000-0000-000000000000';
  const [row] = await executeRows<Pick<typeof cartItems.$inferSelect, 'id' | 'quantity'>>(
    db,
    sql`INSERT INTO cart_items (id, user_id, product_id, variation_id, quantity, price_when_added)
      VALUES (${newId()}, ${userId}, ${b.productId}, ${b.variationId ?? null}, ${b.quantity}, ${price})
      ON CONFLICT (user_id, product_id, (coalesce(variation_id, ${zero}::uuid)))
      DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, price_when_added = excluded.price_when_added
      RETURNING id, quantity`,
  );
  return row!;
}

async function addItem(db: Tx, userId: string, b: AddIn) {
  const p = await productToAdd(db, b.productId);
  if (!p) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  if (p.ownerId === userId) throw badRequest('You can’t buy from your own shop', 'OWN_SHOP');
  let price = Number(p.price);
  let stock = p.stock;
  if (b.variationId) {
    const [v] = await db
      .select({ price: productVariations.price, stock: productVariations.stock })
      .from(productVariations)
      .where(
        and(eq(productVariations.id, b.variationId), eq(productVariations.productId, b.productId), isNull(productVariations.deletedAt)),
      );
    if (!v) throw notFound('That option of the product is not available', 'VARIATION_NOT_FOUND');
    price = v.price;
    stock = v.stock;
  } else if (p.hasVariations) throw badRequest('Choose a size or colour first', 'VARIATION_REQUIRED');
  const row = await addToLine(db, userId, b, price);
  if (row.quantity > stock) {
    throw badRequest(stock === 0 ? `${p.name} is sold out` : `Only ${stock} of ${p.name} left`, 'NOT_ENOUGH_STOCK');
  }
  return (await selectedItems(db, userId, [row.id]))[0]!.item;
}

/**
 * `all` removes the item, `one` takes one off (the last one removes it). The item is locked first,
 * so an add or another removal at the same moment waits: no item is ever left with a quantity of
 * zero or less, and two removals of the last one cannot both succeed.
 */
export async function removeFromCart(db: Tx, userId: string, id: string, type: 'all' | 'one') {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
      .for('update');
    if (!row) throw notFound('That item is not in your cart', 'CART_ITEM_NOT_FOUND');
    if (type === 'all' || row.quantity <= 1) await tx.delete(cartItems).where(eq(cartItems.id, id));
    else
      await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - 1` })
        .where(eq(cartItems.id, id));
    return cartOf(tx, userId);
  });
}

// --- addresses -----------------------------------------------------------------------------------

type Address = typeof addresses.$inferSelect;
const toAddress = (r: Address) => ({
  id: r.id,
  label: r.label,
  ...placeOf(r.stateId, r.lgaId),
  street: r.street,
  landmark: r.landmark,
  phone: r.phone,
  latitude: r.latitude,
  longitude: r.longitude,
  isDefault: r.isDefault,
});

/** The caller's addresses that are not deleted (and `and`). */
const mine = (userId: string, ...more: ReturnType<typeof eq>[]) => and(eq(addresses.userId, userId), isNull(addresses.deletedAt), ...more);

export async function addressesOf(db: Tx, userId: string) {
  const rows = await db
    .select()
    .from(addresses)
    .where(mine(userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

export async function addressOf(db: Tx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(mine(userId, eq(addresses.id, id)));
  if (!row) throw notFound('Address not found', 'ADDRESS_NOT_FOUND');
  return toAddress(row);
}

type AddressIn = {
  label?: string;
  stateId?: string;
  lgaId?: string;
  street?: string;
  landmark?: string;
  phone?: string;
  latitude?: number;
  longitude?: number;
  isDefault?: boolean;
};

function place(stateId: string, lgaId: string) {
  const s = findState(stateId);
  if (!s) throw badRequest('Choose a state from the list', 'STATE_NOT_FOUND');
  const l = findLga(lgaId, s.id);
  if (!l) throw badRequest(`Choose a local government area of ${s.name}`, 'LGA_NOT_FOUND');
  return { stateId: s.id, lgaId: l.id };
}

/** Creates (no `id`) or changes an address in its own transaction, so there is always at most one default. */
export function saveAddress(db: Tx, userId: string, b: AddressIn, id?: string) {
  return db.transaction((tx) => writeAddress(tx, userId, b, id));
}

async function writeAddress(db: Tx, userId: string, b: AddressIn, id?: string) {
  const current = id ? await addressOf(db, userId, id) : null;
  const p = place(b.stateId ?? current?.state.id ?? '', b.lgaId ?? current?.lga.id ?? '');
  const [{ n }] = (await db.select({ n: count() }).from(addresses).where(mine(userId))) as [{ n: number }];
  const makeDefault = b.isDefault === true || (!current && n === 0);
  if (makeDefault) await db.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
  const v = {
    label: b.label ?? current?.label ?? 'Home',
    stateId: p.stateId,
    lgaId: p.lgaId,
    street: b.street ?? current?.street ?? '',
    landmark: b.landmark ?? current?.landmark ?? '',
    phone: b.phone ?? current?.phone ?? '',
    latitude: b.latitude ?? current?.latitude ?? null,
    longitude: b.longitude ?? current?.longitude ?? null,
    isDefault: makeDefault || (current?.isDefault ?? false),
  };
  const newIdValue = id ?? newId();
  if (current) await db.update(addresses).set(v).where(eq(addresses.id, newIdValue));
  else await db.insert(addresses).values({ id: newIdValue, userId, ...v });
  return addressOf(db, userId, newIdValue);
}

export async function deleteAddress(db: Tx, userId: string, id: string) {
  await addressOf(db, userId, id);
  await db
    .update(addresses)
    .set({ deletedAt: sql`now()`, isDefault: false })
    .where(eq(addresses.id, id));
}

// --- delivery (the prices themselves are delivery.ts's, with no database) ------------------------

/** Where an address is: its own coordinates, or roughly its state's (the average of the shops there, else Lagos). */
export async function addressPoint(db: Tx, a: { latitude: number | null; longitude: number | null; state: { id: string } }) {
  if (a.latitude !== null && a.longitude !== null) return { lat: a.latitude, lng: a.longitude };
  const [row] = await db
    .select({ lat: avg(shops.latitude), lng: avg(shops.longitude) })
    .from(shops)
    .where(eq(shops.stateId, a.state.id));
  return row?.lat != null && row.lng != null ? { lat: Number(row.lat), lng: Number(row.lng) } : { lat: 6.5244, lng: 3.3792 };
}

/** Delivery options for each shop of the selected items, to the address (its point read, then priced by `quoteShop`). */
export async function quoteDelivery(db: Tx, config: Config, userId: string, cartItemIds: string[], addressId: string) {
  const items = await selectedItems(db, userId, cartItemIds);
  const addr = await addressOf(db, userId, addressId);
  const at = await addressPoint(db, addr);
  return byShop(items).map((lines) => quoteShop(config, lines, at));
}

/**
 * What delivering one of a live product costs to an address of the shopper's (the one named, else
 * the default): the same price checkout asks (`quoteShop`), so nothing is a surprise there. With no
 * address yet, the options are not priced (`to` null) and the screen asks for one.
 */
export async function deliveryEstimate(db: Tx, config: Config, userId: string, productId: string, addressId?: string) {
  const [p] = await executeRows<{
    shopId: string;
    shopName: string;
    shopLat: number;
    shopLng: number;
    categoryId: string;
    stateId: string;
    lgaId: string;
  }>(
    db,
    sql`SELECT s.id AS "shopId", s.name AS "shopName", s.latitude AS "shopLat", s.longitude AS "shopLng",
        p.category_id AS "categoryId", s.state_id AS "stateId", s.lga_id AS "lgaId"
      FROM products p JOIN shops s ON s.id = p.shop_id WHERE p.id = ${productId} AND p.deleted_at IS NULL`,
  );
  if (!p) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  const fromPlace = placeOf(p.stateId, p.lgaId);
  const from = { shopName: p.shopName, state: fromPlace.state.name, lga: fromPlace.lga.name };
  const addr = addressId ? await addressOf(db, userId, addressId) : (await addressesOf(db, userId))[0];
  if (!addr) return { to: null, from, distanceKm: null, options: [] };
  const quote = quoteShop(
    config,
    [{ ...p, shopLat: Number(p.shopLat), shopLng: Number(p.shopLng), quantity: 1 }],
    await addressPoint(db, addr),
  );
  return {
    to: { addressId: addr.id, label: addr.label, state: addr.state.name, lga: addr.lga.name },
    from,
    distanceKm: quote.distanceKm,
    options: quote.options,
  };
}

/** Totals for the selected items: per shop, with delivery once an address is chosen; problems (price or stock changes) named. */
export async function cartTotals(
  db: Tx,
  config: Config,
  userId: string,
  b: { cartItemIds: string[]; addressId?: string; delivery: { shopId: string; option: 'standard' | 'express' | 'pickup' }[] },
) {
  const items = await selectedItems(db, userId, b.cartItemIds);
  const quotes = b.addressId ? await quoteDelivery(db, config, userId, b.cartItemIds, b.addressId) : [];
  const out = byShop(items).map((list) => {
    const first = list[0]!;
    const subtotal = list.reduce((s, i) => s + i.price * i.quantity, 0);
    const quote = quotes.find((q) => q.shopId === first.shopId);
    const option = quote ? (b.delivery.find((d) => d.shopId === first.shopId)?.option ?? 'standard') : null;
    const delivery = quote && option ? quote.options.find((o) => o.id === option)!.price : 0;
    const problems = list.flatMap((i) => [
      ...(i.item.available ? [] : [i.stock === 0 || !i.live ? `${i.name} is no longer available` : `Only ${i.stock} of ${i.name} left`]),
      ...(i.item.priceChanged ? [`${i.name} now costs ₦${(i.price / 100).toLocaleString('en-NG')}`] : []),
    ]);
    return { shopId: first.shopId, shopName: first.shopName, subtotal, delivery, option, total: subtotal + delivery, problems };
  });
  const subtotal = out.reduce((s, x) => s + x.subtotal, 0);
  const delivery = out.reduce((s, x) => s + x.delivery, 0);
  return { shops: out, subtotal, delivery, fees: 0, total: subtotal + delivery };
}
