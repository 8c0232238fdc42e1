import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db.js';
import { AppError, badRequest, conflict } from './errors.js';
import { idempotencyKeys } from './tables.js';

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export const requestHash = (scope: string, body: unknown) =>
  createHash('sha256').update(scope).update('\n').update(JSON.stringify(body ?? null)).digest('hex');

/** The request's `Idempotency-Key`, checked; undefined when it has none. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && !KEY.test(key)) throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, _ . : or -', 'IDEMPOTENCY_KEY_INVALID');
  return key;
}

export const keyInProgress = () => conflict('This request is still being processed; try again shortly', 'IDEMPOTENCY_IN_PROGRESS');
export const keyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');

/**
 * Runs a money call at most once per `Idempotency-Key`: the first answer is stored and a repeat
 * with the same key and body replays it. A failed first attempt releases the key, so the client
 * may retry it. The key is claimed before the work starts, so a concurrent duplicate gets 409.
 */
export async function withIdempotency<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  scope: string,
  work: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(req);
  if (key === undefined) return work();

  const hash = requestHash(scope, req.body);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, scope, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [prior] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!prior) throw keyInProgress();
    if (prior.scope !== scope || prior.requestHash !== hash) throw keyReused();
    if (prior.statusCode === null) throw keyInProgress();
    reply.header('Idempotent-Replayed', 'true');
    reply.status(prior.statusCode);
    return prior.response as T;
  }

  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  try {
    const result = await work();
    await db
      .update(idempotencyKeys)
      .set({ statusCode: reply.statusCode || 200, response: result as object })
      .where(where);
    return result;
  } catch (err) {
    await db.delete(idempotencyKeys).where(where);
    throw err;
  }
}
