import { and, eq, inArray, sql } from 'drizzle-orm';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { communityFor, isMemberRole, ownerOf, staffOf } from './communities-access.js';
import { getCommunity } from './communities-read.js';
import { tellJoinRequest } from './news.js';
import {
  communities,
  communityInvites,
  communityJoinRequests,
  communityMembers,
  communityOwnershipRequests,
  type MemberRole,
} from './communities-tables.js';

// Community membership: join, leave, join requests, roles and blocks. Every change that moves
// members_count runs with the community row locked.

/** The membership row of a person in a community. */
export const memberRow = (communityId: string, userId: string) =>
  and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId));
/** A person's request to join a community. */
const joinRequestOf = (communityId: string, userId: string) =>
  and(eq(communityJoinRequests.communityId, communityId), eq(communityJoinRequests.userId, userId));
/** The invite of a person to a community. */
const inviteOf = (communityId: string, userId: string) =>
  and(eq(communityInvites.communityId, communityId), eq(communityInvites.inviteeId, userId));

export async function addMember(tx: Tx, communityId: string, userId: string) {
  const added = await tx
    .insert(communityMembers)
    .values({ communityId, userId, role: 'member' })
    .onConflictDoNothing()
    .returning({ userId: communityMembers.userId });
  await tx.delete(communityJoinRequests).where(joinRequestOf(communityId, userId));
  await tx.delete(communityInvites).where(inviteOf(communityId, userId));
  if (added.length)
    await tx
      .update(communities)
      .set({ membersCount: sql`${communities.membersCount} + 1` })
      .where(eq(communities.id, communityId));
}

/** Takes a member out (leaving, removed, or blocked); their open ownership offer goes too. */
async function dropMember(tx: Tx, communityId: string, userId: string) {
  const gone = await tx
    .delete(communityMembers)
    .where(and(memberRow(communityId, userId), inArray(communityMembers.role, ['admin', 'member'])))
    .returning({ userId: communityMembers.userId });
  if (gone.length) {
    await tx
      .update(communities)
      .set({ membersCount: sql`greatest(0, ${communities.membersCount} - 1)` })
      .where(eq(communities.id, communityId));
    await tx
      .update(communityOwnershipRequests)
      .set({ status: 'cancelled', answeredAt: sql`now()` })
      .where(
        and(
          eq(communityOwnershipRequests.communityId, communityId),
          eq(communityOwnershipRequests.toId, userId),
          eq(communityOwnershipRequests.status, 'pending'),
        ),
      );
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
    else {
      const asked = await tx
        .insert(communityJoinRequests)
        .values({ communityId, userId })
        .onConflictDoNothing()
        .returning({ userId: communityJoinRequests.userId });
      if (asked.length) await tellJoinRequest(tx, communityId, userId);
    }
    return membership(tx, userId, communityId);
  });
}

export async function undoJoinRequest(db: Db, userId: string, communityId: string) {
  return db.transaction(async (tx) => {
    await communityFor(tx, userId, communityId, true);
    const gone = await tx
      .delete(communityJoinRequests)
      .where(joinRequestOf(communityId, userId))
      .returning({ userId: communityJoinRequests.userId });
    if (!gone.length) throw notFound('You have not asked to join this community', 'JOIN_REQUEST_NOT_FOUND');
    return membership(tx, userId, communityId);
  });
}

export const roleOf = async (tx: Tx, communityId: string, userId: string) =>
  (await tx.select({ role: communityMembers.role }).from(communityMembers).where(memberRow(communityId, userId)))[0]?.role ?? null;

const memberResult = async (tx: Tx, communityId: string, userId: string) => ({
  communityId,
  userId,
  role: await roleOf(tx, communityId, userId),
});

export async function answerJoinRequest(db: Db, staffId: string, communityId: string, userId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    await staffOf(tx, staffId, communityId, true);
    const gone = await tx
      .delete(communityJoinRequests)
      .where(joinRequestOf(communityId, userId))
      .returning({ userId: communityJoinRequests.userId });
    if (!gone.length) throw notFound('This person has not asked to join', 'JOIN_REQUEST_NOT_FOUND');
    if (accept) await addMember(tx, communityId, userId);
    return memberResult(tx, communityId, userId);
  });
}

/** The target's role, refusing what the caller's role does not allow over it (admins act on members only). */
async function targetOf(tx: Tx, actorRole: MemberRole | null, communityId: string, userId: string, actorId: string) {
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
    await tx.update(communityMembers).set({ role: 'admin' }).where(memberRow(communityId, userId));
    return memberResult(tx, communityId, userId);
  });
}

export async function blockUser(db: Db, staffId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    const c = await staffOf(tx, staffId, communityId, true);
    const role = await targetOf(tx, c.role, communityId, userId, staffId);
    // The users table is the user service's: read by its name rather than through its table object.
    const [exists] = await executeRows(tx, sql`SELECT 1 FROM users WHERE id = ${userId}`);
    if (!exists) throw notFound('User not found', 'USER_NOT_FOUND');
    if (role !== 'blocked') {
      await dropMember(tx, communityId, userId);
      await tx.delete(communityJoinRequests).where(joinRequestOf(communityId, userId));
      await tx.delete(communityInvites).where(inviteOf(communityId, userId));
      await tx.insert(communityMembers).values({ communityId, userId, role: 'blocked' });
    }
    return memberResult(tx, communityId, userId);
  });
}

export async function unblockUser(db: Db, staffId: string, communityId: string, userId: string) {
  return db.transaction(async (tx) => {
    await staffOf(tx, staffId, communityId, true);
    const gone = await tx
      .delete(communityMembers)
      .where(and(memberRow(communityId, userId), eq(communityMembers.role, 'blocked')))
      .returning({ userId: communityMembers.userId });
    if (!gone.length) throw notFound('This person is not blocked', 'BLOCKED_NOT_FOUND');
    return memberResult(tx, communityId, userId);
  });
}
