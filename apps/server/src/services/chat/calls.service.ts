import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Call } from '@owo/contracts';
import type { Config } from '../../platform/config.js';
import { newId } from '../../platform/crypto.js';
import { executeRows, type Db, type Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { usersByIds } from '../user/index.js';
import { requireReachable } from './block-rule.js';
import { callChanged, ringCallee, stopRinging } from './call-push.js';
import { toChatUser } from './chat.service.js';

// Calls: a row per call with its states (ringing, active, ended, missed, declined, busy). The
// server relays the WebRTC signalling and never touches media.

export type CallRow = {
  id: string;
  caller_id: string;
  callee_id: string;
  kind: 'voice' | 'video';
  status: Call['status'];
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
};
const cols = sql`id, caller_id, callee_id, kind, status, started_at, answered_at, ended_at`;
const iso = (s: string | null) => (s ? new Date(s).toISOString() : null);

/** A call as `viewerId` sees it (direction and the other person). */
export async function toCalls(db: Tx, viewerId: string, rows: CallRow[]): Promise<Call[]> {
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.flatMap((r) => [r.caller_id, r.callee_id]),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return rows.map((r) => {
    const otherId = r.caller_id === viewerId ? r.callee_id : r.caller_id;
    const answered = r.answered_at ? new Date(r.answered_at).getTime() : null;
    return {
      id: r.id,
      callerId: r.caller_id,
      calleeId: r.callee_id,
      other: people.get(otherId) ?? { id: otherId, firstName: 'Owo', lastName: 'user', nickName: null, avatar: null },
      kind: r.kind,
      status: r.status,
      direction: r.caller_id === viewerId ? 'outgoing' : 'incoming',
      startedAt: iso(r.started_at)!,
      answeredAt: iso(r.answered_at),
      endedAt: iso(r.ended_at),
      durationMs: answered && r.ended_at ? new Date(r.ended_at).getTime() - answered : null,
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
    for (const id of [callerId, calleeId].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`call:${id}`}))`);
    const live = await executeRows<{ caller_id: string; callee_id: string }>(
      tx,
      sql`SELECT caller_id, callee_id FROM chat_calls WHERE status IN ('ringing', 'active')
        AND (caller_id IN (${callerId}, ${calleeId}) OR callee_id IN (${callerId}, ${calleeId}))`,
    );
    if (live.some((c) => c.caller_id === callerId || c.callee_id === callerId))
      throw conflict('You are already in a call', 'ALREADY_IN_CALL');
    const busy = live.length > 0;
    const [row] = await executeRows<CallRow>(
      tx,
      sql`INSERT INTO chat_calls (id, caller_id, callee_id, kind, status, ended_at)
        VALUES (${newId()}, ${callerId}, ${calleeId}, ${kind}, ${busy ? 'busy' : 'ringing'}, ${busy ? sql`now()` : null})
        RETURNING ${cols}`,
    );
    if (busy) await callChanged(tx, row!);
    else await ringCallee(tx, row!, ringMs);
    return row!;
  });
}

async function callFor(tx: Tx, userId: string, callId: string): Promise<CallRow> {
  const [row] = await executeRows<CallRow>(tx, sql`SELECT ${cols} FROM chat_calls WHERE id = ${callId} FOR UPDATE`);
  if (!row || (row.caller_id !== userId && row.callee_id !== userId)) throw notFound('Call not found', 'CALL_NOT_FOUND');
  return row;
}

/** Moves the call to its new state, and tells the callee's devices (the ringing stops; a missed call). */
async function setStatus(tx: Tx, callId: string, status: Call['status'], answered = false): Promise<CallRow> {
  const [row] = await executeRows<CallRow>(
    tx,
    sql`UPDATE chat_calls SET status = ${status}, ${answered ? sql`answered_at = now()` : sql`ended_at = now()`}
      WHERE id = ${callId} RETURNING ${cols}`,
  );
  await callChanged(tx, row!);
  return row!;
}

/** The callee answers on one device: the call becomes active once (a second answer is refused). */
export async function answerCall(db: Db, userId: string, callId: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const c = await callFor(tx, userId, callId);
    if (c.callee_id !== userId) throw badRequest('Only the person called can answer', 'CALL_NOT_CALLEE');
    if (c.status !== 'ringing') throw conflict('This call is no longer ringing', 'CALL_NOT_RINGING');
    await requireReachable(tx, userId, c.caller_id, 'call');
    return setStatus(tx, callId, 'active', true);
  });
}

export async function declineCall(db: Db, userId: string, callId: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    const c = await callFor(tx, userId, callId);
    if (c.callee_id !== userId) throw badRequest('Only the person called can decline', 'CALL_NOT_CALLEE');
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
    if (c.status === 'ringing') return setStatus(tx, callId, c.caller_id === userId ? 'missed' : 'declined');
    return c;
  });
}

/**
 * Calls that rang unanswered for `ringMs` become missed (claimed by the update: one process each),
 * told to their callees as missed calls in the same transaction.
 */
export async function missUnanswered(db: Tx, ringMs: number): Promise<CallRow[]> {
  return db.transaction(async (tx) => {
    const rows = await executeRows<CallRow>(
      tx,
      sql`UPDATE chat_calls SET status = 'missed', ended_at = now()
        WHERE status = 'ringing' AND started_at < now() - make_interval(secs => ${ringMs / 1000}) RETURNING ${cols}`,
    );
    for (const row of rows) await callChanged(tx, row);
    return rows;
  });
}

/** Calls ringing for `calleeId` now (for a device that connects while one rings). */
export async function ringingFor(db: Tx, calleeId: string, ringMs: number): Promise<CallRow[]> {
  return executeRows<CallRow>(
    db,
    sql`SELECT ${cols} FROM chat_calls WHERE callee_id = ${calleeId} AND status = 'ringing'
      AND started_at >= now() - make_interval(secs => ${ringMs / 1000})`,
  );
}

/** The live call with this id that `userId` is part of, and the other party (for relaying signals; refused after a block). */
export async function liveCallParty(db: Tx, userId: string, callId: string): Promise<string> {
  const [row] = await executeRows<CallRow>(
    db,
    sql`SELECT ${cols} FROM chat_calls WHERE id = ${callId} AND status IN ('ringing', 'active')`,
  );
  if (!row || (row.caller_id !== userId && row.callee_id !== userId)) throw notFound('Call not found', 'CALL_NOT_FOUND');
  const other = row.caller_id === userId ? row.callee_id : row.caller_id;
  await requireReachable(db, userId, other, 'call');
  return other;
}

/**
 * Ends the live calls between two people (a block): an active one ends, a ringing one is missed and
 * stops ringing (no missed call is told across a block).
 */
export async function endCallsBetween(db: Tx, a: string, b: string): Promise<CallRow[]> {
  const rows = await executeRows<CallRow>(
    db,
    sql`UPDATE chat_calls SET status = CASE WHEN status = 'active' THEN 'ended' ELSE 'missed' END, ended_at = now()
      WHERE status IN ('ringing', 'active')
        AND ((caller_id = ${a} AND callee_id = ${b}) OR (caller_id = ${b} AND callee_id = ${a}))
      RETURNING ${cols}`,
  );
  for (const row of rows) if (row.status === 'missed') await stopRinging(db, row);
  return rows;
}

export async function callLog(db: Tx, userId: string, q: { page: number; limit: number }) {
  const rows = await executeRows<CallRow & { total: number }>(
    db,
    sql`SELECT ${cols}, count(*) OVER ()::int AS total FROM chat_calls WHERE caller_id = ${userId} OR callee_id = ${userId}
      ORDER BY started_at DESC, id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
  );
  return { items: await toCalls(db, userId, rows), pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0) };
}
