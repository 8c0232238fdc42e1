import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaItem, Story } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import type { BlobStorage } from '../../platform/storage.js';
import { removeUploads, uploadsOf } from '../upload/index.js';
import { peopleOf, type People } from './posts-read.js';
import { highlightLikes, highlights, highlightStories, stories, storyViews } from './tables.js';
import { seesHighlight, seesHighlightStory, seesStory } from './visibility.js';

export const STORY_HOURS = 24;
const DEFAULT_BACKGROUND = '#0b6e4f';
export const storyNotFound = () => notFound('Story not found', 'STORY_NOT_FOUND');
type Page = { page: number; limit: number };

/** A story as `storyColumns` reads it, with whether the viewer saw it. */
type StoryRow = RawRow<
  Pick<
    typeof stories.$inferSelect,
    'id' | 'authorId' | 'kind' | 'media' | 'text' | 'background' | 'audience' | 'viewCount' | 'createdAt' | 'expiresAt'
  >
> & { seen: boolean };

const iso = (d: string | Date) => new Date(d).toISOString();

function toStory(viewerId: string, people: People, r: StoryRow, now: Date): Story {
  return {
    _id: r.id,
    author: people.get(r.authorId) ?? { _id: r.authorId, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
    kind: r.kind,
    media: r.media,
    text: r.text,
    background: r.background,
    audience: r.audience,
    seen: r.seen,
    viewCount: r.authorId === viewerId ? r.viewCount : null,
    createdAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
    expired: new Date(r.expiresAt) <= now,
  };
}

const storyColumns = (viewerId: string) => sql`s.id, s.author_id AS "authorId", s.kind, s.media, s.text, s.background, s.audience,
  s.view_count AS "viewCount", s.created_at AS "createdAt", s.expires_at AS "expiresAt", EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.viewer_id = ${viewerId}) AS seen`;

export async function createStory(
  db: Db,
  authorId: string,
  body: { kind: 'image' | 'video' | 'text'; mediaUrl?: string; text?: string; background?: string; audience: 'everyone' | 'close_friends' },
  now = new Date(),
): Promise<Story> {
  let media: MediaItem | null = null;
  if (body.kind !== 'text') {
    const [u] = await uploadsOf(db, authorId, [body.mediaUrl!]);
    if (!u || u.url !== body.mediaUrl || u.kind !== body.kind)
      throw badRequest(body.kind === 'video' ? 'Add a video you uploaded' : 'Add a photo you uploaded', 'MEDIA_NOT_FOUND');
    media = { url: u.url, thumbnailUrl: u.thumbnailUrl, kind: u.kind, width: u.width, height: u.height, durationMs: u.durationMs };
  }
  const id = newId();
  await db.insert(stories).values({
    id,
    authorId,
    kind: body.kind,
    media,
    text: body.text || null,
    background: body.kind === 'text' ? (body.background ?? DEFAULT_BACKGROUND) : (body.background ?? null),
    audience: body.audience,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STORY_HOURS * 3_600_000),
  });
  return (await getStory(db, authorId, id, now))!;
}

/** The story if the caller may see it, else null. */
export async function getStory(db: Tx, viewerId: string, storyId: string, now = new Date()): Promise<Story | null> {
  const [row] = await executeRows<StoryRow>(
    db,
    sql`SELECT ${storyColumns(viewerId)} FROM stories s WHERE s.id = ${storyId} AND ${seesStory(viewerId, now)}`,
  );
  if (!row) return null;
  return toStory(viewerId, await peopleOf(db, [row.authorId]), row, now);
}

/**
 * The live stories the caller may see, grouped by author: the caller's own first, then authors
 * with stories the caller has not seen, then the rest, latest first; a page of authors at a time.
 */
