import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ConnectUser } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { communityFor, isMemberRole, isStaff, staffOf } from './communities-access.js';
import { addMember } from './communities-membership.js';
import { offset, type Page } from './communities-read.js';
import { type communities, communityInvites } from './communities-tables.js';
import { peopleOf } from './posts-read.js';

// Community invites: members invite the people they follow or who follow them; the invitee accepts
// (joining, a private community too) or declines; the inviter or the staff take an invite back.

/** An invite as `invites` reads it, with its community's name and picture. */
type InviteDbRow = RawRow<
  Pick<typeof communityInvites.$inferSelect, 'id' | 'communityId' | 'inviterId' | 'inviteeId' | 'createdAt'> &
    Pick<typeof communities.$inferSelect, 'name' | 'avatarUrl' | 'visibility'>
> & { total: number };

async function invites(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<InviteDbRow>(
    db,
    sql`SELECT i.id, i.community_id AS "communityId", c.name, c.avatar_url AS "avatarUrl", c.visibility,
      i.inviter_id AS "inviterId", i.invitee_id AS "inviteeId", i.created_at AS "createdAt", count(*) OVER ()::int AS total
      FROM community_invites i JOIN communities c ON c.id = i.community_id
      WHERE ${where} ORDER BY i.created_at DESC, i.id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.inviterId, r.inviteeId]),
  );
  const who = (id: string): ConnectUser => people.get(id) ?? { _id: id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null };
  return {
    items: rows.map((r) => ({
      _id: r.id,
      community: { _id: r.communityId, name: r.name, avatarUrl: r.avatarUrl, visibility: r.visibility },
      invitedBy: who(r.inviterId),
      invitee: who(r.inviteeId),
      createdAt: new Date(r.createdAt).toISOString(),
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

async function mustBeMember(tx: Tx, userId: string, communityId: string, lock = false) {
  const c = await communityFor(tx, userId, communityId, lock);
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
    // Locked: who is a member or invited already stays so until the invites are written.
    await mustBeMember(tx, userId, communityId, true);
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
        await tx
          .select({ inviteeId: communityInvites.inviteeId })
          .from(communityInvites)
          .where(and(eq(communityInvites.communityId, communityId), inArray(communityInvites.inviteeId, wanted)))
      ).map((r) => r.inviteeId),
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
      await tx.insert(communityInvites).values({ id, communityId, inviterId: userId, inviteeId: invitee }).onConflictDoNothing();
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

/**
 * The invite (`lock`: taken for update). Read first without a lock, to learn its community: that
 * community's row is locked before the invite's (communityFor's one lock order), then the invite
 * is read again with its lock, as it may have gone in between.
 */
async function inviteRow(tx: Tx, inviteId: string, lock = false) {
  const read = tx
    .select({
      id: communityInvites.id,
      communityId: communityInvites.communityId,
      inviterId: communityInvites.inviterId,
      inviteeId: communityInvites.inviteeId,
    })
    .from(communityInvites)
    .where(eq(communityInvites.id, inviteId));
  const [row] = lock ? await read.for('update') : await read;
  if (!row) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
  return row;
}

/** The inviter, or the community's owner or admins, take an invite back. */
export async function undoInvite(db: Db, userId: string, inviteId: string) {
  return db.transaction(async (tx) => {
    const c = await communityFor(tx, userId, (await inviteRow(tx, inviteId)).communityId, true);
    const inv = await inviteRow(tx, inviteId, true);
    if (inv.inviterId !== userId && !isStaff(c.role)) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
    await tx.delete(communityInvites).where(eq(communityInvites.id, inviteId));
    return { _id: inviteId, communityId: inv.communityId, isMember: false };
  });
}

/** The invitee accepts (joins, a private community too) or declines. */
export async function answerInvite(db: Db, userId: string, inviteId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    const seen = await inviteRow(tx, inviteId);
    if (seen.inviteeId !== userId) throw notFound('Invite not found', 'INVITE_NOT_FOUND');
    const c = await communityFor(tx, userId, seen.communityId, true);
    const inv = await inviteRow(tx, inviteId, true);
    await tx.delete(communityInvites).where(eq(communityInvites.id, inviteId));
    if (accept) {
      if (c.role === 'blocked') throw forbidden('You can’t join this community', 'COMMUNITY_BLOCKED');
      await addMember(tx, inv.communityId, userId);
    }
    return { _id: inviteId, communityId: inv.communityId, isMember: accept || isMemberRole(c.role) };
  });
}
