import { GROUP_CALL_MAX, type Call, type ChatMessage, type GroupCall } from '@owo/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { membershipOf } from './groups.queries.js';
import { usersByIds } from '../user/index.js';
import { toChatUser } from './chat.service.js';
import { groupEventMessage } from './groups.service.js';
import { groupCallPeople, groupCalls, groups, members } from './tables.js';

// A group's voice call (docs/chat.md): one live call per group, at most GROUP_CALL_MAX people in
// it; any current member may start it (the others ring) or join it; WebRTC runs between each pair,
// and the server only relays their signals, between two people both in the call. A person who
// leaves the group, or leaves the call, stops receiving its signals; when fewer than two are left
// after a leave, the call ends for everyone, and the group gets its record (an event of type call).
// Every event asks one rule first, `requireCallMember`: anyone not a current member of the group
// is told the call does not exist.

type CallRow = typeof groupCalls.$inferSelect;

const callNotFound = () => notFound('Call not found', 'CALL_NOT_FOUND');
const callEnded = () => conflict('This call has ended', 'CALL_ENDED');
const notInCall = () => notFound('That person is not in this call', 'NOT_IN_CALL');
const callFull = () => conflict(`This call is full (${GROUP_CALL_MAX} people)`, 'GROUP_CALL_FULL');

/**
 * The one rule every group-call event asks (start, join, leave, signal, mute): the person is a
 * current member of the call's group. Anyone else (never a member, removed, left) is told the call
 * does not exist, the same answer as for a call that does not exist: nothing about it is told.
 */
export async function requireCallMember(db: Tx, groupId: string, userId: string): Promise<void> {
  const m = await membershipOf(db, groupId, userId);
  if (!m || m.leftAt) throw callNotFound();
}

/** A call asked for by a member of its group (locked with `lock`): CALL_NOT_FOUND for anyone else, and for no call. */
async function memberCall(tx: Tx, callId: string, userId: string, lock: boolean): Promise<CallRow> {
  const q = tx.select().from(groupCalls).where(eq(groupCalls.id, callId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw callNotFound();
  await requireCallMember(tx, row.groupId, userId);
  return row;
}

/** Calls as the app sees them, each with who is in it now (one statement for all their people). */
async function withPeople(db: Tx, rows: readonly CallRow[]): Promise<GroupCall[]> {
  if (!rows.length) return [];
  const people = await db
    .select({
      callId: groupCallPeople.callId,
      userId: groupCallPeople.userId,
      joinedAt: groupCallPeople.joinedAt,
      muted: groupCallPeople.muted,
    })
    .from(groupCallPeople)
    .where(
      and(
        inArray(
          groupCallPeople.callId,
          rows.map((r) => r.id),
        ),
        isNull(groupCallPeople.leftAt),
      ),
    )
    .orderBy(asc(groupCallPeople.joinedAt), asc(groupCallPeople.userId));
  return rows.map((row) => ({
    id: row.id,
    groupId: row.groupId,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    participants: people
      .filter((p) => p.callId === row.id)
      .map((p) => ({ userId: p.userId, joinedAt: p.joinedAt.toISOString(), muted: p.muted })),
  }));
}

/** The call as the app sees it: who is in it now. */
const toGroupCall = async (db: Tx, row: CallRow): Promise<GroupCall> => (await withPeople(db, [row]))[0]!;

/**
 * The live calls of these groups, each with who is in it (two statements, whatever their number):
 * a device that connects learns of them, so the app shows a call's Join banner in its group.
 */
export async function liveGroupCalls(db: Db, groupIds: readonly string[]): Promise<GroupCall[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select()
    .from(groupCalls)
    .where(and(inArray(groupCalls.groupId, [...groupIds]), isNull(groupCalls.endedAt)));
  return withPeople(db, rows);
}

/** Who is in the call now (locked with the call's row by the caller). */
async function inCall(tx: Tx, callId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: groupCallPeople.userId })
    .from(groupCallPeople)
    .where(and(eq(groupCallPeople.callId, callId), isNull(groupCallPeople.leftAt)));
  return rows.map((r) => r.userId);
}

/** Puts a current member (checked by the caller) into a live call (the call's row locked): refused when it is full. */
async function enter(tx: Tx, call: CallRow, userId: string): Promise<void> {
  if (call.endedAt) throw callEnded();
  const now = await inCall(tx, call.id);
  if (now.includes(userId)) return;
  if (now.length >= GROUP_CALL_MAX) throw callFull();
  await tx
    .insert(groupCallPeople)
    .values({ callId: call.id, userId })
    .onConflictDoUpdate({
      target: [groupCallPeople.callId, groupCallPeople.userId],
      set: { joinedAt: new Date(), leftAt: null, muted: false },
    });
}

