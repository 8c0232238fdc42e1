import type { ReportedPost } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { moderatePost, reportedPosts } from '../connect/index.js';
import { usersByIds } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';

// The moderation queue (moderators, admins): reported posts with the reports' reasons, read
// through the connect service; a decision (restore, warn, remove) is sent to the author with its
// reason and appended to the audit log, in the decision's transaction.

type Action = 'restore' | 'warn' | 'remove';

export async function moderationQueue(
  deps: StaffDeps,
  q: { page: number; limit: number },
): Promise<{ items: ReportedPost[]; total: number }> {
  return deps.db.transaction(async (tx) => {
    const page = await reportedPosts(tx, q);
    const people = await usersByIds(
      tx,
      page.items.map((p) => p.authorId),
    );
    const nameOf = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
    return {
      items: page.items.map(({ authorId, ...p }) => ({ ...p, author: { id: authorId, name: nameOf.get(authorId) ?? '(unknown)' } })),
      total: page.total,
    };
  });
}

const TOLD: Record<Action, { title: string; lead: string }> = {
  restore: { title: 'Your post is back', lead: 'Owo reviewed the reports on your post and restored it' },
  warn: { title: 'A warning about your post', lead: 'Owo reviewed the reports on your post. It stays up, but this is a warning' },
  remove: { title: 'Your post was removed', lead: 'Owo reviewed the reports on your post and removed it' },
};

export async function moderate(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, postId: string, action: Action, reason: string) {
  const { authorId } = await moderatePost(tx, postId, action);
  const told = TOLD[action];
  await deps.notifier.notice(tx, [authorId], {
    kind: `moderation.${action}`,
    title: told.title,
    body: `${told.lead}: ${reason}`,
    ...(action === 'remove' ? {} : { link: `/connect/posts/${postId}` }),
  });
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: authorId,
    kind: `moderation.${action}`,
    subject: postId,
    detail: { target: 'post', reason },
  });
  return { id: postId, action, reason, authorId };
}
