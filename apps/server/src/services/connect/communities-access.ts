import { sql } from 'drizzle-orm';
import type { CommunityRole, Post } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { CommunityHooks } from './deps.js';

// Who may do what in a community, and the hooks through which posts and feeds respect it.

export type CommunityRow = {
  id: string;
  visibility: 'public' | 'private';
  needs_approval: boolean;
  owner_id: string;
  role: CommunityRole | null;
};

export const communityNotFound = () => notFound('Community not found', 'COMMUNITY_NOT_FOUND');
export const isMemberRole = (r: CommunityRole | null) => r === 'owner' || r === 'admin' || r === 'member';
export const isStaff = (r: CommunityRole | null) => r === 'owner' || r === 'admin';

/** The community and the caller's role in it (`lock` takes the row for update: membership changes). */
export async function communityFor(tx: Tx, userId: string, communityId: string, lock = false): Promise<CommunityRow> {
  const [row] = await executeRows<CommunityRow>(
    tx,
    sql`SELECT c.id, c.visibility, c.needs_approval, c.owner_id,
      (SELECT m.role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS role
      FROM communities c WHERE c.id = ${communityId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
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

/** May the caller read the community's posts? Public: everyone but the blocked; private: members. */
export const canRead = (c: Pick<CommunityRow, 'visibility' | 'role'>) =>
  c.visibility === 'public' ? c.role !== 'blocked' : isMemberRole(c.role);

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
    await tx.execute(
      sql`UPDATE community_members SET last_active_at = now() WHERE community_id = ${communityId} AND user_id = ${authorId}`,
    );
    if (isStaff(c.role)) return { status: 'published', spamReason: null };
    const spam = await spamCheck(tx, authorId, communityId, text);
    if (spam) return { status: 'held', spamReason: spam };
    return { status: c.needs_approval ? 'pending' : 'published', spamReason: null };
  },
  communityFeedSources: (userId) => sql`p.community_id IN (${memberCommunities(userId)})`,
  visibleCommunityPosts: (userId) => sql`(p.community_id IS NULL
    OR p.community_id IN (${memberCommunities(userId)})
    OR p.community_id IN (SELECT id FROM communities WHERE visibility = 'public'
      AND id NOT IN (SELECT community_id FROM community_members WHERE user_id = ${userId} AND role = 'blocked')))`,
  canSeeCommunityPost: async (db, userId, post: Post) => {
    if (!post.communityId) return true;
    const [c] = await executeRows<Pick<CommunityRow, 'visibility' | 'role'>>(
      db,
      sql`SELECT c.visibility, (SELECT role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${userId}) AS role
        FROM communities c WHERE c.id = ${post.communityId}`,
    );
    return !!c && (post.author._id === userId || canRead(c));
  },
};
