import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from './db.js';
import { crashPoint } from './crash.js';
import { AppError, badRequest, conflict, errorEnvelope } from './errors.js';
import { instanceOf } from './instance.js';
import { idempotencyKeys } from './tables.js';

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
/** How long a request may work on a payment before its claim on the key counts as abandoned. */
export const KEY_LEASE_MS = 60_000;

export const requestHash = (scope: string, body: unknown) =>
  createHash('sha256')
    .update(scope)
    .update('\n')
    .update(JSON.stringify(body ?? null))
    .digest('hex');

/** The request's `Idempotency-Key`, checked; undefined when it has none. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key !== undefined && !KEY.test(key))
    throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, _ . : or -', 'IDEMPOTENCY_KEY_INVALID');
  return key;
}

export const keyInProgress = () => conflict('This request is still being processed; try again shortly', 'IDEMPOTENCY_IN_PROGRESS');
export const keyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request');

type KeyRow = typeof idempotencyKeys.$inferSelect;
type Call = { db: Db; reply: FastifyReply; userId: string; key: string; scope: string; hash: string };

/**
 * What a key is bound to: the body, and the path's parameters when the route has any, so the same
 * key sent for another order or target (`PUT /api/order/:id/accept`) is another request (422), not
 * a replay of the first. A route without parameters hashes its body alone, as it always has.
 */
function requestOf(req: FastifyRequest): unknown {
  const params = req.params as Record<string, unknown> | undefined;
  return params && Object.keys(params).length > 0 ? { params, body: req.body ?? null } : req.body;
}

/**
 * Requests, and routes, whose call keeps its key itself (`withIdempotency`, `withPaymentIdempotency`):
 * the replay hook leaves them alone (after a route's first call, without even looking its key up).
 */
