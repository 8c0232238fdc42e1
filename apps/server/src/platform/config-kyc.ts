import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** One tier's caps in kobo; null: no cap. */
export type TierSetting = { tier: 1 | 2 | 3; perDeposit: bigint | null; balanceCap: bigint | null; dailyOut: bigint };

/** KYC's settings (docs/kyc.md): the tiers, the restriction, held credits, new devices, the EMT levy, the identity provider. */
export type KycConfig = {
  tiers: TierSetting[];
  /** Days after sign-up by which a BVN or a NIN is due; after that the account may receive but not send. */
  verifyDays: number;
  /** Days a held credit waits for its person to verify before it goes back to its sender. */
  holdDays: number;
  /** Hours a newly seen device is new, and what may leave the wallet a day meanwhile (kobo). */
  newDeviceHours: number;
  newDeviceDailyOut: bigint;
  /** The electronic money transfer levy (kobo) on each credit of at least `levyThreshold` kobo from someone else; 0 turns it off. */
  levy: bigint;
  levyThreshold: bigint;
  provider: { kind: 'sandbox' } | { kind: 'http'; url: string; apiKey: string };
  /** AES-256-GCM key (32 bytes) for BVNs and NINs at rest. */
  numberKey: Buffer;
  returnCheckMs: number;
};

const naira = z.coerce.number().int().min(0);
const env = z.object({
  KYC_TIERS: z
    .string()
    .regex(
      /^(\d+|-):(\d+|-):\d+,(\d+|-):(\d+|-):\d+,(\d+|-):(\d+|-):\d+$/,
      'KYC_TIERS is three per-deposit:balance:daily-out triples in naira, - for no cap',
    )
    .default('50000:300000:50000,100000:500000:200000,-:-:5000000'),
  KYC_VERIFY_DAYS: z.coerce.number().int().min(0).default(30),
  KYC_HOLD_DAYS: z.coerce.number().int().min(1).default(7),
  KYC_RETURN_CHECK_SECONDS: z.coerce.number().int().positive().default(600),
  NEW_DEVICE_HOURS: z.coerce.number().int().min(0).default(24),
  NEW_DEVICE_DAILY_OUT: naira.default(20_000),
  EMT_LEVY: naira.default(50),
  EMT_LEVY_THRESHOLD: naira.default(10_000),
  KYC_PROVIDER_URL: z.url('KYC_PROVIDER_URL must be an address').optional(),
  KYC_PROVIDER_KEY: z.string().optional(),
  KYC_NUMBER_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'KYC_NUMBER_KEY is 64 hex digits (32 bytes)')
    .optional(),
});

const koboOf = (v: string) => (v === '-' ? null : BigInt(v) * 100n);

/**
 * The key for BVNs and NINs: KYC_NUMBER_KEY; in production without it, one derived from APP_SECRET
 * (set KYC_NUMBER_KEY to keep the numbers readable across a change of APP_SECRET); in development
 * one made once and kept in DATA_DIR.
 */
function numberKey(given: string | undefined, isProduction: boolean, dataDir: string, secret: string): Buffer {
  if (given) return Buffer.from(given, 'hex');
  if (isProduction) return createHmac('sha256', secret).update('owo-kyc-number-key').digest();
  const file = path.join(dataDir, '.kyc-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return Buffer.from(key, 'hex');
}

export function loadKycConfig(raw: NodeJS.ProcessEnv, dataDir: string, isProduction: boolean, secret: string): KycConfig {
  const parsed = env.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const tiers = e.KYC_TIERS.split(',').map((triple, i) => {
    const [d, b, o] = triple.split(':') as [string, string, string];
    return { tier: (i + 1) as 1 | 2 | 3, perDeposit: koboOf(d), balanceCap: koboOf(b), dailyOut: BigInt(o) * 100n };
  });
  if (e.KYC_PROVIDER_URL && !e.KYC_PROVIDER_KEY)
    throw new Error('Invalid configuration:\n  KYC_PROVIDER_KEY: required with KYC_PROVIDER_URL');
  return {
    tiers,
    verifyDays: e.KYC_VERIFY_DAYS,
    holdDays: e.KYC_HOLD_DAYS,
    newDeviceHours: e.NEW_DEVICE_HOURS,
    newDeviceDailyOut: BigInt(e.NEW_DEVICE_DAILY_OUT) * 100n,
    levy: BigInt(e.EMT_LEVY) * 100n,
    levyThreshold: BigInt(e.EMT_LEVY_THRESHOLD) * 100n,
    provider: e.KYC_PROVIDER_URL ? { kind: 'http', url: e.KYC_PROVIDER_URL, apiKey: e.KYC_PROVIDER_KEY! } : { kind: 'sandbox' },
    numberKey: numberKey(e.KYC_NUMBER_KEY, isProduction, dataDir, secret),
    returnCheckMs: e.KYC_RETURN_CHECK_SECONDS * 1000,
  };
}
