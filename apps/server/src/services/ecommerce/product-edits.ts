import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Product } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { refuseBanned } from '../user/index.js';
import { categoryById, colourById, subcategoryOf } from './catalogue.js';
import { moveCategoryCount, moveShopCount, productById } from './products-read.js';
import { productNotFound } from './products.service.js';
import { countWords, tagsOf, vocabularyText } from './search-words.js';
import { checkImages, ownShop, shopOf } from './shops.service.js';
import { products, productVariations, wishlist } from './tables.js';

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
  if (!vs.length) return;
  await tx.insert(productVariations).values(
    vs.map((v) => ({
      id: newId(),
      productId,
      size: v.size ?? null,
      colourId: v.colourId ?? null,
      price: v.price ?? price,
      stock: v.stock,
    })),
  );
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
    await tx.insert(products).values({
      id,
      shopId: shop.id,
      name: b.name,
      description: b.description,
      categoryId: b.categoryId,
      subcategoryId: b.subcategoryId,
      images,
      price: b.price,
      oldPrice: b.oldPrice ?? null,
      stateId: shop.stateId,
      lgaId: shop.lgaId,
      searchText: `${b.name} ${b.description} ${shop.name}`.toLowerCase(),
      searchTags: tags,
      stock: b.stock,
      flashSaleEndsAt: dateOrNull(b.flashSaleEndsAt),
    });
    await countWords(tx, vocabularyText(b.name, tags), 1);
    await insertVariations(tx, id, b.price, b.variations);
    await refreshTotals(tx, id);
    await moveCategoryCount(tx, b.categoryId, 1);
    await moveShopCount(tx, shop.id, 1);
  });
  return (await productById(db, userId, id))!;
}

/** A flash sale's end as the client sent it (an ISO time with its offset), or none. */
const dateOrNull = (at: string | null | undefined) => (at ? new Date(at) : null);

/** The product row for a seller call: 404 when gone, 403 when it is another shop's. */
async function ownProduct(tx: Tx, userId: string, productId: string) {
  const [p] = await tx
    .select({
      id: products.id,
      shopId: products.shopId,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      price: products.price,
      oldPrice: products.oldPrice,
      name: products.name,
      description: products.description,
      searchTags: products.searchTags,
    })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  if (!p) throw productNotFound();
  const shop = await ownShop(tx, userId, p.shopId);
  return { ...p, shopName: shop.name };
}

