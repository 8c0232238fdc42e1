import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreatePostBody, MediaItem, Post } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { uploadsOf } from '../upload/index.js';
import { refuseBanned, usersByNickNames } from '../user/index.js';
import { isCategory } from './catalogue.js';
import { tellMentioned, tellPostRequest } from './news.js';
import { readPost } from './posts-read.js';
import { connectProfiles, postMentions, posts, postTags } from './tables.js';
import { hashtagsOf, mentionsOf } from './text.js';
import { seesPost } from './visibility.js';

// Writing posts: create, edit, delete, drafts and a community's approval. What others do with a
// post is in posts-engagement.ts, its author's insights in posts-insights.ts.

/** How a post in a community is admitted: given by the communities part, which owns those rules. */
/** Admits a post to a community: published, waiting for approval, or held as spam (with the reason); throws for those who may not post. */
export type CommunityGate = (
  tx: Tx,
  authorId: string,
  communityId: string,
  text: string,
) => Promise<{ status: 'published' | 'pending' | 'held'; spamReason: string | null }>;

export const postNotFound = () => notFound('Post not found', 'POST_NOT_FOUND');

/**
 * The posting rule of a moderator's ban (user/bans.ts): a banned person writes no post, draft, quote
 * or repost, edits none and publishes no draft (403 BANNED, before anything is written).
 */
export const mayPost = (tx: Tx, userId: string) => refuseBanned(tx, userId, 'post');

/** A Lagos calendar day (UTC+1, no daylight saving) of a timestamptz expression. */
export const lagosDay = (col: ReturnType<typeof sql>) => sql`((${col} AT TIME ZONE 'UTC') + interval '1 hour')::date`;

/** Adds to a person's Connect counters (creating their row on first use). */
export async function bumpProfile(tx: Tx, userId: string, by: { posts?: number; followers?: number; followings?: number }) {
  const [p, fs, fg] = [by.posts ?? 0, by.followers ?? 0, by.followings ?? 0];
  await tx
    .insert(connectProfiles)
    .values({ userId, postsCount: Math.max(0, p), followersCount: Math.max(0, fs), followingsCount: Math.max(0, fg) })
    .onConflictDoUpdate({
      target: connectProfiles.userId,
      set: {
        postsCount: sql`greatest(0, ${connectProfiles.postsCount} + ${p})`,
        followersCount: sql`greatest(0, ${connectProfiles.followersCount} + ${fs})`,
        followingsCount: sql`greatest(0, ${connectProfiles.followingsCount} + ${fg})`,
      },
    });
}

/** The media items for these URLs, which must be the author's own uploads: up to 10 images, or one video alone. */
export async function mediaFor(db: Tx, authorId: string, items: { url: string }[]): Promise<MediaItem[]> {
  if (items.length === 0) return [];
  const found = new Map(
    (
      await uploadsOf(
        db,
        authorId,
        items.map((m) => m.url),
      )
    ).map((u) => [u.url, u]),
  );
  const media = items.map(({ url }) => {
    const u = found.get(url);
    if (!u || u.kind === 'audio') throw badRequest('Add photos or a video you uploaded', 'MEDIA_NOT_FOUND');
    return { url: u.url, thumbnailUrl: u.thumbnailUrl, kind: u.kind, width: u.width, height: u.height, durationMs: u.durationMs };
  });
  if (media.some((m) => m.kind === 'video') && media.length > 1) throw badRequest('A post can have one video, on its own', 'MEDIA_MIXED');
  return media;
}

/** The people a text mentions (@nickname), its author left out. */
export async function mentionIds(db: Tx, authorId: string, text: string): Promise<string[]> {
  const nicks = mentionsOf(text);
  if (nicks.length === 0) return [];
  return (await usersByNickNames(db, nicks)).map((u) => u.id).filter((id) => id !== authorId);
}

/** Writes a published post's tags and mentions (for suggested tags and the tagged tab). */
async function indexPost(tx: Tx, postId: string, tags: string[], mentions: string[]) {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  await tx.delete(postMentions).where(eq(postMentions.postId, postId));
  if (tags.length) await tx.insert(postTags).values(tags.map((tag) => ({ postId, tag })));
  if (mentions.length) await tx.insert(postMentions).values(mentions.map((userId) => ({ postId, userId })));
}

const checkCategory = (category: string | null | undefined) => {
  if (category && !isCategory(category)) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
};

export type CreatePost = {
  body: Omit<CreatePostBody, 'draft' | 'media' | 'tags' | 'text'> & {
    text: string;
    media: { url: string }[];
    tags: string[];
    draft: boolean;
  };
  community?: CommunityGate | null;
  kind?: 'post' | 'quote';
  quoteOf?: string;
};

/** Creates a post (published, a draft, or waiting for a community's approval) and returns it as its author sees it. */
export async function createPost(db: Db, authorId: string, { body, community, kind = 'post', quoteOf }: CreatePost): Promise<Post> {
  checkCategory(body.category);
  if (body.communityId && !community) throw notFound('Community not found', 'COMMUNITY_NOT_FOUND');
  const id = newId();
  await db.transaction(async (tx) => {
    await mayPost(tx, authorId);
    const media = await mediaFor(tx, authorId, body.media);
    const mentions = await mentionIds(tx, authorId, body.text);
    const tags = hashtagsOf(body.text, body.tags);
    let status: 'published' | 'draft' | 'pending' | 'held' = body.draft ? 'draft' : 'published';
    let spamReason: string | null = null;
    if (body.communityId && community) {
      // The gate refuses people who may not post there, and says whether the post waits.
      const admitted = await community(tx, authorId, body.communityId, body.text);
      if (status === 'published') ({ status, spamReason } = admitted);
    }
    const now = new Date();
    await tx.insert(posts).values({
      id,
      authorId,
      communityId: body.communityId ?? null,
      kind,
      repostOf: quoteOf ?? null,
      status,
      text: body.text,
      media,
      categoryId: body.category ?? null,
      tags,
      mentionIds: mentions,
      spamReason,
      createdAt: now,
      publishedAt: status === 'published' ? now : null,
    });
    if (status === 'published') await published(tx, id, authorId, tags, mentions, body.text);
    if (status === 'pending' && body.communityId) await tellPostRequest(tx, body.communityId, authorId);
    if (quoteOf) {
      await tx
        .update(posts)
        .set({ repostCount: sql`${posts.repostCount} + 1` })
        .where(eq(posts.id, quoteOf));
    }
  });
  return (await readPost(db, authorId, id))!;
}

