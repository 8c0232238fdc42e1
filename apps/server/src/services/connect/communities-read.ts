import { sql, type SQL } from 'drizzle-orm';
import type { Community } from '@owo/contracts';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { communityNotFound, isMemberRole } from './communities-access.js';
import { communityCategoryOf, isCommunityCategory } from './communities-catalogue.js';
import type { communities, MemberRole } from './communities-tables.js';
import { peopleOf } from './posts-read.js';

// Communities: reading them (one statement per page, with the caller's role and requests). Creating
// and editing are in communities-edit.ts; membership (join, leave, requests, roles, blocks) in
// communities-membership.ts, ownership transfer in communities-ownership.ts, invites in
// communities-invites.ts and the people lists in communities-lists.ts.

export type Page = { page: number; limit: number };
export const offset = (p: Page) => (p.page - 1) * p.limit;

/** A community as `communitySelect` reads it, with the viewer's role and requests and the page's total. */
type CommunityDbRow = RawRow<
  Pick<
    typeof communities.$inferSelect,
    | 'id'
    | 'name'
    | 'description'
    | 'categoryId'
    | 'coverUrl'
    | 'avatarUrl'
    | 'visibility'
    | 'needsApproval'
    | 'ownerId'
    | 'membersCount'
    | 'createdAt'
  >
> & {
  postsCount: number;
  role: MemberRole | null;
  joinRequested: boolean;
  inviteId: string | null;
  ownershipOffered: boolean;
  joinRequests: number | null;
  postRequests: number | null;
  total: number;
};

/** `value` for the community's owner and admins (who decide requests), null for everyone else. */
const manages = (viewerId: string, value: SQL) => sql`CASE WHEN EXISTS (SELECT 1 FROM community_members m
      WHERE m.community_id = c.id AND m.user_id = ${viewerId} AND m.role IN ('owner', 'admin')) THEN ${value} END`;

const communitySelect = (viewerId: string) => sql`
  SELECT c.id, c.name, c.description, c.category_id AS "categoryId", c.cover_url AS "coverUrl", c.avatar_url AS "avatarUrl",
    c.visibility, c.needs_approval AS "needsApproval", c.owner_id AS "ownerId", c.members_count AS "membersCount",
    c.created_at AS "createdAt",
    (SELECT count(*)::int FROM posts p WHERE p.community_id = c.id AND p.status = 'published' AND p.hidden_at IS NULL
      AND p.kind <> 'repost') AS "postsCount",
    (SELECT m.role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewerId}) AS role,
    EXISTS (SELECT 1 FROM community_join_requests r WHERE r.community_id = c.id AND r.user_id = ${viewerId}) AS "joinRequested",
    (SELECT i.id FROM community_invites i WHERE i.community_id = c.id AND i.invitee_id = ${viewerId}) AS "inviteId",
    EXISTS (SELECT 1 FROM community_ownership_requests o WHERE o.community_id = c.id AND o.to_id = ${viewerId}
      AND o.status = 'pending') AS "ownershipOffered",
    ${manages(viewerId, sql`(SELECT count(*)::int FROM community_join_requests r WHERE r.community_id = c.id)`)} AS "joinRequests",
    ${manages(viewerId, sql`(SELECT count(*)::int FROM posts p WHERE p.community_id = c.id AND p.status = 'pending')`)} AS "postRequests",
    count(*) OVER ()::int AS total
  FROM communities c`;

async function toCommunities(db: Tx, rows: CommunityDbRow[]): Promise<Community[]> {
  const people = await peopleOf(
    db,
    rows.map((r) => r.ownerId),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    category: communityCategoryOf(r.categoryId),
    coverUrl: r.coverUrl,
    avatarUrl: r.avatarUrl,
    visibility: r.visibility,
    needsApproval: r.needsApproval,
    owner: people.get(r.ownerId) ?? { _id: r.ownerId, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
    membersCount: r.membersCount,
    postsCount: r.postsCount,
    isMember: isMemberRole(r.role),
    role: r.role,
    joinRequested: r.joinRequested,
    inviteId: r.inviteId,
    ownershipOffered: r.ownershipOffered,
    requests: r.joinRequests === null ? null : { join: Number(r.joinRequests), posts: Number(r.postRequests ?? 0) },
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

/** A community a moderator has not removed (removed ones are gone for everyone). */
const live = sql`c.removed_at IS NULL`;
/** In discovery (the lists of communities one may join): live, and not hidden by its reports until reviewed. */
const discoverable = sql`${live} AND c.hidden_at IS NULL`;

async function communityPage(db: Tx, viewerId: string, where: SQL, order: SQL, p: Page) {
  const rows = await executeRows<CommunityDbRow>(
    db,
    sql`${communitySelect(viewerId)} WHERE ${live} AND ${where} ORDER BY ${order} LIMIT ${p.limit} OFFSET ${offset(p)}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && p.page > 1) {
    const [n] = await executeRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM communities c WHERE ${live} AND ${where}`);
    total = n?.n ?? 0;
  }
  return { items: await toCommunities(db, rows), pagination: pageInfo(p.page, p.limit, total) };
}

export async function getCommunity(db: Tx, viewerId: string, id: string): Promise<Community> {
  const rows = await executeRows<CommunityDbRow>(db, sql`${communitySelect(viewerId)} WHERE ${live} AND c.id = ${id}`);
  if (!rows[0]) throw communityNotFound();
  return (await toCommunities(db, rows))[0]!;
}

const popular = sql`c.members_count DESC, c.created_at DESC, c.id`;

/** Discover: the most joined first, or those matching `search` (by name and description, tolerant of typos) best first. */
export async function discoverCommunities(db: Db, viewerId: string, q: Page & { search?: string; category?: string }) {
  const byCategory = q.category ? sql`${discoverable} AND c.category_id = ${q.category}` : discoverable;
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
  return communityPage(db, viewerId, sql`${discoverable} AND c.category_id = ${category}`, popular, p);
}
