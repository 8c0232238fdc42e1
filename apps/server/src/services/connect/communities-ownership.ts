import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ConnectUser } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { communityFor, isMemberRole, ownerOf } from './communities-access.js';
import { memberRow, roleOf } from './communities-membership.js';
import { offset, type Page } from './communities-read.js';
import { communities, communityMembers, communityOwnershipRequests } from './communities-tables.js';
import { peopleOf } from './posts-read.js';

// A community's ownership transfer: the owner offers it to a member, who accepts or declines.

/** An ownership offer as `ownershipRequests` reads it, with its community's name and picture. */
type OwnershipDbRow = RawRow<
  Pick<typeof communityOwnershipRequests.$inferSelect, 'id' | 'communityId' | 'fromId' | 'toId' | 'status' | 'createdAt'> &
    Pick<typeof communities.$inferSelect, 'name' | 'avatarUrl' | 'visibility'>
> & { total: number };

async function ownershipRequests(db: Tx, where: SQL, p: Page) {
  const rows = await executeRows<OwnershipDbRow>(
    db,
    sql`SELECT o.id, o.community_id AS "communityId", c.name, c.avatar_url AS "avatarUrl", c.visibility, o.from_id AS "fromId",
      o.to_id AS "toId", o.status, o.created_at AS "createdAt", count(*) OVER ()::int AS total
      FROM community_ownership_requests o JOIN communities c ON c.id = o.community_id
      WHERE ${where} ORDER BY o.created_at DESC, o.id LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.fromId, r.toId]),
  );
  const who = (id: string): ConnectUser => people.get(id) ?? { _id: id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null };
  return {
    items: rows.map((r) => ({
      _id: r.id,
      community: { _id: r.communityId, name: r.name, avatarUrl: r.avatarUrl, visibility: r.visibility },
      from: who(r.fromId),
      to: who(r.toId),
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
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
    await tx
      .update(communityOwnershipRequests)
      .set({ status: 'cancelled', answeredAt: sql`now()` })
      .where(and(eq(communityOwnershipRequests.communityId, communityId), eq(communityOwnershipRequests.status, 'pending')));
    const id = newId();
    await tx.insert(communityOwnershipRequests).values({ id, communityId, fromId: ownerId, toId: userId, status: 'pending' });
    return oneOwnershipRequest(tx, id);
  });
}

/** The receiver accepts (becomes owner; the old owner becomes an admin) or declines the open offer. */
export async function answerOwnership(db: Db, userId: string, communityId: string, accept: boolean) {
  return db.transaction(async (tx) => {
    const c = await communityFor(tx, userId, communityId, true);
    const [offer] = await tx
      .select({ id: communityOwnershipRequests.id, fromId: communityOwnershipRequests.fromId })
      .from(communityOwnershipRequests)
      .where(
        and(
          eq(communityOwnershipRequests.communityId, communityId),
          eq(communityOwnershipRequests.toId, userId),
          eq(communityOwnershipRequests.status, 'pending'),
        ),
      )
      .for('update');
    if (!offer) throw notFound('There is no ownership offer for you here', 'OWNERSHIP_REQUEST_NOT_FOUND');
    if (accept) {
      if (!isMemberRole(c.role) || offer.fromId !== c.ownerId) throw conflict('This offer is no longer valid', 'OWNERSHIP_REQUEST_STALE');
      await tx.update(communityMembers).set({ role: 'admin' }).where(memberRow(communityId, c.ownerId));
      await tx.update(communityMembers).set({ role: 'owner' }).where(memberRow(communityId, userId));
      await tx
        .update(communities)
        .set({ ownerId: userId, updatedAt: sql`now()` })
        .where(eq(communities.id, communityId));
    }
    await tx
      .update(communityOwnershipRequests)
      .set({ status: accept ? 'accepted' : 'declined', answeredAt: sql`now()` })
      .where(eq(communityOwnershipRequests.id, offer.id));
    return oneOwnershipRequest(tx, offer.id);
  });
}
