import { formatLagosDate, type ModerationAction, type ModerationKind, type ReportedContent, type ReportedItem } from '@owo/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import {
  authorOfContent,
  moderateComment,
  moderateCommunity,
  moderatePost,
  reportedComments,
  reportedCommunities,
  reportedPosts,
} from '../connect/index.js';
import { moderateProduct, moderateShop, ownerOfListing, reportedProducts, reportedShops } from '../ecommerce/index.js';
import { banNoticeText, banPerson, bansInForce, bansOf, liftBan, usersByIds, type Ban } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { staff } from './tables.js';

// The moderation queue (moderators, admins): reported posts, comments and communities (read
// through the connect service) and products and shops (through the marketplace), with the
// reports' reasons. A decision (restore, warn, remove) and a ban are sent to the person with their
// reason and appended to the audit log, in the decision's transaction. A ban's rule is enforced by
// the customer services themselves (user/bans.ts).

type Window = { limit: number; offset: number };
type Source = {
  read: (tx: Tx, w: Window) => Promise<{ items: ReportedContent[]; total: number }>;
  decide: (tx: Tx, id: string, action: ModerationAction) => Promise<{ authorId: string; wasHidden: boolean; link: string | null }>;
  /** The person a ban of the thing's author is for (also after the thing was removed, where its row stays). */
  author: (tx: Tx, id: string) => Promise<string>;
};

const SOURCES: Record<ModerationKind, Source> = {
  post: { read: reportedPosts, decide: moderatePost, author: (tx, id) => authorOfContent(tx, 'post', id) },
  comment: { read: reportedComments, decide: moderateComment, author: (tx, id) => authorOfContent(tx, 'comment', id) },
  community: { read: reportedCommunities, decide: moderateCommunity, author: (tx, id) => authorOfContent(tx, 'community', id) },
  product: { read: reportedProducts, decide: moderateProduct, author: (tx, id) => ownerOfListing(tx, 'product', id) },
  shop: { read: reportedShops, decide: moderateShop, author: (tx, id) => ownerOfListing(tx, 'shop', id) },
};
const KINDS = Object.keys(SOURCES) as ModerationKind[];

/** The queue's order, across kinds as within each: hidden first, then the most reported, then the latest reported. */
const byQueueOrder = (a: ReportedContent, b: ReportedContent) =>
  Number(b.hidden) - Number(a.hidden) ||
  b.reports - a.reports ||
  b.lastReportedAt.localeCompare(a.lastReportedAt) ||
  a.kind.localeCompare(b.kind) ||
  a.id.localeCompare(b.id);

