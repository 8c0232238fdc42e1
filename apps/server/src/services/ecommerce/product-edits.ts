import { sql, type SQL } from 'drizzle-orm';
import type { Product } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { refuseBanned } from '../user/index.js';
import { categoryById, colourById, subcategoryOf } from './catalogue.js';
import { moveCategoryCount, moveShopCount, productById } from './products-read.js';
import { productNotFound } from './products.service.js';
import { countWords, tagsOf, vocabularyText } from './search-words.js';
import { checkImages, ownShop, shopOf } from './shops.service.js';

// Products, the seller's side: upload, edit, soft delete and stock.

type VariationIn = { id?: string; size?: string; colourId?: string; price?: number; stock: number };
type ProductIn = {
  name: string;
  description: string;
  categoryId: string;
  subcategoryId: string;
  images: string[];
  price: number;
  oldPrice?: number | null;
  variations: VariationIn[];
  stock: number;
  flashSaleEndsAt?: string | null;
};

function checkCategory(categoryId: string, subcategoryId: string) {
  if (!categoryById(categoryId)) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
  if (!subcategoryOf(categoryId, subcategoryId)) throw badRequest('Choose a subcategory of that category', 'SUBCATEGORY_NOT_FOUND');
}
function checkVariations(vs: VariationIn[]) {
  for (const v of vs) {
    if (!v.size && !v.colourId) throw badRequest('Each variation needs a size or a colour', 'VARIATION_EMPTY');
    if (v.colourId && !colourById(v.colourId)) throw badRequest('Choose a colour from the list', 'COLOUR_NOT_FOUND');
  }
  const keys = vs.map((v) => `${v.size ?? ''}|${v.colourId ?? ''}`);
  if (new Set(keys).size !== keys.length) throw badRequest('Two variations have the same size and colour', 'VARIATION_DUPLICATE');
}

/** Stock and the lowest price follow the variations when there are any. */
async function refreshTotals(tx: Tx, productId: string) {
  await tx.execute(sql`UPDATE products p SET
      stock = CASE WHEN EXISTS (SELECT 1 FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL)
        THEN (SELECT sum(stock)::int FROM product_variations v WHERE v.product_id = p.id AND v.deleted_at IS NULL) ELSE p.stock END,
      updated_at = now()
    WHERE id = ${productId}`);
}

async function insertVariations(tx: Tx, productId: string, price: number, vs: VariationIn[]) {
  for (const v of vs)
    await tx.execute(sql`INSERT INTO product_variations (id, product_id, size, colour_id, price, stock)
      VALUES (${newId()}, ${productId}, ${v.size ?? null}, ${v.colourId ?? null}, ${v.price ?? price}, ${v.stock})`);
}

/**
 * The listing rule of a moderator's ban (user/bans.ts): a banned person lists no product and changes
 * none of their listings (403 BANNED, before anything is written). Taking a listing down stays open.
 */
const mayList = (tx: Tx, userId: string) => refuseBanned(tx, userId, 'sell');

export async function createProduct(db: Db, userId: string, b: ProductIn): Promise<Product> {
  checkCategory(b.categoryId, b.subcategoryId);
  checkVariations(b.variations);
  const id = newId();
  const tags = tagsOf(b.categoryId, b.subcategoryId);
  await db.transaction(async (tx) => {
    await mayList(tx, userId);
    const shop = await shopOf(tx, userId);
    const images = await checkImages(tx, userId, b.images);
    await tx.execute(sql`INSERT INTO products (id, shop_id, name, description, category_id, subcategory_id, images, price, old_price,
        state_id, lga_id, search_text, search_tags, stock, flash_sale_ends_at)
      VALUES (${id}, ${shop.id}, ${b.name}, ${b.description}, ${b.categoryId}, ${b.subcategoryId}, ${JSON.stringify(images)}::jsonb,
        ${b.price}, ${b.oldPrice ?? null}, ${shop.state_id}, ${shop.lga_id}, ${`${b.name} ${b.description} ${shop.name}`.toLowerCase()},
        ${tags}, ${b.stock}, ${b.flashSaleEndsAt ?? null})`);
    await countWords(tx, vocabularyText(b.name, tags), 1);
    await insertVariations(tx, id, b.price, b.variations);
    await refreshTotals(tx, id);
    await moveCategoryCount(tx, b.categoryId, 1);
    await moveShopCount(tx, shop.id, 1);
  });
  return (await productById(db, userId, id))!;
}

