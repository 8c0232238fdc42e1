import { sql, type SQL } from 'drizzle-orm';
import type { Shop } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { uploadsOf } from '../upload/index.js';
import { usersByIds } from '../user/index.js';
import { findLga, findState, placeOf } from './catalogue.js';
import { earthPoint, ratingOf, type Page, type Point } from './products-read.js';

// Shops: one per person, with a place; following; nearby search by distance (earthdistance).

type Row = {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  logo_url: string | null;
  cover_url: string | null;
  phone: string;
  state_id: string;
  lga_id: string;
  address: string;
  latitude: number;
  longitude: number;
  followers_count: number;
  products_count: number;
  is_following: boolean;
  rating_sum: number;
  rating_count: number;
  distance_m: number | null;
  created_at: string;
  total: number;
};

export const shopNotFound = () => notFound('Shop not found', 'SHOP_NOT_FOUND');

const select = (viewerId: string, from: Point | null) => sql`
  SELECT s.id, s.owner_id, s.name, s.description, s.logo_url, s.cover_url, s.phone, s.state_id, s.lga_id, s.address, s.latitude,
    s.longitude, s.followers_count, s.created_at,
    s.products_count,
    EXISTS (SELECT 1 FROM shop_follows f WHERE f.shop_id = s.id AND f.user_id = ${viewerId}) AS is_following,
    s.rating_sum, s.rating_count,
    ${from ? sql`earth_distance(ll_to_earth(s.latitude, s.longitude), ${earthPoint(from)})` : sql`NULL::float8`} AS distance_m,
    count(*) OVER ()::int AS total
  FROM shops s`;

async function toShops(db: Tx, viewerId: string, rows: Row[]): Promise<Shop[]> {
  const owners = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.owner_id),
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const o = owners.get(r.owner_id);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      logoUrl: r.logo_url,
      coverUrl: r.cover_url,
      phone: r.phone,
      ...placeOf(r.state_id, r.lga_id),
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      owner: { id: r.owner_id, firstName: o?.firstName ?? 'Owo', lastName: o?.lastName ?? 'seller' },
      productsCount: r.products_count,
      followersCount: r.followers_count,
      ...ratingOf(r.rating_sum, r.rating_count),
      isFollowing: r.is_following,
      isMine: r.owner_id === viewerId,
      distanceKm: r.distance_m === null ? null : Math.round(r.distance_m / 100) / 10,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

async function shopPage(db: Tx, viewerId: string, where: SQL, order: SQL, p: Page, from: Point | null = null) {
  const rows = await executeRows<Row>(
    db,
    sql`${select(viewerId, from)} WHERE ${where} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  return { items: await toShops(db, viewerId, rows), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function getShop(db: Tx, viewerId: string, id: string): Promise<Shop> {
  const rows = await executeRows<Row>(db, sql`${select(viewerId, null)} WHERE s.id = ${id}`);
  if (!rows[0]) throw shopNotFound();
  return (await toShops(db, viewerId, rows))[0]!;
}

export async function myShop(db: Tx, userId: string): Promise<Shop> {
  const rows = await executeRows<Row>(db, sql`${select(userId, null)} WHERE s.owner_id = ${userId}`);
  if (!rows[0]) throw notFound('You have no shop yet', 'NO_SHOP');
  return (await toShops(db, userId, rows))[0]!;
}

/** The shop's row for a seller call: 404 when there is none, 403 when it is someone else's. */
export async function ownShop(db: Tx, userId: string, shopId: string) {
  const [row] = await executeRows<{ id: string; owner_id: string; name: string; state_id: string; lga_id: string }>(
    db,
    sql`SELECT id, owner_id, name, state_id, lga_id FROM shops WHERE id = ${shopId}`,
  );
  if (!row) throw shopNotFound();
  if (row.owner_id !== userId) throw forbidden('Only the shop’s owner can do that', 'NOT_SHOP_OWNER');
  return row;
}

/** The caller's shop row (for a seller call that names no shop). */
export async function shopOf(db: Tx, userId: string) {
  const [row] = await executeRows<{ id: string; owner_id: string; name: string; state_id: string; lga_id: string }>(
    db,
    sql`SELECT id, owner_id, name, state_id, lga_id FROM shops WHERE owner_id = ${userId}`,
  );
  if (!row) throw forbidden('Open a shop before you sell', 'NO_SHOP');
  return row;
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
    const [mine] = await executeRows(tx, sql`SELECT 1 FROM shops WHERE owner_id = ${userId}`);
    if (mine) throw conflict('You already have a shop', 'SHOP_EXISTS');
    await checkImages(
      tx,
      userId,
      [b.logoUrl, b.coverUrl].filter((u): u is string => Boolean(u)),
    );
    await tx.execute(sql`INSERT INTO shops (id, owner_id, name, description, logo_url, cover_url, phone, state_id, lga_id, address, latitude, longitude)
      VALUES (${id}, ${userId}, ${b.name}, ${b.description}, ${b.logoUrl ?? null}, ${b.coverUrl ?? null}, ${b.phone}, ${state.id}, ${lga.id},
        ${b.address}, ${b.latitude}, ${b.longitude}) ON CONFLICT (owner_id) DO NOTHING`);
  });
  return getShop(db, userId, id);
}

export async function toggleFollow(db: Db, userId: string, shopId: string) {
  return db.transaction(async (tx) => {
    const [s] = await executeRows<{ owner_id: string }>(tx, sql`SELECT owner_id FROM shops WHERE id = ${shopId} FOR UPDATE`);
    if (!s) throw shopNotFound();
    if (s.owner_id === userId) throw badRequest('You can’t follow your own shop', 'OWN_SHOP');
    const gone = await executeRows(tx, sql`DELETE FROM shop_follows WHERE user_id = ${userId} AND shop_id = ${shopId} RETURNING shop_id`);
    if (!gone.length) await tx.execute(sql`INSERT INTO shop_follows (user_id, shop_id) VALUES (${userId}, ${shopId})`);
    const [r] = await executeRows<{ followers_count: number }>(
      tx,
      sql`UPDATE shops SET followers_count = greatest(0, followers_count + ${gone.length ? -1 : 1}) WHERE id = ${shopId} RETURNING followers_count`,
    );
    return { id: shopId, isFollowing: !gone.length, followersCount: r!.followers_count };
  });
}

export const followedShops = (db: Tx, userId: string, p: Page) =>
  shopPage(db, userId, sql`s.id IN (SELECT shop_id FROM shop_follows WHERE user_id = ${userId})`, sql`s.name, s.id`, p);

/** Shops within `radiusKm` of a point, nearest first (earth_box over the GiST index, then the exact distance). */
export function nearbyShops(db: Tx, userId: string, q: Point & Page & { radiusKm: number }) {
  const m = q.radiusKm * 1000;
  const here = earthPoint(q);
  return shopPage(
    db,
    userId,
    sql`earth_box(${here}, ${m}) @> ll_to_earth(s.latitude, s.longitude) AND earth_distance(ll_to_earth(s.latitude, s.longitude), ${here}) <= ${m}`,
    sql`earth_distance(ll_to_earth(s.latitude, s.longitude), ${here}), s.id`,
    q,
    q,
  );
}
