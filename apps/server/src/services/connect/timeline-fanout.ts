import { inArray, sql } from 'drizzle-orm';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { timelineEvents, type TimelineEvent } from './timeline-tables.js';
import type { TimelineEntry, TimelineStore } from './timeline-store.js';

// Fan-out on write: the `connect.timeline-fanout` job claims the events the triggers wrote
// (timeline_events) and applies them to the timeline store. A claim lasts a minute, so a process
// that dies mid-batch leaves its events to another; an event is deleted once applied.

const CLAIM_SECONDS = 60;
const BATCH = 100;
/** A new follow brings this many of the followed person's latest posts into the timeline. */
export const FOLLOW_MERGE = 40;

type EventRow = RawRow<TimelineEvent>;

async function claim(db: Db): Promise<EventRow[]> {
  return executeRows<EventRow>(
    db,
    sql`UPDATE timeline_events SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      WHERE id IN (SELECT id FROM timeline_events WHERE claimed_until IS NULL OR claimed_until < now()
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, post_id AS "postId", actor_id AS "actorId", target_id AS "targetId", claimed_until AS "claimedUntil",
        created_at AS "createdAt"`,
  );
}

/** The shown posts (published, not hidden) among these, as timeline entries with their author's follower count. */
async function entriesOf(db: Tx, postIds: string[]) {
  if (!postIds.length) return new Map<string, TimelineEntry & { followers: number }>();
  const rows = await executeRows<TimelineEntry & { followers: number }>(
    db,
    sql`SELECT p.id AS "postId", p.author_id AS "authorId", p.published_at AS "sortAt",
      coalesce((SELECT followers_count FROM connect_profiles WHERE user_id = p.author_id), 0) AS followers
      FROM posts p WHERE p.id IN (${sql.join(
        postIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND p.status = 'published' AND p.hidden_at IS NULL AND p.published_at IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.postId, r]));
}

/** An author's latest shown posts, as timeline entries. */
export function latestOf(db: Tx, authorId: string, limit: number) {
  return executeRows<TimelineEntry>(
    db,
    sql`SELECT p.id AS "postId", p.author_id AS "authorId", p.published_at AS "sortAt" FROM posts p
      WHERE p.author_id = ${authorId} AND p.status = 'published' AND p.hidden_at IS NULL
      ORDER BY p.published_at DESC, p.id DESC LIMIT ${limit}`,
  );
}

export type FanOutStats = { events: number; delivered: number };

/** Applies one event to the store; how many timelines received a post. */
async function apply(db: Db, store: TimelineStore, e: EventRow, posts: Map<string, TimelineEntry & { followers: number }>) {
  switch (e.kind) {
    case 'post': {
      const entry = posts.get(e.postId ?? '');
      if (!entry) return 0; // deleted or hidden since: nothing to add
      // A very followed author's posts are pulled at read time (timeline-read.ts), not copied.
      const big = entry.followers >= store.settings.bigAccountFollowers;
      return store.fanOut(db, entry, big ? null : entry.authorId, [entry.authorId]);
    }
    case 'remove':
      await store.removePost(db, { postId: e.postId!, authorId: e.actorId });
      return 0;
    case 'follow':
      await store.merge(db, e.actorId, await latestOf(db, e.targetId!, FOLLOW_MERGE));
      return 0;
    case 'unfollow':
      await store.removeAuthor(db, e.actorId, e.targetId!);
      return 0;
  }
}

/** Claims and applies waiting events until none are left. */
export async function fanOutTimelines(db: Db, store: TimelineStore): Promise<FanOutStats> {
  const stats: FanOutStats = { events: 0, delivered: 0 };
  for (;;) {
    const events = await claim(db);
    if (!events.length) return stats;
    const posts = await entriesOf(
      db,
      events.filter((e) => e.kind === 'post').map((e) => e.postId!),
    );
    for (const e of events.sort((a, b) => Number(a.id) - Number(b.id))) {
      stats.delivered += await apply(db, store, e, posts);
      await db.delete(timelineEvents).where(inArray(timelineEvents.id, [Number(e.id)]));
      stats.events++;
    }
  }
}
