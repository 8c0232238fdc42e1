import { and, eq, sql } from 'drizzle-orm';
import type { ConnectPerson } from '@owo/contracts';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { setBio, userById, usersByIds } from '../user/index.js';
import { toConnectUser } from './posts-read.js';
import { bumpProfile } from './posts.service.js';
import { closeFriends, follows } from './tables.js';

export const personNotFound = () => notFound('Person not found', 'USER_NOT_FOUND');

async function mustExist(db: Tx, userId: string) {
  const u = await userById(db, userId);
  if (!u) throw personNotFound();
  return u;
}

export async function profileOf(db: Tx, viewerId: string, userId: string) {
  const u = await mustExist(db, userId);
  const [row] = await executeRows<{
    posts_count: number;
    followers_count: number;
    followings_count: number;
    is_following: boolean;
    follows_you: boolean;
    is_close_friend: boolean;
  }>(
    db,
    sql`SELECT coalesce(cp.posts_count, 0) AS posts_count, coalesce(cp.followers_count, 0) AS followers_count,
      coalesce(cp.followings_count, 0) AS followings_count,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${viewerId} AND followee_id = ${userId}) AS is_following,
      EXISTS (SELECT 1 FROM follows WHERE follower_id = ${userId} AND followee_id = ${viewerId}) AS follows_you,
      EXISTS (SELECT 1 FROM close_friends WHERE owner_id = ${viewerId} AND friend_id = ${userId}) AS is_close_friend
    FROM (SELECT 1) one LEFT JOIN connect_profiles cp ON cp.user_id = ${userId}`,
  );
  return {
    ...toConnectUser(u),
    bio: u.bio,
    postsCount: row!.posts_count,
    followersCount: row!.followers_count,
    followingsCount: row!.followings_count,
    isFollowing: row!.is_following,
    followsYou: row!.follows_you,
    isCloseFriend: row!.is_close_friend,
    isMe: userId === viewerId,
  };
}

export async function editBio(db: Db, userId: string, bio: string) {
  await setBio(db, userId, bio);
  return profileOf(db, userId, userId);
}

/** Follows (idempotent, never oneself); both people's counters change in the same transaction. */
export async function setFollow(db: Db, followerId: string, followeeId: string, on: boolean) {
  if (followerId === followeeId) throw badRequest(on ? "You can't follow yourself" : "You can't unfollow yourself", 'FOLLOW_SELF');
  await mustExist(db, followeeId);
  return db.transaction(async (tx) => {
    const changed = on
      ? await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning()
      : await tx
          .delete(follows)
          .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
          .returning();
    if (changed.length) {
      const d = on ? 1 : -1;
      await bumpProfile(tx, followeeId, { followers: d });
      await bumpProfile(tx, followerId, { followings: d });
    }
    const [row] = await executeRows<{ n: number }>(
      tx,
      sql`SELECT coalesce((SELECT followers_count FROM connect_profiles WHERE user_id = ${followeeId}), 0) AS n`,
    );
    return { _id: followeeId, isFollowing: on, followersCount: row!.n };
  });
}

type Page = { page: number; limit: number };

/** People by id in the given order, each with whether the viewer follows them. */
export async function people(db: Tx, viewerId: string, ids: string[], following: Set<string>): Promise<ConnectPerson[]> {
  const found = new Map((await usersByIds(db, ids)).map((u) => [u.id, u]));
  return ids.flatMap((id) => {
    const u = found.get(id);
    return u ? [{ ...toConnectUser(u), bio: u.bio, isFollowing: following.has(id), isMe: id === viewerId }] : [];
  });
}

/** A page of ids (with the total) from a query selecting `id, is_following`, newest first; then the people. */
async function peoplePage(db: Tx, viewerId: string, list: ReturnType<typeof sql>, p: Page) {
  const rows = await executeRows<{ id: string; is_following: boolean; total: number }>(
    db,
    sql`SELECT id, EXISTS (SELECT 1 FROM follows x WHERE x.follower_id = ${viewerId} AND x.followee_id = l.id) AS is_following,
      count(*) OVER ()::int AS total FROM (${list}) l ORDER BY l.at DESC, l.id LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const items = await people(
    db,
    viewerId,
    rows.map((r) => r.id),
    new Set(rows.filter((r) => r.is_following).map((r) => r.id)),
  );
  const total = rows[0]?.total ?? (p.page > 1 ? await countOf(db, list) : 0);
  return { items, pagination: pageInfo(p.page, p.limit, total) };
}

async function countOf(db: Tx, list: ReturnType<typeof sql>) {
  const [row] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${list}) l`);
  return row?.n ?? 0;
}

export async function followersOf(db: Tx, viewerId: string, userId: string, p: Page) {
  await mustExist(db, userId);
  return peoplePage(db, viewerId, sql`SELECT follower_id AS id, created_at AS at FROM follows WHERE followee_id = ${userId}`, p);
}

export async function followingsOf(db: Tx, viewerId: string, userId: string, p: Page) {
  await mustExist(db, userId);
  return peoplePage(db, viewerId, sql`SELECT followee_id AS id, created_at AS at FROM follows WHERE follower_id = ${userId}`, p);
}

export function closeFriendsOf(db: Tx, userId: string, p: Page) {
  return peoplePage(db, userId, sql`SELECT friend_id AS id, created_at AS at FROM close_friends WHERE owner_id = ${userId}`, p);
}

/** Adds or removes a close friend (who then sees, or no longer sees, the close-friends stories). */
export async function setCloseFriend(db: Tx, ownerId: string, friendId: string, on: boolean) {
  if (ownerId === friendId) throw badRequest("You can't add yourself to your close friends", 'CLOSE_FRIEND_SELF');
  await mustExist(db, friendId);
  if (on) await db.insert(closeFriends).values({ ownerId, friendId }).onConflictDoNothing();
  else await db.delete(closeFriends).where(and(eq(closeFriends.ownerId, ownerId), eq(closeFriends.friendId, friendId)));
  return { _id: friendId, isCloseFriend: on };
}

/** The hashtags used most in the last 7 days. */
export function suggestedTags(db: Tx) {
  return executeRows<{ tag: string; count: number }>(
    db,
    sql`SELECT tag, count(*)::int AS count FROM post_tags WHERE created_at > now() - interval '7 days'
      GROUP BY tag ORDER BY count DESC, tag LIMIT 20`,
  );
}
