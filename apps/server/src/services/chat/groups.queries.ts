import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { executeRows, type RawRow, type Tx } from '../../platform/db.js';
import { archivedFilter, pinnedFirst } from './conversations.queries.js';
import { marksRise, messageCols, notHiddenFor, type MessageRow } from './message.queries.js';
import { conversations, groups, marks, members, type chatStates } from './tables.js';

// The statements on groups and their members (groups.service.ts holds the rules).

export type MemberRow = typeof members.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

/** A person's membership row of a group (current or former), the group's conversation row locked with `lock`. */
export async function membershipOf(db: Tx, groupId: string, userId: string, lock = false) {
  if (lock) await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, groupId)).for('update');
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.conversationId, groupId), eq(members.userId, userId)));
  return row ?? null;
}

/** The current members of a group, the longest first. */
export const currentMembers = (db: Tx, groupId: string) =>
  db
    .select()
    .from(members)
    .where(and(eq(members.conversationId, groupId), isNull(members.leftAt)))
    .orderBy(asc(members.joinedAt), asc(members.role), asc(members.userId));

/** Of these people, those who are current members of the group. */
export async function currentAmong(db: Tx, groupId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.conversationId, groupId), isNull(members.leftAt), inArray(members.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}

/** Which of these (group, person) pairs are current memberships: the send checks' one statement for a batch. */
export async function currentPairs(db: Tx, pairs: readonly { groupId: string; userId: string }[]): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const list = sql.join(
    pairs.map((p) => sql`(${p.groupId}::uuid, ${p.userId}::uuid)`),
    sql`, `,
  );
  const rows = await executeRows<Pick<MemberRow, 'conversationId' | 'userId'>>(
    db,
    sql`SELECT conversation_id AS "conversationId", user_id AS "userId" FROM chat_members
      WHERE left_at IS NULL AND (conversation_id, user_id) IN (${list})`,
  );
  return new Set(rows.map((r) => `${r.conversationId}:${r.userId}`));
}

/**
 * Whether the membership that ended at `leftSeq` was ended by an admin's removal (its event, the
 * message at that seq, says so): the removal is remembered by the group's own history.
 */
export async function wasRemovedAt(db: Tx, groupId: string, userId: string, leftSeq: number): Promise<boolean> {
  const rows = await executeRows<{ n: number }>(
    db,
    sql`SELECT 1 AS n FROM chat_messages WHERE conversation_id = ${groupId} AND seq = ${leftSeq} AND msg_type = 'event'
      AND body -> 'event' ->> 'type' = 'removed' AND body -> 'event' -> 'userIds' @> jsonb_build_array(${userId}::text)`,
  );
  return rows.length > 0;
}

export const groupById = async (db: Tx, groupId: string) => (await db.select().from(groups).where(eq(groups.id, groupId)))[0] ?? null;
export const groupByCode = async (db: Tx, code: string) => (await db.select().from(groups).where(eq(groups.inviteCode, code)))[0] ?? null;

export const lastSeqOf = async (db: Tx, groupId: string) =>
  (await db.select({ lastSeq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, groupId)))[0]?.lastSeq ?? 0;

/** Puts people in a group (again, for those who left): they read from `joinedSeq` on. */
export async function upsertMembers(db: Tx, groupId: string, userIds: readonly string[], role: MemberRow['role'], joinedSeq: number) {
  if (!userIds.length) return;
  await db
    .insert(members)
    .values(userIds.map((userId) => ({ conversationId: groupId, userId, role, joinedSeq })))
    .onConflictDoUpdate({
      target: [members.conversationId, members.userId],
      set: { role, joinedSeq, leftSeq: null, leftAt: null, mutedUntil: null, joinedAt: sql`now()` },
    });
  // Their marks start where they joined, so what came before is not unread.
  await db
    .insert(marks)
    .values(userIds.map((userId) => ({ conversationId: groupId, userId, deliveredSeq: joinedSeq, seenSeq: joinedSeq })))
    .onConflictDoUpdate({
      target: [marks.conversationId, marks.userId],
      set: marksRise,
    });
}

/** Ends a membership: the person reads nothing after `leftSeq`. */
export const endMembership = (db: Tx, groupId: string, userId: string, leftSeq: number) =>
  db
    .update(members)
    .set({ leftSeq, leftAt: sql`now()`, role: 'member' })
    .where(and(eq(members.conversationId, groupId), eq(members.userId, userId)));

export const setRole = (db: Tx, groupId: string, userId: string, role: MemberRow['role']) =>
  db
    .update(members)
    .set({ role })
    .where(and(eq(members.conversationId, groupId), eq(members.userId, userId)));

export const setMute = (db: Tx, groupId: string, userId: string, until: Date | null) =>
  db
    .update(members)
    .set({ mutedUntil: until })
    .where(and(eq(members.conversationId, groupId), eq(members.userId, userId)));

