import { sql } from 'drizzle-orm';
import type { CartItem } from '@owo/contracts';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { colourById, findLga, findState, placeOf } from './catalogue.js';
import { byShop, quoteShop } from './delivery.js';

// The cart (priced from the server's current prices and stock, never the client's), saved
// addresses, and delivery quotes by distance and weight.

export type CartRow = {
  id: string;
  product_id: string;
  variation_id: string | null;
  quantity: number;
  price_when_added: number;
  name: string;
  image: string | null;
  shop_id: string;
  shop_name: string;
  category_id: string;
  shop_lat: number;
  shop_lng: number;
  size: string | null;
  colour_id: string | null;
  price: number;
  stock: number;
  live: boolean;
};

const cartSelect = (userId: string) => sql`
  SELECT c.id, c.product_id, c.variation_id, c.quantity, c.price_when_added, p.name, p.images->0->>'thumbnailUrl' AS image,
    p.shop_id, s.name AS shop_name, p.category_id, s.latitude AS shop_lat, s.longitude AS shop_lng, v.size, v.colour_id,
    coalesce(v.price, p.price) AS price, coalesce(v.stock, p.stock) AS stock,
    (p.deleted_at IS NULL AND (c.variation_id IS NULL OR (v.id IS NOT NULL AND v.deleted_at IS NULL))) AS live
  FROM cart_items c JOIN products p ON p.id = c.product_id JOIN shops s ON s.id = p.shop_id
    LEFT JOIN product_variations v ON v.id = c.variation_id
  WHERE c.user_id = ${userId}`;

