import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { executePrepared, type RawRow, type Tx } from '../../platform/db.js';
import type { postComments, posts } from './tables.js';

// The shared part of each post a list shows, built once and kept for every reader: the post's own
// columns, its latest likers and its latest comments (with their hidden mark, so each reader's
// rule can be applied to them). Nothing here depends on who reads it; the reader's own part (may
// they see it, liked, saved, reposted by them, the people they are cut off from) is read for the
// whole page in the page's statement (posts-read.ts), and the two are joined per page.
//
// A kept piece carries its row's version (`xmin`, which every change to the posts row renews), and
// every page's statement reads the current versions: a piece whose version differs is built again,
// so a like, a comment, an edit, a delete or a moderator's decision shows in the next page of every
// server process, with no message between them. What changes the likers or the latest comments
// changes the posts row too: a like or a comment its count (posts-engagement.ts), a comment hidden,
// restored or edited the trigger post_comments_touch_post (owo_post_comment_changed.sql).

/** Comments a post shows in a list (the latest its reader may see). */
export const SHOWN_COMMENTS = 3;
/** Latest comments kept per post: enough for the three shown, for almost every reader. */
export const KEPT_COMMENTS = 10;
/** Likers shown per post (the latest). */
export const SHOWN_LIKERS = 3;

export type KeptComment = RawRow<Pick<typeof postComments.$inferSelect, 'id' | 'authorId' | 'text' | 'createdAt' | 'hiddenAt'>>;

/** A post's shared part, as read by `sharedSql`. */
export type SharedPost = RawRow<
  Pick<
    typeof posts.$inferSelect,
    | 'id'
    | 'authorId'
    | 'kind'
    | 'repostOf'
    | 'status'
    | 'text'
    | 'media'
    | 'categoryId'
    | 'tags'
    | 'mentionIds'
    | 'communityId'
    | 'likesCount'
    | 'commentCount'
    | 'repostCount'
    | 'hiddenAt'
    | 'createdAt'
    | 'publishedAt'
    | 'editedAt'
  >
> & {
  /** The posts row's version when this was read. */
  stamp: string;
  likedBy: string[];
  /** The latest `KEPT_COMMENTS` comments, newest first, hidden ones included. */
  comments: KeptComment[];
  /** The post has comments beyond those kept. */
  moreComments: boolean;
};

/** The version of post row `p`, which the page's statement reads beside the reader's part. */
export const stampOf = (alias = 'p') => sql.raw(`${alias}.xmin::text`);

/** The shared part of the posts with these ids, one uuid[] parameter (one prepared statement for any number). */
const sharedSql = (ids: string[]) => sql`
  SELECT p.id, ${stampOf()} AS stamp, p.author_id AS "authorId", p.kind, p.repost_of AS "repostOf", p.status, p.text, p.media,
    p.category_id AS "categoryId", p.tags, p.mention_ids AS "mentionIds", p.community_id AS "communityId",
    p.likes_count AS "likesCount", p.comment_count AS "commentCount", p.repost_count AS "repostCount", p.hidden_at AS "hiddenAt",
    p.created_at AS "createdAt", p.published_at AS "publishedAt", p.edited_at AS "editedAt",
    ARRAY(SELECT l.user_id FROM post_likes l WHERE l.post_id = p.id ORDER BY l.created_at DESC LIMIT ${SHOWN_LIKERS}) AS "likedBy",
    (SELECT coalesce(json_agg(c), '[]'::json) FROM (
      SELECT c.id, c.author_id AS "authorId", c.text, c.created_at AS "createdAt", c.hidden_at AS "hiddenAt" FROM post_comments c
      WHERE c.post_id = p.id ORDER BY c.created_at DESC, c.id DESC LIMIT ${KEPT_COMMENTS + 1}) c) AS comments
  FROM posts p WHERE p.id = ANY(${sql.param(ids)}::uuid[])`;

/** Bytes a piece takes, roughly (its text and the ids it holds). */
const sizeOf = (p: SharedPost) =>
  512 + p.text.length * 2 + JSON.stringify(p.media).length * 2 + p.comments.reduce((n, c) => n + 200 + c.text.length * 2, 0);

/** The kept pieces of this process (about 32 MB at most), least recently used dropped first. */
const kept = new LRUCache<string, SharedPost>({ maxSize: 32 * 1024 * 1024, sizeCalculation: sizeOf });

/**
 * The shared parts of these posts at these versions: those kept at the same version as they are,
 * the rest read in one statement and kept. A post whose version moved again meanwhile is read as it
 * now is (the reader's part was read a moment before; either is a state the post was in).
 */
export async function sharedPosts(db: Tx, versions: { id: string; stamp: string }[]): Promise<Map<string, SharedPost>> {
  const found = new Map<string, SharedPost>();
  const missing: string[] = [];
  for (const v of versions) {
    const piece = kept.get(v.id);
    if (piece && piece.stamp === v.stamp) found.set(v.id, piece);
    else missing.push(v.id);
  }
  if (!missing.length) return found;
  const rows = await executePrepared<SharedPost>(db, 'owo_post_shared', sharedSql(missing));
  for (const row of rows) {
    row.moreComments = row.comments.length > KEPT_COMMENTS;
    if (row.moreComments) row.comments = row.comments.slice(0, KEPT_COMMENTS);
    kept.set(row.id, row);
    found.set(row.id, row);
  }
  return found;
}

/** Forgets every kept piece (tests that change rows behind the service's back). */
export const forgetSharedPosts = () => kept.clear();
