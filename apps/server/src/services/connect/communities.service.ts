import { sql, type SQL } from 'drizzle-orm';
import type { Community, CommunityRole, ConnectUser } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { uploadsOf } from '../upload/index.js';
import { communityFor, communityNotFound, isMemberRole, isStaff, ownerOf, staffOf } from './communities-access.js';
import { communityCategoryOf, isCommunityCategory } from './communities-catalogue.js';
import { peopleOf } from './posts-read.js';

// Communities: reading them (one statement per page, with the caller's role and requests), creating
// and editing, and membership (join, leave, requests, invites, roles, blocks, ownership transfer).
// Every change that moves members_count runs with the community row locked.

export type Page = { page: number; limit: number };
const offset = (p: Page) => (p.page - 1) * p.limit;

type CommunityDbRow = {
  id: string;
  name: string;
  description: string;
  category_id: string;
  cover_url: string | null;
  avatar_url: string | null;
  visibility: 'public' | 'private';
  needs_approval: boolean;
  owner_id: string;
  members_count: number;
  posts_count: number;
  role: CommunityRole | null;
  join_requested: boolean;
  invite_id: string | null;
  ownership_offered: boolean;
  created_at: string;
  total: number;
};

const communitySelect = (viewerId: string) => sql`
  SELECT c.id, c.name, c.description, c.category_id, c.cover_url, c.avatar_url, c.visibility, c.needs_approval, c.owner_id,
    c.members_count, c.created_at,
    (SELECT count(*)::int FROM posts p WHERE p.community_id = c.id AND p.status = 'published' AND p.hidden_at IS NULL
      AND p.kind <> 'repost') AS posts_count,
    (SELECT m.role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewerId}) AS role,
    EXISTS (SELECT 1 FROM community_join_requests r WHERE r.community_id = c.id AND r.user_id = ${viewerId}) AS join_requested,
    (SELECT i.id FROM community_invites i WHERE i.community_id = c.id AND i.invitee_id = ${viewerId}) AS invite_id,
    EXISTS (SELECT 1 FROM community_ownership_requests o WHERE o.community_id = c.id AND o.to_id = ${viewerId}
      AND o.status = 'pending') AS ownership_offered,
    count(*) OVER ()::int AS total
  FROM communities c`;

