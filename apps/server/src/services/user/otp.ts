import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../platform/config.js';
import { keyedHash, newId, randomDigits, sameHash } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, tooMany } from '../../platform/errors.js';
import type { Notifier } from '../../platform/notifications.js';
import { otps } from './tables.js';

export type OtpPurpose = 'verify_mobile' | 'reset_password' | 'new_device';
/** A new device's code is bound to that device (its hash is part of the code's): it confirms no other. */
type Bound = { device?: { hash: string; label: string } };

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_PER_HOUR = 5;

const hashCode = (secret: string, purpose: OtpPurpose, phone: string, code: string, deviceHash?: string) =>
  keyedHash(secret, `otp:${purpose}:${phone}:${code}${deviceHash ? `:${deviceHash}` : ''}`);

const TEXT: Record<OtpPurpose, (code: string, device?: string) => string> = {
  verify_mobile: (c) => `Your Owo verification code is ${c}. It expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone.`,
  reset_password: (c) =>
    `Your Owo password reset code is ${c}. It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this message.`,
  new_device: (c, device) =>
    `Your Owo code to log in on a new device (${device ?? 'Unknown device'}) is ${c}. It expires in ${OTP_TTL_MINUTES} minutes. ` +
    'If this was not you, do not share it: change your password now.',
};

/**
 * Makes a new code for this phone and purpose, throttled (one a minute, five an hour), and queues it.
 * The code goes by SMS, or by email when `email` is given.
 */
export async function issueOtp(
  tx: Tx,
  deps: { config: Config; notifier: Notifier },
  user: { id: string; phoneNumber: string },
  purpose: OtpPurpose,
  to: { email?: string } & Bound = {},
): Promise<void> {
  const { email, device } = to;
  const phone = user.phoneNumber;
  const [latest] = await tx
    .select({ createdAt: otps.createdAt })
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (latest) {
    const wait = Math.ceil(OTP_RESEND_SECONDS - (Date.now() - latest.createdAt.getTime()) / 1000);
    if (wait > 0) throw tooMany(`Please wait ${wait} seconds before asking for another code.`, 'OTP_THROTTLED');
  }
  const [recent] = await tx
    .select({ n: count() })
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose), gt(otps.createdAt, new Date(Date.now() - 3600_000))));
  if ((recent?.n ?? 0) >= OTP_MAX_PER_HOUR) throw tooMany('Too many codes requested. Try again in an hour.', 'OTP_THROTTLED');

  const code = randomDigits(6);
  // Only the newest code counts: older ones stop working.
  await tx
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
  await tx.insert(otps).values({
    id: newId(),
    purpose,
    phoneNumber: phone,
    userId: user.id,
    codeHash: hashCode(deps.config.secret, purpose, phone, code, device?.hash),
    expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
  });
  if (email) await deps.notifier.enqueueEmail(tx, { to: email, subject: 'Your Owo password reset code', text: TEXT[purpose](code) });
  else await deps.notifier.enqueueSms(tx, phone, TEXT[purpose](code, device?.label));
}

/**
 * Checks a code. A wrong code is counted at once (outside any transaction, so the count survives
 * the failed request); after five the code is dead. Returns the user the code was issued to.
 */
export async function consumeOtp(
  db: Db,
  secret: string,
  phone: string,
  purpose: OtpPurpose,
  code: string,
  deviceHash?: string,
): Promise<string> {
  const [row] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (!row) throw badRequest('This code is invalid or has expired. Request a new one.', 'OTP_INVALID');
  if (row.expiresAt <= new Date()) throw badRequest('This code has expired. Request a new one.', 'OTP_EXPIRED');
  if (row.attempts >= OTP_MAX_TRIES) throw tooMany('Too many wrong codes. Request a new one.', 'OTP_LOCKED');
  if (!sameHash(row.codeHash, hashCode(secret, purpose, phone, code, deviceHash))) {
    const [after] = await db
      .update(otps)
      .set({ attempts: row.attempts + 1 })
      .where(eq(otps.id, row.id))
      .returning({ attempts: otps.attempts });
    const left = OTP_MAX_TRIES - (after?.attempts ?? OTP_MAX_TRIES);
    if (left <= 0) throw tooMany('Too many wrong codes. Request a new one.', 'OTP_LOCKED');
    throw badRequest(`Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'OTP_INCORRECT');
  }
  const used = await db
    .update(otps)
    .set({ consumedAt: new Date() })
    .where(and(eq(otps.id, row.id), isNull(otps.consumedAt)))
    .returning({ id: otps.id });
  if (used.length === 0) throw badRequest('This code is invalid or has expired. Request a new one.', 'OTP_INVALID');
  return row.userId;
}

/** The newest code of this purpose sent to the phone: how many seconds ago, and whether it is still unused. */
export async function latestOtp(tx: Tx, phone: string, purpose: OtpPurpose): Promise<{ ageSeconds: number; open: boolean } | null> {
  const [latest] = await tx
    .select({ createdAt: otps.createdAt, consumedAt: otps.consumedAt })
    .from(otps)
    .where(and(eq(otps.phoneNumber, phone), eq(otps.purpose, purpose)))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  return latest ? { ageSeconds: (Date.now() - latest.createdAt.getTime()) / 1000, open: latest.consumedAt === null } : null;
}
