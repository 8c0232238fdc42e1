import type { ModerationAction, ReportedContent } from '@owo/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { REPORT_REASONS } from './catalogue.js';
import { communityNotFound } from './communities-access.js';
import { deletePost, postNotFound } from './posts.service.js';
import { commentNotFound } from './reports.service.js';

// Reported posts, comments and communities as the operator console's moderation queue sees and
// decides them (services/staff, docs/console.md). A decision clears the thing's reports (it leaves
// the queue): restore and warn show it again (a hidden post or comment back for everyone, a hidden
// community back in discovery); remove deletes a post as its author would, deletes a comment, and
// takes a community away from everyone.

export type Window = { limit: number; offset: number };
/** A decision's outcome: whom to tell, whether the thing had been hidden by its reports, where it is now. */
export type Decided = { authorId: string; wasHidden: boolean; link: string | null };
type ConnectKind = 'post' | 'comment' | 'community';

/** A queue row: every statement below names its columns so. */
type Row = {
  id: string;
  author_id: string;
  title: string | null;
  text: string;
  image_url: string | null;
  context: string | null;
  hidden_at: string | null;
  report_count: number;
  reasons: { reason: string; count: number }[] | null;
  last_at: string | null;
  n: number;
};

const label = (id: string) => REPORT_REASONS.find((r) => r.id === id)?.reason ?? id;

/** The reasons of a thing's reports (`table`, keyed by `key` = the thing's id) with their counts, the most given first. */
const reasonsOf = (table: string, key: string, id: SQL) => sql`(SELECT jsonb_agg(jsonb_build_object('reason', g.reason, 'count', g.n)
    ORDER BY g.n DESC, g.reason) FROM (SELECT r.reason, count(*)::int AS n FROM ${sql.raw(table)} r
    WHERE r.${sql.raw(key)} = ${id} GROUP BY r.reason) g) AS reasons,
  (SELECT max(r.created_at) FROM ${sql.raw(table)} r WHERE r.${sql.raw(key)} = ${id}) AS last_at`;

/** The queue's order, in every kind: hidden first, then the most reported, then the latest reported. */
const QUEUE_ORDER = sql`hidden_at IS NULL, report_count DESC, last_at DESC NULLS LAST, id`;

