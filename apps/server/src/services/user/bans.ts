import { formatLagosDate } from '@owo/contracts';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { forbidden, type AppError } from '../../platform/errors.js';
import { userBans } from './ban-table.js';
import { SUPPORT_CONTACT } from './freeze.js';

// A moderator's ban: for a period or for good, the person cannot post, comment, list products or
// create communities. The rule is here, once: each of those writes in Connect and the marketplace
// asks `refuseBanned` in its own transaction, before it writes anything (docs/console.md).

export type Ban = { reason: string; until: Date | null; bannedAt: Date; bannedBy: string };

/** What a ban keeps a person from doing. */
export type BannedActivity = 'post' | 'comment' | 'sell' | 'community';
const DOING: Record<BannedActivity, string> = {
  post: 'posting',
  comment: 'commenting',
  sell: 'listing products',
  community: 'creating communities',
};

const untilText = (until: Date | null) => (until ? `until ${formatLagosDate(until, 'dateTime')} (Lagos time)` : 'for good');
const stripped = (reason: string) => reason.replace(/[.!\s]+$/, '');

/** What a banned person reads when they try `activity`: why, and until when. */
export const bannedText = (activity: BannedActivity, ban: Pick<Ban, 'reason' | 'until'>): string =>
  `You are banned from ${DOING[activity]} on Owo ${untilText(ban.until)}: ${stripped(ban.reason)}. ${SUPPORT_CONTACT}.`;

/** What the notice of a new ban says. */
export const banNoticeText = (ban: Pick<Ban, 'reason' | 'until'>): string =>
  `Owo reviewed reports about you. ${untilText(ban.until)[0]!.toUpperCase()}${untilText(ban.until).slice(1)} you can't post, ` +
  `comment, list products or create communities: ${stripped(ban.reason)}. ${SUPPORT_CONTACT}.`;

const inForce = () => or(isNull(userBans.until), gt(userBans.until, sql`now()`));

/** The person's ban in force now, or null. */
export async function banOf(db: Tx, userId: string): Promise<Ban | null> {
  const [row] = await db
    .select({ reason: userBans.reason, until: userBans.until, bannedAt: userBans.bannedAt, bannedBy: userBans.bannedBy })
    .from(userBans)
    .where(and(eq(userBans.userId, userId), inForce()))
    .limit(1);
  return row ?? null;
}

/** The bans in force of these people, by person. */
export async function bansOf(db: Tx, userIds: readonly string[]): Promise<Map<string, Ban>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(userBans)
    .where(and(inArray(userBans.userId, [...new Set(userIds)]), inForce()));
  return new Map(rows.map((r) => [r.userId, { reason: r.reason, until: r.until, bannedAt: r.bannedAt, bannedBy: r.bannedBy }]));
}

/** Every ban in force, the newest first, a page at a time. */
export async function bansInForce(
  db: Tx,
  q: { page: number; limit: number },
): Promise<{ items: (Ban & { userId: string })[]; total: number }> {
  const rows = await db
    .select({ b: userBans, total: sql<number>`count(*) OVER ()::int` })
    .from(userBans)
    .where(inForce())
    .orderBy(sql`${userBans.bannedAt} DESC, ${userBans.userId}`)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { items: rows.map(({ b }) => b), total: Number(rows[0]?.total ?? 0) };
}

/** The refusal of `activity` to a banned person (403 BANNED), with the reason and the end of the ban. */
export const bannedError = (activity: BannedActivity, ban: Pick<Ban, 'reason' | 'until'>): AppError =>
  forbidden(bannedText(activity, ban), 'BANNED');

/** Refuses (403 BANNED) `activity` to a person whose ban is in force. Call it before writing anything. */
export async function refuseBanned(db: Tx, userId: string, activity: BannedActivity): Promise<void> {
  const ban = await banOf(db, userId);
  if (ban) throw bannedError(activity, ban);
}

/** Bans a person (a ban in force is replaced: lengthened, shortened or made for good). */
export async function banPerson(tx: Tx, userId: string, b: { reason: string; until: Date | null; by: string }): Promise<Ban> {
  const [row] = await tx
    .insert(userBans)
    .values({ userId, reason: b.reason, until: b.until, bannedBy: b.by })
    .onConflictDoUpdate({
      target: userBans.userId,
      set: { reason: b.reason, until: b.until, bannedBy: b.by, bannedAt: sql`now()` },
    })
    .returning();
  return { reason: row!.reason, until: row!.until, bannedAt: row!.bannedAt, bannedBy: row!.bannedBy };
}

/** Ends a ban now; false when none was in force. */
export async function liftBan(tx: Tx, userId: string): Promise<boolean> {
  const gone = await tx
    .delete(userBans)
    .where(and(eq(userBans.userId, userId), inForce()))
    .returning({ id: userBans.userId });
  return gone.length > 0;
}
