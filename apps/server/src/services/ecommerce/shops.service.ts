import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Shop } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { uploadsOf } from '../upload/index.js';
import { usersByIds } from '../user/index.js';
import { findLga, findState, placeOf } from './catalogue.js';
import { distanceFrom, nearestFirst, ratingOf, within, type Page, type Point } from './products-read.js';
import { shopFollows, shops } from './tables.js';

// Shops: one per person, with a place; following; nearby search by distance (earthdistance).

/** A shop as `select` reads it, with the viewer's follow, its distance from a point and the page's total. */
type ShopRow = RawRow<
  Pick<
    typeof shops.$inferSelect,
    | 'id'
    | 'ownerId'
    | 'name'
    | 'description'
    | 'logoUrl'
    | 'coverUrl'
    | 'phone'
    | 'stateId'
    | 'lgaId'
    | 'address'
    | 'latitude'
    | 'longitude'
    | 'followersCount'
    | 'productsCount'
    | 'ratingSum'
    | 'ratingCount'
    | 'createdAt'
  >
> & { isFollowing: boolean; distanceM: number | null; total: number };

export const shopNotFound = () => notFound('Shop not found', 'SHOP_NOT_FOUND');

const select = (viewerId: string, from: Point | null, total = sql`0`) => sql`
  SELECT s.id, s.owner_id AS "ownerId", s.name, s.description, s.logo_url AS "logoUrl", s.cover_url AS "coverUrl", s.phone,
    s.state_id AS "stateId", s.lga_id AS "lgaId", s.address, s.latitude, s.longitude, s.followers_count AS "followersCount",
    s.created_at AS "createdAt", s.products_count AS "productsCount",
    EXISTS (SELECT 1 FROM shop_follows f WHERE f.shop_id = s.id AND f.user_id = ${viewerId}) AS "isFollowing",
    s.rating_sum AS "ratingSum", s.rating_count AS "ratingCount",
    ${from ? distanceFrom(from) : sql`NULL::float8`} AS "distanceM",
    ${total}::int AS total
  FROM shops s`;

async function toShops(db: Tx, viewerId: string, rows: ShopRow[]): Promise<Shop[]> {
  const owners = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.ownerId),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const o = owners.get(r.ownerId);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      logoUrl: r.logoUrl,
      coverUrl: r.coverUrl,
      phone: r.phone,
      ...placeOf(r.stateId, r.lgaId),
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      owner: { id: r.ownerId, firstName: o?.firstName ?? 'Owo', lastName: o?.lastName ?? 'seller' },
      productsCount: r.productsCount,
      followersCount: r.followersCount,
      ...ratingOf(r.ratingSum, r.ratingCount),
      isFollowing: r.isFollowing,
      isMine: r.ownerId === viewerId,
      distanceKm: r.distanceM === null ? null : Math.round(r.distanceM / 100) / 10,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
}

/** Shoppers see no shop held or removed by moderation (report-holds.ts); its owner always sees their own. */
const shownTo = (viewerId: string) => sql`(s.hidden_at IS NULL OR s.owner_id = ${viewerId})`;

/**
 * A page of shops: the page's ids and the total found first, from the shops' own columns only; then
 * the page's shops read in full (the viewer's follow, the distance) for those alone.
 */
