import type { ModerationAction, ReportedContent } from '@owo/contracts';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db, type RawRow, type Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { REPORT_REASONS } from './catalogue.js';
import { communityNotFound } from './communities-access.js';
import { deletePost, postNotFound } from './posts.service.js';
import { commentNotFound } from './reports.service.js';
import {
  communities,
  communityInvites,
  communityJoinRequests,
  communityOwnershipRequests,
  communityReports,
} from './communities-tables.js';
import { commentReports, postComments, postReports, posts } from './tables.js';

// Reported posts, comments and communities as the operator console's moderation queue sees and
// decides them (services/staff, docs/console.md). A decision clears the thing's reports (it leaves
// the queue): restore and warn show it again (a hidden post or comment back for everyone, a hidden
// community back in discovery); remove deletes a post as its author would, deletes a comment, and
// takes a community away from everyone.

export type Window = { limit: number; offset: number };
/** A decision's outcome: whom to tell, whether the thing had been hidden by its reports, where it is now. */
export type Decided = { authorId: string; wasHidden: boolean; link: string | null };
type ConnectKind = 'post' | 'comment' | 'community';

/**
 * A queue row, shaped as a post's (a comment's and a community's statements name their columns so:
 * a community's owner is its `authorId`, its name the `title`), with the preview and the reports.
 */
type Row = RawRow<Pick<typeof posts.$inferSelect, 'id' | 'authorId' | 'text' | 'hiddenAt' | 'reportCount'>> & {
  title: string | null;
  imageUrl: string | null;
  context: string | null;
  reasons: { reason: string; count: number }[] | null;
  lastAt: string | null;
  n: number;
};

const label = (id: string) => REPORT_REASONS.find((r) => r.id === id)?.reason ?? id;

/** The reasons of a thing's reports (`table`, keyed by `key` = the thing's id) with their counts, the most given first. */
const reasonsOf = (table: string, key: string, id: SQL) => sql`(SELECT jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n)
    ORDER BY g.n DESC, g.reason) FROM (SELECT r.reason, count(*)::int AS n FROM ${sql.raw(table)} r
    WHERE r.${sql.raw(key)} = ${id} GROUP BY r.reason) g) AS reasons,
  (SELECT max(r.created_at) FROM ${sql.raw(table)} r WHERE r.${sql.raw(key)} = ${id}) AS "lastAt"`;

/** The queue's order, in every kind: hidden first, then the most reported, then the latest reported. */
const QUEUE_ORDER = sql`"hiddenAt" IS NULL, "reportCount" DESC, "lastAt" DESC NULLS LAST, id`;

const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function toContent(kind: ConnectKind, r: Row): ReportedContent {
  return {
    kind,
    id: r.id,
    authorId: r.authorId,
    preview: { title: r.title, text: r.text, imageUrl: r.imageUrl, context: r.context },
    hidden: r.hiddenAt !== null,
    reports: Number(r.reportCount),
    reasons: (r.reasons ?? []).map((x) => ({ reason: label(x.reason), count: Number(x.count) })),
    details: [],
    lastReportedAt: r.lastAt ? new Date(r.lastAt).toISOString() : '',
  };
}

async function page(tx: Tx, kind: ConnectKind, select: SQL, w: Window): Promise<{ items: ReportedContent[]; total: number }> {
  const rows = await executeRows<Row>(tx, sql`SELECT * FROM (${select}) q ORDER BY ${QUEUE_ORDER} LIMIT ${w.limit} OFFSET ${w.offset}`);
  return { items: rows.map((r) => toContent(kind, r)), total: rows[0]?.n ?? 0 };
}

/** Posts with reports not yet reviewed (hidden ones first, then the most reported). */
export const reportedPosts = (tx: Tx, w: Window) =>
  page(
    tx,
    'post',
    sql`SELECT p.id, p.author_id AS "authorId", NULL::text AS title, p.text,
        coalesce(p.media->0->>'thumbnailUrl', p.media->0->>'url') AS "imageUrl",
        (SELECT 'In the community ' || c.name FROM communities c WHERE c.id = p.community_id) AS context,
        p.hidden_at AS "hiddenAt", p.report_count AS "reportCount", ${reasonsOf('post_reports', 'post_id', sql`p.id`)}, count(*) OVER ()::int AS n
      FROM posts p WHERE p.report_count > 0 AND p.status <> 'deleted'`,
    w,
  );

/** Comments with reports not yet reviewed, each with the start of the post it is on. */
export async function reportedComments(tx: Tx, w: Window) {
  const r = await page(
    tx,
    'comment',
    sql`SELECT c.id, c.author_id AS "authorId", NULL::text AS title, c.text, NULL::text AS "imageUrl", p.text AS context,
        c.hidden_at AS "hiddenAt", c.report_count AS "reportCount", ${reasonsOf('comment_reports', 'comment_id', sql`c.id`)}, count(*) OVER ()::int AS n
      FROM post_comments c JOIN posts p ON p.id = c.post_id WHERE c.report_count > 0`,
    w,
  );
  for (const i of r.items) i.preview.context = `On the post “${excerpt(i.preview.context ?? '')}”`;
  return r;
}