const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function toContent(kind: ConnectKind, r: Row): ReportedContent {
  return {
    kind,
    id: r.id,
    authorId: r.author_id,
    preview: { title: r.title, text: r.text, imageUrl: r.image_url, context: r.context },
    hidden: r.hidden_at !== null,
    reports: Number(r.report_count),
    reasons: (r.reasons ?? []).map((x) => ({ reason: label(x.reason), count: Number(x.count) })),
    details: [],
    lastReportedAt: r.last_at ? new Date(r.last_at).toISOString() : '',
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
    sql`SELECT p.id, p.author_id, NULL::text AS title, p.text,
        coalesce(p.media->0->>'thumbnailUrl', p.media->0->>'url') AS image_url,
        (SELECT 'In the community ' || c.name FROM communities c WHERE c.id = p.community_id) AS context,
        p.hidden_at, p.report_count, ${reasonsOf('post_reports', 'post_id', sql`p.id`)}, count(*) OVER ()::int AS n
      FROM posts p WHERE p.report_count > 0 AND p.status <> 'deleted'`,
    w,
  );

/** Comments with reports not yet reviewed, each with the start of the post it is on. */
export async function reportedComments(tx: Tx, w: Window) {
  const r = await page(
    tx,
    'comment',
    sql`SELECT c.id, c.author_id, NULL::text AS title, c.text, NULL::text AS image_url, p.text AS context,
        c.hidden_at, c.report_count, ${reasonsOf('comment_reports', 'comment_id', sql`c.id`)}, count(*) OVER ()::int AS n
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
    sql`SELECT c.id, c.owner_id AS author_id, c.name AS title, c.description AS text, coalesce(c.avatar_url, c.cover_url) AS image_url,
        initcap(c.visibility) || ' community · ' || c.members_count || CASE WHEN c.members_count = 1 THEN ' member' ELSE ' members' END
          AS context,
        c.hidden_at, c.report_count, ${reasonsOf('community_reports', 'community_id', sql`c.id`)}, count(*) OVER ()::int AS n
      FROM communities c WHERE c.report_count > 0 AND c.removed_at IS NULL`,
    w,
  );

const nothingWaiting = (what: string) => conflict(`This ${what} has no reports waiting for review`, 'NOT_REPORTED');

/**
 * Decides a reported post in the caller's transaction: its reports cleared; `restore` and `warn`
 * show it again, `remove` deletes it. 404 for no such post, 409 when nothing waits for review.
 */
export async function moderatePost(tx: Tx, postId: string, action: ModerationAction): Promise<Decided> {
  const [p] = await executeRows<{ author_id: string; status: string; report_count: number; hidden_at: string | null }>(
    tx,
    sql`SELECT author_id, status, report_count, hidden_at FROM posts WHERE id = ${postId} FOR UPDATE`,
  );
  if (!p || p.status === 'deleted') throw postNotFound();
  if (Number(p.report_count) === 0) throw nothingWaiting('post');
  await tx.execute(sql`DELETE FROM post_reports WHERE post_id = ${postId}`);
  await tx.execute(sql`UPDATE posts SET report_count = 0, hidden_at = NULL WHERE id = ${postId}`);
  // As its author deletes it (the profile's count, the tags and mentions), in a savepoint of this transaction.
  if (action === 'remove') await deletePost(tx as Db, p.author_id, postId);
  return { authorId: p.author_id, wasHidden: p.hidden_at !== null, link: action === 'remove' ? null : `/connect/posts/${postId}` };
}

/** Decides a reported comment: its reports cleared; `remove` deletes it (and takes it off its post's count). */
export async function moderateComment(tx: Tx, commentId: string, action: ModerationAction): Promise<Decided> {
  const [c] = await executeRows<{ author_id: string; post_id: string; report_count: number; hidden_at: string | null }>(
    tx,
    sql`SELECT author_id, post_id, report_count, hidden_at FROM post_comments WHERE id = ${commentId} FOR UPDATE`,
  );
  if (!c) throw commentNotFound();
  if (Number(c.report_count) === 0) throw nothingWaiting('comment');
  await tx.execute(sql`DELETE FROM comment_reports WHERE comment_id = ${commentId}`);
  if (action === 'remove') {
    await tx.execute(sql`DELETE FROM post_comments WHERE id = ${commentId}`);
    await tx.execute(sql`UPDATE posts SET comment_count = greatest(0, comment_count - 1) WHERE id = ${c.post_id}`);
  } else await tx.execute(sql`UPDATE post_comments SET report_count = 0, hidden_at = NULL WHERE id = ${commentId}`);
  return { authorId: c.author_id, wasHidden: c.hidden_at !== null, link: `/connect/posts/${c.post_id}` };
}

/**
 * Decides a reported community: its reports cleared; `remove` takes it away from everyone (not found,
 * its posts read by their authors only) and withdraws its pending invites, join requests and
 * ownership offers.
 */
export async function moderateCommunity(tx: Tx, communityId: string, action: ModerationAction): Promise<Decided> {
  const [c] = await executeRows<{ owner_id: string; report_count: number; hidden_at: string | null }>(
    tx,
    sql`SELECT owner_id, report_count, hidden_at FROM communities WHERE id = ${communityId} AND removed_at IS NULL FOR NO KEY UPDATE`,
  );
  if (!c) throw communityNotFound();
  if (Number(c.report_count) === 0) throw nothingWaiting('community');
  await tx.execute(sql`DELETE FROM community_reports WHERE community_id = ${communityId}`);
  await tx.execute(sql`UPDATE communities SET report_count = 0, hidden_at = NULL,
      removed_at = ${action === 'remove' ? sql`now()` : sql`NULL`} WHERE id = ${communityId}`);
  if (action === 'remove') {
    await tx.execute(sql`DELETE FROM community_invites WHERE community_id = ${communityId}`);
    await tx.execute(sql`DELETE FROM community_join_requests WHERE community_id = ${communityId}`);
    await tx.execute(sql`UPDATE community_ownership_requests SET status = 'cancelled', answered_at = now()
      WHERE community_id = ${communityId} AND status = 'pending'`);
  }
  return {
    authorId: c.owner_id,
    wasHidden: c.hidden_at !== null,
    link: action === 'remove' ? null : `/connect/communities/${communityId}`,
  };
}

/** Who wrote a post or comment, or owns a community (also after it was removed): the person a ban is for. */
export async function authorOfContent(tx: Tx, kind: ConnectKind, id: string): Promise<string> {
  const q = {
    post: sql`SELECT author_id AS id FROM posts WHERE id = ${id} AND kind <> 'repost'`,
    comment: sql`SELECT author_id AS id FROM post_comments WHERE id = ${id}`,
    community: sql`SELECT owner_id AS id FROM communities WHERE id = ${id}`,
  }[kind];
  const [row] = await executeRows<{ id: string }>(tx, q);
  if (!row) throw kind === 'post' ? postNotFound() : kind === 'comment' ? commentNotFound() : communityNotFound();
  return row.id;
}
