import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessionTokenHash, type AuthContext, type SessionInfo } from '../../platform/auth.js';
import { hashSecret, keyedHash, newId, randomToken, verifySecret } from '../../platform/crypto.js';
import { rawQuery, type Db, type RawRow, type RawStatement, type Tx } from '../../platform/db.js';
import { AppError, badRequest, unauthorized } from '../../platform/errors.js';
import { instanceOf } from '../../platform/instance.js';
import { requireE164, toE164 } from '../../platform/phone.js';
import type { OpenDeviceWindow, UserDeps } from './deps.js';
import { admitDevice, newDeviceError, recordDevice, signOutDevice as signOutDeviceRows, type DeviceClaim } from './devices.service.js';
import { consumeOtp, issueOtp, type OtpPurpose } from './otp.js';
import { passwordResets, sessions, users } from './tables.js';
import { forgetOtherSessions, forgetSession } from '../notifications/index.js';

const RESET_TTL_MINUTES = 15;

/** Starts a session and returns the bearer token; only its keyed hash is stored. */
export async function createSession(db: Tx, secret: string, userId: string, ttlMs: number, deviceId?: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: sessionTokenHash(secret, token),
    expiresAt: new Date(Date.now() + ttlMs),
    deviceId,
  });
  return token;
}

export async function revokeSessions(db: Tx, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined),
    );
  await forgetOtherSessions(db, userId, exceptSessionId);
}

/** Every bearer call runs this: one prepared statement that also reads the PIN state, so a PIN call costs no extra query. */
const SESSION: RawStatement = {
  name: 'owo_session',
  text: `SELECT s.id, s.user_id AS "userId", s.expires_at AS "expiresAt", u.pin_hash AS "pinHash", u.pin_failed_attempts AS "pinFailedAttempts",
                u.pin_locked_until AS "pinLockedUntil"
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          LIMIT 1`,
};
type SessionRow = RawRow<
  Pick<typeof sessions.$inferSelect, 'id' | 'userId' | 'expiresAt'> &
    Pick<typeof users.$inferSelect, 'pinHash' | 'pinFailedAttempts' | 'pinLockedUntil'>
>;

const lookUp = async (db: Db, tokenHash: string) => (await rawQuery<SessionRow>(db, SESSION, [tokenHash]))[0] ?? null;

/** The live (not revoked, not expired) session with this token hash, with its user's PIN state; null when none. */
export async function findSession(db: Db, tokenHash: string): Promise<SessionInfo | null> {
  const row = await lookUp(db, tokenHash);
  if (!row) return null;
  return {
    userId: row.userId,
    sessionId: row.id,
    pin: {
      pinHash: row.pinHash,
      tries: row.pinFailedAttempts,
      lockedUntil: row.pinLockedUntil === null ? null : new Date(row.pinLockedUntil),
    },
  };
}

const forgetters = new WeakMap<Db, (userId: string) => void>();

/**
 * After a change to a user's sessions has committed: forgets them in this process at once (other
 * processes, and this one again, hear of it from the trigger's notification a moment later).
 */
function forgetSessions(db: Db, userId: string): void {
  forgetters.get(db)?.(userId);
}

/** Sent by the `sessions` table's trigger (owo_sessions_changed) with the user's id, after any change to a session commits. */
const SESSIONS_CHANGED = 'owo_sessions';
/** How long a session found for a call without PIN is remembered (never past its expiry). */
const REMEMBER_MS = 30_000;
const REMEMBER_MAX = 50_000;

/**
 * Live sessions remembered for a short while, so a read sends one query rather than two. A session
 * revoked (log-out, password change or reset) or changed in any way is forgotten at once in every
 * server process: the table's trigger notifies every process, on commit, and each process listens
 * on a connection whose loss stops it. A lookup that raced a notification is not remembered.
 */
