import type { SignupBody } from '@owo/contracts';
import { eq, or, sql } from 'drizzle-orm';
import { openUserAccounts } from '../../ledger/index.js';
import { hashSecret, newId } from '../../platform/crypto.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { conflict, notFound } from '../../platform/errors.js';
import { maskPhone, requireE164 } from '../../platform/phone.js';
import type { UserDeps } from './deps.js';
import { recordDevice, type DeviceClaim } from './devices.service.js';
import { consumeOtp, issueOtp, type OtpPurpose } from './otp.js';
import { createSession } from './session.service.js';
import { users } from './tables.js';

const DUPLICATE: Record<string, string> = {
  users_email_key: 'An account with this email already exists',
  users_phone_key: 'An account with this phone number already exists',
  users_nick_key: 'That nickname is taken',
};

/** Creates an unverified user and texts a 6-digit code to the phone. */
export async function signup(deps: UserDeps, body: SignupBody) {
  const phoneNumber = requireE164(body.phoneNumber);
  const email = body.email.toLowerCase();
  const nick = body.nickName ?? null;
  const clash = await deps.db
    .select({ email: users.email, phone: users.phoneNumber, nick: users.nickName })
    .from(users)
    .where(
      or(eq(users.email, email), eq(users.phoneNumber, phoneNumber), nick ? sql`lower(${users.nickName}) = lower(${nick})` : undefined),
    );
  for (const c of clash) {
    if (c.email === email) throw conflict(DUPLICATE.users_email_key!, 'EMAIL_TAKEN');
    if (c.phone === phoneNumber) throw conflict(DUPLICATE.users_phone_key!, 'PHONE_TAKEN');
    throw conflict(DUPLICATE.users_nick_key!, 'NICKNAME_TAKEN');
  }
  const passwordHash = await hashSecret(body.password);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        phoneNumber,
        nickName: nick,
        passwordHash,
      });
      await openUserAccounts(tx, id);
      await issueOtp(tx, deps, { id, phoneNumber }, 'verify_mobile');
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint) throw conflict(DUPLICATE[constraint] ?? 'This account already exists', 'ACCOUNT_EXISTS');
    throw err;
  }
  void deps.notifier.drain().catch(() => {});
  return { id, phoneNumber, email, message: `Account created. Enter the code we sent to ${maskPhone(phoneNumber)}` };
}

/**
 * Checks the sign-up code, marks the phone verified and signs the person in on this device, as
 * user.login would: the code proved the phone and the password was chosen a moment ago, so the
 * person goes straight on. This device is their first, trusted as login trusts a first device.
 */
export async function verifyMobile(deps: UserDeps, rawPhone: string, otp: string, device: DeviceClaim) {
  const phoneNumber = requireE164(rawPhone);
  const userId = await consumeOtp(deps.db, deps.config.secret, phoneNumber, 'verify_mobile', otp);
  const accessToken = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ phoneVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    const deviceId = await recordDevice(tx, userId, device);
    return createSession(tx, deps.config.secret, userId, deps.config.sessionTtlMs, deviceId);
  });
  return { phoneNumber, isVerified: true, id: userId, accessToken };
}

/** Sends a fresh code (throttled). Unknown numbers get the same answer, so numbers cannot be probed. */
export async function resendOtp(deps: UserDeps, rawPhone: string, purpose: OtpPurpose) {
  const phoneNumber = requireE164(rawPhone);
  const [user] = await deps.db
    .select({ id: users.id, phoneNumber: users.phoneNumber, verified: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .limit(1);
  if (user && !(purpose === 'verify_mobile' && user.verified)) {
    await deps.db.transaction((tx) => issueOtp(tx, deps, user, purpose));
    void deps.notifier.drain().catch(() => {});
  }
  return `If ${maskPhone(phoneNumber)} has an account, a new code is on its way.`;
}

export async function findUserIdByPhone(deps: UserDeps, phoneNumber: string): Promise<string> {
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  if (!u) throw notFound('No account uses this phone number', 'USER_NOT_FOUND');
  return u.id;
}
