import { sql, type SQL } from 'drizzle-orm';
import type { ConnectUser, FeedPagination, FeedQuery, Post, PostComment } from '@owo/contracts';
import { executePrepared, executeRows, type Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { publicPeople, type PublicPerson } from '../user/index.js';
import { categoryOf } from './catalogue.js';
import { sharedPosts, SHOWN_COMMENTS, stampOf, type SharedPost } from './post-pieces.js';
import type { posts } from './tables.js';
import type { TimelineMark } from './timeline-store.js';
import { cutOffPeopleJson, inPrivateCommunity, listedFor, seesComment, seesKeptComment, seesPost } from './visibility.js';

// Reading posts: every list of posts (feeds, profile tabs, drafts, saved, a collection) is one
// statement that picks the page's rows (a keyset under the page-0 snapshot) and, in the same
// round trip, the reader's part of the posts to show (may they see each, liked, saved, reposted by
// them); each post's shared part (text, counts, likers, latest comments) is joined from the pieces
// kept for every reader (post-pieces.ts), read in one more statement where not kept at the post's
// version; then one query for the people named. Never a query per post.

/** One row of a page: a post, a quote, or a plain repost (shown as the post it reposts). */
type PageRow = Pick<typeof posts.$inferSelect, 'id' | 'kind' | 'repostOf' | 'authorId'> & { sortAt: string };

/** The reader's own part of a post: may they see it, and what they did with it. */
type ReaderRow = {
  id: string;
  /** The posts row's version (post-pieces.ts). */
  stamp: string;
  /** The caller may see it (visibility.ts). */
  visible: boolean;
  privateCommunity: boolean;
  isLiked: boolean;
  isSaved: boolean;
  isReposted: boolean;
};

/** A post as a page shows it: its shared part (kept for every reader) joined with the reader's. */
type PostRow = SharedPost & ReaderRow;

// --- cursors -------------------------------------------------------------------------------------

const CURSOR = /^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d{1,6})?(?:Z|[+-]\d\d(?::?\d\d)?))\|([0-9a-f-]{36})$/i;

export const encodeCursor = (sortAt: string, id: string) => Buffer.from(`${sortAt}|${id}`).toString('base64url');

export function decodeCursor(cursor: string): { at: string; id: string } {
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest('cursor is not valid: ask for page 0 again', 'BAD_CURSOR');
  return { at: m[1]!, id: m[2]! };
}

/**
 * Where a page starts: below the cursor (the row the previous page ended on) when there is one,
 * or, for a client that only sends page numbers, an offset from the newest.
 */
export function keyset(
  sortCol: SQL,
  idCol: SQL,
  q: FeedQuery,
): { where: SQL; offset: number; cursor: ReturnType<typeof decodeCursor> | null } {
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    return { where: sql`(${sortCol}, ${idCol}) < (${c.at}::timestamptz, ${c.id}::uuid)`, offset: 0, cursor: c };
  }
  return { where: sql`true`, offset: q.page * q.limit, cursor: null };
}

// --- shapes --------------------------------------------------------------------------------------

const iso = (s: Date | string | null) => (s ? new Date(s).toISOString() : null);

export const toConnectUser = (u: PublicPerson): ConnectUser => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName,
  avatar: u.avatar,
});

/** Someone who is no longer there (an account that cannot be read). */
const unknownUser = (id: string): ConnectUser => ({ _id: id, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null });

export type People = Map<string, ConnectUser>;
export async function peopleOf(db: Tx, ids: Iterable<string>): Promise<People> {
  const found = await publicPeople(db, [...new Set(ids)]);
  return new Map(found.map((u) => [u.id, toConnectUser(u)]));
}
const person = (people: People, id: string) => people.get(id) ?? unknownUser(id);

const comment = (people: People, c: PostRow['comments'][number]): PostComment => ({
  _id: c.id,
  postedBy: person(people, c.authorId),
  text: c.text,
  createdAt: iso(c.createdAt)!,
});

