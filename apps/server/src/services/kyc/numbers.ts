import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * BVNs and NINs at rest: AES-256-GCM with the KYC_NUMBER_KEY (a random 12-byte IV per number,
 * the tag kept with it: `v1.<iv>.<tag>.<ciphertext>`, base64url), an HMAC of the number (keyed by
 * the same key) so that one number belongs to one person, and the last three digits to show it masked.
 */
export function sealNumber(key: Buffer, number: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function openNumber(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('not a sealed number');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const numberHash = (key: Buffer, kind: 'bvn' | 'nin', number: string) =>
  createHmac('sha256', key).update(`${kind}:${number}`).digest('base64url');

/** 11 digits shown as ********123. */
export const masked = (last3: string | null) => (last3 ? `${'*'.repeat(8)}${last3}` : null);
