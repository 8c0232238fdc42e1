import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MediaItem } from '@owo/contracts';

// The Drizzle tables the connect service owns. Counters the client shows are kept on the rows and
// changed in the same transaction (or statement) as the row that causes them (ARCHITECTURE.md 11).

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const postCategories = pgTable('post_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

/**
 * Posts, quotes (reposts with thought) and plain reposts. A plain repost is a row of its own
 * (kind 'repost', repost_of the original) so feeds can order it by when it was reposted.
 * Status: published, draft, pending (waiting for a community's approval), held (as spam), deleted.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id').notNull(),
    communityId: uuid('community_id'),
    kind: text('kind', { enum: ['post', 'quote', 'repost'] }).notNull(),
    repostOf: uuid('repost_of'),
    status: text('status', { enum: ['published', 'draft', 'pending', 'held', 'deleted'] }).notNull(),
    text: text('text').notNull().default(''),
    media: jsonb('media').$type<MediaItem[]>().notNull().default([]),
    categoryId: text('category_id'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mentionIds: uuid('mention_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    likesCount: integer('likes_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    repostCount: integer('repost_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    /** Why a community post was held back as spam (see communities.service.ts spamCheck). */
    spamReason: text('spam_reason'),
    /** Set when enough distinct people reported it: out of every feed until reviewed. */
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
    editedAt: ts('edited_at'),
  },
  (t) => [
    // Feeds and profile tabs: one author's published posts, newest first.
    // kind, repost_of and community_id ride along so a feed page is picked from the index alone (bench/feed.ts).
    index('posts_author_feed_idx')
      .on(t.authorId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.kind, t.repostOf, t.communityId)
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null`),
    index('posts_category_feed_idx')
      .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null and ${t.kind} <> 'repost'`),
    index('posts_community_feed_idx')
      .on(t.communityId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null and ${t.communityId} is not null`),
    index('posts_drafts_idx')
      .on(t.authorId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.status} = 'draft'`),
    index('posts_repost_of_idx')
      .on(t.repostOf)
      .where(sql`${t.repostOf} is not null`),
    // Connect's search by words (search.ts): trigrams of the shown posts' text, for ILIKE '%words%'.
    index('posts_text_trgm_idx')
      .using('gin', sql`${t.text} gin_trgm_ops`)
      .where(sql`${t.status} = 'published' and ${t.hiddenAt} is null and ${t.kind} <> 'repost'`),
    // Is this upload used by a post? (before an expired story's media is deleted)
    index('posts_media_idx').using('gin', sql`${t.media} jsonb_path_ops`),
    // Once per person: a second plain repost of the same post is refused by the database.
    uniqueIndex('posts_one_repost_key')
      .on(t.authorId, t.repostOf)
      .where(sql`${t.kind} = 'repost' and ${t.status} = 'published'`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_post_time_idx').on(t.postId, t.createdAt)],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey(),
    postId: uuid('post_id').notNull(),
    authorId: uuid('author_id').notNull(),
    text: text('text').notNull(),
    /** Distinct people who reported it, until a moderator reviews it (comment_reports). */
    reportCount: integer('report_count').notNull().default(0),
    /** Set when enough distinct people reported it: shown to its author only until reviewed. */
    hiddenAt: ts('hidden_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('post_comments_post_idx').on(t.postId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The moderation queue: the comments with reports waiting for review.
    index('post_comments_reported_idx')
      .on(t.reportCount.desc().nullsFirst(), t.id)
      .where(sql`${t.reportCount} > 0`),
  ],
);

/** One report per person per comment; like post_reports. */
export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: uuid('comment_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.reporterId] })],
);

/** Views for insights: once per viewer per post per day (Lagos day). */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id').notNull(),
    viewerId: uuid('viewer_id').notNull(),
    day: date('day').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.viewerId] })],
);

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id').notNull(),
    tag: text('tag').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tag] }),
    index('post_tags_recent_idx').on(t.createdAt, t.tag),
    // Hashtags beginning with what is typed (search.ts: LIKE 'tag%').
    index('post_tags_prefix_idx').using('btree', sql`${t.tag} text_pattern_ops`),
  ],
);

export const postMentions = pgTable(
  'post_mentions',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_mentions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

export const postReports = pgTable(
  'post_reports',
  {
    postId: uuid('post_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.reporterId] })],
);

export const savedCollections = pgTable(
  'saved_collections',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_collections_name_key').on(t.ownerId, sql`lower(${t.name})`)],
);

export const postSaves = pgTable(
  'post_saves',
  {
    userId: uuid('user_id').notNull(),
    postId: uuid('post_id').notNull(),
    collectionId: uuid('collection_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('post_saves_user_time_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
    index('post_saves_collection_idx').on(t.collectionId, t.createdAt.desc().nullsFirst()),
    index('post_saves_post_idx').on(t.postId, t.createdAt),
  ],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id').notNull(),
    followeeId: uuid('followee_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Each person's Connect counters, changed with the rows that cause them. */
export const connectProfiles = pgTable(
  'connect_profiles',
  {
    userId: uuid('user_id').primaryKey(),
    postsCount: integer('posts_count').notNull().default(0),
    followersCount: integer('followers_count').notNull().default(0),
    followingsCount: integer('followings_count').notNull().default(0),
  },
  (t) => [index('connect_profiles_popular_idx').on(t.followersCount.desc().nullsFirst())],
);

export const closeFriends = pgTable(
  'close_friends',
  {
    ownerId: uuid('owner_id').notNull(),
    friendId: uuid('friend_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.friendId] })],
);

export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    authorId: uuid('author_id').notNull(),
    kind: text('kind', { enum: ['image', 'video', 'text'] }).notNull(),
    media: jsonb('media').$type<MediaItem>(),
    text: text('text'),
    background: text('background'),
    audience: text('audience', { enum: ['everyone', 'close_friends'] }).notNull(),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** When its media files were deleted after it expired (kept while it is in a highlight). */
    mediaRemovedAt: ts('media_removed_at'),
  },
  (t) => [
    index('stories_author_live_idx').on(t.authorId, t.expiresAt),
    index('stories_cleanup_idx')
      .on(t.expiresAt)
      .where(sql`${t.media} is not null and ${t.mediaRemovedAt} is null`),
    index('stories_media_url_idx').on(sql`(${t.media}->>'url')`),
  ],
);

export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid('story_id').notNull(),
    viewerId: uuid('viewer_id').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.viewerId] }), index('story_views_viewer_idx').on(t.viewerId)],
);

export const highlights = pgTable(
  'highlights',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    title: text('title').notNull(),
    coverUrl: text('cover_url'),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('highlights_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst())],
);

export const highlightStories = pgTable(
  'highlight_stories',
  {
    highlightId: uuid('highlight_id').notNull(),
    storyId: uuid('story_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.storyId] }), index('highlight_stories_story_idx').on(t.storyId)],
);

export const highlightLikes = pgTable(
  'highlight_likes',
  {
    highlightId: uuid('highlight_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.highlightId, t.userId] })],
);

export * from './communities-tables.js';
export * from './timeline-tables.js';