export function sessionMemory(db: Db): (tokenHash: string) => Promise<AuthContext | null> {
  const remembered = new Map<string, { auth: AuthContext; until: number }>();
  let changes = 0;
  let listening: Promise<void> | null = null;
  const forgetUser = (userId: string) => {
    changes++;
    for (const [key, entry] of remembered) if (entry.auth.userId === userId) remembered.delete(key);
  };
  forgetters.set(db, forgetUser);
  return async (tokenHash) => {
    await (listening ??= instanceOf(db).listen(SESSIONS_CHANGED, forgetUser));
    const now = Date.now();
    const hit = remembered.get(tokenHash);
    if (hit && hit.until > now) return hit.auth;
    const seen = changes;
    const row = await lookUp(db, tokenHash);
    remembered.delete(tokenHash);
    if (!row) return null;
    const auth = { userId: row.userId, sessionId: row.id };
    if (seen === changes) {
      if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(tokenHash, { auth, until: Math.min(now + REMEMBER_MS, new Date(row.expiresAt).getTime()) });
    }
    return auth;
  };
}
const INCORRECT = 'Incorrect username or password';
// Verified against when the user does not exist, so both paths take the same time.
let dummyHash: Promise<string> | null = null;

async function findByUsername(deps: UserDeps, username: string) {
  const u = username.trim();
  const where = u.includes('@') ? eq(users.email, u.toLowerCase()) : eq(users.phoneNumber, toE164(u) ?? u);
  const [row] = await deps.db.select().from(users).where(where).limit(1);
  return row ?? null;
}

/** The person behind a username and password, refused alike whether the account or the password is wrong. */
async function checkPassword(deps: UserDeps, username: string, password: string) {
  const user = await findByUsername(deps, username);
  dummyHash ??= hashSecret('not-a-real-password-0');
  const ok = await verifySecret(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) throw unauthorized(INCORRECT, 'LOGIN_FAILED');
  if (!user.phoneVerifiedAt) {
    throw new AppError(403, 'PHONE_NOT_VERIFIED', 'Verify your phone number first. Use the code we sent you, or ask for a new one.');
  }
  return user;
}

/** One person's logins are taken in turn (their row locked), so two devices at once are never both "the first". */
const lockPerson = (tx: Tx, userId: string) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');

/**
 * Logs in on a device the person has used (or their first): a session bound to it. From any other
 * device a code is texted (committed first) and the call answers 403 NEW_DEVICE.
 */
export async function login(deps: UserDeps, username: string, password: string, device: DeviceClaim) {
  const user = await checkPassword(deps, username, password);
  const accessToken = await deps.db.transaction(async (tx) => {
    await lockPerson(tx, user.id);
    const deviceId = await admitDevice(tx, deps, user, device);
    return deviceId === null ? null : createSession(tx, deps.config.secret, user.id, deps.config.sessionTtlMs, deviceId);
  });
  if (accessToken === null) {
    void deps.notifier.drain().catch(() => {});
    throw newDeviceError(user.phoneNumber);
  }
  return { id: user.id, accessToken };
}

/**
 * Logs in on a new device with the code texted for it (bound to this device): the device is
 * trusted from now on and, for its first hours, the day limit is the new device's (`openWindow`).
 */
export async function confirmDevice(
  deps: UserDeps,
  body: { username: string; password: string; otp: string },
  device: DeviceClaim,
  openWindow: OpenDeviceWindow,
) {
  const user = await checkPassword(deps, body.username, body.password);
  await consumeOtp(deps.db, deps.config.secret, user.phoneNumber, 'new_device', body.otp, device.hash);
  const accessToken = await deps.db.transaction(async (tx) => {
    await lockPerson(tx, user.id);
    const deviceId = await recordDevice(tx, user.id, device);
    await openWindow(tx, user.id);
    return createSession(tx, deps.config.secret, user.id, deps.config.sessionTtlMs, deviceId);
  });
  return { id: user.id, accessToken };
}

