import { bigserial, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Home timelines, filled by fan-out on write (docs/connect.md). The truth is always the posts and
// follows tables; these rows (or the Redis sorted sets that replace them when REDIS_URL is set) are
// a cache of which posts each active person's home feed shows, rebuilt from the truth when missing.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What changed for the timelines, written by a trigger on posts and follows (sql/owo_timeline_event.sql)
 * in the transaction of the change, claimed and applied by the `connect.timeline-fanout` job. Until
 * an event is applied, home feeds pull it at read time, so a change shows at once.
 * kind: post (published, or shown again), remove (deleted, unpublished or hidden), follow, unfollow.
 */
export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['post', 'remove', 'follow', 'unfollow'] }).notNull(),
    /** The post (post, remove). */
    postId: uuid('post_id'),
    /** The post's author, or the follower. */
    actorId: uuid('actor_id').notNull(),
    /** The person followed or unfollowed. */
    targetId: uuid('target_id'),
    claimedUntil: ts('claimed_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('timeline_events_actor_idx').on(t.actorId, t.kind)],
);

/** People whose home timeline is kept (read in the last days): only they receive fan-out. */
export const timelineOwners = pgTable('timeline_owners', {
  userId: uuid('user_id').primaryKey(),
  readAt: ts('read_at').notNull().defaultNow(),
});

/** The database timeline store: one row per post in a person's home timeline, capped per person. */
export const homeTimelines = pgTable(
  'home_timelines',
  {
    userId: uuid('user_id').notNull(),
    postId: uuid('post_id').notNull(),
    authorId: uuid('author_id').notNull(),
    sortAt: ts('sort_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('home_timelines_page_idx').on(t.userId, t.sortAt.desc().nullsFirst(), t.postId.desc().nullsFirst()),
  ],
);

export type TimelineEvent = typeof timelineEvents.$inferSelect;
