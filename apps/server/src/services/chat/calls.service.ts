import { createHmac } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Call } from '@owo/contracts';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { requireReachable } from './block-rule.js';
import { callChanged, ringCallee, stopRinging } from './call-push.js';
import { lockCallsOf } from './calls.queries.js';
import { groupCallLog } from './group-calls.js';
import { toChatUser } from './chat.service.js';
import { calls } from './tables.js';

// Calls: a row per call with its states (ringing, active, ended, missed, declined, busy). The
// server relays the WebRTC signalling and never touches media.

export type CallRow = typeof calls.$inferSelect;
const live = inArray(calls.status, ['ringing', 'active']);
/** When a call rang for `ringMs` by now (the database's clock). */
const rangSince = (ringMs: number) => sql`now() - make_interval(secs => ${ringMs / 1000})`;

/** A call as `viewerId` sees it (direction and the other person). */
export async function toCalls(db: Tx, viewerId: string, rows: CallRow[]): Promise<Call[]> {
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.flatMap((r) => [r.callerId, r.calleeId]),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return rows.map((r) => {
    const otherId = r.callerId === viewerId ? r.calleeId : r.callerId;
    const answered = r.answeredAt ? r.answeredAt.getTime() : null;
    return {
      id: r.id,
      callerId: r.callerId,
      calleeId: r.calleeId,
      other: people.get(otherId) ?? { id: otherId, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
      kind: r.kind,
      status: r.status,
      direction: r.callerId === viewerId ? 'outgoing' : 'incoming',
      startedAt: r.startedAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
      durationMs: answered && r.endedAt ? r.endedAt.getTime() - answered : null,
      group: null,
    };
  });
}

/** ICE servers for one call: STUN as configured, TURN with credentials valid for a while (coturn's use-auth-secret). */
export function iceServersFor(config: Config, userId: string, now = Date.now()) {
  const c = config.calls;
  const servers: { urls: string | string[]; username?: string; credential?: string }[] = [];
  if (c.stunUrls.length) servers.push({ urls: c.stunUrls });
  if (c.turnUrls.length && c.turnSecret) {
    const username = `${Math.floor(now / 1000) + c.turnTtlSeconds}:${userId}`;
    const credential = createHmac('sha1', c.turnSecret).update(username).digest('base64');
    servers.push({ urls: c.turnUrls, username, credential });
  }
  return { iceServers: servers, ttlSeconds: c.turnTtlSeconds };
}

/**
 * Starts a call, never with someone blocked either way (then nothing is written). When the callee
 * is already in a call (ringing or active) it is recorded as busy at once (a missed call for them);
 * a caller already in a call is refused. A ringing call rings the callee's devices by push too.
 */
export async function startCall(db: Db, callerId: string, calleeId: string, kind: 'voice' | 'video', ringMs: number): Promise<CallRow> {
  if (callerId === calleeId) throw badRequest('You can’t call yourself', 'CALL_SELF');
  const [callee] = await usersByIds(db, [calleeId]);
  if (!callee) throw notFound('User not found', 'USER_NOT_FOUND');
  await requireReachable(db, callerId, calleeId, 'call');
  return db.transaction(async (tx) => {
    // Both people's live calls, under an advisory lock per person so two calls cannot both ring one person.
    for (const id of [callerId, calleeId].sort()) await lockCallsOf(tx, id);
    const both = [callerId, calleeId];
    const inCall = await tx
      .select({ callerId: calls.callerId, calleeId: calls.calleeId })
      .from(calls)
      .where(and(live, or(inArray(calls.callerId, both), inArray(calls.calleeId, both))));
    if (inCall.some((c) => c.callerId === callerId || c.calleeId === callerId))
      throw conflict('You are already in a call', 'ALREADY_IN_CALL');
    const busy = inCall.length > 0;
    const [row] = await tx
      .insert(calls)
      .values({ id: newId(), callerId, calleeId, kind, status: busy ? 'busy' : 'ringing', endedAt: busy ? sql`now()` : null })
      .returning();
    if (busy) await callChanged(tx, row!);
    else await ringCallee(tx, row!, ringMs);
    return row!;
  });
}

async function callFor(tx: Tx, userId: string, callId: string): Promise<CallRow> {
  const [row] = await tx.select().from(calls).where(eq(calls.id, callId)).for('update');
  if (!row || (row.callerId !== userId && row.calleeId !== userId)) throw notFound('Call not found', 'CALL_NOT_FOUND');
  return row;
}

/** Moves the call to its new state, and tells the callee's devices (the ringing stops; a missed call). */
async function setStatus(tx: Tx, callId: string, status: Call['status'], answered = false): Promise<CallRow> {
  const [row] = await tx
    .update(calls)
    .set({ status, ...(answered ? { answeredAt: sql`now()` } : { endedAt: sql`now()` }) })
    .where(eq(calls.id, callId))
    .returning();
  await callChanged(tx, row!);
  return row!;
}

/** The callee answers on one device: the call becomes active once (a second answer is refused). */
export async function answerCall(db: Db, userId: string, callId: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const c = await callFor(tx, userId, callId);
    if (c.calleeId !== userId) throw badRequest('Only the person called can answer', 'CALL_NOT_CALLEE');
    if (c.status !== 'ringing') throw conflict('This call is no longer ringing', 'CALL_NOT_RINGING');
    await requireReachable(tx, userId, c.callerId, 'call');
    return setStatus(tx, callId, 'active', true);
  });
}

