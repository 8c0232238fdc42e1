import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// eslint-disable-next-line no-restricted-imports -- the one crossing left: the session and PIN checks are to move into the user service
import { sessions, users } from '../services/user/tables.js';
import { keyedHash, newId, randomToken, verifySecret } from './crypto.js';
import { rawQuery, type RawStatement, type Tx } from './db.js';
import { AppError, forbidden, unauthorized } from './errors.js';

export type AuthContext = { userId: string; sessionId: string };
/** The PIN columns of a user, read with the session so a PIN call costs no extra query. */
export type PinState = { pinHash: string | null; tries: number; lockedUntil: Date | null };
/** What the session lookup left for the PIN check: the token's hash and the PIN columns. */
type SessionState = { tokenHash: string; pin: PinState };
/**
 * Checks left to the route's own statement (see `bearerPinDeferred`): this session must still be
 * live and this user's PIN hash still `pinHash`, with no failed tries and no lock.
 */
export type DeferredAuth = { tokenHash: string; pinHash: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    session: SessionState | null;
    deferredAuth: DeferredAuth | null;
  }
}

const PIN_CACHE_MS = 10 * 60_000;
const PIN_CACHE_MAX = 10_000;

/** Entries kept for PIN_CACHE_MS, at most PIN_CACHE_MAX (the oldest goes first); an expired entry is not returned. */
class RecentlyVerified<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }
  set(key: string, value: V): void {
    if (this.entries.size >= PIN_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: Date.now() + PIN_CACHE_MS });
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}
export const PIN_MAX_TRIES = 5;
export const PIN_LOCK_MINUTES = 30;