async function toCommunities(db: Tx, rows: CommunityDbRow[]): Promise<Community[]> {
  const people = await peopleOf(
    db,
    rows.map((r) => r.owner_id),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    category: communityCategoryOf(r.category_id),
    coverUrl: r.cover_url,
    avatarUrl: r.avatar_url,
    visibility: r.visibility,
    needsApproval: r.needs_approval,
    owner: people.get(r.owner_id) ?? { _id: r.owner_id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
    membersCount: r.members_count,
    postsCount: r.posts_count,
    isMember: isMemberRole(r.role),
    role: r.role,
    joinRequested: r.join_requested,
    inviteId: r.invite_id,
    ownershipOffered: r.ownership_offered,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

async function communityPage(db: Tx, viewerId: string, where: SQL, order: SQL, p: Page) {
  const rows = await executeRows<CommunityDbRow>(
    db,
    sql`${communitySelect(viewerId)} WHERE ${where} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && p.page > 1) {
    const [n] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM communities c WHERE ${where}`);
    total = n?.n ?? 0;
  }
  return { items: await toCommunities(db, rows), pagination: pageInfo(p.page, p.limit, total) };
}

export async function getCommunity(db: Tx, viewerId: string, id: string): Promise<Community> {
  const rows = await executeRows<CommunityDbRow>(db, sql`${communitySelect(viewerId)} WHERE c.id = ${id}`);
  if (!rows[0]) throw communityNotFound();
  return (await toCommunities(db, rows))[0]!;
}

const popular = sql`c.members_count DESC, c.created_at DESC, c.id`;

/** Discover: the most joined first, or those matching `search` (by name and description, tolerant of typos) best first. */
export async function discoverCommunities(db: Db, viewerId: string, q: Page & { search?: string; category?: string }) {
  const byCategory = q.category ? sql`c.category_id = ${q.category}` : sql`true`;
  const search = q.search?.trim();
  if (!search) return communityPage(db, viewerId, byCategory, popular, q);
  const doc = sql`(c.name || ' ' || c.description)`;
  return db.transaction(async (tx) => {
    // `<%` is pg_trgm's word similarity (served by communities_search_idx) at a typo-tolerant threshold.
    await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`);
    return communityPage(
      tx,
      viewerId,
      sql`${byCategory} AND (${search} <% ${doc} OR ${doc} ILIKE ${`%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`})`,
      sql`word_similarity(${search}, c.name) DESC, word_similarity(${search}, ${doc}) DESC, ${popular}`,
      q,
    );
  });
}

export function myCommunities(db: Tx, viewerId: string, p: Page) {
  return communityPage(
    db,
    viewerId,
    sql`c.id IN (SELECT community_id FROM community_members WHERE user_id = ${viewerId} AND role IN ('owner', 'admin', 'member'))`,
    sql`c.name, c.id`,
    p,
  );
}

export function communitiesInCategory(db: Tx, viewerId: string, category: string, p: Page) {
  if (!isCommunityCategory(category)) throw notFound('Category not found', 'CATEGORY_NOT_FOUND');
  return communityPage(db, viewerId, sql`c.category_id = ${category}`, popular, p);
}

// --- create and edit -----------------------------------------------------------------------------

type CommunityInput = {
  name?: string;
  description?: string;
  category?: string;
  coverUrl?: string | null;
  avatarUrl?: string | null;
  visibility?: 'public' | 'private';
  needsApproval?: boolean;
};

async function checkInput(tx: Tx, userId: string, b: CommunityInput) {
  if (b.category !== undefined && !isCommunityCategory(b.category))
    throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
  const images = [b.coverUrl, b.avatarUrl].filter((u): u is string => typeof u === 'string');
  if (images.length) {
    const found = await uploadsOf(tx, userId, images);
    for (const url of images) {
      const u = found.find((f) => f.url === url || f.thumbnailUrl === url);
      if (!u || u.kind !== 'image') throw badRequest('Use an image you uploaded for the cover and picture', 'MEDIA_NOT_FOUND');
    }
  }
}

export async function createCommunity(
  db: Db,
  userId: string,
  b: Required<Pick<CommunityInput, 'name' | 'description' | 'category' | 'visibility' | 'needsApproval'>> & CommunityInput,
) {
  const id = newId();
  await db.transaction(async (tx) => {
    await checkInput(tx, userId, b);
    await tx.execute(sql`INSERT INTO communities (id, name, description, category_id, cover_url, avatar_url, visibility, needs_approval,
        owner_id, members_count)
      VALUES (${id}, ${b.name}, ${b.description}, ${b.category}, ${b.coverUrl ?? null}, ${b.avatarUrl ?? null}, ${b.visibility},
        ${b.needsApproval}, ${userId}, 1)`);
    await tx.execute(
      sql`INSERT INTO community_members (community_id, user_id, role, last_active_at) VALUES (${id}, ${userId}, 'owner', now())`,
    );
  });
  return getCommunity(db, userId, id);
}

export async function editCommunity(db: Db, userId: string, id: string, b: CommunityInput) {
  await db.transaction(async (tx) => {
    await staffOf(tx, userId, id, true);
    await checkInput(tx, userId, b);
    const sets: SQL[] = [sql`updated_at = now()`];
    if (b.name !== undefined) sets.push(sql`name = ${b.name}`);
    if (b.description !== undefined) sets.push(sql`description = ${b.description}`);
    if (b.category !== undefined) sets.push(sql`category_id = ${b.category}`);
    if (b.coverUrl !== undefined) sets.push(sql`cover_url = ${b.coverUrl}`);
    if (b.avatarUrl !== undefined) sets.push(sql`avatar_url = ${b.avatarUrl}`);
    if (b.visibility !== undefined) sets.push(sql`visibility = ${b.visibility}`);
    if (b.needsApproval !== undefined) sets.push(sql`needs_approval = ${b.needsApproval}`);
    await tx.execute(sql`UPDATE communities SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
  });
  return getCommunity(db, userId, id);
}

// --- membership ----------------------------------------------------------------------------------

async function addMember(tx: Tx, communityId: string, userId: string) {
  const added = await executeRows<{ user_id: string }>(
    tx,
    sql`INSERT INTO community_members (community_id, user_id, role) VALUES (${communityId}, ${userId}, 'member')
      ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  await tx.execute(sql`DELETE FROM community_join_requests WHERE community_id = ${communityId} AND user_id = ${userId}`);
  await tx.execute(sql`DELETE FROM community_invites WHERE community_id = ${communityId} AND invitee_id = ${userId}`);
  if (added.length) await tx.execute(sql`UPDATE communities SET members_count = members_count + 1 WHERE id = ${communityId}`);
}

/** Takes a member out (leaving, removed, or blocked); their open ownership offer goes too. */
async function dropMember(tx: Tx, communityId: string, userId: string) {
  const gone = await executeRows<{ user_id: string }>(
    tx,
    sql`DELETE FROM community_members WHERE community_id = ${communityId} AND user_id = ${userId}
      AND role IN ('admin', 'member') RETURNING user_id`,
  );
  if (gone.length) {
    await tx.execute(sql`UPDATE communities SET members_count = greatest(0, members_count - 1) WHERE id = ${communityId}`);
    await tx.execute(sql`UPDATE community_ownership_requests SET status = 'cancelled', answered_at = now()
      WHERE community_id = ${communityId} AND to_id = ${userId} AND status = 'pending'`);
  }
  return gone.length > 0;
}

async function membership(tx: Tx, userId: string, communityId: string) {
  const c = await getCommunity(tx, userId, communityId);
  return { _id: c._id, isMember: c.isMember, joinRequested: c.joinRequested, role: c.role, membersCount: c.membersCount };
}

/**
 * Join a public community (or leave it when already a member: the spec's toggle), or ask to join a
 * private one. The blocked can do neither; the owner cannot leave before handing ownership over.
 */
export async function toggleJoin(db: Db, userId: string, communityId: string) {
  return db.transaction(async (tx) => {
    const c = await communityFor(tx, userId, communityId, true);
    if (c.role === 'blocked') throw forbidden('You can’t join this community', 'COMMUNITY_BLOCKED');
    if (c.role === 'owner') throw conflict('Transfer ownership to another member before you leave', 'OWNER_CANNOT_LEAVE');
    if (isMemberRole(c.role)) await dropMember(tx, communityId, userId);
    else if (c.visibility === 'public') await addMember(tx, communityId, userId);
    else
      await tx.execute(
        sql`INSERT INTO community_join_requests (community_id, user_id) VALUES (${communityId}, ${userId}) ON CONFLICT DO NOTHING`,
      );
    return membership(tx, userId, communityId);
  });
}

export async function undoJoinRequest(db: Db, userId: string, communityId: string) {
  return db.transaction(async (tx) => {
    await communityFor(tx, userId, communityId);
    const gone = await executeRows(
      tx,
      sql`DELETE FROM community_join_requests WHERE community_id = ${communityId} AND user_id = ${userId} RETURNING user_id`,
    );
    if (!gone.length) throw notFound('You have not asked to join this community', 'JOIN_REQUEST_NOT_FOUND');
    return membership(tx, userId, communityId);
  });
}

const roleOf = async (tx: Tx, communityId: string, userId: string) =>
  (
    await executeRows<{ role: CommunityRole }>(
      tx,
      sql`SELECT role FROM community_members WHERE community_id = ${communityId} AND user_id = ${userId}`,
    )
  )[0]?.role ?? null;

const memberResult = async (tx: Tx, communityId: string, userId: string) => ({
  communityId,
  userId,
  role: await roleOf(tx, communityId, userId),
});

export async function answerJoinRequest(db: Db, staffId: string, communityId: string, userId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    await staffOf(tx, staffId, communityId, true);
    const gone = await executeRows(
      tx,
      sql`DELETE FROM community_join_requests WHERE community_id = ${communityId} AND user_id = ${userId} RETURNING user_id`,
    );
    if (!gone.length) throw notFound('This person has not asked to join', 'JOIN_REQUEST_NOT_FOUND');
    if (accept) await addMember(tx, communityId, userId);
    return memberResult(tx, communityId, userId);
  });
}

/** The target's role, refusing what the caller's role does not allow over it (admins act on members only). */
async function targetOf(tx: Tx, actorRole: CommunityRole | null, communityId: string, userId: string, actorId: string) {
  if (userId === actorId) throw badRequest('You can’t do that to yourself', 'COMMUNITY_SELF');
  const role = await roleOf(tx, communityId, userId);
  if (role === 'owner') throw forbidden('The owner can’t be removed or blocked', 'COMMUNITY_OWNER');
  if (role === 'admin' && actorRole !== 'owner') throw forbidden('Only the owner can act on an admin', 'NOT_COMMUNITY_OWNER');
  return role;
}

export async function removeUser(db: Db, staffId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    const c = await staffOf(tx, staffId, communityId, true);
    const role = await targetOf(tx, c.role, communityId, userId, staffId);
    if (!isMemberRole(role)) throw notFound('This person is not a member', 'MEMBER_NOT_FOUND');
    await dropMember(tx, communityId, userId);
    return memberResult(tx, communityId, userId);
  });
}

export async function addAdmin(db: Db, ownerId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    await ownerOf(tx, ownerId, communityId, true);
    const role = await roleOf(tx, communityId, userId);
    if (role !== 'member' && role !== 'admin') throw notFound('This person is not a member', 'MEMBER_NOT_FOUND');
    await tx.execute(sql`UPDATE community_members SET role = 'admin' WHERE community_id = ${communityId} AND user_id = ${userId}`);
    return memberResult(tx, communityId, userId);
  });
}

export async function blockUser(db: Db, staffId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    const c = await staffOf(tx, staffId, communityId, true);
    const role = await targetOf(tx, c.role, communityId, userId, staffId);
    const [exists] = await executeRows(tx, sql`SELECT 1 FROM users WHERE id = ${userId}`);
    if (!exists) throw notFound('User not found', 'USER_NOT_FOUND');
    if (role !== 'blocked') {
      await dropMember(tx, communityId, userId);
      await tx.execute(sql`DELETE FROM community_join_requests WHERE community_id = ${communityId} AND user_id = ${userId}`);
      await tx.execute(sql`DELETE FROM community_invites WHERE community_id = ${communityId} AND invitee_id = ${userId}`);
      await tx.execute(sql`INSERT INTO community_members (community_id, user_id, role) VALUES (${communityId}, ${userId}, 'blocked')`);
    }
    return memberResult(tx, communityId, userId);
  });
}

export async function unblockUser(db: Db, staffId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    await staffOf(tx, staffId, communityId, true);
    const gone = await executeRows(
      tx,
      sql`DELETE FROM community_members WHERE community_id = ${communityId} AND user_id = ${userId} AND role = 'blocked' RETURNING user_id`,
    );
    if (!gone.length) throw notFound('This person is not blocked', 'BLOCKED_NOT_FOUND');
    return memberResult(tx, communityId, userId);
  });
}

// --- ownership transfer --------------------------------------------------------------------------

type OwnershipDbRow = {
  id: string;
  community_id: string;
  name: string;
  avatar_url: string | null;
  visibility: 'public' | 'private';
  from_id: string;
  to_id: string;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled';
  created_at: string;
  total: number;
};

async function ownershipRequests(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<OwnershipDbRow>(
    db,
    sql`SELECT o.id, o.community_id, c.name, c.avatar_url, c.visibility, o.from_id, o.to_id, o.status, o.created_at,
      count(*) OVER ()::int AS total
      FROM community_ownership_requests o JOIN communities c ON c.id = o.community_id
      WHERE ${where} ORDER BY o.created_at DESC, o.id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.from_id, r.to_id]),
  );
  const who = (id: string): ConnectUser => people.get(id) ?? { _id: id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null };
  return {
    items: rows.map((r) => ({
      _id: r.id,
      community: { _id: r.community_id, name: r.name, avatarUrl: r.avatar_url, visibility: r.visibility },
      from: who(r.from_id),
      to: who(r.to_id),
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

export const sentOwnershipRequests = (db: Tx, userId: string, p: Page) =>
  ownershipRequests(db, sql`o.from_id = ${userId} AND o.status = 'pending'`, p);
export const receivedOwnershipRequests = (db: Tx, userId: string, p: Page) =>
  ownershipRequests(db, sql`o.to_id = ${userId} AND o.status = 'pending'`, p);

async function oneOwnershipRequest(tx: Tx, id: string) {
  const r = await ownershipRequests(tx, sql`o.id = ${id}`, { page: 1, limit: 1 });
  return r.items[0]!;
}

/** The owner offers ownership to a member or admin; a newer offer replaces an open one. */
export async function offerOwnership(db: Db, ownerId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    await ownerOf(tx, ownerId, communityId, true);
    if (userId === ownerId) throw badRequest('You already own this community', 'COMMUNITY_SELF');
    const role = await roleOf(tx, communityId, userId);
    if (role !== 'member' && role !== 'admin') throw notFound('Ownership can go only to a member', 'MEMBER_NOT_FOUND');
    await tx.execute(sql`UPDATE community_ownership_requests SET status = 'cancelled', answered_at = now()
      WHERE community_id = ${communityId} AND status = 'pending'`);
    const id = newId();
    await tx.execute(sql`INSERT INTO community_ownership_requests (id, community_id, from_id, to_id, status)
      VALUES (${id}, ${communityId}, ${ownerId}, ${userId}, 'pending')`);
    return oneOwnershipRequest(tx, id);
  });
}

/** The receiver accepts (becomes owner; the old owner becomes an admin) or declines the open offer. */
export async function answerOwnership(db: Db, userId: string, communityId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    const c = await communityFor(tx, userId, communityId, true);
    const [offer] = await executeRows<{ id: string; from_id: string }>(
      tx,
      sql`SELECT id, from_id FROM community_ownership_requests WHERE community_id = ${communityId} AND to_id = ${userId}
        AND status = 'pending' FOR UPDATE`,
    );
    if (!offer) throw notFound('There is no ownership offer for you here', 'OWNERSHIP_REQUEST_NOT_FOUND');
    if (accept) {
      if (!isMemberRole(c.role) || offer.from_id !== c.owner_id) throw conflict('This offer is no longer valid', 'OWNERSHIP_REQUEST_STALE');
      await tx.execute(sql`UPDATE community_members SET role = 'admin' WHERE community_id = ${communityId} AND user_id = ${c.owner_id}`);
      await tx.execute(sql`UPDATE community_members SET role = 'owner' WHERE community_id = ${communityId} AND user_id = ${userId}`);
      await tx.execute(sql`UPDATE communities SET owner_id = ${userId}, updated_at = now() WHERE id = ${communityId}`);
    }
    await tx.execute(sql`UPDATE community_ownership_requests SET status = ${accept ? 'accepted' : 'declined'}, answered_at = now()
      WHERE id = ${offer.id}`);
    return oneOwnershipRequest(tx, offer.id);
  });
}

// --- invites -------------------------------------------------------------------------------------

type InviteDbRow = {
  id: string;
  community_id: string;
  name: string;
  avatar_url: string | null;
  visibility: 'public' | 'private';
  inviter_id: string;
  invitee_id: string;
  created_at: string;
  total: number;
};

async function invites(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<InviteDbRow>(
    db,
    sql`SELECT i.id, i.community_id, c.name, c.avatar_url, c.visibility, i.inviter_id, i.invitee_id, i.created_at,
      count(*) OVER ()::int AS total
      FROM community_invites i JOIN communities c ON c.id = i.community_id
      WHERE ${where} ORDER BY i.created_at DESC, i.id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.inviter_id, r.invitee_id]),
  );
  const who = (id: string): ConnectUser => people.get(id) ?? { _id: id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null };
  return {
    items: rows.map((r) => ({
      _id: r.id,
      community: { _id: r.community_id, name: r.name, avatarUrl: r.avatar_url, visibility: r.visibility },
      invitedBy: who(r.inviter_id),
      invitee: who(r.invitee_id),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

export const receivedInvites = (db: Tx, userId: string, p: Page) => invites(db, sql`i.invitee_id = ${userId}`, p);
export async function communityInvitesList(db: Tx, staffId: string, communityId: string, p: Page) {
  await staffOf(db, staffId, communityId);
  return invites(db, sql`i.community_id = ${communityId}`, p);
}

/** People the caller may invite: those they follow or who follow them, not members, blocked or invited already. */
const inviteeSql = (userId: string, communityId: string) => sql`
  SELECT DISTINCT x.id FROM (
    SELECT followee_id AS id FROM follows WHERE follower_id = ${userId}
    UNION SELECT follower_id FROM follows WHERE followee_id = ${userId}) x
  WHERE x.id <> ${userId}
    AND NOT EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = ${communityId} AND m.user_id = x.id)
    AND NOT EXISTS (SELECT 1 FROM community_invites i WHERE i.community_id = ${communityId} AND i.invitee_id = x.id)`;

async function mustBeMember(tx: Tx, userId: string, communityId: string) {
  const c = await communityFor(tx, userId, communityId);
  if (!isMemberRole(c.role)) throw forbidden('Only members can invite people', 'NOT_COMMUNITY_MEMBER');
  return c;
}

export async function inviteeList(db: Tx, userId: string, communityId: string, p: Page) {
  await mustBeMember(db, userId, communityId);
  const rows = await executeRows<{ id: string; is_following: boolean; total: number }>(
    db,
    sql`SELECT l.id, EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${userId} AND f.followee_id = l.id) AS is_following,
      count(*) OVER ()::int AS total
      FROM (${inviteeSql(userId, communityId)}) l JOIN users u ON u.id = l.id
      ORDER BY u.first_name, u.last_name, l.id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.flatMap((r) => {
    const u = people.get(r.id);
    return u ? [{ ...u, bio: null, isFollowing: r.is_following, isMe: false }] : [];
  });
  return { items, pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

export async function invitePeople(db: Db, userId: string, communityId: string, userIds: string[]) {
  return db.transaction(async (tx) => {
    await mustBeMember(tx, userId, communityId);
    const wanted = [...new Set(userIds)];
    const allowed = new Set(
      (
        await executeRows<{ id: string }>(
          tx,
          sql`SELECT id FROM (${inviteeSql(userId, communityId)}) l WHERE l.id IN (${sql.join(
            wanted.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.id),
    );
    const already = new Set(
      (
        await executeRows<{ invitee_id: string }>(
          tx,
          sql`SELECT invitee_id FROM community_invites WHERE community_id = ${communityId}
            AND invitee_id IN (${sql.join(
              wanted.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
        )
      ).map((r) => r.invitee_id),
    );
    const refused = wanted.filter((id) => !allowed.has(id) && !already.has(id));
    if (refused.length)
      throw badRequest('You can invite only people you follow or who follow you, and who are not members yet', 'INVITEE_NOT_ALLOWED', [
        { path: 'userIds', message: `Not invitable: ${refused.join(', ')}` },
      ]);
    const ids: string[] = [];
    for (const invitee of wanted.filter((id) => allowed.has(id))) {
      const id = newId();
      ids.push(id);
      await tx.execute(sql`INSERT INTO community_invites (id, community_id, inviter_id, invitee_id)
        VALUES (${id}, ${communityId}, ${userId}, ${invitee}) ON CONFLICT DO NOTHING`);
    }
    if (!ids.length) return [];
    return (
      await invites(
        tx,
        sql`i.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        { page: 1, limit: 50 },
      )
    ).items;
  });
}

async function inviteRow(tx: Tx, inviteId: string) {
  const [row] = await executeRows<{ id: string; community_id: string; inviter_id: string; invitee_id: string }>(
    tx,
    sql`SELECT id, community_id, inviter_id, invitee_id FROM community_invites WHERE id = ${inviteId} FOR UPDATE`,
  );
  if (!row) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
  return row;
}

/** The inviter, or the community's owner or admins, take an invite back. */
export async function undoInvite(db: Db, userId: string, inviteId: string) {
  return db.transaction(async (tx) => {
    const inv = await inviteRow(tx, inviteId);
    if (inv.inviter_id !== userId) {
      const c = await communityFor(tx, userId, inv.community_id);
      if (!isStaff(c.role)) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
    }
    await tx.execute(sql`DELETE FROM community_invites WHERE id = ${inviteId}`);
    return { _id: inviteId, communityId: inv.community_id, isMember: false };
  });
}

/** The invitee accepts (joins, a private community too) or declines. */
export async function answerInvite(db: Db, userId: string, inviteId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    const inv = await inviteRow(tx, inviteId);
    if (inv.invitee_id !== userId) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
    const c = await communityFor(tx, userId, inv.community_id, true);
    await tx.execute(sql`DELETE FROM community_invites WHERE id = ${inviteId}`);
    if (accept) {
      if (c.role === 'blocked') throw forbidden('You can’t join this community', 'COMMUNITY_BLOCKED');
      await addMember(tx, inv.community_id, userId);
    }
    return { _id: inviteId, communityId: inv.community_id, isMember: accept || isMemberRole(c.role) };
  });
}

// --- people lists --------------------------------------------------------------------------------

type MemberDbRow = {
  id: string;
  role: CommunityRole;
  joined_at: string;
  last_active_at: string | null;
  is_following: boolean;
  total: number;
};

async function members(db: Tx, viewerId: string, communityId: string, roles: SQL, order: SQL, p: Page) {
  const rows = await executeRows<MemberDbRow>(
    db,
    sql`SELECT m.user_id AS id, m.role, m.joined_at, m.last_active_at,
      EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = m.user_id) AS is_following,
      count(*) OVER ()::int AS total
      FROM community_members m WHERE m.community_id = ${communityId} AND m.role IN (${roles})
      ORDER BY ${order} LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.flatMap((r) => {
    const u = people.get(r.id);
    if (!u) return [];
    return [
      {
        ...u,
        bio: null,
        isFollowing: r.is_following,
        isMe: r.id === viewerId,
        role: r.role,
        joinedAt: new Date(r.joined_at).toISOString(),
        lastActiveAt: r.last_active_at ? new Date(r.last_active_at).toISOString() : null,
      },
    ];
  });
  return { items, pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

/** Members, the most recently active first (owner and admins first among equals). Everyone may see it. */
export async function activeMembers(db: Tx, viewerId: string, communityId: string, p: Page) {
  await communityFor(db, viewerId, communityId);
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

type JoinRequestRow = {
  user_id: string;
  community_id: string;
  name: string;
  avatar_url: string | null;
  visibility: 'public' | 'private';
  created_at: string;
  total: number;
};

async function joinRequests(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<JoinRequestRow>(
    db,
    sql`SELECT r.user_id, r.community_id, c.name, c.avatar_url, c.visibility, r.created_at, count(*) OVER ()::int AS total
      FROM community_join_requests r JOIN communities c ON c.id = r.community_id
      WHERE ${where} ORDER BY r.created_at DESC, r.user_id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.user_id),
  );
  return {
    items: rows.map((r) => ({
      user: people.get(r.user_id) ?? { _id: r.user_id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
      community: { _id: r.community_id, name: r.name, avatarUrl: r.avatar_url, visibility: r.visibility },
      requestedAt: new Date(r.created_at).toISOString(),
    })),
    pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0),
  };
}

export async function communityJoinRequests(db: Tx, staffId: string, communityId: string, p: Page) {
  await staffOf(db, staffId, communityId);
  return joinRequests(db, sql`r.community_id = ${communityId}`, p);
}
export const sentJoinRequests = (db: Tx, userId: string, p: Page) => joinRequests(db, sql`r.user_id = ${userId}`, p);