/** The group's live call, if any, locked (start and mute both change it). */
async function lockLiveCall(tx: Tx, groupId: string): Promise<CallRow | undefined> {
  const [live] = await tx
    .select()
    .from(groupCalls)
    .where(and(eq(groupCalls.groupId, groupId), isNull(groupCalls.endedAt)))
    .for('update');
  return live;
}

/**
 * Starts the group's call, or joins it when one is live already (two members starting at once get
 * one call). `created` says whether the others should ring.
 */
export async function startGroupCall(db: Db, groupId: string, userId: string): Promise<{ call: GroupCall; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await requireCallMember(tx, groupId, userId);
        const live = await lockLiveCall(tx, groupId);
        if (live) {
          await enter(tx, live, userId);
          return { call: await toGroupCall(tx, live), created: false };
        }
        const [row] = await tx.insert(groupCalls).values({ id: newId(), groupId, startedBy: userId }).returning();
        await enter(tx, row!, userId);
        return { call: await toGroupCall(tx, row!), created: true };
      });
    } catch (err) {
      // Another member started it at the same moment: join theirs.
      if (attempt === 0 && uniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Joins a live call of a group one is in (at most GROUP_CALL_MAX people). */
export function joinGroupCall(db: Db, callId: string, userId: string): Promise<GroupCall> {
  return db.transaction(async (tx) => {
    const call = await memberCall(tx, callId, userId, true);
    await enter(tx, call, userId);
    return toGroupCall(tx, call);
  });
}

/** A call changed, and the group's record of it when the change ended it (to deliver to the group). */
export type CallChange = { call: GroupCall; record: ChatMessage | null };

/** A member leaves a call; when fewer than two are left, it ends. Leaving a call one is not in changes nothing. */
export function leaveGroupCall(db: Db, callId: string, userId: string): Promise<CallChange> {
  return db.transaction(async (tx) => leave(tx, await memberCall(tx, callId, userId, true), userId));
}

/**
 * Takes a person out of a call (its row locked, the person's right to ask checked by the caller).
 * When fewer than two people are left in it, it ends: the one left is taken out too (their call
 * ends, their timer stops), and the group gets the call's record.
 */
async function leave(tx: Tx, locked: CallRow, userId: string): Promise<CallChange> {
  const now = new Date();
  await tx
    .update(groupCallPeople)
    .set({ leftAt: now })
    .where(and(eq(groupCallPeople.callId, locked.id), eq(groupCallPeople.userId, userId), isNull(groupCallPeople.leftAt)));
  if (locked.endedAt || (await inCall(tx, locked.id)).length >= 2) return { call: await toGroupCall(tx, locked), record: null };
  await tx
    .update(groupCallPeople)
    .set({ leftAt: now })
    .where(and(eq(groupCallPeople.callId, locked.id), isNull(groupCallPeople.leftAt)));
  const [ended] = await tx.update(groupCalls).set({ endedAt: now }).where(eq(groupCalls.id, locked.id)).returning();
  return { call: await toGroupCall(tx, ended!), record: await recordOf(tx, ended!) };
}

/**
 * The group's record of a call that ended: an event of type call from who started it, with everyone
 * who was in it, and its length (from its start), or none when nobody answered ("Missed group call").
 */
async function recordOf(tx: Tx, call: CallRow): Promise<ChatMessage> {
  const people = await tx
    .select({ userId: groupCallPeople.userId })
    .from(groupCallPeople)
    .where(eq(groupCallPeople.callId, call.id))
    .orderBy(asc(groupCallPeople.joinedAt));
  const answered = people.some((p) => p.userId !== call.startedBy);
  return groupEventMessage(tx, call.groupId, call.startedBy, {
    type: 'call',
    userIds: people.map((p) => p.userId),
    call: {
      callId: call.id,
      startedAt: call.startedAt.toISOString(),
      durationMs: answered && call.endedAt ? call.endedAt.getTime() - call.startedAt.getTime() : null,
    },
  });
}

/** A member in the group's live call turns their microphone off or on: everyone in the group sees it. */
export function muteInGroupCall(db: Db, groupId: string, userId: string, muted: boolean): Promise<GroupCall> {
  return db.transaction(async (tx) => {
    await requireCallMember(tx, groupId, userId);
    const live = await lockLiveCall(tx, groupId);
    if (!live) throw callNotFound();
    const [me] = await tx
      .update(groupCallPeople)
      .set({ muted })
      .where(and(eq(groupCallPeople.callId, live.id), eq(groupCallPeople.userId, userId), isNull(groupCallPeople.leftAt)))
      .returning();
    if (!me) throw notFound('You are not in this call', 'NOT_IN_CALL');
    return toGroupCall(tx, live);
  });
}

/** The live calls of a group a person is in: they leave them (they left the group or were removed). */
export async function leaveGroupCallsOf(db: Db, groupId: string, userId: string): Promise<CallChange[]> {
  const live = await db
    .select({ id: groupCalls.id })
    .from(groupCalls)
    .innerJoin(groupCallPeople, and(eq(groupCallPeople.callId, groupCalls.id), eq(groupCallPeople.userId, userId)))
    .where(and(eq(groupCalls.groupId, groupId), isNull(groupCalls.endedAt), isNull(groupCallPeople.leftAt)));
  const left: CallChange[] = [];
  // They are no longer a member: the server takes them out (no member's rule to ask).
  for (const c of live)
    left.push(
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(groupCalls).where(eq(groupCalls.id, c.id)).for('update');
        return leave(tx, row!, userId);
      }),
    );
  return left;
}