/** Communities with reports not yet reviewed (not those already removed). */
export const reportedCommunities = (tx: Tx, w: Window) =>
  page(
    tx,
    'community',
    sql`SELECT c.id, c.owner_id AS "authorId", c.name AS title, c.description AS text, coalesce(c.avatar_url, c.cover_url) AS "imageUrl",
        initcap(c.visibility) || ' community · ' || c.members_count || CASE WHEN c.members_count = 1 THEN ' member' ELSE ' members' END
          AS context,
        c.hidden_at AS "hiddenAt", c.report_count AS "reportCount", ${reasonsOf('community_reports', 'community_id', sql`c.id`)}, count(*) OVER ()::int AS n
      FROM communities c WHERE c.report_count > 0 AND c.removed_at IS NULL`,
    w,
  );

const nothingWaiting = (what: string) => conflict(`This ${what} has no reports waiting for review`, 'NOT_REPORTED');

/**
 * Decides a reported post in the caller's transaction: its reports cleared; `restore` and `warn`
 * show it again, `remove` deletes it. 404 for no such post, 409 when nothing waits for review.
 */
export async function moderatePost(tx: Tx, postId: string, action: ModerationAction): Promise<Decided> {
  const [p] = await tx
    .select({ authorId: posts.authorId, status: posts.status, reportCount: posts.reportCount, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  if (!p || p.status === 'deleted') throw postNotFound();
  if (p.reportCount === 0) throw nothingWaiting('post');
  await tx.delete(postReports).where(eq(postReports.postId, postId));
  await tx.update(posts).set({ reportCount: 0, hiddenAt: null }).where(eq(posts.id, postId));
  // As its author deletes it (the profile's count, the tags and mentions), in a savepoint of this transaction.
  if (action === 'remove') await deletePost(tx as Db, p.authorId, postId);
  return { authorId: p.authorId, wasHidden: p.hiddenAt !== null, link: action === 'remove' ? null : `/connect/posts/${postId}` };
}

/** Decides a reported comment: its reports cleared; `remove` deletes it (and takes it off its post's count). */
export async function moderateComment(tx: Tx, commentId: string, action: ModerationAction): Promise<Decided> {
  const [c] = await tx
    .select({
      authorId: postComments.authorId,
      postId: postComments.postId,
      reportCount: postComments.reportCount,
      hiddenAt: postComments.hiddenAt,
    })
    .from(postComments)
    .where(eq(postComments.id, commentId))
    .for('update');
  if (!c) throw commentNotFound();
  if (c.reportCount === 0) throw nothingWaiting('comment');
  await tx.delete(commentReports).where(eq(commentReports.commentId, commentId));
  if (action === 'remove') {
    await tx.delete(postComments).where(eq(postComments.id, commentId));
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(0, ${posts.commentCount} - 1)` })
      .where(eq(posts.id, c.postId));
  } else await tx.update(postComments).set({ reportCount: 0, hiddenAt: null }).where(eq(postComments.id, commentId));
  return { authorId: c.authorId, wasHidden: c.hiddenAt !== null, link: `/connect/posts/${c.postId}` };
}

/**
 * Decides a reported community: its reports cleared; `remove` takes it away from everyone (not found,
 * its posts read by their authors only) and withdraws its pending invites, join requests and
 * ownership offers.
 */
export async function moderateCommunity(tx: Tx, communityId: string, action: ModerationAction): Promise<Decided> {
  const [c] = await tx
    .select({ ownerId: communities.ownerId, reportCount: communities.reportCount, hiddenAt: communities.hiddenAt })
    .from(communities)
    .where(and(eq(communities.id, communityId), isNull(communities.removedAt)))
    .for('no key update');
  if (!c) throw communityNotFound();
  if (c.reportCount === 0) throw nothingWaiting('community');
  await tx.delete(communityReports).where(eq(communityReports.communityId, communityId));
  await tx
    .update(communities)
    .set({ reportCount: 0, hiddenAt: null, removedAt: action === 'remove' ? sql`now()` : null })
    .where(eq(communities.id, communityId));
  if (action === 'remove') {
    await tx.delete(communityInvites).where(eq(communityInvites.communityId, communityId));
    await tx.delete(communityJoinRequests).where(eq(communityJoinRequests.communityId, communityId));
    await tx
      .update(communityOwnershipRequests)
      .set({ status: 'cancelled', answeredAt: sql`now()` })
      .where(and(eq(communityOwnershipRequests.communityId, communityId), eq(communityOwnershipRequests.status, 'pending')));
  }
  return {
    authorId: c.ownerId,
    wasHidden: c.hiddenAt !== null,
    link: action === 'remove' ? null : `/connect/communities/${communityId}`,
  };
}

/** Who wrote a post or comment, or owns a community (also after it was removed): the person a ban is for. */
export async function authorOfContent(tx: Tx, kind: ConnectKind, id: string): Promise<string> {
  const [row] = await {
    post: () =>
      tx
        .select({ id: posts.authorId })
        .from(posts)
        .where(and(eq(posts.id, id), ne(posts.kind, 'repost'))),
    comment: () => tx.select({ id: postComments.authorId }).from(postComments).where(eq(postComments.id, id)),
    community: () => tx.select({ id: communities.ownerId }).from(communities).where(eq(communities.id, id)),
  }[kind]();
  if (!row) throw kind === 'post' ? postNotFound() : kind === 'comment' ? commentNotFound() : communityNotFound();
  return row.id;
}