const nameOf = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}` : '(unknown)');
const banState = (b: Ban | undefined) =>
  b ? { until: b.until?.toISOString() ?? null, reason: b.reason, since: b.bannedAt.toISOString() } : null;

/**
 * A page of the queue, of one kind or of every kind. Every kind's first `page × limit` items are
 * read and merged in the queue's order (the queue is a review list, never long), so a page is the
 * same whichever kinds it mixes.
 */
export async function moderationQueue(
  deps: StaffDeps,
  q: { page: number; limit: number; kind?: ModerationKind },
): Promise<{ items: ReportedItem[]; total: number }> {
  return deps.db.transaction(async (tx) => {
    let items: ReportedContent[] = [];
    let total = 0;
    if (q.kind) {
      ({ items, total } = await SOURCES[q.kind].read(tx, { limit: q.limit, offset: (q.page - 1) * q.limit }));
    } else {
      for (const kind of KINDS) {
        const part = await SOURCES[kind].read(tx, { limit: q.page * q.limit, offset: 0 });
        items.push(...part.items);
        total += part.total;
      }
      items = items.sort(byQueueOrder).slice((q.page - 1) * q.limit, q.page * q.limit);
    }
    const authorIds = items.map((i) => i.authorId);
    const people = new Map((await usersByIds(tx, authorIds)).map((p) => [p.id, p]));
    const bans = await bansOf(tx, authorIds);
    return {
      items: items.map(({ authorId, ...i }) => ({
        ...i,
        author: { id: authorId, name: nameOf(people.get(authorId)), ban: banState(bans.get(authorId)) },
      })),
      total,
    };
  });
}

const NOUN: Record<ModerationKind, string> = { post: 'post', comment: 'comment', product: 'product', shop: 'shop', community: 'community' };

function told(kind: ModerationKind, action: ModerationAction, wasHidden: boolean): { title: string; lead: string } {
  const n = NOUN[kind];
  if (action === 'restore')
    return wasHidden
      ? { title: `Your ${n} is back`, lead: `Owo reviewed the reports on your ${n} and restored it` }
      : { title: `Your ${n} stays up`, lead: `Owo reviewed the reports on your ${n} and kept it up` };
  if (action === 'warn')
    return { title: `A warning about your ${n}`, lead: `Owo reviewed the reports on your ${n}. It stays up, but this is a warning` };
  if (kind === 'shop')
    return { title: 'Your shop’s products were removed', lead: 'Owo reviewed the reports on your shop and took down its products' };
  return { title: `Your ${n} was removed`, lead: `Owo reviewed the reports on your ${n} and removed it` };
}

/** Restores, warns or removes a reported thing; its author is told why, and the log keeps it. */
export async function moderate(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  kind: ModerationKind,
  id: string,
  action: ModerationAction,
  reason: string,
) {
  const { authorId, link, wasHidden } = await SOURCES[kind].decide(tx, id, action);
  const t = told(kind, action, wasHidden);
  await deps.notifier.notice(tx, [authorId], {
    kind: `moderation.${action}`,
    title: t.title,
    body: `${t.lead}: ${reason}`,
    ...(link ? { link } : {}),
  });
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: authorId,
    kind: `moderation.${action}`,
    subject: id,
    detail: { target: kind, reason },
  });
  return { kind, id, action, reason, authorId };
}

const DAY_MS = 86_400_000;

/**
 * Bans the author of a reported thing for `days` (or for good: null), replacing a ban in force.
 * While it lasts they cannot post, comment, list products or create communities (each refused with
 * the reason and its end); they are told, and the log keeps it.
 */
export async function banAuthor(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  kind: ModerationKind,
  id: string,
  b: { reason: string; days: number | null },
) {
  const userId = await SOURCES[kind].author(tx, id);
  const [person] = await usersByIds(tx, [userId]);
  if (!person) throw notFound('Customer not found', 'CUSTOMER_NOT_FOUND');
  const until = b.days === null ? null : new Date(Date.now() + b.days * DAY_MS);
  const ban = await banPerson(tx, userId, { reason: b.reason, until, by: actor.staffId });
  await deps.notifier.notice(tx, [userId], {
    kind: 'moderation.ban',
    title: ban.until ? `You are banned until ${formatLagosDate(ban.until, 'date')}` : 'You are banned for good',
    body: banNoticeText(ban),
  });
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: userId,
    kind: 'moderation.ban',
    subject: id,
    detail: { target: kind, reason: b.reason, until: ban.until?.toISOString() ?? null },
  });
  return { userId, name: nameOf(person), until: ban.until?.toISOString() ?? null, reason: ban.reason, since: ban.bannedAt.toISOString() };
}

/** Ends a ban now (409 NOT_BANNED when none is in force); the person is told, and the log keeps it. */
export async function liftPersonBan(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, userId: string, reason: string) {
  if (!(await liftBan(tx, userId))) throw conflict('This person is not banned', 'NOT_BANNED');
  await deps.notifier.notice(tx, [userId], {
    kind: 'moderation.unban',
    title: 'Your ban is lifted',
    body: `You can post, comment, list products and create communities again: ${reason}`,
  });
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: userId,
    kind: 'moderation.unban',
    subject: userId,
    detail: { reason },
  });
  return { userId, lifted: true as const };
}

/** The bans in force, the newest first, with the person's name and who banned them. */
export async function listBans(deps: StaffDeps, q: { page: number; limit: number }) {
  return deps.db.transaction(async (tx) => {
    const page = await bansInForce(tx, q);
    const people = new Map(
      (
        await usersByIds(
          tx,
          page.items.map((b) => b.userId),
        )
      ).map((p) => [p.id, p]),
    );
    const staffIds = [...new Set(page.items.map((b) => b.bannedBy))];
    const by = new Map(
      staffIds.length
        ? (await tx.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds))).map((s) => [s.id, s])
        : [],
    );
    return {
      items: page.items.map((b) => ({
        userId: b.userId,
        name: nameOf(people.get(b.userId)),
        until: b.until?.toISOString() ?? null,
        reason: b.reason,
        since: b.bannedAt.toISOString(),
        bannedBy: by.get(b.bannedBy) ?? null,
      })),
      total: page.total,
    };
  });
}