export async function storyGroups(db: Tx, viewerId: string, p: Page, now = new Date()) {
  const rows = await executeRows<Pick<StoryRow, 'authorId'> & { hasUnseen: boolean; latest: string; stories: StoryRow[]; total: number }>(
    db,
    sql`WITH vis AS (
        SELECT ${storyColumns(viewerId)} FROM stories s
        WHERE s.expires_at > ${now} AND (s.author_id = ${viewerId}
          OR s.author_id IN (SELECT followee_id FROM follows WHERE follower_id = ${viewerId})) AND ${seesStory(viewerId, now)}
      ),
      groups AS (SELECT "authorId" AS author_id, bool_or(NOT seen) AS has_unseen, max("createdAt") AS latest FROM vis
        GROUP BY "authorId")
      SELECT g.author_id AS "authorId", g.has_unseen AND g.author_id <> ${viewerId} AS "hasUnseen", g.latest,
        (SELECT json_agg(v ORDER BY v."createdAt") FROM vis v WHERE v."authorId" = g.author_id) AS stories,
        count(*) OVER ()::int AS total
      FROM groups g
      ORDER BY (g.author_id = ${viewerId}) DESC, g.has_unseen DESC, g.latest DESC
      LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const people = await peopleOf(
    db,
    rows.map((r) => r.authorId),
  );
  const items = rows.map((g) => ({
    author: people.get(g.authorId)!,
    isMine: g.authorId === viewerId,
    hasUnseen: g.hasUnseen,
    latestAt: iso(g.latest),
    stories: g.stories.map((s) => toStory(viewerId, people, s, now)),
  }));
  return { items: items.filter((g) => g.author), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

/** The caller's own stories, newest first, expired ones too unless asked otherwise (to make highlights). */
export async function myStories(db: Tx, userId: string, p: Page & { includeExpired: boolean }, now = new Date()) {
  const live = p.includeExpired ? sql`true` : sql`s.expires_at > ${now}`;
  const rows = await executeRows<StoryRow & { total: number }>(
    db,
    sql`SELECT ${storyColumns(userId)}, count(*) OVER ()::int AS total FROM stories s WHERE s.author_id = ${userId} AND ${live}
      ORDER BY s.created_at DESC, s.id DESC LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`,
  );
  const people = await peopleOf(db, [userId]);
  return { items: rows.map((r) => toStory(userId, people, r, now)), pagination: pageInfo(p.page, p.limit, rows[0]?.total ?? 0) };
}

/** Records that the caller saw a live story (once; never the author's own look). */
export async function viewStory(db: Tx, viewerId: string, storyId: string, now = new Date()): Promise<Story> {
  const story = await getStory(db, viewerId, storyId, now);
  if (!story || (story.expired && story.author._id !== viewerId)) throw storyNotFound();
  if (story.author._id !== viewerId) {
    await db.execute(sql`WITH seen AS (INSERT INTO story_views (story_id, viewer_id, viewed_at) VALUES (${storyId}, ${viewerId}, ${now})
        ON CONFLICT DO NOTHING RETURNING story_id)
      UPDATE stories SET view_count = view_count + (SELECT count(*) FROM seen) WHERE id = ${storyId}`);
  }
  return { ...story, seen: story.author._id !== viewerId || story.seen };
}

/** Who viewed the author's story and when, newest first, with the count (also after it expired). */
export async function storyInsights(db: Tx, userId: string, storyId: string, p: Page, now = new Date()) {
  const [row] = await db.select({ authorId: stories.authorId, viewCount: stories.viewCount }).from(stories).where(eq(stories.id, storyId));
  if (!row) throw storyNotFound();
  if (row.authorId !== userId) {
    if (await getStory(db, userId, storyId, now)) throw forbidden("Only the story's author can see who viewed it", 'NOT_AUTHOR');
    throw storyNotFound();
  }
  const viewers = await db
    .select({ viewerId: storyViews.viewerId, viewedAt: storyViews.viewedAt })
    .from(storyViews)
    .where(eq(storyViews.storyId, storyId))
    .orderBy(desc(storyViews.viewedAt), asc(storyViews.viewerId))
    .limit(p.limit)
    .offset((p.page - 1) * p.limit);
  const people = await peopleOf(
    db,
    viewers.map((v) => v.viewerId),
  );
  return {
    data: {
      storyId,
      viewCount: row.viewCount,
      viewers: viewers.flatMap((v) => (people.has(v.viewerId) ? [{ user: people.get(v.viewerId)!, viewedAt: iso(v.viewedAt) }] : [])),
    },
    pagination: pageInfo(p.page, p.limit, row.viewCount),
  };
}

/**
 * Deletes the media files of expired stories that no highlight keeps (and that no post, live
 * story or highlight cover uses): a batch at a time, the rows claimed so that several server
 * processes never clean the same story.
 */
export async function cleanUpStoryMedia(db: Db, storage: BlobStorage, now = new Date(), batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await executeRows<Pick<typeof stories.$inferSelect, 'id'> & { url: string; inUse: boolean }>(
      tx,
      sql`SELECT s.id, s.media->>'url' AS url,
          (EXISTS (SELECT 1 FROM posts p WHERE p.media @> jsonb_build_array(jsonb_build_object('url', s.media->>'url')))
            OR EXISTS (SELECT 1 FROM stories o WHERE o.id <> s.id AND o.media->>'url' = s.media->>'url'
              AND (o.expires_at > ${now} OR EXISTS (SELECT 1 FROM highlight_stories hs WHERE hs.story_id = o.id)))
            OR EXISTS (SELECT 1 FROM highlights h WHERE h.cover_url IN (s.media->>'url', s.media->>'thumbnailUrl'))) AS "inUse"
        FROM stories s
        WHERE s.expires_at <= ${now} AND s.media IS NOT NULL AND s.media_removed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM highlight_stories hs WHERE hs.story_id = s.id)
        ORDER BY s.expires_at LIMIT ${batch} FOR UPDATE OF s SKIP LOCKED`,
    );
    if (rows.length === 0) return 0;
    await removeUploads(
      tx,
      storage,
      rows.filter((r) => !r.inUse).map((r) => r.url),
    );
    await tx
      .update(stories)
      .set({ mediaRemovedAt: now })
      .where(
        inArray(
          stories.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

// --- highlights ----------------------------------------------------------------------------------

export const highlightNotFound = () => notFound('Highlight not found', 'HIGHLIGHT_NOT_FOUND');

async function ownStories(tx: Tx, userId: string, storyIds: string[]) {
  const unique = [...new Set(storyIds)];
  const rows = await tx
    .select({ id: stories.id, media: stories.media })
    .from(stories)
    .where(and(eq(stories.authorId, userId), inArray(stories.id, unique)));
  if (rows.length !== unique.length) throw badRequest('Choose stories of your own', 'STORY_NOT_FOUND');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

async function coverFor(tx: Tx, userId: string, coverUrl: string | null | undefined, chosen: { media: MediaItem | null }[]) {
  if (coverUrl) {
    const fromStory = chosen.some((s) => s.media && (s.media.url === coverUrl || s.media.thumbnailUrl === coverUrl));
    if (!fromStory && (await uploadsOf(tx, userId, [coverUrl])).length === 0)
      throw badRequest('Choose a cover photo you uploaded', 'MEDIA_NOT_FOUND');
    return coverUrl;
  }
  const first = chosen.find((s) => s.media);
  return first?.media ? (first.media.thumbnailUrl ?? first.media.url) : null;
}

async function setStories(tx: Tx, highlightId: string, storyIds: string[]) {
  await tx.delete(highlightStories).where(eq(highlightStories.highlightId, highlightId));
  await tx.insert(highlightStories).values([...new Set(storyIds)].map((storyId, position) => ({ highlightId, storyId, position })));
}

export async function createHighlight(db: Db, userId: string, body: { title: string; storyIds: string[]; coverUrl?: string }) {
  const id = newId();
  await db.transaction(async (tx) => {
    const chosen = await ownStories(tx, userId, body.storyIds);
    await tx
      .insert(highlights)
      .values({ id, ownerId: userId, title: body.title, coverUrl: await coverFor(tx, userId, body.coverUrl, chosen) });
    await setStories(tx, id, body.storyIds);
  });
  return (await highlightsOf(db, userId, { userId, page: 1, limit: 1, only: id })).items[0]!;
}

async function ownHighlight(tx: Tx, userId: string, id: string) {
  const [row] = await tx.select().from(highlights).where(eq(highlights.id, id)).for('update');
  if (!row) throw highlightNotFound();
  if (row.ownerId !== userId) throw forbidden('Only its owner can change this highlight', 'NOT_OWNER');
  return row;
}

export async function editHighlight(
  db: Db,
  userId: string,
  id: string,
  body: { title?: string; storyIds?: string[]; coverUrl?: string | null },
) {
  await db.transaction(async (tx) => {
    const row = await ownHighlight(tx, userId, id);
    const chosen = body.storyIds ? await ownStories(tx, userId, body.storyIds) : [];
    if (body.storyIds) await setStories(tx, id, body.storyIds);
    const coverUrl = body.coverUrl === undefined ? row.coverUrl : await coverFor(tx, userId, body.coverUrl, chosen);
    await tx
      .update(highlights)
      .set({ title: body.title ?? row.title, coverUrl })
      .where(eq(highlights.id, id));
  });
  return (await highlightsOf(db, userId, { userId, page: 1, limit: 1, only: id })).items[0]!;
}

export async function deleteHighlight(db: Db, userId: string, id: string) {
  await db.transaction(async (tx) => {
    await ownHighlight(tx, userId, id);
    await tx.delete(highlightStories).where(eq(highlightStories.highlightId, id));
    await tx.delete(highlightLikes).where(eq(highlightLikes.highlightId, id));
    await tx.delete(highlights).where(eq(highlights.id, id));
  });
}

/** A highlight as `highlightsOf` reads it, with its stories the viewer may see. */
type HighlightRow = RawRow<Pick<typeof highlights.$inferSelect, 'id' | 'ownerId' | 'title' | 'coverUrl' | 'likesCount' | 'createdAt'>> & {
  isLiked: boolean;
  stories: StoryRow[] | null;
  total: number;
};

/**
 * A person's highlights with their stories, newest first. A close-friends story shows only to
 * the owner and their close friends; a highlight with nothing the caller may see is left out.
 */
export async function highlightsOf(db: Tx, viewerId: string, q: Page & { userId?: string; only?: string }, now = new Date()) {
  const ownerId = q.userId ?? viewerId;
  const only = q.only ? sql`AND h.id = ${q.only}` : sql``;
  const rows = await executeRows<HighlightRow>(
    db,
    sql`SELECT h.id, h.owner_id AS "ownerId", h.title, h.cover_url AS "coverUrl", h.likes_count AS "likesCount",
        h.created_at AS "createdAt",
        EXISTS (SELECT 1 FROM highlight_likes l WHERE l.highlight_id = h.id AND l.user_id = ${viewerId}) AS "isLiked",
        (SELECT json_agg(st ORDER BY st.position) FROM (
          SELECT ${storyColumns(viewerId)}, hs.position FROM highlight_stories hs JOIN stories s ON s.id = hs.story_id
          WHERE hs.highlight_id = h.id AND ${seesHighlightStory(viewerId)}) st) AS stories,
        count(*) OVER ()::int AS total
      FROM highlights h WHERE h.owner_id = ${ownerId} ${only} AND ${seesHighlight(viewerId)}
      ORDER BY h.created_at DESC, h.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  const people = await peopleOf(db, [ownerId]);
  const items = rows
    .filter((h) => (h.stories?.length ?? 0) > 0)
    .map((h) => ({
      _id: h.id,
      owner: people.get(h.ownerId)!,
      title: h.title,
      coverUrl: h.coverUrl,
      stories: h.stories!.map((s) => toStory(viewerId, people, s, now)),
      isLiked: h.isLiked,
      likes: { likesCount: h.likesCount },
      createdAt: iso(h.createdAt),
    }));
  return { items, pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0) };
}

export async function setHighlightLike(db: Tx, userId: string, id: string, liked: boolean) {
  const change = liked
    ? sql`INSERT INTO highlight_likes (highlight_id, user_id) SELECT id, ${userId}::uuid FROM target ON CONFLICT DO NOTHING RETURNING highlight_id`
    : sql`DELETE FROM highlight_likes WHERE highlight_id IN (SELECT id FROM target) AND user_id = ${userId} RETURNING highlight_id`;
  const [row] = await executeRows<Pick<typeof highlights.$inferSelect, 'likesCount'>>(
    db,
    sql`WITH target AS (SELECT h.id FROM highlights h WHERE h.id = ${id} AND ${seesHighlight(userId)}), changed AS (${change})
      UPDATE highlights SET likes_count = greatest(0, likes_count ${liked ? sql`+` : sql`-`} (SELECT count(*) FROM changed))
      WHERE id IN (SELECT id FROM target) RETURNING likes_count AS "likesCount"`,
  );
  if (!row) throw highlightNotFound();
  return { _id: id, isLiked: liked, likesCount: row.likesCount };
}