/** What publishing a post changes besides its row: the author's count, its tags and mentions (who are told). */
async function published(tx: Tx, id: string, authorId: string, tags: string[], mentions: string[], text: string) {
  await bumpProfile(tx, authorId, { posts: 1 });
  await indexPost(tx, id, tags, mentions);
  await tellMentioned(tx, id, authorId, mentions, { text });
}

/** The post row for a change its author may make; 404 when the caller cannot see it, 403 when it is someone else's. */
async function ownPost(tx: Tx, userId: string, postId: string, action: string) {
  const [row] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!row || row.status === 'deleted' || row.kind === 'repost') throw postNotFound();
  if (row.authorId !== userId) throw await notAuthor(tx, userId, postId, `Only the author can ${action} this post`);
  return row;
}

/** Someone else's post: 403 if the caller may see it, else 404 (which tells nothing of a post they may not see). */
export async function notAuthor(db: Tx, userId: string, postId: string, message: string) {
  const [row] = await executeRows<{ visible: boolean }>(db, sql`SELECT ${seesPost(userId)} AS visible FROM posts p WHERE p.id = ${postId}`);
  return row?.visible ? forbidden(message, 'NOT_AUTHOR') : postNotFound();
}

export async function editPost(
  db: Db,
  userId: string,
  postId: string,
  body: { text?: string; media?: { url: string }[]; category?: string | null },
): Promise<Post> {
  checkCategory(body.category);
  await db.transaction(async (tx) => {
    await mayPost(tx, userId);
    const row = await ownPost(tx, userId, postId, 'edit');
    const text = body.text ?? row.text;
    const media = body.media ? await mediaFor(tx, userId, body.media) : row.media;
    if (!text && media.length === 0) throw badRequest('Write something or add a photo or video', 'POST_EMPTY');
    const tags = hashtagsOf(text);
    const mentions = await mentionIds(tx, userId, text);
    await tx
      .update(posts)
      .set({
        text,
        media,
        categoryId: body.category === undefined ? row.categoryId : body.category,
        tags,
        mentionIds: mentions,
        editedAt: new Date(),
      })
      .where(eq(posts.id, postId));
    if (row.status === 'published') {
      await indexPost(tx, postId, tags, mentions);
      // Only the people the edit mentions anew are told.
      await tellMentioned(
        tx,
        postId,
        userId,
        mentions.filter((m) => !row.mentionIds.includes(m)),
        { text },
      );
    }
  });
  return (await readPost(db, userId, postId))!;
}

/** Soft delete: the row stays (a quote still says what it quoted was deleted) but no list shows it. */
export async function deletePost(db: Db, userId: string, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownPost(tx, userId, postId, 'delete');
    await tx.update(posts).set({ status: 'deleted' }).where(eq(posts.id, postId));
    if (row.status === 'published') {
      await bumpProfile(tx, userId, { posts: -1 });
      await indexPost(tx, postId, [], []);
      if (row.kind === 'quote' && row.repostOf) {
        await tx
          .update(posts)
          .set({ repostCount: sql`greatest(0, ${posts.repostCount} - 1)` })
          .where(eq(posts.id, row.repostOf));
      }
    }
  });
}

export async function publishDraft(db: Db, userId: string, postId: string, community?: CommunityGate | null): Promise<Post> {
  await db.transaction(async (tx) => {
    await mayPost(tx, userId);
    const row = await ownPost(tx, userId, postId, 'publish');
    if (row.status !== 'draft') throw conflict('This post is not a draft', 'NOT_A_DRAFT');
    let status: 'published' | 'pending' | 'held' = 'published';
    let spamReason: string | null = null;
    if (row.communityId) {
      if (!community) throw notFound('Community not found', 'COMMUNITY_NOT_FOUND');
      ({ status, spamReason } = await community(tx, userId, row.communityId, row.text));
    }
    const now = new Date();
    await tx
      .update(posts)
      .set({ status, spamReason, publishedAt: status === 'published' ? now : null })
      .where(eq(posts.id, postId));
    if (status === 'published') await published(tx, postId, userId, row.tags, row.mentionIds, row.text);
    if (status === 'pending' && row.communityId) await tellPostRequest(tx, row.communityId, userId);
  });
  return (await readPost(db, userId, postId))!;
}

/** Publishes a post that waited (a community's approval); used by the communities part. */
export async function admitPost(tx: Tx, postId: string): Promise<boolean> {
  const [row] = await tx
    .update(posts)
    .set({ status: 'published', publishedAt: new Date() })
    .where(and(eq(posts.id, postId), inArray(posts.status, ['pending', 'held'])))
    .returning();
  if (!row) return false;
  await published(tx, postId, row.authorId, row.tags, row.mentionIds, row.text);
  return true;
}
