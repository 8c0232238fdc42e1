import { GROUP_CALL_MAX, type GroupCall } from '@owo/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { membershipOf } from './groups.queries.js';
import { groupCallPeople, groupCalls } from './tables.js';

// A group's voice call (docs/chat.md): one live call per group, at most GROUP_CALL_MAX people in
// it; any current member may start it (the others ring) or join it; WebRTC runs between each pair,
// and the server only relays their signals, between two people both in the call. A person who
// leaves the group, or leaves the call, stops receiving its signals; the last to leave ends it.

type CallRow = typeof groupCalls.$inferSelect;

const callNotFound = () => notFound('Call not found', 'CALL_NOT_FOUND');
const callEnded = () => conflict('This call has ended', 'CALL_ENDED');
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
    .select({ callId: groupCallPeople.callId, userId: groupCallPeople.userId, joinedAt: groupCallPeople.joinedAt })
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
    participants: people.filter((p) => p.callId === row.id).map((p) => ({ userId: p.userId, joinedAt: p.joinedAt.toISOString() })),
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
    .onConflictDoUpdate({ target: [groupCallPeople.callId, groupCallPeople.userId], set: { joinedAt: new Date(), leftAt: null } });
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
        const [live] = await tx
          .select()
          .from(groupCalls)
          .where(and(eq(groupCalls.groupId, groupId), isNull(groupCalls.endedAt)))
          .for('update');
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

/** A member leaves a call; the last one to leave ends it. Leaving a call one is not in changes nothing. */
export function leaveGroupCall(db: Db, callId: string, userId: string): Promise<GroupCall> {
  return db.transaction(async (tx) => leave(tx, await memberCall(tx, callId, userId, true), userId));
}

/** Takes a person out of a call (its row locked, the person's right to ask checked by the caller). */
async function leave(tx: Tx, locked: CallRow, userId: string): Promise<GroupCall> {
  const callId = locked.id;
  let call = locked;
  await tx
    .update(groupCallPeople)
    .set({ leftAt: new Date() })
    .where(and(eq(groupCallPeople.callId, callId), eq(groupCallPeople.userId, userId), isNull(groupCallPeople.leftAt)));
  if (!call.endedAt && (await inCall(tx, callId)).length === 0) {
    const [ended] = await tx.update(groupCalls).set({ endedAt: new Date() }).where(eq(groupCalls.id, callId)).returning();
    call = ended ?? call;
  }
  return toGroupCall(tx, call);
}

/** The live calls of a group a person is in: they leave them (they left the group or were removed). */
export async function leaveGroupCallsOf(db: Db, groupId: string, userId: string): Promise<GroupCall[]> {
  const live = await db
    .select({ id: groupCalls.id })
    .from(groupCalls)
    .innerJoin(groupCallPeople, and(eq(groupCallPeople.callId, groupCalls.id), eq(groupCallPeople.userId, userId)))
    .where(and(eq(groupCalls.groupId, groupId), isNull(groupCalls.endedAt), isNull(groupCallPeople.leftAt)));
  const left: GroupCall[] = [];
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
  if (!people.includes(toId) || toId === fromId) throw notFound('That person is not in this call', 'NOT_IN_CALL');
}