export type PricedItem = CartRow & { item: CartItem };
const toItem = (r: CartRow): CartItem => ({
  id: r.id,
  product: { id: r.product_id, name: r.name, image: r.image, shopId: r.shop_id, shopName: r.shop_name },
  variation: r.variation_id ? { id: r.variation_id, size: r.size, colour: colourById(r.colour_id) } : null,
  quantity: r.quantity,
  priceWhenAdded: Number(r.price_when_added),
  price: Number(r.price),
  stock: r.stock,
  priceChanged: Number(r.price) !== Number(r.price_when_added),
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

async function addItem(db: Tx, userId: string, b: AddIn) {
  const [p] = await executeRows<{ price: number; stock: number; name: string; has_variations: boolean; owner_id: string }>(
    db,
    sql`SELECT p.price, p.stock, p.name, s.owner_id,
      EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) AS has_variations
      FROM products p JOIN shops s ON s.id = p.shop_id WHERE p.id = ${b.productId} AND p.deleted_at IS NULL`,
  );
  if (!p) throw notFound('Product not found', 'PRODUCT_NOT_FOUND');
  if (p.owner_id === userId) throw badRequest('You can’t buy from your own shop', 'OWN_SHOP');
  let price = Number(p.price);
  let stock = p.stock;
  if (b.variationId) {
    const [v] = await executeRows<{ price: number; stock: number }>(
      db,
      sql`SELECT price, stock FROM product_variations WHERE id = ${b.variationId} AND product_id = ${b.productId} AND deleted_at IS NULL`,
    );
    if (!v) throw notFound('That option of the product is not available', 'VARIATION_NOT_FOUND');
    price = Number(v.price);
    stock = v.stock;
  } else if (p.has_variations) throw badRequest('Choose a size or colour first', 'VARIATION_REQUIRED');
  const zero = '00000000-0000-0000-0000-000000000000';
  const [row] = await executeRows<{ id: string; quantity: number }>(
    db,
    sql`INSERT INTO cart_items (id, user_id, product_id, variation_id, quantity, price_when_added)
      VALUES (${newId()}, ${userId}, ${b.productId}, ${b.variationId ?? null}, ${b.quantity}, ${price})
      ON CONFLICT (user_id, product_id, (coalesce(variation_id, ${zero}::uuid)))
      DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, price_when_added = excluded.price_when_added
      RETURNING id, quantity`,
  );
  if (row!.quantity > stock) {
    throw badRequest(stock === 0 ? `${p.name} is sold out` : `Only ${stock} of ${p.name} left`, 'NOT_ENOUGH_STOCK');
  }
  return (await selectedItems(db, userId, [row!.id]))[0]!.item;
}

/**
 * `all` removes the item, `one` takes one off (the last one removes it). The item is locked first,
 * so an add or another removal at the same moment waits: no item is ever left with a quantity of
 * zero or less, and two removals of the last one cannot both succeed.
 */
export async function removeFromCart(db: Tx, userId: string, id: string, type: 'all' | 'one') {
  return db.transaction(async (tx) => {
    const [row] = await executeRows<{ quantity: number }>(
      tx,
      sql`SELECT quantity FROM cart_items WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`,
    );
    if (!row) throw notFound('That item is not in your cart', 'CART_ITEM_NOT_FOUND');
    if (type === 'all' || row.quantity <= 1) await tx.execute(sql`DELETE FROM cart_items WHERE id = ${id}`);
    else await tx.execute(sql`UPDATE cart_items SET quantity = quantity - 1 WHERE id = ${id}`);
    return cartOf(tx, userId);
  });
}

// --- addresses -----------------------------------------------------------------------------------

type AddressRow = {
  id: string;
  label: string;
  state_id: string;
  lga_id: string;
  street: string;
  landmark: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  is_default: boolean;
};
const toAddress = (r: AddressRow) => ({
  id: r.id,
  label: r.label,
  ...placeOf(r.state_id, r.lga_id),
  street: r.street,
  landmark: r.landmark,
  phone: r.phone,
  latitude: r.latitude,
  longitude: r.longitude,
  isDefault: r.is_default,
});

export async function addressesOf(db: Tx, userId: string) {
  const rows = await executeRows<AddressRow>(
    db,
    sql`SELECT * FROM shop_addresses WHERE user_id = ${userId} AND deleted_at IS NULL ORDER BY is_default DESC, created_at, id`,
  );
  return rows.map(toAddress);
}

export async function addressOf(db: Tx, userId: string, id: string) {
  const [row] = await executeRows<AddressRow>(
    db,
    sql`SELECT * FROM shop_addresses WHERE id = ${id} AND user_id = ${userId} AND deleted_at IS NULL`,
  );
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
  const [{ n }] = (await executeRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM shop_addresses WHERE user_id = ${userId} AND deleted_at IS NULL`,
  )) as [{ n: number }];
  const makeDefault = b.isDefault === true || (!current && n === 0);
  if (makeDefault) await db.execute(sql`UPDATE shop_addresses SET is_default = false WHERE user_id = ${userId}`);
  const v = {
    label: b.label ?? current?.label ?? 'Home',
    street: b.street ?? current?.street ?? '',
    landmark: b.landmark ?? current?.landmark ?? '',
    phone: b.phone ?? current?.phone ?? '',
    latitude: b.latitude ?? current?.latitude ?? null,
    longitude: b.longitude ?? current?.longitude ?? null,
    isDefault: makeDefault || (current?.isDefault ?? false),
  };
  const newIdValue = id ?? newId();
  if (current)
    await db.execute(sql`UPDATE shop_addresses SET label = ${v.label}, state_id = ${p.stateId}, lga_id = ${p.lgaId}, street = ${v.street},
      landmark = ${v.landmark}, phone = ${v.phone}, latitude = ${v.latitude}, longitude = ${v.longitude}, is_default = ${v.isDefault}
      WHERE id = ${newIdValue}`);
  else
    await db.execute(sql`INSERT INTO shop_addresses (id, user_id, label, state_id, lga_id, street, landmark, phone, latitude, longitude, is_default)
      VALUES (${newIdValue}, ${userId}, ${v.label}, ${p.stateId}, ${p.lgaId}, ${v.street}, ${v.landmark}, ${v.phone}, ${v.latitude},
        ${v.longitude}, ${v.isDefault})`);
  return addressOf(db, userId, newIdValue);
}

export async function deleteAddress(db: Tx, userId: string, id: string) {
  await addressOf(db, userId, id);
  await db.execute(sql`UPDATE shop_addresses SET deleted_at = now(), is_default = false WHERE id = ${id}`);
}

// --- delivery (the prices themselves are delivery.ts's, with no database) ------------------------

/** Where an address is: its own coordinates, or roughly its state's (the average of the shops there, else Lagos). */
export async function addressPoint(db: Tx, a: { latitude: number | null; longitude: number | null; state: { id: string } }) {
  if (a.latitude !== null && a.longitude !== null) return { lat: a.latitude, lng: a.longitude };
  const [row] = await executeRows<{ lat: number | null; lng: number | null }>(
    db,
    sql`SELECT avg(latitude) AS lat, avg(longitude) AS lng FROM shops WHERE state_id = ${a.state.id}`,
  );
  return row?.lat != null && row.lng != null ? { lat: Number(row.lat), lng: Number(row.lng) } : { lat: 6.5244, lng: 3.3792 };
}

/** Delivery options for each shop of the selected items, to the address (its point read, then priced by `quoteShop`). */
export async function quoteDelivery(db: Tx, config: Config, userId: string, cartItemIds: string[], addressId: string) {
  const items = await selectedItems(db, userId, cartItemIds);
  const addr = await addressOf(db, userId, addressId);
  const at = await addressPoint(db, addr);
  return byShop(items).map((lines) => quoteShop(config, lines, at));
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
    const quote = quotes.find((q) => q.shopId === first.shop_id);
    const option = quote ? (b.delivery.find((d) => d.shopId === first.shop_id)?.option ?? 'standard') : null;
    const delivery = quote && option ? quote.options.find((o) => o.id === option)!.price : 0;
    const problems = list.flatMap((i) => [
      ...(i.item.available ? [] : [i.stock === 0 || !i.live ? `${i.name} is no longer available` : `Only ${i.stock} of ${i.name} left`]),
      ...(i.item.priceChanged ? [`${i.name} now costs ₦${(i.price / 100).toLocaleString('en-NG')}`] : []),
    ]);
    return { shopId: first.shop_id, shopName: first.shop_name, subtotal, delivery, option, total: subtotal + delivery, problems };
  });
  const subtotal = out.reduce((s, x) => s + x.subtotal, 0);
  const delivery = out.reduce((s, x) => s + x.delivery, 0);
  return { shops: out, subtotal, delivery, fees: 0, total: subtotal + delivery };
}