/** The product row for a seller call: 404 when gone, 403 when it is another shop's. */
async function ownProduct(tx: Tx, userId: string, productId: string) {
  const [p] = await executeRows<{
    id: string;
    shop_id: string;
    category_id: string;
    price: number;
    name: string;
    description: string;
    search_tags: string;
  }>(
    tx,
    sql`SELECT id, shop_id, category_id, price, name, description, search_tags FROM products WHERE id = ${productId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!p) throw productNotFound();
  const shop = await ownShop(tx, userId, p.shop_id);
  return { ...p, shopName: shop.name };
}

export async function editProduct(db: Db, userId: string, b: Partial<ProductIn> & { productId: string }): Promise<Product> {
  await db.transaction(async (tx) => {
    await mayList(tx, userId);
    const p = await ownProduct(tx, userId, b.productId);
    const [cur] = await executeRows<{ category_id: string; subcategory_id: string; old_price: number | null; price: number }>(
      tx,
      sql`SELECT category_id, subcategory_id, old_price, price FROM products WHERE id = ${p.id}`,
    );
    if (b.categoryId !== undefined || b.subcategoryId !== undefined)
      checkCategory(b.categoryId ?? cur!.category_id, b.subcategoryId ?? cur!.subcategory_id);
    const price = b.price ?? Number(cur!.price);
    const old = b.oldPrice === undefined ? (cur!.old_price === null ? null : Number(cur!.old_price)) : b.oldPrice;
    if (old !== null && old <= price) throw badRequest('The old price must be more than the price', 'OLD_PRICE');
    const sets: SQL[] = [sql`updated_at = now()`];
    if (b.name !== undefined) sets.push(sql`name = ${b.name}`);
    if (b.description !== undefined) sets.push(sql`description = ${b.description}`);
    if (b.categoryId !== undefined) sets.push(sql`category_id = ${b.categoryId}`);
    if (b.subcategoryId !== undefined) sets.push(sql`subcategory_id = ${b.subcategoryId}`);
    if (b.images !== undefined) sets.push(sql`images = ${JSON.stringify(await checkImages(tx, userId, b.images))}::jsonb`);
    if (b.price !== undefined) sets.push(sql`price = ${b.price}`);
    if (b.oldPrice !== undefined) sets.push(sql`old_price = ${b.oldPrice}`);
    if (b.stock !== undefined) sets.push(sql`stock = ${b.stock}`);
    if (b.flashSaleEndsAt !== undefined) sets.push(sql`flash_sale_ends_at = ${b.flashSaleEndsAt}`);
    const name = b.name ?? p.name;
    const description = b.description ?? p.description;
    sets.push(sql`search_text = ${`${name} ${description} ${p.shopName}`.toLowerCase()}`);
    // The search document follows name, tags and description (a generated column); the vocabulary moves here.
    const tags = tagsOf(b.categoryId ?? cur!.category_id, b.subcategoryId ?? cur!.subcategory_id);
    sets.push(sql`search_tags = ${tags}`);
    if (vocabularyText(name, tags) !== vocabularyText(p.name, p.search_tags)) {
      await countWords(tx, vocabularyText(p.name, p.search_tags), -1);
      await countWords(tx, vocabularyText(name, tags), 1);
    }
    await tx.execute(sql`UPDATE products SET ${sql.join(sets, sql`, `)} WHERE id = ${p.id}`);
    if (b.categoryId !== undefined && b.categoryId !== cur!.category_id) {
      await moveCategoryCount(tx, cur!.category_id, -1);
      await moveCategoryCount(tx, b.categoryId, 1);
    }
    if (b.variations !== undefined) {
      checkVariations(b.variations);
      const existing = new Set(
        (
          await executeRows<{ id: string }>(tx, sql`SELECT id FROM product_variations WHERE product_id = ${p.id} AND deleted_at IS NULL`)
        ).map((r) => r.id),
      );
      const keep = new Set(b.variations.filter((v) => v.id).map((v) => v.id!));
      for (const id of keep) if (!existing.has(id)) throw badRequest('A variation to change is not this product’s', 'VARIATION_NOT_FOUND');
      for (const id of existing)
        if (!keep.has(id)) await tx.execute(sql`UPDATE product_variations SET deleted_at = now() WHERE id = ${id}`);
      for (const v of b.variations.filter((x) => x.id))
        await tx.execute(sql`UPDATE product_variations SET size = ${v.size ?? null}, colour_id = ${v.colourId ?? null},
          price = ${v.price ?? price}, stock = ${v.stock} WHERE id = ${v.id}`);
      await insertVariations(
        tx,
        p.id,
        price,
        b.variations.filter((x) => !x.id),
      );
    }
    await refreshTotals(tx, p.id);
  });
  return (await productById(db, userId, b.productId))!;
}

/** Soft delete: gone from every list, the row kept for past orders. */
export async function deleteProduct(db: Db, userId: string, productId: string) {
  await db.transaction(async (tx) => takeDown(tx, await ownProduct(tx, userId, productId)));
}

type LiveProduct = { id: string; shop_id: string; category_id: string; name: string; search_tags: string };

/** A live product's soft delete and what follows it (the vocabulary, the kept counts, wishlists), in the caller's transaction. */
export async function takeDown(tx: Tx, p: LiveProduct) {
  await tx.execute(sql`UPDATE products SET deleted_at = now() WHERE id = ${p.id}`);
  await countWords(tx, vocabularyText(p.name, p.search_tags), -1);
  await moveCategoryCount(tx, p.category_id, -1);
  await moveShopCount(tx, p.shop_id, -1);
  await tx.execute(sql`DELETE FROM wishlist_items WHERE product_id = ${p.id}`);
}

/** Live products for `takeDown`, locked: one product (`id`) or every one of a shop (`shop_id`). */
export const liveProductsWhere = (tx: Tx, where: SQL) =>
  executeRows<LiveProduct>(
    tx,
    sql`SELECT id, shop_id, category_id, name, search_tags FROM products WHERE ${where} AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
  );

export async function increaseStock(db: Db, userId: string, b: { productId: string; variationId?: string; quantity: number }) {
  await db.transaction(async (tx) => {
    const p = await ownProduct(tx, userId, b.productId);
    const [hasVariations] = await executeRows(
      tx,
      sql`SELECT 1 FROM product_variations WHERE product_id = ${p.id} AND deleted_at IS NULL LIMIT 1`,
    );
    if (b.variationId) {
      const up = await executeRows(
        tx,
        sql`UPDATE product_variations SET stock = stock + ${b.quantity} WHERE id = ${b.variationId} AND product_id = ${p.id}
          AND deleted_at IS NULL RETURNING id`,
      );
      if (!up.length) throw notFound('Variation not found', 'VARIATION_NOT_FOUND');
    } else if (hasVariations) throw badRequest('Choose which variation to add stock to', 'VARIATION_REQUIRED');
    else await tx.execute(sql`UPDATE products SET stock = stock + ${b.quantity} WHERE id = ${p.id}`);
    await refreshTotals(tx, p.id);
  });
  return (await productById(db, userId, b.productId))!;
}
