import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { pageInfo } from '../../platform/pagination.js';
import { readerOf, staffOf } from './communities-access.js';
import { offset, type Page } from './communities-read.js';
import type { communities, communityJoinRequests as joinRequestRows, communityMembers } from './communities-tables.js';
import { peopleOf } from './posts-read.js';

// A community's people lists: its members, the people it blocked, and requests to join.

/** A membership row as `members` reads it, with whether the viewer follows the person. */
type MemberDbRow = RawRow<Pick<typeof communityMembers.$inferSelect, 'userId' | 'role' | 'joinedAt' | 'lastActiveAt'>> & {
  isFollowing: boolean;
  total: number;
};

async function members(db: Tx, viewerId: string, communityId: string, roles: SQL, order: SQL, p: Page) {
  const rows = await executeRows<MemberDbRow>(
    db,
    sql`SELECT m.user_id AS "userId", m.role, m.joined_at AS "joinedAt", m.last_active_at AS "lastActiveAt",
      EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = m.user_id) AS "isFollowing",
      count(*) OVER ()::int AS total
      FROM community_members m WHERE m.community_id = ${communityId} AND m.role IN (${roles})
      ORDER BY ${order} LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.userId),
  );
  const items = rows.flatMap((r) => {
    const u = people.get(r.userId);
    if (!u) return [];
    return [
      {
        ...u,
        bio: null,
        isFollowing: r.isFollowing,
        isMe: r.userId === viewerId,
        role: r.role,
        joinedAt: new Date(r.joinedAt).toISOString(),
        lastActiveAt: r.lastActiveAt ? new Date(r.lastActiveAt).toISOString() : null,
      },
    ];
  });
  return { items, pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

/**
 * Members, the most recently active first (owner and admins first among equals), for those who may
 * read the community: a public one's to all but the people it blocked, a private one's to members.
 */
export async function activeMembers(db: Tx, viewerId: string, communityId: string, p: Page) {
  await readerOf(db, viewerId, communityId, 'members');
  return members(
    db,
    viewerId,
    communityId,
    sql`'owner', 'admin', 'member'`,
    sql`m.last_active_at DESC NULLS LAST, CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m.joined_at DESC, m.user_id`,
    p,
  );
}

export async function blockedUsers(db: Tx, staffId: string, communityId: string, p: Page) {
  await staffOf(db, staffId, communityId);
  return members(db, staffId, communityId, sql`'blocked'`, sql`m.joined_at DESC, m.user_id`, p);
}

/** A request to join as `joinRequests` reads it, with its community's name and picture. */
type JoinRequestRow = RawRow<
  Pick<typeof joinRequestRows.$inferSelect, 'userId' | 'communityId' | 'createdAt'> &
    Pick<typeof communities.$inferSelect, 'name' | 'avatarUrl' | 'visibility'>
> & { total: number };

async function joinRequests(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<JoinRequestRow>(
    db,
    sql`SELECT r.user_id AS "userId", r.community_id AS "communityId", c.name, c.avatar_url AS "avatarUrl", c.visibility,
      r.created_at AS "createdAt", count(*) OVER ()::int AS total
      FROM community_join_requests r JOIN communities c ON c.id = r.community_id
      WHERE ${where} ORDER BY r.created_at DESC, r.user_id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.userId),
  );
  return {
    items: rows.map((r) => ({
      user: people.get(r.userId) ?? { _id: r.userId, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
      community: { _id: r.communityId, name: r.name, avatarUrl: r.avatarUrl, visibility: r.visibility },
      requestedAt: new Date(r.createdAt).toISOString(),
    })),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

export async function communityJoinRequests(db: Tx, staffId: string, communityId: string, p: Page) {
  await staffOf(db, staffId, communityId);
  return joinRequests(db, sql`r.community_id = ${communityId}`, p);
}
export const sentJoinRequests = (db: Tx, userId: string, p: Page) => joinRequests(db, sql`r.user_id = ${userId}`, p);
