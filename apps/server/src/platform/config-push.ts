import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A base64url string of this many bytes (VAPID keys as the Push API and `web-push` write them). */
const base64UrlOf = (bytes: number, name: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${name} must be ${bytes} bytes in base64url`)
    .optional();

/** The push settings (docs/notifications.md). */
const pushEnv = z.object({
  VAPID_PUBLIC_KEY: base64UrlOf(65, 'VAPID_PUBLIC_KEY'),
  VAPID_PRIVATE_KEY: base64UrlOf(32, 'VAPID_PRIVATE_KEY'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// address')
    .default('mailto:support@owo.ng'),
  PUSH_PROVIDER: z.enum(['webpush', 'sandbox']).optional(),
  PUSH_DRAIN_MS: z.coerce.number().int().min(20).default(200),
  PUSH_EXTRA_SERVICES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        try {
          const u = new URL(item);
          if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin === item.replace(/\/$/, '')) {
            origins.push(u.origin);
            continue;
          }
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: `PUSH_EXTRA_SERVICES: ${item} is not an origin (scheme, host and port only)` });
      }
      return origins;
    }),
});

export type PushConfig = {
  /** `webpush` sends to the browsers' push services; `sandbox` sends nothing (the default outside production). */
  provider: 'webpush' | 'sandbox';
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** How often the push deliveries are claimed and sent. */
  drainMs: number;
  /**
   * Origins of push services accepted beside the browsers' own (services/notifications/push-endpoints.ts):
   * a local stand-in in tests and the bench. Only https origins in production.
   */
  extraServices: string[];
};

type PushEnv = z.infer<typeof pushEnv>;

/** A P-256 private scalar as the 32 bytes Web Push needs, base64url: its dropped leading zero bytes put back. */
const scalar32 = (d: Buffer) => Buffer.concat([Buffer.alloc(Math.max(0, 32 - d.length)), d]).toString('base64url');

/**
 * A new P-256 key pair for VAPID, base64url: the public point (65 bytes) and the private scalar as
 * 32 bytes. Node drops a private key's leading zero bytes (one key in 256), which Web Push refuses
 * ("Vapid private key should be 32 bytes"), so it is padded back.
 */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar32(ecdh.getPrivateKey()) };
}

/** VAPID keys from the settings in production; outside it, made once and kept in DATA_DIR/.vapid.json. */
function vapidKeys(e: PushEnv, isProduction: boolean, dataDir: string): { publicKey: string; privateKey: string } {
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  if (isProduction) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set in production (npx web-push generate-vapid-keys)');
  const file = path.join(dataDir, '.vapid.json');
  if (existsSync(file)) {
    // A key kept by an earlier version may have lost its leading zero byte: padded as newVapidKeys does.
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, privateKey: scalar32(Buffer.from(kept.privateKey, 'base64url')) };
  }
  const keys = newVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The push settings from the environment, checked at start-up with the others (loadConfig). */
export function pushConfig(env: NodeJS.ProcessEnv, isProduction: boolean, dataDir: string): PushConfig {
  const parsed = pushEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const insecure = e.PUSH_EXTRA_SERVICES.filter((o) => !o.startsWith('https://'));
  if (isProduction && insecure.length)
    throw new Error(`Invalid configuration:\n  PUSH_EXTRA_SERVICES: only https origins in production (${insecure.join(', ')})`);
  return {
    provider: e.PUSH_PROVIDER ?? (isProduction ? 'webpush' : 'sandbox'),
    vapid: { ...vapidKeys(e, isProduction, dataDir), subject: e.VAPID_SUBJECT },
    drainMs: e.PUSH_DRAIN_MS,
    extraServices: e.PUSH_EXTRA_SERVICES,
  };
}
