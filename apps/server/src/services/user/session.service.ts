import { and, eq, gt, isNull } from 'drizzle-orm';
import { createSession, revokeSessions } from '../../platform/auth.js';
import { hashSecret, keyedHash, newId, randomToken, verifySecret } from '../../platform/crypto.js';
import { AppError, badRequest, unauthorized } from '../../platform/errors.js';
import { requireE164, toE164 } from '../../platform/phone.js';
import type { UserDeps } from './deps.js';
import { consumeOtp, issueOtp, type OtpPurpose } from './otp.js';
import { passwordResets, sessions, users } from './tables.js';

const RESET_TTL_MINUTES = 15;
const INCORRECT = 'Incorrect username or password';
// Verified against when the user does not exist, so both paths take the same time.
let dummyHash: Promise<string> | null = null;

async function findByUsername(deps: UserDeps, username: string) {
  const u = username.trim();
  const where = u.includes('@') ? eq(users.email, u.toLowerCase()) : eq(users.phoneNumber, toE164(u) ?? u);
  const [row] = await deps.db.select().from(users).where(where).limit(1);
  return row ?? null;
}

export async function login(deps: UserDeps, username: string, password: string) {
  const user = await findByUsername(deps, username);
  dummyHash ??= hashSecret('not-a-real-password-0');
  const ok = await verifySecret(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) throw unauthorized(INCORRECT, 'LOGIN_FAILED');
  if (!user.phoneVerifiedAt) {
    throw new AppError(403, 'PHONE_NOT_VERIFIED', 'Verify your phone number first. Use the code we sent you, or ask for a new one.');
  }
  const accessToken = await createSession(deps.db, deps.config.secret, user.id, deps.config.sessionTtlMs);
  return { id: user.id, accessToken };
}

/** Starts a reset by email (the code is emailed) or by phone (texted). The answer never says whether the account exists. */
export async function startPasswordReset(deps: UserDeps, by: { email: string } | { phoneNumber: string }) {
  const where = 'email' in by ? eq(users.email, by.email.toLowerCase()) : eq(users.phoneNumber, requireE164(by.phoneNumber));
  const [user] = await deps.db.select({ id: users.id, phoneNumber: users.phoneNumber, email: users.email }).from(users).where(where).limit(1);
  if (user) {
    await deps.db.transaction((tx) => issueOtp(tx, deps, user, 'reset_password', 'email' in by ? user.email : undefined));
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
  await deps.db.transaction(async (tx) => {
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
  });
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
}

export async function logout(deps: UserDeps, sessionId: string) {
  await deps.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}
