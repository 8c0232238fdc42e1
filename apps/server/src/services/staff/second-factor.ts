import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { keyedHash } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';

// The staff's second factor: TOTP (RFC 6238: 6 digits, 30 seconds, SHA-1, as every authenticator
// app reads it) with one-time recovery codes. The TOTP secret must be read back to check a code, so
// it is kept encrypted (AES-256-GCM under a key derived from APP_SECRET), not hashed.

const ISSUER = 'Owo Console';
const PERIOD = 30;
/** Codes of the step before and after now are accepted too (clocks drift). */
const WINDOW = 1;

const keyOf = (appSecret: string) =>
  createHash('sha256').update(createHmac('sha256', appSecret).update('staff-totp-key').digest()).digest();

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function sealSecret(appSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
}

/**
 * The TOTP secret sealed by `sealSecret`. A secret sealed under another APP_SECRET (or damaged)
 * cannot be opened: the check fails closed with a 503 that says why, never a 500 and never a pass.
 */
export function openSecret(appSecret: string, sealed: string): string {
  const [v, iv, tag, data] = sealed.split(':');
  try {
    if (v !== 'v1' || !iv || !tag || !data) throw new Error('unknown format');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError(503, 'STAFF_SECOND_FACTOR_UNREADABLE', SECOND_FACTOR_UNREADABLE);
  }
}

export const SECOND_FACTOR_UNREADABLE =
  'Your authenticator code cannot be checked: this server runs with another APP_SECRET than the one your account was set up with. ' +
  'Tell the person who runs Owo; nothing was changed.';

const totpOf = (base32: string, label = 'staff') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });

/** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
export const otpauthUrl = (base32: string, email: string): string => totpOf(base32, email).toString();

/** The code for a moment (tests and the first admin's command use it; the server only checks). */
export const totpCode = (base32: string, at = Date.now()): string => totpOf(base32).generate({ timestamp: at });

/**
 * The time step a 6-digit code is valid for (now, or one step either side), or null. A caller
 * accepts it only when the step is later than the last one accepted, so a code works once.
 */
export function totpStep(base32: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(base32);
  const delta = totp.validate({ token: code, timestamp: at, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at }) + delta;
}

// Recovery codes: ten, each 8 characters of an alphabet without look-alikes (40 bits), shown once
// as xxxx-xxxx, kept as keyed hashes and spent when used.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODES = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const s = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${s.slice(0, 4)}-${s.slice(4)}`;
  });
}

/** A recovery code as typed (any case, with or without the dash or spaces), normalised; null when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const s = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4)}` : null;
}

export const recoveryCodeHash = (appSecret: string, code: string) => keyedHash(appSecret, `staff-recovery:${code}`);
