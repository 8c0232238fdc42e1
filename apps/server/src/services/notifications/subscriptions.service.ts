import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@owo/contracts';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { pushEndpointProblem } from './push-endpoints.js';
import { pushSubscriptions } from './tables.js';

/**
 * Keeps this device's subscription for this session. A browser hands the same endpoint again after
 * a new login (or to another person on a shared phone): the endpoint is kept once, for the latest
 * session that gave it, so a device never receives the pushes of someone who has logged out.
 */
export async function subscribe(
  db: Tx,
  who: { userId: string; sessionId: string },
  body: PushSubscriptionBody,
  extraServices: readonly string[],
): Promise<{ id: string; created: boolean }> {
  const problem = pushEndpointProblem(body.endpoint, extraServices);
  if (problem) throw badRequest(problem, 'PUSH_ENDPOINT_REFUSED');
  const values = { userId: who.userId, sessionId: who.sessionId, p256dh: body.keys.p256dh, auth: body.keys.auth };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: newId(), endpoint: body.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning({ id: pushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
  // xmax is 0 on a row this statement inserted, and set on one it updated.
  return { id: row!.id, created: row!.created };
}

/** Removes the caller's own subscription with this endpoint (another person's is left alone). */
export async function unsubscribe(db: Tx, userId: string, endpoint: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/** At logout, or when a device is signed out: those sessions stop receiving pushes. */
export async function forgetSession(db: Tx, sessionId: string | readonly string[]): Promise<void> {
  const ids = typeof sessionId === 'string' ? [sessionId] : sessionId;
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...ids]));
}

/** When a person's sessions are revoked (a password change): every device but this session's. */
export async function forgetOtherSessions(db: Tx, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), keepSessionId ? ne(pushSubscriptions.sessionId, keepSessionId) : undefined));
}
