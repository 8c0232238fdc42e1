import { sql, type SQL } from 'drizzle-orm';
import { cutOffPeopleSql, cutOffSql } from '../chat/index.js';
import type { posts } from './tables.js';

// Who may see what in Connect: the one place that decides it. Every read of a post (one post, each
// list, a quoted post, comments) and every action on one (like, comment, repost, quote, save,
// report, view) asks `seesPost`; lists ask `listedFor`, its public part; comments also ask
// `seesComment`. Stories ask `seesStory`, highlights `seesHighlightStory`. Each is a condition on a
// row, put into the statement that reads or changes it, so the answer and the action can never disagree.
// A block between two people (chat's block rule, either way) hides each one's posts, comments and
// stories from the other (`cutOffSql`).

/**
 * May the viewer read this community's posts (a community id column or value; NULL: no community)?
 * A public community: everyone but the people it blocked. A private one: its members (owner,
 * admins, members) only. One a moderator removed: nobody (its posts stay their authors' own).
 */
export const readsCommunity = (viewerId: string, communityId: SQL) => sql`(${communityId} IS NULL OR EXISTS (
  SELECT 1 FROM communities c
  LEFT JOIN community_members m ON m.community_id = c.id AND m.user_id = ${viewerId}
  WHERE c.id = ${communityId} AND c.removed_at IS NULL AND CASE WHEN c.visibility = 'public' THEN m.role IS DISTINCT FROM 'blocked'
    ELSE m.role IN ('owner', 'admin', 'member') END))`;

const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/**
 * May the viewer see the post row `alias` (default `p`)? Never a deleted post. Its author always
 * (a draft, a post waiting for approval or held as spam, one hidden after reports). Anyone else:
 * only a published post that reports have not hidden, in no community or one they may read.
 */
export const seesPost = (viewerId: string, alias = 'p') => sql`(${col(alias, 'status')} <> 'deleted' AND (
  ${col(alias, 'author_id')} = ${viewerId}
  OR (${col(alias, 'status')} = 'published' AND ${col(alias, 'hidden_at')} IS NULL
    AND ${readsCommunity(viewerId, col(alias, 'community_id'))} AND NOT ${cutOffSql(viewerId, col(alias, 'author_id'))})))`;

/**
 * The posts a list shows the viewer: those they may see, in their public state only (published and
 * not hidden; an author's own drafts and waiting posts have lists of their own).
 */
export const listedFor = (viewerId: string, alias = 'p') => sql`(${col(alias, 'status')} = 'published'
  AND ${col(alias, 'hidden_at')} IS NULL AND ${readsCommunity(viewerId, col(alias, 'community_id'))}
  AND NOT ${cutOffSql(viewerId, col(alias, 'author_id'))})`;

/** Is post `alias` in a private community (whose posts are never reposted or quoted outside it)? */
export const inPrivateCommunity = (alias = 'p') => sql`(${col(alias, 'community_id')} IS NOT NULL AND EXISTS (
  SELECT 1 FROM communities c WHERE c.id = ${col(alias, 'community_id')} AND c.visibility = 'private'))`;

/**
 * The post the viewer may act on (like, comment, repost, quote, save, report): one they may see,
 * published (the author's own hidden post included), and not a plain repost row. Selects its id and
 * whether it belongs to a private community (which may not be shared outside it): an `ActionablePost`.
 */
export type ActionablePost = Pick<typeof posts.$inferSelect, 'id'> & { privateCommunity: boolean };
export const actionablePost = (viewerId: string, postId: string) =>
  sql`SELECT p.id, ${inPrivateCommunity()} AS "privateCommunity"
    FROM posts p WHERE p.id = ${postId} AND p.kind <> 'repost' AND p.status = 'published' AND ${seesPost(viewerId)}`;

/**
 * May the viewer see the comment row `alias` (default `c`) of a post they may see? Its author always;
 * anyone else only while its reports have not hidden it.
 */
export const seesComment = (viewerId: string, alias = 'c') =>
  sql`(${col(alias, 'author_id')} = ${viewerId} OR (${col(alias, 'hidden_at')} IS NULL AND NOT ${cutOffSql(viewerId, col(alias, 'author_id'))}))`;

/**
 * `seesComment` for comments read once for every reader (post-pieces.ts): `cutOff` holds the people
 * the viewer is cut off from (`cutOffPeopleSql`), read with the page.
 */
export const seesKeptComment =
  (viewerId: string, cutOff: ReadonlySet<string>) =>
  (c: { authorId: string; hiddenAt: Date | string | null }): boolean =>
    c.authorId === viewerId || (c.hiddenAt === null && !cutOff.has(c.authorId));

/** The people the viewer is cut off from, as a JSON array (for `seesKeptComment`). */
export const cutOffPeopleJson = (viewerId: string) =>
  sql`(SELECT coalesce(json_agg(x.id), '[]'::json) FROM (${cutOffPeopleSql(viewerId)}) x(id))`;

/**
 * May the viewer see the story row `s` now? Its author always (also after it expired); anyone else
 * only while it is live, if they follow the author, and, for a close-friends story, if the author
 * counts them as a close friend.
 */
export const seesStory = (viewerId: string, now: Date) => sql`(s.author_id = ${viewerId} OR (s.expires_at > ${now}
  AND NOT ${cutOffSql(viewerId, sql`s.author_id`)}
  AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = s.author_id)
  AND (s.audience = 'everyone' OR EXISTS (SELECT 1 FROM close_friends c WHERE c.owner_id = s.author_id AND c.friend_id = ${viewerId}))))`;

/**
 * May the viewer see the story row `s` kept in a highlight (on its owner's profile, so also after
 * it expired and without following)? Its owner always; anyone else a story for everyone, or a
 * close-friends story if the owner counts them as a close friend.
 */
export const seesHighlightStory = (viewerId: string) => sql`(s.author_id = ${viewerId} OR (NOT ${cutOffSql(viewerId, sql`s.author_id`)}
  AND (s.audience = 'everyone' OR EXISTS (SELECT 1 FROM close_friends c WHERE c.owner_id = s.author_id AND c.friend_id = ${viewerId}))))`;

/** A highlight the viewer may see: one with at least one story they may see (highlight row `h`). */
export const seesHighlight = (viewerId: string) => sql`EXISTS (SELECT 1 FROM highlight_stories hs JOIN stories s ON s.id = hs.story_id
  WHERE hs.highlight_id = h.id AND ${seesHighlightStory(viewerId)})`;