type GroupListRow = RawRow<
  Pick<GroupRow, 'id' | 'name' | 'photoUrl' | 'createdAt'> & Pick<MemberRow, 'role' | 'mutedUntil' | 'joinedSeq'>
> &
  Pick<typeof conversations.$inferSelect, 'lastSeq'> &
  Pick<typeof marks.$inferSelect, 'seenSeq'> &
  RawRow<Pick<typeof chatStates.$inferSelect, 'pinnedAt' | 'archivedAt'>> & {
    memberCount: number;
    last: MessageRow | null;
    total: number;
  };

/**
 * The caller's current groups (or one), pinned first then the latest, with the last message each can
 * read (not one they deleted for themselves), the unread count from the marks, pin and archive.
 */
export async function groupsOfUser(db: Tx, userId: string, q: { page: number; limit: number; onlyId?: string; archived?: boolean }) {
  return executeRows<GroupListRow>(
    db,
    sql`SELECT g.id, g.name, g.photo_url AS "photoUrl", g.created_at AS "createdAt", me.role, me.muted_until AS "mutedUntil",
        c.last_seq AS "lastSeq", me.joined_seq AS "joinedSeq", coalesce(k.seen_seq, 0) AS "seenSeq",
        s.pinned_at AS "pinnedAt", s.archived_at AS "archivedAt",
        (SELECT count(*)::int FROM chat_members x WHERE x.conversation_id = g.id AND x.left_at IS NULL) AS "memberCount",
        (SELECT row_to_json(l) FROM (SELECT ${messageCols} FROM chat_messages WHERE conversation_id = g.id AND seq > me.joined_seq
          AND ${notHiddenFor(userId)} ORDER BY seq DESC LIMIT 1) l) AS last,
        count(*) OVER ()::int AS total
      FROM chat_members me
      JOIN chat_groups g ON g.id = me.conversation_id
      JOIN chat_conversations c ON c.id = me.conversation_id
      LEFT JOIN chat_marks k ON k.conversation_id = me.conversation_id AND k.user_id = me.user_id
      LEFT JOIN chat_states s ON s.user_id = me.user_id AND s.conversation_id = me.conversation_id
      WHERE me.user_id = ${userId} AND me.left_at IS NULL ${q.onlyId ? sql`AND g.id = ${q.onlyId}` : sql``} ${archivedFilter(q.archived)}
      ORDER BY ${pinnedFirst}, c.last_message_at DESC NULLS LAST, g.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
}

/** The current groups a person is in (their sockets join these rooms). */
export const groupIdsOf = async (db: Tx, userId: string) =>
  (
    await db
      .select({ id: members.conversationId })
      .from(members)
      .where(and(eq(members.userId, userId), isNull(members.leftAt)))
  ).map((r) => r.id);

/** The marks of a group's current members. */
export const memberMarks = (db: Tx, groupId: string) =>
  db
    .select({ userId: marks.userId, deliveredSeq: marks.deliveredSeq, seenSeq: marks.seenSeq, joinedSeq: members.joinedSeq })
    .from(marks)
    .innerJoin(members, and(eq(members.conversationId, marks.conversationId), eq(members.userId, marks.userId)))
    .where(and(eq(marks.conversationId, groupId), isNull(members.leftAt)));

/**
 * How far every other current member has the group's messages delivered and seen: the lowest of
 * their marks, each at least where they joined (what came before is not theirs to receive); the
 * last seq when the caller is alone. A message is delivered to all (two ticks) or seen by all (blue
 * ticks) when its seq is at most these. A former member's are capped where they left.
 */
export async function othersMarks(db: Tx, groupId: string, userId: string, upTo: number | null = null) {
  const [row] = await executeRows<{ deliveredSeq: number | null; seenSeq: number | null; lastSeq: number }>(
    db,
    sql`SELECT min(greatest(coalesce(k.delivered_seq, 0), m.joined_seq))::int AS "deliveredSeq",
        min(greatest(coalesce(k.seen_seq, 0), m.joined_seq))::int AS "seenSeq",
        (SELECT last_seq FROM chat_conversations WHERE id = ${groupId}) AS "lastSeq"
      FROM chat_members m
      LEFT JOIN chat_marks k ON k.conversation_id = m.conversation_id AND k.user_id = m.user_id
      WHERE m.conversation_id = ${groupId} AND m.left_at IS NULL AND m.user_id <> ${userId}`,
  );
  // A former member follows the ticks of what they could read only (up to where they left).
  const cap = (n: number) => Math.min(n, upTo ?? n);
  const last = Number(row?.lastSeq ?? 0);
  return { deliveredSeq: cap(row?.deliveredSeq ?? last), seenSeq: cap(row?.seenSeq ?? last) };
}
