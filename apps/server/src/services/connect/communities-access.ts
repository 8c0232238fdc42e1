import { and, eq, isNull, sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { communities, communityMembers, type MemberRole } from './communities-tables.js';
import type { CommunityHooks } from './deps.js';

// Who may do what in a community, and the hooks through which posts and feeds respect it.

/** The community as the access checks read it, with the caller's role in it (null: none). */
export type CommunityRow = Pick<typeof communities.$inferSelect, 'id' | 'visibility' | 'needsApproval' | 'ownerId'> & {
  role: MemberRole | null;
};

export const communityNotFound = () => notFound('Community not found', 'COMMUNITY_NOT_FOUND');
export const isMemberRole = (r: MemberRole | null) => r === 'owner' || r === 'admin' || r === 'member';
export const isStaff = (r: MemberRole | null) => r === 'owner' || r === 'admin';

/**
 * The community and the caller's role in it. `lock` takes the community's row for every change of
 * its membership, invites, join requests, roles or ownership, before any of those rows is touched:
 * one lock order, so two such changes queue on the community instead of deadlocking on each other's
 * rows. (NO KEY UPDATE: it excludes the other membership changes, not the plain readers nor a row
 * that merely refers to the community.)
 */
export async function communityFor(tx: Tx, userId: string, communityId: string, lock = false): Promise<CommunityRow> {
  // The lock first, then the read in a statement of its own: a statement that waited for the lock
  // still reads the members as they were when it began (before the change it waited for committed).
  if (lock) await tx.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId)).for('no key update');
  const [row] = await tx
    .select({
      id: communities.id,
      visibility: communities.visibility,
      needsApproval: communities.needsApproval,
      ownerId: communities.ownerId,
      role: communityMembers.role,
    })
    .from(communities)
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, userId)))
    .where(and(eq(communities.id, communityId), isNull(communities.removedAt)));
  if (!row) throw communityNotFound();
  return row;
}

/** For owner-or-admin actions: 403 for everyone else. */
export async function staffOf(tx: Tx, userId: string, communityId: string, lock = false): Promise<CommunityRow> {
  const c = await communityFor(tx, userId, communityId, lock);
  if (!isStaff(c.role)) throw forbidden('Only the owner or an admin of this community can do that', 'NOT_COMMUNITY_ADMIN');
  return c;
}

export async function ownerOf(tx: Tx, userId: string, communityId: string, lock = false): Promise<CommunityRow> {
  const c = await communityFor(tx, userId, communityId, lock);
  if (c.role !== 'owner') throw forbidden('Only the owner of this community can do that', 'NOT_COMMUNITY_OWNER');
  return c;
}

/**
 * May the caller read the community's posts and members? Public: everyone but the blocked; private:
 * members. (The same rule as `readsCommunity` in visibility.ts, which puts it into post statements.)
 */
export const canRead = (c: Pick<CommunityRow, 'visibility' | 'role'>) =>
  c.visibility === 'public' ? c.role !== 'blocked' : isMemberRole(c.role);

/** The community, for someone who may read its `what` (posts, members); 403 with the reason otherwise. */
export async function readerOf(tx: Tx, userId: string, communityId: string, what: 'posts' | 'members'): Promise<CommunityRow> {
  const c = await communityFor(tx, userId, communityId);
  if (!canRead(c))
    throw forbidden(
      c.role === 'blocked' ? `You can’t see this community’s ${what}` : `This community is private. Join it to see its ${what}`,
      'COMMUNITY_PRIVATE',
    );
  return c;
}

const URL_RE = /(https?:\/\/|www\.)\S+/i;
export const SPAM_RULES = {
  newMemberLinkHours: 24,
  repeatWindowHours: 24,
  repeatCount: 2,
  burstMinutes: 10,
  burstCount: 5,
};

/**
 * The documented spam rules (docs/decisions.md): a post is held back when (1) it has a link and its
 * author joined less than a day ago, (2) its author already posted the same text twice in the
 * community in the last day, or (3) its author already posted five times there in the last ten
 * minutes. Owners and admins are not checked.
 */
export async function spamCheck(tx: Tx, authorId: string, communityId: string, text: string): Promise<string | null> {
  const r = SPAM_RULES;
  const [row] = await executeRows<{ new_member: boolean; repeats: number; burst: number }>(
    tx,
    sql`SELECT
      coalesce((SELECT joined_at > now() - make_interval(hours => ${r.newMemberLinkHours}) FROM community_members
        WHERE community_id = ${communityId} AND user_id = ${authorId}), false) AS new_member,
      (SELECT count(*)::int FROM posts WHERE community_id = ${communityId} AND author_id = ${authorId} AND status <> 'deleted'
        AND created_at > now() - make_interval(hours => ${r.repeatWindowHours})
        AND lower(btrim(text)) = lower(btrim(${text})) AND btrim(${text}) <> '') AS repeats,
      (SELECT count(*)::int FROM posts WHERE community_id = ${communityId} AND author_id = ${authorId} AND status <> 'deleted'
        AND created_at > now() - make_interval(mins => ${r.burstMinutes})) AS burst`,
  );
  if (!row) return null;
  if (URL_RE.test(text) && row.new_member) return 'A link from a member who joined less than a day ago';
  if (row.repeats >= r.repeatCount) return 'The same text posted several times';
  if (row.burst >= r.burstCount) return 'Many posts in a few minutes';
  return null;
}

const memberCommunities = (userId: string) =>
  sql`SELECT community_id FROM community_members WHERE user_id = ${userId} AND role IN ('owner', 'admin', 'member')`;

/** The hooks the posts and feeds use (deps.ts). */
export const communityHooks: CommunityHooks = {
  communityGate: async (tx, authorId, communityId, text) => {
    const c = await communityFor(tx, authorId, communityId);
    if (c.role === 'blocked') throw forbidden('You can’t post in this community', 'COMMUNITY_BLOCKED');
    if (!isMemberRole(c.role)) throw forbidden('Join the community to post in it', 'NOT_COMMUNITY_MEMBER');
    await tx
      .update(communityMembers)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, authorId)));
    if (isStaff(c.role)) return { status: 'published', spamReason: null };
    const spam = await spamCheck(tx, authorId, communityId, text);
    if (spam) return { status: 'held', spamReason: spam };
    return { status: c.needsApproval ? 'pending' : 'published', spamReason: null };
  },
  communityFeedSources: (userId) => sql`p.community_id IN (${memberCommunities(userId)})`,
};