/**
 * Checks a signal: both people are in the live call and the sender is still a member of its group.
 * Refused with the same 404 whether the call does not exist or the sender is not in it.
 */
export async function signalPeer(db: Tx, callId: string, fromId: string, toId: string): Promise<void> {
  const row = await memberCall(db, callId, fromId, false);
  if (row.endedAt) throw callNotFound();
  const people = await inCall(db, callId);
  if (!people.includes(fromId)) throw callNotFound();
  if (!people.includes(toId) || toId === fromId) throw notInCall();
}

/**
 * The group calls of a person's Calls tab, the latest first (the first `take`, and how many there
 * are): the calls of the groups they were a member of when each started, as `Call`s whose `other`
 * is who started it. Outgoing when they started it; missed when they were never in it (or, when they
 * started it, when nobody answered); its length from its start when it was answered.
 */
export async function groupCallLog(db: Tx, userId: string, take: number): Promise<{ items: Call[]; total: number }> {
  const me = alias(groupCallPeople, 'me');
  const rows = await db
    .select({
      call: groupCalls,
      group: { id: groups.id, name: groups.name, photoUrl: groups.photoUrl },
      wasIn: sql<boolean>`${me.userId} IS NOT NULL`.mapWith(Boolean),
      answered: sql<boolean>`EXISTS (SELECT 1 FROM chat_group_call_people o WHERE o.call_id = ${groupCalls.id}
        AND o.user_id <> ${groupCalls.startedBy})`.mapWith(Boolean),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(groupCalls)
    .innerJoin(groups, eq(groups.id, groupCalls.groupId))
    .innerJoin(
      members,
      and(
        eq(members.conversationId, groupCalls.groupId),
        eq(members.userId, userId),
        lte(members.joinedAt, groupCalls.startedAt),
        or(isNull(members.leftAt), gte(members.leftAt, groupCalls.startedAt)),
      ),
    )
    .leftJoin(me, and(eq(me.callId, groupCalls.id), eq(me.userId, userId)))
    .orderBy(desc(groupCalls.startedAt), groupCalls.id)
    .limit(take);
  const starters = new Map((await usersByIds(db, [...new Set(rows.map((r) => r.call.startedBy))])).map((u) => [u.id, toChatUser(u)]));
  const items = rows.map(({ call, group, wasIn, answered }): Call => {
    const outgoing = call.startedBy === userId;
    const ended = call.endedAt !== null;
    const status = !ended ? 'active' : (outgoing ? answered : wasIn) ? 'ended' : 'missed';
    return {
      id: call.id,
      callerId: call.startedBy,
      calleeId: call.groupId,
      other: starters.get(call.startedBy) ?? { id: call.startedBy, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
      kind: 'voice',
      status,
      direction: outgoing ? 'outgoing' : 'incoming',
      startedAt: call.startedAt.toISOString(),
      answeredAt: answered ? call.startedAt.toISOString() : null,
      endedAt: call.endedAt?.toISOString() ?? null,
      durationMs: status === 'ended' && call.endedAt ? call.endedAt.getTime() - call.startedAt.getTime() : null,
      group,
    };
  });
  return { items, total: rows[0]?.total ?? 0 };
}