/** Starts a session and returns the bearer token; only its keyed hash is stored. */
export async function createSession(db: Tx, secret: string, userId: string, ttlMs: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: keyedHash(secret, token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

export async function revokeSessions(db: Tx, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);
  app.decorateRequest('deferredAuth', null);
}

const SESSION: RawStatement = {
  name: 'owo_session',
  text: `SELECT s.id, s.user_id, u.pin_hash, u.pin_failed_attempts, u.pin_locked_until
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          LIMIT 1`,
};
type SessionRow = { id: string; user_id: string; pin_hash: string | null; pin_failed_attempts: number; pin_locked_until: Date | null };

/** onRequest hook for every bearer route: a live server-side session or 401. One query, which also reads the PIN state. */
export async function requireAuth(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearer(req);
  if (!token) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  await loadSession(this, req, keyedHash(this.config.secret, token));
}

async function loadSession(app: FastifyInstance, req: FastifyRequest, tokenHash: string): Promise<void> {
  const [row] = await rawQuery<SessionRow>(app.db, SESSION, [tokenHash]);
  if (!row) throw unauthorized('Your session has ended. Please log in again.', 'SESSION_INVALID');
  req.auth = { userId: row.user_id, sessionId: row.id };
  req.session = { tokenHash, pin: { pinHash: row.pin_hash, tries: row.pin_failed_attempts, lockedUntil: row.pin_locked_until } };
  req.deferredAuth = null;
}

/**
 * Sessions whose token and PIN were verified together in the last ten minutes, keyed by a keyed
 * hash of both, so a wrong PIN or another token never matches.
 */
const verifiedSessions = new RecentlyVerified<{ userId: string; sessionId: string; tokenHash: string; pinHash: string }>();
const sessionPinKey = (secret: string, token: string, pin: string) => keyedHash(secret, `session-pin:${token}:${pin}`);

/**
 * onRequest hook of `bearerPinDeferred`: when this token and PIN were verified together recently,
 * the session and PIN queries are skipped and their checks left to the route's statement, which
 * repeats them inside its own transaction (`req.deferredAuth`). Otherwise as `requireAuth`.
 */
export async function requireAuthOrDefer(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearer(req);
  if (!token) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  const pin = pinOf(req);
  if (pin && /^\d{4}$/.test(pin)) {
    const hit = verifiedSessions.get(sessionPinKey(this.config.secret, token, pin));
    if (hit) {
      req.auth = { userId: hit.userId, sessionId: hit.sessionId };
      req.deferredAuth = { tokenHash: hit.tokenHash, pinHash: hit.pinHash };
      return;
    }
  }
  await loadSession(this, req, keyedHash(this.config.secret, token));
}

/** When the route's statement found its deferred checks no longer hold: forget the pair and check in full (401, PIN errors). */
export async function confirmAuth(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const deferred = req.deferredAuth;
  if (!deferred) return;
  const token = bearer(req);
  if (token) verifiedSessions.delete(sessionPinKey(app.config.secret, token, pinOf(req) ?? ''));
  await loadSession(app, req, deferred.tokenHash);
  await requirePin.call(app, req);
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  return req.auth;
}

/**
 * Recently verified PINs, so a person paying several times in a row does not pay argon2's cost
 * each time. The entry is a keyed hash of user, PIN and the stored PIN hash: changing the PIN
 * invalidates it, and a wrong PIN never matches, so wrong tries still take the full path and count.
 */
const verifiedPins = new RecentlyVerified<true>();

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

/**
 * Checks a transaction PIN. Wrong PINs count; the fifth in a row locks PIN use for 30 minutes.
 * The counter is changed with a single conditional UPDATE so concurrent wrong tries all count.
 */
export async function checkPin(db: Tx, userId: string, pin: string, secret: string, known?: PinState | null): Promise<void> {
  const [u] = known
    ? [known]
    : await db
        .select({ pinHash: users.pinHash, tries: users.pinFailedAttempts, lockedUntil: users.pinLockedUntil })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
  if (!u) throw unauthorized('Your session has ended. Please log in again.', 'SESSION_INVALID');
  if (!u.pinHash) throw forbidden('Set your transaction PIN first', 'PIN_NOT_SET');
  if (u.lockedUntil && u.lockedUntil > new Date()) {
    throw new AppError(
      429,
      'PIN_LOCKED',
      `Too many wrong PIN attempts. PIN use is locked; try again in ${minutesLeft(u.lockedUntil)} minutes.`,
    );
  }
  const cacheKey = keyedHash(secret, `pin:${userId}:${pin}:${u.pinHash}`);
  if (verifiedPins.get(cacheKey) || (await verifySecret(u.pinHash, pin))) {
    verifiedPins.set(cacheKey, true);
    if (u.tries > 0 || u.lockedUntil) {
      await db.update(users).set({ pinFailedAttempts: 0, pinLockedUntil: null }).where(eq(users.id, userId));
    }
    return;
  }
  // An expired lock starts a fresh count.
  const [after] = await db
    .update(users)
    .set({
      pinFailedAttempts: sql`CASE WHEN ${users.pinLockedUntil} IS NOT NULL AND ${users.pinLockedUntil} <= now() THEN 1 ELSE ${users.pinFailedAttempts} + 1 END`,
      pinLockedUntil: sql`CASE WHEN (CASE WHEN ${users.pinLockedUntil} IS NOT NULL AND ${users.pinLockedUntil} <= now() THEN 1 ELSE ${users.pinFailedAttempts} + 1 END) >= ${PIN_MAX_TRIES} THEN now() + make_interval(mins => ${PIN_LOCK_MINUTES}) ELSE NULL END`,
    })
    .where(eq(users.id, userId))
    .returning({ tries: users.pinFailedAttempts });
  const tries = after?.tries ?? PIN_MAX_TRIES;
  if (tries >= PIN_MAX_TRIES) {
    throw new AppError(429, 'PIN_LOCKED', `Too many wrong PIN attempts. PIN use is locked for ${PIN_LOCK_MINUTES} minutes.`);
  }
  const left = PIN_MAX_TRIES - tries;
  throw forbidden(`Incorrect transaction PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`, 'PIN_INCORRECT');
}

function pinOf(req: FastifyRequest): string | undefined {
  const raw = req.headers.transactionpin;
  return Array.isArray(raw) ? raw[0] : raw;
}

/** preHandler for bearer+pin routes: the `transactionPin` header must be the user's PIN. */
export async function requirePin(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  if (req.deferredAuth) return;
  const auth = authOf(req);
  const pin = pinOf(req);
  if (!pin) throw new AppError(400, 'PIN_REQUIRED', 'Enter your transaction PIN (header transactionPin)');
  if (!/^\d{4}$/.test(pin)) throw new AppError(400, 'PIN_INVALID', 'The PIN is 4 digits');
  const session = req.session;
  await checkPin(this.db, auth.userId, pin, this.config.secret, session?.pin);
  const token = bearer(req);
  if (session?.pin.pinHash && token) {
    const key = sessionPinKey(this.config.secret, token, pin);
    verifiedSessions.set(key, { userId: auth.userId, sessionId: auth.sessionId, tokenHash: session.tokenHash, pinHash: session.pin.pinHash });
  }
}
