import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';
import { v7 as uuidv7 } from 'uuid';

export const newId = (): string => uuidv7();

/** Keyed hash for high-entropy secrets (tokens) and short codes checked with a try limit (OTPs). */
export const keyedHash = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('base64url');

export const sameHash = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const randomDigits = (n: number): string => String(randomInt(0, 10 ** n)).padStart(n, '0');

/**
 * argon2id for passwords and PINs (a 4-digit PIN is also protected by the try limit): OWASP's
 * 19 MiB and two passes. `test` is a tiny cost for test servers only (SECRET_HASH_COST, refused in
 * production), where thousands of made-up people sign up. A hash names its own cost, so either
 * setting verifies a hash made by the other.
 */
export const SECRET_HASH_COSTS = {
  standard: { memoryCost: 19456, timeCost: 2 },
  test: { memoryCost: 1024, timeCost: 1 },
} as const;
export type SecretHashCost = keyof typeof SECRET_HASH_COSTS;
let argon: argon2.Options = { type: argon2.argon2id, parallelism: 1, ...SECRET_HASH_COSTS.standard };

/** Sets the cost of the hashes made from now on in this process (the app does it from its settings). */
export function useSecretHashCost(cost: SecretHashCost): void {
  argon = { type: argon2.argon2id, parallelism: 1, ...SECRET_HASH_COSTS[cost] };
}
export const hashSecret = (plain: string): Promise<string> => argon2.hash(plain, argon);
export const verifySecret = async (hash: string, plain: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
};

/** A stable UUID derived from parts (e.g. the fee leg of a payment), so retries reuse the same id. */
export function derivedId(...parts: string[]): string {
  const h = createHmac('sha256', 'owo-derived-id').update(parts.join('\u0000')).digest('hex');
  // Version 8 (custom) UUID layout.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