/** Starts a reset by email (the code is emailed) or by phone (texted). The answer never says whether the account exists. */
export async function startPasswordReset(deps: UserDeps, by: { email: string } | { phoneNumber: string }) {
  const where = 'email' in by ? eq(users.email, by.email.toLowerCase()) : eq(users.phoneNumber, requireE164(by.phoneNumber));
  const [user] = await deps.db
    .select({ id: users.id, phoneNumber: users.phoneNumber, email: users.email })
    .from(users)
    .where(where)
    .limit(1);
  if (user) {
    await deps.db.transaction((tx) => issueOtp(tx, deps, user, 'reset_password', { email: 'email' in by ? user.email : undefined }));
    void deps.notifier.drain().catch(() => {});
  }
  return 'email' in by
    ? 'If an account uses this email, we have sent it a reset code.'
    : 'If an account uses this number, we have texted it a reset code.';
}

async function issueResetToken(deps: UserDeps, userId: string) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MINUTES * 60_000);
  await deps.db.insert(passwordResets).values({ id: newId(), userId, tokenHash: keyedHash(deps.config.secret, token), expiresAt });
  return { resetToken: token, expiresAt: expiresAt.toISOString() };
}

export async function verifyResetOtp(deps: UserDeps, username: string, otp: string) {
  const user = await findByUsername(deps, username);
  if (!user) throw badRequest('This code is invalid or has expired. Request a new one.', 'OTP_INVALID');
  const userId = await consumeOtp(deps.db, deps.config.secret, user.phoneNumber, 'reset_password', otp);
  return issueResetToken(deps, userId);
}

/** The general code check: for sign-up codes it verifies the phone; for reset codes it also returns a reset token. */
export async function verifyOtp(deps: UserDeps, rawPhone: string, otp: string, purpose: OtpPurpose) {
  const phone = requireE164(rawPhone);
  const userId = await consumeOtp(deps.db, deps.config.secret, phone, purpose, otp);
  if (purpose === 'verify_mobile') {
    await deps.db.update(users).set({ phoneVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    return { isValidOTP: true, verifiedNumber: phone };
  }
  const { resetToken } = await issueResetToken(deps, userId);
  return { isValidOTP: true, verifiedNumber: phone, resetToken };
}

/** Sets a new password with a reset token; every session of the user ends. */
export async function resetPassword(deps: UserDeps, resetToken: string, password: string) {
  const hash = await hashSecret(password);
  const userId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, keyedHash(deps.config.secret, resetToken)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!row) throw badRequest('This reset has expired or was already used. Start again.', 'RESET_TOKEN_INVALID');
    // A successful reset also proves the phone (the code went to it).
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await revokeSessions(tx, row.userId);
    return row.userId;
  });
  forgetSessions(deps.db, userId);
}

/** Changes the password and ends every other session. */
export async function changePassword(deps: UserDeps, userId: string, sessionId: string, oldPassword: string, newPassword: string) {
  const [user] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifySecret(user.hash, oldPassword))) throw badRequest('Your current password is incorrect', 'PASSWORD_INCORRECT');
  if (oldPassword === newPassword) throw badRequest('Choose a new password different from the current one', 'PASSWORD_UNCHANGED');
  const hash = await hashSecret(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeSessions(tx, userId, sessionId);
  });
  forgetSessions(deps.db, userId);
}

/** Signs one of the person's other devices out (devices.service.ts), then forgets its sessions here at once. */
export async function signOutDevice(deps: UserDeps, userId: string, sessionId: string, deviceId: string): Promise<void> {
  await deps.db.transaction((tx) => signOutDeviceRows(tx, userId, sessionId, deviceId));
  forgetSessions(deps.db, userId);
}

export async function logout(deps: UserDeps, sessionId: string) {
  const [row] = await deps.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  await forgetSession(deps.db, sessionId);
  if (row) forgetSessions(deps.db, row.userId);
}