const keptByCall = new WeakSet<FastifyRequest>();
const keptRoutes = new Set<string>();
const routeOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? ''}`;

function callOf(db: Db, req: FastifyRequest, reply: FastifyReply, userId: string, scope: string): Call | undefined {
  keptByCall.add(req);
  keptRoutes.add(routeOf(req));
  const key = idempotencyKeyOf(req);
  return key === undefined ? undefined : { db, reply, userId, key, scope, hash: requestHash(scope, requestOf(req)) };
}

const whereKey = (c: Call) => and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.key, c.key));

async function storedKey(c: Call): Promise<KeyRow | undefined> {
  const [row] = await c.db.select().from(idempotencyKeys).where(whereKey(c)).limit(1);
  if (row && (row.scope !== c.scope || row.requestHash !== c.hash)) throw keyReused();
  return row;
}

function replay<T>(c: Call, statusCode: number, response: unknown): T {
  c.reply.header('Idempotent-Replayed', 'true');
  c.reply.status(statusCode);
  return response as T;
}

/** Thrown inside a transaction that found the key already taken: the transaction rolls back. */
class KeyTaken extends Error {}

/**
 * A money call whose work is all in the database: the key, the work and the answer are written in
 * one transaction. A crash or an error before it commits leaves nothing, not even the key, so a
 * retry runs afresh; once it commits, a retry replays the answer. A concurrent request with the same
 * key waits on the key's index entry (PostgreSQL) and then replays. Without a key the work simply
 * runs in a transaction.
 */
export async function withIdempotency<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  scope: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const c = callOf(db, req, reply, userId, scope);
  if (!c) return db.transaction(work).finally(() => crashPoint('idempotency.committed'));
  const prior = await storedKey(c);
  if (prior) return answerPrior(c, prior);
  try {
    const result = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key: c.key, scope, requestHash: c.hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new KeyTaken();
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode || 200, response: result as object })
        .where(whereKey(c));
      return result;
    });
    crashPoint('idempotency.committed');
    return result;
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const taken = await storedKey(c);
    if (!taken) throw keyInProgress();
    return answerPrior(c, taken);
  }
}

/**
 * The key of a payment that waits on an outside system (a card charge, a bank payout, a bill vend),
 * handed to the payment so it can bind the key to itself in its first transaction.
 */
export type PaymentKey = {
  /** Writes the key, bound to the payment `reference` and to this request, in the payment's transaction. */
  claim(tx: Tx, reference: string): Promise<void>;
};

/**
 * A money call that commits its start, then waits on an outside system, then commits its outcome.
 * The key is written in the payment's first transaction, bound to the payment and to this process
 * (`PaymentKey.claim`); the answer is stored when the request ends. A retry of a key without an
 * answer gets 409 while its request may still be running (its process is alive and the lease has
 * not run out); once that request has died, the retry answers from the payment's own state through
 * `recover` (which settles the payment with the outside system if it is still waiting) and stores
 * that answer. So no key is ever stuck, and every retry reaches the payment's true outcome.
 */
export async function withPaymentIdempotency<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  scope: string,
  run: (key: PaymentKey | null) => Promise<T>,
  recover: (reference: string) => Promise<T>,
): Promise<T> {
  const c = callOf(db, req, reply, userId, scope);
  if (!c) return run(null);
  const prior = await storedKey(c);
  if (prior) return answerPrior(c, prior, recover);

  const instance = instanceOf(db);
  const flight = `${userId}:${c.key}`;
  let claimed = false;
  const key: PaymentKey = {
    async claim(tx, reference) {
      const rows = await tx
        .insert(idempotencyKeys)
        .values({
          userId,
          key: c.key,
          scope,
          requestHash: c.hash,
          resource: reference,
          owner: instance.id,
          lockedUntil: new Date(Date.now() + KEY_LEASE_MS),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (rows.length === 0) throw new KeyTaken();
      claimed = true;
    },
  };
  const mine = and(whereKey(c), eq(idempotencyKeys.owner, instance.id), isNull(idempotencyKeys.statusCode));
  instance.inFlight.add(flight);
  try {
    const result = await run(key);
    const answer = { statusCode: reply.statusCode || 200, response: result as object, owner: null, lockedUntil: null };
    if (claimed) await db.update(idempotencyKeys).set(answer).where(mine);
    else
      await db
        .insert(idempotencyKeys)
        .values({ userId, key: c.key, scope, requestHash: c.hash, ...answer })
        .onConflictDoNothing();
    return result;
  } catch (err) {
    if (err instanceof KeyTaken) {
      const taken = await storedKey(c);
      if (!taken) throw keyInProgress();
      return answerPrior(c, taken, recover);
    }
    // A refusal after the key was bound (a declined charge) is the payment's final answer; after
    // any other error the payment's state is the answer: ending the lease lets a retry recover it.
    // (If the payment's first transaction rolled back, there is no key and a retry starts afresh.)
    if (claimed)
      await db
        .update(idempotencyKeys)
        .set({ ...errorAnswer(err), owner: null, lockedUntil: null })
        .where(mine)
        .catch(() => undefined);
    throw err;
  } finally {
    instance.inFlight.delete(flight);
  }
}

/** A refusal (a 4xx AppError) as a stored answer, the same envelope the error handler sends; nothing for other errors. */
function errorAnswer(err: unknown): { statusCode?: number; response?: object } {
  if (!(err instanceof AppError) || err.statusCode >= 500 || err.statusCode === 409) return {};
  return { statusCode: err.statusCode, response: errorEnvelope(err) };
}

/** Whether the request that claimed this key may still be running. */
async function stillRunning(db: Db, row: KeyRow): Promise<boolean> {
  if (!row.owner) return false;
  const instance = instanceOf(db);
  if (row.owner === instance.id) return instance.inFlight.has(`${row.userId}:${row.key}`);
  return (row.lockedUntil?.getTime() ?? 0) > Date.now() && (await instance.isAlive(row.owner));
}

async function answerPrior<T>(c: Call, row: KeyRow, recover?: (reference: string) => Promise<T>): Promise<T> {
  if (row.statusCode !== null) return replay(c, row.statusCode, row.response);
  // No answer: a key bound to a payment whose request died is answered from that payment.
  if (!row.resource || !recover || (await stillRunning(c.db, row))) throw keyInProgress();
  let result: T;
  try {
    result = await recover(row.resource);
  } catch (err) {
    const answer = errorAnswer(err);
    if (answer.statusCode)
      await c.db
        .update(idempotencyKeys)
        .set({ ...answer, owner: null, lockedUntil: null })
        .where(and(whereKey(c), isNull(idempotencyKeys.statusCode)));
    throw err;
  }
  const statusCode = c.reply.statusCode || 200;
  await c.db
    .update(idempotencyKeys)
    .set({ statusCode, response: result as object, owner: null, lockedUntil: null })
    .where(and(whereKey(c), isNull(idempotencyKeys.statusCode)));
  return replay(c, statusCode, result);
}

// --- every other call that changes state ----------------------------------------------------------

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ROUTE_SCOPE = 'route:';

/** The call's key and what it is bound to, for a signed-in request that changes state and carries a key. */
function routeCall(db: Db, req: FastifyRequest, reply: FastifyReply): Call | undefined {
  if (!CHANGES.has(req.method) || !req.auth || keptByCall.has(req) || keptRoutes.has(routeOf(req)) || asksPin(req)) return undefined;
  const key = idempotencyKeyOf(req);
  if (key === undefined) return undefined;
  const scope = `${ROUTE_SCOPE}${req.method} ${req.routeOptions.url ?? req.url}`;
  return { db, reply, userId: req.auth.userId, key, scope, hash: requestHash(scope, requestOf(req)) };
}

/** Money calls carry the PIN, and every one keeps its key itself (some in their SQL function, where no hook sees it). */
function asksPin(req: FastifyRequest): boolean {
  const schema = req.routeOptions.schema as
    { security?: Array<Record<string, unknown>>; headers?: { shape?: Record<string, unknown> } } | undefined;
  return Boolean(
    schema?.security?.some((s) => 'transactionPin' in s) || (schema?.headers?.shape && 'transactionpin' in schema.headers.shape),
  );
}

/**
 * Every call that changes what others see and keeps no key of its own (posts, comments, likes,
 * follows, community and shop actions, blocks, ...) accepts an `Idempotency-Key` too: its answer is
 * stored once the call has succeeded, and a retry with the same key replays that answer (header
 * `Idempotent-Replayed`) without running the call again; the same key for another call or body is
 * 422. The answer is stored right after the call's own commit, not in it: a server killed between
 * the two runs the call again on the retry (these calls are safe to repeat or, like a comment, add
 * a second copy at worst). Money calls and order steps keep their key inside their own
 * transaction (`withIdempotency`) and are left alone here.
 */
export function registerRouteReplay(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (req, reply) => {
    const c = routeCall(db, req, reply);
    if (!c) return;
    const [row] = await db.select().from(idempotencyKeys).where(whereKey(c)).limit(1);
    // A key a call kept itself (a payment, an order step) is that call's to answer.
    if (!row?.scope.startsWith(ROUTE_SCOPE)) return;
    if (row.scope !== c.scope || row.requestHash !== c.hash) throw keyReused();
    if (row.statusCode === null) throw keyInProgress();
    reply.header('Idempotent-Replayed', 'true');
    return reply.status(row.statusCode).send(row.response);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 300 || reply.getHeader('Idempotent-Replayed') || typeof payload !== 'string') return payload;
    const c = routeCall(db, req, reply);
    if (!c) return payload;
    let response: unknown;
    try {
      response = JSON.parse(payload);
    } catch {
      return payload;
    }
    await db
      .insert(idempotencyKeys)
      .values({
        userId: c.userId,
        key: c.key,
        scope: c.scope,
        requestHash: c.hash,
        statusCode: reply.statusCode,
        response: response as object,
      })
      .onConflictDoNothing();
    return payload;
  });
}