export async function editProduct(db: Db, userId: string, b: Partial<ProductIn> & { productId: string }): Promise<Product> {
  await db.transaction(async (tx) => {
    await mayList(tx, userId);
    const p = await ownProduct(tx, userId, b.productId);
    if (b.categoryId !== undefined || b.subcategoryId !== undefined)
      checkCategory(b.categoryId ?? p.categoryId, b.subcategoryId ?? p.subcategoryId);
    const price = b.price ?? p.price;
    const old = b.oldPrice === undefined ? p.oldPrice : b.oldPrice;
    if (old !== null && old <= price) throw badRequest('The old price must be more than the price', 'OLD_PRICE');
    const name = b.name ?? p.name;
    const description = b.description ?? p.description;
    // The search document follows name, tags and description (a generated column); the vocabulary moves here.
    const tags = tagsOf(b.categoryId ?? p.categoryId, b.subcategoryId ?? p.subcategoryId);
    const set: PgUpdateSetSource<typeof products> = {
      updatedAt: sql`now()`,
      name: b.name,
      description: b.description,
      categoryId: b.categoryId,
      subcategoryId: b.subcategoryId,
      images: b.images === undefined ? undefined : await checkImages(tx, userId, b.images),
      price: b.price,
      oldPrice: b.oldPrice,
      stock: b.stock,
      flashSaleEndsAt: b.flashSaleEndsAt === undefined ? undefined : dateOrNull(b.flashSaleEndsAt),
      searchText: `${name} ${description} ${p.shopName}`.toLowerCase(),
      searchTags: tags,
    };
    if (vocabularyText(name, tags) !== vocabularyText(p.name, p.searchTags)) {
      await countWords(tx, vocabularyText(p.name, p.searchTags), -1);
      await countWords(tx, vocabularyText(name, tags), 1);
    }
    await tx.update(products).set(set).where(eq(products.id, p.id));
    if (b.categoryId !== undefined && b.categoryId !== p.categoryId) {
      await moveCategoryCount(tx, p.categoryId, -1);
      await moveCategoryCount(tx, b.categoryId, 1);
    }
    if (b.variations !== undefined) {
      checkVariations(b.variations);
      const existing = new Set(
        (
          await tx
            .select({ id: productVariations.id })
            .from(productVariations)
            .where(and(eq(productVariations.productId, p.id), isNull(productVariations.deletedAt)))
        ).map((r) => r.id),
      );
      const keep = new Set(b.variations.filter((v) => v.id).map((v) => v.id!));
      for (const id of keep) if (!existing.has(id)) throw badRequest('A variation to change is not this product’s', 'VARIATION_NOT_FOUND');
      for (const id of existing)
        if (!keep.has(id))
          await tx
            .update(productVariations)
            .set({ deletedAt: sql`now()` })
            .where(eq(productVariations.id, id));
      for (const v of b.variations.filter((x) => x.id))
        await tx
          .update(productVariations)
          .set({ size: v.size ?? null, colourId: v.colourId ?? null, price: v.price ?? price, stock: v.stock })
          .where(eq(productVariations.id, v.id!));
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

/** What `takeDown` needs of a live product. */
const liveProduct = {
  id: products.id,
  shopId: products.shopId,
  categoryId: products.categoryId,
  name: products.name,
  searchTags: products.searchTags,
};
type LiveProduct = Pick<typeof products.$inferSelect, keyof typeof liveProduct>;

/** A product leaving or coming back to the shoppers' lists: the vocabulary and the kept counts, in the caller's transaction. */
export async function moveListed(tx: Tx, p: LiveProduct, delta: 1 | -1) {
  await countWords(tx, vocabularyText(p.name, p.searchTags), delta);
  await moveCategoryCount(tx, p.categoryId, delta);
  await moveShopCount(tx, p.shopId, delta);
}

/** A live product's soft delete and what follows it (the vocabulary, the kept counts, wishlists), in the caller's transaction. */
export async function takeDown(tx: Tx, p: LiveProduct) {
  await tx
    .update(products)
    .set({ deletedAt: sql`now()` })
    .where(eq(products.id, p.id));
  await moveListed(tx, p, -1);
  await tx.delete(wishlist).where(eq(wishlist.productId, p.id));
}

/** Live products for `takeDown`, locked: one product (`eq(products.id, ...)`) or every one of a shop (`eq(products.shopId, ...)`). */
export const liveProductsWhere = (tx: Tx, where: SQL) =>
  tx
    .select(liveProduct)
    .from(products)
    .where(and(where, isNull(products.deletedAt)))
    .orderBy(products.id)
    .for('update');

/** Products held by reports (report-holds.ts), locked in id order, as `liveProductsWhere` reads live ones. */
export const heldProductsWhere = (tx: Tx, where: SQL) =>
  tx
    .select(liveProduct)
    .from(products)
    .where(and(where, isNotNull(products.hiddenAt)))
    .orderBy(products.id)
    .for('update');

export async function increaseStock(db: Db, userId: string, b: { productId: string; variationId?: string; quantity: number }) {
  await db.transaction(async (tx) => {
    const p = await ownProduct(tx, userId, b.productId);
    const [hasVariations] = await tx
      .select({ id: productVariations.id })
      .from(productVariations)
      .where(and(eq(productVariations.productId, p.id), isNull(productVariations.deletedAt)))
      .limit(1);
    if (b.variationId) {
      const up = await tx
        .update(productVariations)
        .set({ stock: sql`${productVariations.stock} + ${b.quantity}` })
        .where(and(eq(productVariations.id, b.variationId), eq(productVariations.productId, p.id), isNull(productVariations.deletedAt)))
        .returning({ id: productVariations.id });
      if (!up.length) throw notFound('Variation not found', 'VARIATION_NOT_FOUND');
    } else if (hasVariations) throw badRequest('Choose which variation to add stock to', 'VARIATION_REQUIRED');
    else
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${b.quantity}` })
        .where(eq(products.id, p.id));
    await refreshTotals(tx, p.id);
  });
  return (await productById(db, userId, b.productId))!;
}
