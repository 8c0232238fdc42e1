import { and, eq, sql } from 'drizzle-orm';
import type { PinState } from '../../platform/auth.js';
import { hashSecret, keyedHash, verifySecret } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../platform/errors.js';
import { RecentlyVerified } from '../../platform/recently-verified.js';
import type { UserDeps } from './deps.js';
import { users } from './tables.js';

export const PIN_MAX_TRIES = 5;
export const PIN_LOCK_MINUTES = 30;

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
 * `known` is the user's PIN state when the caller has just read it (with the session).
 */
export async function checkPin(db: Tx, secret: string, userId: string, pin: string, known?: PinState | null): Promise<void> {
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

/** PINs anyone would guess first. */
const WEAK_PINS = new Set(['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999', '1234', '4321', '0123', '9876']);
const assertStrongPin = (pin: string) => {
  if (WEAK_PINS.has(pin)) throw badRequest('That PIN is too easy to guess. Choose another.', 'PIN_WEAK');
};

export async function setPin(deps: UserDeps, userId: string, pin: string, confirmation: string) {
  if (pin !== confirmation) throw badRequest('The PINs do not match', 'PIN_MISMATCH');
  assertStrongPin(pin);
  const hash = await hashSecret(pin);
  const updated = await deps.db
    .update(users)
    .set({ pinHash: hash, pinFailedAttempts: 0, pinLockedUntil: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.pinHash} IS NULL`))
    .returning({ id: users.id });
  if (updated.length === 0) throw conflict('You already have a transaction PIN. Use Update PIN to change it.', 'PIN_ALREADY_SET');
}

/** The old PIN may come as a header or in the query; if both are sent they must agree. Wrong old PINs count towards the lockout. */
export async function updatePin(deps: UserDeps, userId: string, newPin: string, oldFromHeader?: string, oldFromQuery?: string) {
  if (oldFromHeader && oldFromQuery && oldFromHeader !== oldFromQuery) {
    throw badRequest('The current PIN was sent twice with different values', 'PIN_MISMATCH');
  }
  const oldPin = oldFromHeader ?? oldFromQuery;
  if (!oldPin) throw badRequest('Enter your current PIN (header oldTransactionPin)', 'PIN_REQUIRED');
  await checkPin(deps.db, deps.config.secret, userId, oldPin);
  if (oldPin === newPin) throw badRequest('Choose a new PIN different from the current one', 'PIN_UNCHANGED');
  assertStrongPin(newPin);
  const hash = await hashSecret(newPin);
  await deps.db.update(users).set({ pinHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
}