function toPost(viewerId: string, people: People, row: PostRow, quoted: PostRow | null | undefined, repost: PageRow | null): Post {
  return {
    _id: row.id,
    author: person(people, row.authorId),
    kind: row.kind === 'quote' ? 'quote' : 'post',
    text: row.text,
    media: row.media,
    category: categoryOf(row.categoryId),
    tags: row.tags,
    mentions: row.mentionIds.flatMap((id) => {
      const p = people.get(id);
      return p?.nickName ? [{ _id: id, nickName: p.nickName }] : [];
    }),
    communityId: row.communityId,
    shareable: !row.privateCommunity,
    status: row.status === 'deleted' ? 'published' : row.status,
    quoted:
      row.kind !== 'quote' || !row.repostOf
        ? null
        : quoted && quoted.visible && quoted.status === 'published' && !quoted.hiddenAt
          ? {
              _id: quoted.id,
              deleted: false,
              author: person(people, quoted.authorId),
              text: quoted.text,
              media: quoted.media,
              createdAt: iso(quoted.publishedAt ?? quoted.createdAt),
            }
          : { _id: row.repostOf, deleted: true, author: null, text: '', media: [], createdAt: null },
    repostedBy: repost ? { user: person(people, repost.authorId), at: iso(repost.sortAt)! } : null,
    isLiked: row.isLiked,
    isSaved: row.isSaved,
    isReposted: row.isReposted,
    isMine: row.authorId === viewerId,
    likes: { likesCount: row.likesCount, likedBy: row.likedBy.map((id) => person(people, id)) },
    commentCount: row.commentCount,
    repostCount: row.repostCount,
    comments: row.comments.map((c) => comment(people, c)),
    hidden: row.hiddenAt !== null,
    createdAt: iso(row.createdAt)!,
    publishedAt: iso(row.publishedAt),
    editedAt: iso(row.editedAt),
  };
}

// --- the reader's part, and the page ----------------------------------------------------------

/** The reader's part of the posts with these ids (a statement selecting ids), as JSON rows. */
const readerPart = (viewerId: string, ids: SQL) => sql`
  SELECT p.id, ${stampOf()} AS stamp, ${seesPost(viewerId)} AS visible, ${inPrivateCommunity()} AS "privateCommunity",
    EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${viewerId}) AS "isLiked",
    EXISTS (SELECT 1 FROM post_saves s WHERE s.post_id = p.id AND s.user_id = ${viewerId}) AS "isSaved",
    EXISTS (SELECT 1 FROM posts r WHERE r.repost_of = p.id AND r.author_id = ${viewerId} AND r.kind = 'repost'
      AND r.status = 'published') AS "isReposted"
  FROM posts p WHERE p.id IN (${ids})`;