export async function declineCall(db: Db, userId: string, callId: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const c = await callFor(tx, userId, callId);
    if (c.calleeId !== userId) throw badRequest('Only the person called can decline', 'CALL_NOT_CALLEE');
    if (c.status !== 'ringing') throw conflict('This call is no longer ringing', 'CALL_NOT_RINGING');
    return setStatus(tx, callId, 'declined');
  });
}

/** Hangs up: an active call ends; a ringing one the caller cancels is missed, one the callee rejects is declined. */
export async function endCall(db: Db, userId: string, callId: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const c = await callFor(tx, userId, callId);
    // Its ringing already stopped when it was answered.
    if (c.status === 'active') return setStatus(tx, callId, 'ended');
    if (c.status === 'ringing') return setStatus(tx, callId, c.callerId === userId ? 'missed' : 'declined');
    return c;
  });
}

/**
 * Calls that rang unanswered for `ringMs` become missed (claimed by the update: one process each),
 * told to their callees as missed calls in the same transaction.
 */
export async function missUnanswered(db: Tx, ringMs: number): Promise<CallRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(calls)
      .set({ status: 'missed', endedAt: sql`now()` })
      .where(and(eq(calls.status, 'ringing'), lt(calls.startedAt, rangSince(ringMs))))
      .returning();
    for (const row of rows) await callChanged(tx, row);
    return rows;
  });
}

/** Calls ringing for `calleeId` now (for a device that connects while one rings). */
export async function ringingFor(db: Tx, calleeId: string, ringMs: number): Promise<CallRow[]> {
  return db
    .select()
    .from(calls)
    .where(and(eq(calls.calleeId, calleeId), eq(calls.status, 'ringing'), gte(calls.startedAt, rangSince(ringMs))));
}

/** The live call with this id that `userId` is part of, and the other party (for relaying signals; refused after a block). */
export async function liveCallParty(db: Tx, userId: string, callId: string): Promise<string> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.id, callId), live));
  if (!row || (row.callerId !== userId && row.calleeId !== userId)) throw notFound('Call not found', 'CALL_NOT_FOUND');
  const other = row.callerId === userId ? row.calleeId : row.callerId;
  await requireReachable(db, userId, other, 'call');
  return other;
}

/**
 * Ends the live calls between two people (a block): an active one ends, a ringing one is missed and
 * stops ringing (no missed call is told across a block).
 */
export async function endCallsBetween(db: Tx, a: string, b: string): Promise<CallRow[]> {
  const rows = await db
    .update(calls)
    .set({ status: sql`CASE WHEN ${calls.status} = 'active' THEN 'ended' ELSE 'missed' END`, endedAt: sql`now()` })
    .where(and(live, or(and(eq(calls.callerId, a), eq(calls.calleeId, b)), and(eq(calls.callerId, b), eq(calls.calleeId, a)))))
    .returning();
  for (const row of rows) if (row.status === 'missed') await stopRinging(db, row);
  return rows;
}

/**
 * A person's Calls tab, the latest first: their 1:1 calls and their groups' voice calls
 * (group-calls.ts), one list paged as one (each source read up to the page's end, then merged).
 */
export async function callLog(db: Tx, userId: string, q: { page: number; limit: number }) {
  const take = q.page * q.limit;
  const rows = await db
    .select({ call: calls, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(calls)
    .where(or(eq(calls.callerId, userId), eq(calls.calleeId, userId)))
    .orderBy(desc(calls.startedAt), calls.id)
    .limit(take);
  const group = await groupCallLog(db, userId, take);
  const direct = await toCalls(
    db,
    userId,
    rows.map((r) => r.call),
  );
  const all = [...direct, ...group.items].sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : 0));
  return {
    items: all.slice((q.page - 1) * q.limit, take),
    pagination: pageInfo(q.page, q.limit, (rows[0]?.total ?? 0) + group.total),
  };
}
