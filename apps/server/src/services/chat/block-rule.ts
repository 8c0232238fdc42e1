import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { forbidden } from '../../platform/errors.js';
import { blocksBetween } from './blocks.queries.js';
import { blocks } from './tables.js';

// The rule a block makes (blocks.service.ts keeps the blocks): two people are cut off from each
// other both ways (messages, payment shares, calls and their signalling, presence and typing);
// only the blocker sees the block and can lift it. The person blocked is never told: what they
// try is refused with the words anyone gets who cannot reach someone, and nothing is written.

/** The words for a message, a payment share, or anything else sent to someone one cannot reach. */
export const cannotMessage = () => forbidden('You can’t message this person', 'CANNOT_MESSAGE');
/** The words for a call (or its signalling) with someone one cannot reach. */
export const cannotCall = () => forbidden('You can’t call this person', 'CANNOT_CALL');

/**
 * The rule, in one place: of `others`, the people `userId` is cut off from (either blocked the
 * other). Message sends, calls and their signalling, presence and typing all ask it.
 */
export async function blockedAmong(db: Tx, userId: string, others: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(others)].filter((id) => id !== userId);
  if (!ids.length) return new Set();
  const rows = await db
    .select({ other: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, ids)))
    .union(
      db
        .select({ other: blocks.blockerId })
        .from(blocks)
        .where(and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, ids))),
    );
  return new Set(rows.map((r) => r.other));
}

/** Refuses (403, neutral words) when `fromId` and `toId` are cut off from each other. */
export async function requireReachable(db: Tx, fromId: string, toId: string, what: 'message' | 'call'): Promise<void> {
  if ((await blockedAmong(db, fromId, [toId])).size > 0) throw what === 'message' ? cannotMessage() : cannotCall();
}

/** Of these pairs of people, those cut off from each other (either blocked the other), as `lower:higher` keys. */
export async function blockedPairs(db: Tx, pairs: readonly (readonly [string, string])[]): Promise<Set<string>> {
  const keys = [...new Set(pairs.filter(([a, b]) => a !== b).map(([a, b]) => (a < b ? `${a}:${b}` : `${b}:${a}`)))];
  if (!keys.length) return new Set();
  const rows = await blocksBetween(
    db,
    keys.map((k) => k.split(':') as [string, string]),
  );
  return new Set(rows.map((r) => (r.blockerId < r.blockedId ? `${r.blockerId}:${r.blockedId}` : `${r.blockedId}:${r.blockerId}`)));
}

/**
 * The rule as a condition on another service's row: `userId` and the person in `person` (a column)
 * are cut off from each other. Connect's visibility asks it, so a block also hides each one's posts,
 * comments and stories from the other.
 */
export const cutOffSql = (userId: string, person: SQL): SQL => sql`EXISTS (SELECT 1 FROM ${blocks} b
  WHERE (b.blocker_id = ${userId} AND b.blocked_id = ${person}) OR (b.blocked_id = ${userId} AND b.blocker_id = ${person}))`;

/**
 * The rule as a statement selecting one uuid column: everyone `userId` is cut off from. For rows
 * read once for many readers (Connect's kept comments), to which each reader's side is then applied.
 */
export const cutOffPeopleSql = (userId: string): SQL => sql`SELECT b.blocked_id FROM ${blocks} b WHERE b.blocker_id = ${userId}
  UNION SELECT b.blocker_id FROM ${blocks} b WHERE b.blocked_id = ${userId}`;