/** The reader's part of the posts `ids` selects, and the people they are cut off from: two JSON columns. */
const readerColumns = (viewerId: string, ids: SQL) =>
  sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${readerPart(viewerId, ids)}) r) AS readers, ${cutOffPeopleJson(viewerId)} AS "cutOff"`;

/** The latest comments the viewer may see of each of these posts (for the few whose kept ones are not enough). */
const latestCommentsSql = (viewerId: string, ids: string[]) => sql`
  SELECT p.id, (SELECT coalesce(json_agg(c), '[]'::json) FROM (
      SELECT c.id, c.author_id AS "authorId", c.text, c.created_at AS "createdAt", c.hidden_at AS "hiddenAt" FROM post_comments c
      WHERE c.post_id = p.id AND ${seesComment(viewerId)} ORDER BY c.created_at DESC, c.id DESC LIMIT ${SHOWN_COMMENTS}) c) AS comments
  FROM posts p WHERE p.id = ANY(${sql.param(ids)}::uuid[])`;

/**
 * The posts as this reader sees them: each one's kept shared part (read again where its version
 * moved) joined with the reader's part, and the latest three comments the reader may see.
 */
async function assemble(db: Tx, viewerId: string, readers: ReaderRow[], cutOff: string[]): Promise<Map<string, PostRow>> {
  const shared = await sharedPosts(db, readers);
  const sees = seesKeptComment(viewerId, new Set(cutOff));
  const rows = new Map<string, PostRow>();
  const short: string[] = [];
  for (const r of readers) {
    const piece = shared.get(r.id);
    if (!piece) continue;
    const comments = piece.comments.filter(sees).slice(0, SHOWN_COMMENTS);
    if (comments.length < SHOWN_COMMENTS && piece.moreComments) short.push(r.id);
    rows.set(r.id, { ...piece, ...r, comments });
  }
  if (short.length)
    for (const { id, comments } of await executeRows<Pick<SharedPost, 'id' | 'comments'>>(db, latestCommentsSql(viewerId, short)))
      rows.get(id)!.comments = comments;
  return rows;
}

/** A page's rows must be: id, kind, repost_of, author_id, sort_at, newest first, `limit + 1` of them. */
export type PageSql = SQL;

export type PostPage = { posts: Post[]; pagination: FeedPagination };

/**
 * Runs a page query and builds its posts. `ownStatuses` lets the caller's own unpublished posts
 * through (the drafts list), `moderator` every post but deleted ones (a community's moderation
 * lists); otherwise only published posts that are not hidden are shown.
 */
export async function postPage(
  db: Tx,
  viewerId: string,
  page: PageSql,
  q: FeedQuery,
  opts: { ownUnpublished?: boolean; moderator?: boolean; mark?: SQL } = {},
): Promise<PostPage & { mark?: TimelineMark }> {
  // Prepared by its shape: planning this statement costs about as much as running it.
  const [res] = await executePrepared<{ page: PageRow[]; readers: ReaderRow[]; cutOff: string[]; mark: TimelineMark }>(
    db,
    'owo_post_page',
    sql`WITH page AS (${page}),
      shown AS (
        SELECT CASE WHEN kind = 'repost' THEN repost_of ELSE id END AS id FROM page
        UNION SELECT repost_of FROM page WHERE kind = 'quote' AND repost_of IS NOT NULL
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'repostOf', repost_of, 'authorId', author_id,
          'sortAt', sort_at) ORDER BY sort_at DESC, id DESC), '[]'::json) FROM page) AS page,
        ${readerColumns(viewerId, sql`SELECT id FROM shown`)}, ${opts.mark ?? sql`NULL::json`} AS mark`,
  );
  const mark = res?.mark ?? null;
  // A home timeline that is not kept: its page is read again once it is rebuilt (timeline-read.ts).
  if (opts.mark && !mark?.kept) return { posts: [], pagination: { page: q.page, limit: q.limit, prev: null, next: null }, mark };
  const rows = res?.page ?? [];
  const more = rows.length > q.limit;
  const pageRows = more ? rows.slice(0, q.limit) : rows;
  const byId = await assemble(db, viewerId, res?.readers ?? [], res?.cutOff ?? []);
  // Moderators (checked by the caller) see their community's waiting and held posts; everyone else
  // only what they may see, and in lists only in its public state but for their own drafts' list.
  const shown = (p: PostRow | undefined): p is PostRow =>
    !!p &&
    p.status !== 'deleted' &&
    (opts.moderator ||
      (p.visible &&
        ((p.status === 'published' && !p.hiddenAt) || (p.authorId === viewerId && (opts.ownUnpublished || p.status === 'published')))));

  const items: { row: PostRow; repost: PageRow | null }[] = [];
  const seen = new Set<string>();
  for (const r of pageRows) {
    const row = byId.get(r.kind === 'repost' ? (r.repostOf ?? '') : r.id);
    if (!shown(row) || seen.has(row.id)) continue;
    seen.add(row.id);
    items.push({ row, repost: r.kind === 'repost' ? r : null });
  }
  const people = await peopleOf(
    db,
    peopleIn(
      items.map((i) => i.row),
      byId,
      pageRows,
    ),
  );
  const shownPosts = items.map(({ row, repost }) => toPost(viewerId, people, row, row.repostOf ? byId.get(row.repostOf) : null, repost));
  const last = pageRows[pageRows.length - 1];
  return {
    ...(opts.mark ? { mark } : {}),
    posts: shownPosts,
    pagination: {
      page: q.page,
      limit: q.limit,
      prev: q.page > 0 ? { page: q.page - 1 } : null,
      next: more && last ? { page: q.page + 1, cursor: encodeCursor(last.sortAt, last.id) } : null,
    },
  };
}

function peopleIn(rows: PostRow[], byId: Map<string, PostRow>, page: PageRow[]): Set<string> {
  const ids = new Set<string>();
  for (const r of [...rows, ...rows.flatMap((r) => (r.repostOf && byId.get(r.repostOf) ? [byId.get(r.repostOf)!] : []))]) {
    ids.add(r.authorId);
    r.likedBy.forEach((id) => ids.add(id));
    r.mentionIds.forEach((id) => ids.add(id));
    r.comments.forEach((c) => ids.add(c.authorId));
  }
  for (const p of page) if (p.kind === 'repost') ids.add(p.authorId);
  return ids;
}

/** One post as the caller sees it, or null when it is not there for them (draft of someone else, deleted, hidden). */
export async function readPost(db: Tx, viewerId: string, postId: string): Promise<Post | null> {
  const [res] = await executeRows<{ readers: ReaderRow[]; cutOff: string[] }>(
    db,
    sql`SELECT ${readerColumns(viewerId, sql`SELECT ${postId}::uuid UNION SELECT repost_of FROM posts WHERE id = ${postId} AND kind = 'quote'`)}`,
  );
  const byId = await assemble(db, viewerId, res?.readers ?? [], res?.cutOff ?? []);
  const row = byId.get(postId);
  if (!row || row.kind === 'repost' || !row.visible) return null;
  const people = await peopleOf(db, peopleIn([row], byId, []));
  return toPost(viewerId, people, row, row.repostOf ? byId.get(row.repostOf) : null, null);
}

// --- the lists -----------------------------------------------------------------------------------

const page = (where: SQL, q: FeedQuery, sortCol = sql`p.published_at`) => {
  const k = keyset(sortCol, sql`p.id`, q);
  return sql`SELECT p.id, p.kind, p.repost_of, p.author_id, ${sortCol} AS sort_at FROM posts p
    WHERE ${where} AND ${k.where} ORDER BY ${sortCol} DESC, p.id DESC LIMIT ${q.limit + 1} OFFSET ${k.offset}`;
};

/** Everyone's posts in one category that the caller may see, newest first. */
export function categoryFeed(db: Tx, viewerId: string, category: string, q: FeedQuery) {
  return postPage(db, viewerId, page(sql`${listedFor(viewerId)} AND p.kind <> 'repost' AND p.category_id = ${category}`, q), q);
}

export type ProfileTab = 'media' | 'text' | 'reposts' | 'tagged';
export function profileTab(db: Tx, viewerId: string, userId: string, tab: ProfileTab, q: FeedQuery) {
  const listed = listedFor(viewerId);
  const mine = sql`${listed} AND p.author_id = ${userId}`;
  const where = {
    media: sql`${mine} AND p.kind <> 'repost' AND jsonb_array_length(p.media) > 0`,
    text: sql`${mine} AND p.kind <> 'repost' AND jsonb_array_length(p.media) = 0`,
    reposts: sql`${mine} AND p.kind IN ('repost', 'quote')`,
    tagged: sql`${listed} AND p.kind <> 'repost'
      AND p.id IN (SELECT m.post_id FROM post_mentions m WHERE m.user_id = ${userId})`,
  }[tab];
  return postPage(db, viewerId, page(where, q), q);
}

export function draftsOf(db: Tx, viewerId: string, q: FeedQuery) {
  return postPage(db, viewerId, page(sql`p.author_id = ${viewerId} AND p.status = 'draft'`, q, sql`p.created_at`), q, {
    ownUnpublished: true,
  });
}

/** The caller's saved posts, latest saved first, optionally of one collection. */
export function savedPostsOf(db: Tx, viewerId: string, q: FeedQuery & { collectionId?: string }) {
  const k = keyset(sql`s.created_at`, sql`p.id`, q);
  const inCollection = q.collectionId ? sql`s.collection_id = ${q.collectionId}` : sql`true`;
  return postPage(
    db,
    viewerId,
    sql`SELECT p.id, p.kind, p.repost_of, p.author_id, s.created_at AS sort_at
      FROM post_saves s JOIN posts p ON p.id = s.post_id
      WHERE s.user_id = ${viewerId} AND ${inCollection} AND ${k.where}
      ORDER BY s.created_at DESC, p.id DESC LIMIT ${q.limit + 1} OFFSET ${k.offset}`,
    q,
  );
}

export { page as postsPageSql };
