import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keyedHash } from './crypto.js';
import { AppError, unauthorized } from './errors.js';
import { RecentlyVerified } from './recently-verified.js';

export type AuthContext = { userId: string; sessionId: string };
/** The PIN columns of a user, read with the session so a PIN call costs no extra query. */
export type PinState = { pinHash: string | null; tries: number; lockedUntil: Date | null };
/** A live session as the authenticator found it: whose it is, and that user's PIN state. */
export type SessionInfo = { userId: string; sessionId: string; pin: PinState };
/** What the session lookup left for the PIN check: the token's hash and the PIN columns. */
type SessionState = { tokenHash: string; pin: PinState };
/**
 * Checks left to the route's own statement (see `bearerPinDeferred`): this session must still be
 * live and this user's PIN hash still `pinHash`, with no failed tries and no lock.
 */
export type DeferredAuth = { tokenHash: string; pinHash: string };

/**
 * What the auth hooks need from the service that keeps sessions and PINs (the user service gives
 * it to the app as a provider, see `PlatformProviders`). The platform only reads the bearer token
 * and the PIN header, remembers recently verified pairs and defers checks; the rules (which
 * sessions are live, when a PIN is locked) are the authenticator's.
 */
export interface Authenticator {
  /** The live session whose token hashes to `tokenHash` (`sessionTokenHash`), with its user's PIN state, in one query; null when none. */
  session(tokenHash: string): Promise<SessionInfo | null>;
  /**
   * Whose live session this is, for calls that need no PIN: the authenticator may remember the
   * answer for a short while, but a revoked session must end at once, in every server process.
   */
  recentSession(tokenHash: string): Promise<AuthContext | null>;
  /**
   * Checks a transaction PIN, throwing the error to answer with (no PIN set, locked, incorrect:
   * wrong PINs count). `known` is the PIN state the session lookup read, to save a query.
   */
  checkPin(userId: string, pin: string, known?: PinState | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: Authenticator;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    session: SessionState | null;
    deferredAuth: DeferredAuth | null;
  }
}

/** How a bearer token is kept and looked up: only its keyed hash is stored. */
export const sessionTokenHash = (secret: string, token: string): string => keyedHash(secret, token);

/** The request's bearer token (the `Authorization: Bearer ...` header), or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorate('authenticator', authenticator);
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);
  app.decorateRequest('deferredAuth', null);
}

const sessionEnded = () => unauthorized('Your session has ended. Please log in again.', 'SESSION_INVALID');

/**
 * onRequest hook for bearer routes without a PIN: a live server-side session or 401. The
 * authenticator may answer from memory (most reads then send one query, not two).
 */
export async function requireAuth(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  const found = await this.authenticator.recentSession(sessionTokenHash(this.config.secret, token));
  if (!found) throw sessionEnded();
  req.auth = found;
}

/** onRequest hook for bearer+PIN routes: the session read afresh, with the PIN state, in one query. */
export async function requireAuthAndPinState(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  await loadSession(this, req, sessionTokenHash(this.config.secret, token));
}

async function loadSession(app: FastifyInstance, req: FastifyRequest, tokenHash: string): Promise<void> {
  const found = await app.authenticator.session(tokenHash);
  if (!found) throw sessionEnded();
  req.auth = { userId: found.userId, sessionId: found.sessionId };
  req.session = { tokenHash, pin: found.pin };
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
  const token = bearerToken(req);
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
  await loadSession(this, req, sessionTokenHash(this.config.secret, token));
}

/** When the route's statement found its deferred checks no longer hold: forget the pair and check in full (401, PIN errors). */
export async function confirmAuth(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const deferred = req.deferredAuth;
  if (!deferred) return;
  const token = bearerToken(req);
  if (token) verifiedSessions.delete(sessionPinKey(app.config.secret, token, pinOf(req) ?? ''));
  await loadSession(app, req, deferred.tokenHash);
  await requirePin.call(app, req);
}

export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized('Authorization failed, no token!', 'NO_TOKEN');
  return req.auth;
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
  await this.authenticator.checkPin(auth.userId, pin, session?.pin);
  const token = bearerToken(req);
  if (session?.pin.pinHash && token) {
    const key = sessionPinKey(this.config.secret, token, pin);
    verifiedSessions.set(key, {
      userId: auth.userId,
      sessionId: auth.sessionId,
      tokenHash: session.tokenHash,
      pinHash: session.pin.pinHash,
    });
  }
}