async function shopPage(db: Tx, viewerId: string, where: SQL, order: SQL, p: Page, from: Point | null = null) {
  const rows = await executeRows<ShopRow>(
    db,
    sql`WITH page AS MATERIALIZED (
        SELECT s.id, count(*) OVER () AS total, row_number() OVER (ORDER BY ${order}) AS n FROM shops s
        WHERE ${where} AND ${shownTo(viewerId)} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit})
      ${select(viewerId, from, sql`page.total`)} JOIN page ON page.id = s.id ORDER BY page.n`,
  );
  return { items: await toShops(db, viewerId, rows), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function getShop(db: Tx, viewerId: string, id: string): Promise<Shop> {
  const rows = await executeRows<ShopRow>(db, sql`${select(viewerId, null)} WHERE s.id = ${id} AND ${shownTo(viewerId)}`);
  if (!rows[0]) throw shopNotFound();
  return (await toShops(db, viewerId, rows))[0]!;
}

/** The person's shop, or null when they have none yet (asked on every Home load of people who may not sell: not an error). */
export async function myShop(db: Tx, userId: string): Promise<Shop | null> {
  const rows = await executeRows<ShopRow>(db, sql`${select(userId, null)} WHERE s.owner_id = ${userId}`);
  if (!rows[0]) return null;
  return (await toShops(db, userId, rows))[0]!;
}

/** The columns a seller call reads of its shop. */
const shopHead = { id: shops.id, ownerId: shops.ownerId, name: shops.name, stateId: shops.stateId, lgaId: shops.lgaId };

/** The shop's row for a seller call: 404 when there is none, 403 when it is someone else's. */
export async function ownShop(db: Tx, userId: string, shopId: string) {
  const [row] = await db.select(shopHead).from(shops).where(eq(shops.id, shopId));
  if (!row) throw shopNotFound();
  if (row.ownerId !== userId) throw forbidden('Only the shop’s owner can do that', 'NOT_SHOP_OWNER');
  return row;
}

/** The caller's shop row (for a seller call that names no shop). */
export async function shopOf(db: Tx, userId: string) {
  const [row] = await db.select(shopHead).from(shops).where(eq(shops.ownerId, userId));
  if (!row) throw forbidden('Open a shop before you sell', 'NO_SHOP');
  return row;
}

/** Whether a shop is there. */
export async function shopExists(db: Tx, shopId: string) {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  return Boolean(row);
}

/** Images must be the caller's own uploads. */
export async function checkImages(tx: Tx, userId: string, urls: string[]) {
  if (!urls.length) return [];
  const found = await uploadsOf(tx, userId, urls);
  return urls.map((url) => {
    const u = found.find((f) => f.url === url || f.thumbnailUrl === url);
    if (!u || u.kind !== 'image') throw badRequest('Use photos you uploaded', 'MEDIA_NOT_FOUND');
    return { url: u.url, thumbnailUrl: u.thumbnailUrl };
  });
}

export type CreateShop = {
  name: string;
  description: string;
  logoUrl?: string;
  coverUrl?: string;
  phone: string;
  stateId: string;
  lgaId: string;
  address: string;
  latitude: number;
  longitude: number;
};

export async function createShop(db: Db, userId: string, b: CreateShop): Promise<Shop> {
  const state = findState(b.stateId);
  if (!state) throw badRequest('Choose a state from the list', 'STATE_NOT_FOUND');
  const lga = findLga(b.lgaId, state.id);
  if (!lga) throw badRequest(`Choose a local government area of ${state.name}`, 'LGA_NOT_FOUND');
  const id = newId();
  await db.transaction(async (tx) => {
    const [mine] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, userId));
    if (mine) throw conflict('You already have a shop', 'SHOP_EXISTS');
    await checkImages(
      tx,
      userId,
      [b.logoUrl, b.coverUrl].filter((u): u is string => Boolean(u)),
    );
    await tx
      .insert(shops)
      .values({
        id,
        ownerId: userId,
        name: b.name,
        description: b.description,
        logoUrl: b.logoUrl ?? null,
        coverUrl: b.coverUrl ?? null,
        phone: b.phone,
        stateId: state.id,
        lgaId: lga.id,
        address: b.address,
        latitude: b.latitude,
        longitude: b.longitude,
      })
      .onConflictDoNothing({ target: shops.ownerId });
  });
  return getShop(db, userId, id);
}

export async function toggleFollow(db: Db, userId: string, shopId: string) {
  return db.transaction(async (tx) => {
    const [s] = await tx.select({ ownerId: shops.ownerId }).from(shops).where(eq(shops.id, shopId)).for('update');
    if (!s) throw shopNotFound();
    if (s.ownerId === userId) throw badRequest('You can’t follow your own shop', 'OWN_SHOP');
    const gone = await tx
      .delete(shopFollows)
      .where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)))
      .returning({ shopId: shopFollows.shopId });
    if (!gone.length) await tx.insert(shopFollows).values({ userId, shopId });
    const [r] = await tx
      .update(shops)
      .set({ followersCount: sql`greatest(0, ${shops.followersCount} + ${gone.length ? -1 : 1})` })
      .where(eq(shops.id, shopId))
      .returning({ followersCount: shops.followersCount });
    return { id: shopId, isFollowing: !gone.length, followersCount: r!.followersCount };
  });
}

export const followedShops = (db: Tx, userId: string, p: Page) =>
  shopPage(db, userId, sql`s.id IN (SELECT shop_id FROM shop_follows WHERE user_id = ${userId})`, sql`s.name, s.id`, p);

/** Shops within `radiusKm` of a point, nearest first (earth_box over the GiST index, then the exact distance). */
export function nearbyShops(db: Tx, userId: string, q: Point & Page & { radiusKm: number }) {
  const here = { latitude: q.latitude, longitude: q.longitude };
  return shopPage(db, userId, within(here, q.radiusKm * 1000), sql`${nearestFirst(here)}, s.id`, q, here);
}
