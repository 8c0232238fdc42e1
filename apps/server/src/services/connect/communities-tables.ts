import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Communities (groups inside Connect). Roles live on the membership row: owner (one per community,
// also communities.owner_id), admin, member, and blocked (a row that keeps someone out).

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id').notNull(),
    coverUrl: text('cover_url'),
    avatarUrl: text('avatar_url'),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    needsApproval: boolean('needs_approval').notNull().default(false),
    ownerId: uuid('owner_id').notNull(),
    /** Owners, admins and members (not the blocked), changed with the membership rows. */
    membersCount: integer('members_count').notNull().default(0),
    /** Distinct people who reported it, until a moderator reviews it (community_reports). */
    reportCount: integer('report_count').notNull().default(0),
    /** Set when enough distinct people reported it: left out of discovery until reviewed (members still see it). */
    hiddenAt: ts('hidden_at'),
    /** Set when a moderator removed it: gone for everyone, its posts read by their authors only. */
    removedAt: ts('removed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The moderation queue: the communities with reports waiting for review.
    index('communities_reported_idx')
      .on(t.reportCount.desc().nullsFirst(), t.id)
      .where(sql`${t.reportCount} > 0`),
    index('communities_category_idx').on(t.categoryId, t.membersCount.desc().nullsFirst(), t.id),
    index('communities_popular_idx').on(t.membersCount.desc().nullsFirst(), t.id),
    // Typo-tolerant search by name and description (pg_trgm word similarity).
    index('communities_search_idx').using('gin', sql`(${t.name} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);

export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'blocked'] }).notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    lastActiveAt: ts('last_active_at'),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_members_user_idx').on(t.userId, t.role),
    index('community_members_list_idx').on(t.communityId, t.role, t.joinedAt),
  ],
);

export const communityJoinRequests = pgTable(
  'community_join_requests',
  {
    communityId: uuid('community_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_join_requests_user_idx').on(t.userId, t.createdAt)],
);

/** One report per person per community; like post_reports. */
export const communityReports = pgTable(
  'community_reports',
  {
    communityId: uuid('community_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.reporterId] })],
);

/** Pending invites (answered or undone invites are deleted). */
export const communityInvites = pgTable(
  'community_invites',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id').notNull(),
    inviterId: uuid('inviter_id').notNull(),
    inviteeId: uuid('invitee_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invites_once_idx').on(t.communityId, t.inviteeId),
    index('community_invites_invitee_idx').on(t.inviteeId, t.createdAt),
  ],
);

export const communityOwnershipRequests = pgTable(
  'community_ownership_requests',
  {
    id: uuid('id').primaryKey(),
    communityId: uuid('community_id').notNull(),
    fromId: uuid('from_id').notNull(),
    toId: uuid('to_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    // One open offer per community at a time.
    uniqueIndex('community_ownership_pending_idx')
      .on(t.communityId)
      .where(sql`${t.status} = 'pending'`),
    index('community_ownership_to_idx').on(t.toId, t.status),
    index('community_ownership_from_idx').on(t.fromId, t.status),
  ],
);

/** A role on a membership row. */
export type MemberRole = (typeof communityMembers.$inferSelect)['role'];
