import { sql } from 'drizzle-orm';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { REPORT_REASONS } from './catalogue.js';
import { deletePost } from './posts.service.js';

// Reported posts as the operator console's moderation queue sees and decides them
// (services/staff, docs/console.md). A decision clears the post's reports (it leaves the queue):
// restore and warn put a hidden post back in the feeds; remove deletes it as its author would.

export type ReportedPost = {
  id: string;
  authorId: string;
  text: string;
  hidden: boolean;
  reports: number;
  reasons: { reason: string; at: string }[];
  lastReportedAt: string;
};

type Row = {
  id: string;
  author_id: string;
  text: string;
  hidden_at: string | null;
  report_count: number;
  reasons: { reason: string; at: string }[] | null;
  n: number;
};

const label = (id: string) => REPORT_REASONS.find((r) => r.id === id)?.reason ?? id;

/** Posts with reports not yet reviewed: hidden ones first, then the most reported. */
export async function reportedPosts(tx: Tx, q: { page: number; limit: number }): Promise<{ items: ReportedPost[]; total: number }> {
  const rows = await executeRows<Row>(
    tx,
    sql`SELECT p.id, p.author_id, p.text, p.hidden_at, p.report_count,
        (SELECT jsonb_agg(jsonb_build_object('reason', r.reason, 'at', r.created_at) ORDER BY r.created_at DESC)
           FROM post_reports r WHERE r.post_id = p.id) AS reasons,
        count(*) OVER ()::int AS n
      FROM posts p WHERE p.report_count > 0 AND p.status <> 'deleted'
      ORDER BY p.hidden_at IS NULL, p.report_count DESC, p.id
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return {
    items: rows.map((r) => {
      const reasons = (r.reasons ?? []).map((x) => ({ reason: label(x.reason), at: new Date(x.at).toISOString() }));
      return {
        id: r.id,
        authorId: r.author_id,
        text: r.text,
        hidden: r.hidden_at !== null,
        reports: Number(r.report_count),
        reasons,
        lastReportedAt: reasons[0]?.at ?? '',
      };
    }),
    total: rows[0]?.n ?? 0,
  };
}

/**
 * Decides a reported post in the caller's transaction: its reports cleared; `restore` and `warn`
 * show it again, `remove` deletes it. 404 for no such post, 409 when nothing waits for review.
 */
export async function moderatePost(tx: Tx, postId: string, action: 'restore' | 'warn' | 'remove'): Promise<{ authorId: string }> {
  const [p] = await executeRows<{ author_id: string; status: string; report_count: number }>(
    tx,
    sql`SELECT author_id, status, report_count FROM posts WHERE id = ${postId} FOR UPDATE`,
  );
  if (!p || p.status === 'deleted') throw notFound('Post not found', 'POST_NOT_FOUND');
  if (Number(p.report_count) === 0) throw conflict('This post has no reports waiting for review', 'NOT_REPORTED');
  await tx.execute(sql`DELETE FROM post_reports WHERE post_id = ${postId}`);
  await tx.execute(sql`UPDATE posts SET report_count = 0, hidden_at = NULL WHERE id = ${postId}`);
  // As its author deletes it (the profile's count, the tags and mentions), in a savepoint of this transaction.
  if (action === 'remove') await deletePost(tx as Db, p.author_id, postId);
  return { authorId: p.author_id };
}
