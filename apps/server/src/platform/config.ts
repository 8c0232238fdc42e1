import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const SERVICE_NAMES = ['user', 'transaction', 'wallet', 'bills', 'ecommerce', 'connect', 'upload', 'chat'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Owo <no-reply@owo.ng>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SERVICES: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: bool,
  SERVE_WEB: bool,
  WEB_DIST: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(5 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(6),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 30),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_OTP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_RESET: z.coerce.number().int().positive().default(10),
  CORS_ORIGINS: z.string().optional(),
  WEBHOOK_SECRET: z.string().min(16, 'WEBHOOK_SECRET must be at least 16 characters').optional(),
  PAYOUT_RECONCILE_SECONDS: z.coerce.number().int().positive().default(30),
  LOCK_RATES: z
    .string()
    .regex(/^\d+:\d+(\.\d+)?(,\d+:\d+(\.\d+)?)*$/, 'LOCK_RATES is days:percent pairs, e.g. 30:8,90:10')
    .default('30:8,60:9,90:10,180:12,365:14'),
  LOCK_TAX_PERCENT: z.coerce.number().min(0).max(100).default(10),
  LOAN_MIN_ACCOUNT_DAYS: z.coerce.number().int().min(0).default(7),
  LOAN_INFLOW_DAYS: z.coerce.number().int().positive().default(28),
  SCHEDULER_SECONDS: z.coerce.number().int().positive().default(60),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  services: readonly ServiceName[];
  logLevel: string;
  seedDemo: boolean;
  serveWeb: boolean;
  webDist: string;
  upload: { maxBytes: number; maxFiles: number };
  s3: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; publicUrl?: string } | undefined;
  sessionTtlMs: number;
  rateLimit: { login: number; otp: number; signup: number; reset: number };
  corsOrigins: string[];
  /** Verifies inbound provider webhooks (bank-transfer funding). */
  webhookSecret: string;
  payoutReconcileMs: number;
  /** Yearly interest (percent) by locked-fund duration in days. */
  lockRates: { durationDays: number; interestRate: number }[];
  lockTaxPercent: number;
  loans: { minAccountDays: number; inflowDays: number };
  schedulerMs: number;
  /** Server processes sharing the port (PostgreSQL only: the embedded database is one process). */
  workers: number;
};

/** The secret signs OTP and token hashes. Outside production one is made once and kept in DATA_DIR. */
function resolveSecret(given: string | undefined, isProduction: boolean, dataDir: string): string {
  if (given) return given;
  if (isProduction) throw new Error('APP_SECRET must be set in production');
  const file = path.join(dataDir, '.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Relative to where the command was typed (npm runs workspace scripts from the workspace folder);
  // by default ./data at the repository root.
  const dataDir = e.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR)
    : fileURLToPath(new URL('../../../../data', import.meta.url));
  const secret = resolveSecret(e.APP_SECRET, isProduction, dataDir);
  const services = e.SERVICES
    ? e.SERVICES.split(',').map((s) => s.trim()).filter(Boolean)
    : [...SERVICE_NAMES];
  for (const s of services) {
    if (!(SERVICE_NAMES as readonly string[]).includes(s)) throw new Error(`Unknown service in SERVICES: ${s}`);
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    secret,
    webhookSecret: e.WEBHOOK_SECRET ?? createHmac('sha256', secret).update('webhooks').digest('hex'),
    payoutReconcileMs: e.PAYOUT_RECONCILE_SECONDS * 1000,
    lockRates: e.LOCK_RATES.split(',')
      .map((pair) => pair.split(':'))
      .map(([d, r]) => ({ durationDays: Number(d), interestRate: Number(r) }))
      .sort((a, b) => a.durationDays - b.durationDays),
    lockTaxPercent: e.LOCK_TAX_PERCENT,
    loans: { minAccountDays: e.LOAN_MIN_ACCOUNT_DAYS, inflowDays: e.LOAN_INFLOW_DAYS },
    schedulerMs: e.SCHEDULER_SECONDS * 1000,
    workers: e.WORKERS,
    services: services as ServiceName[],
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seedDemo: e.SEED_DEMO ?? !isProduction,
    serveWeb: e.SERVE_WEB ?? e.NODE_ENV !== 'test',
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    upload: { maxBytes: e.UPLOAD_MAX_BYTES, maxFiles: e.UPLOAD_MAX_FILES },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    rateLimit: { login: e.RATE_LIMIT_LOGIN, otp: e.RATE_LIMIT_OTP, signup: e.RATE_LIMIT_SIGNUP, reset: e.RATE_LIMIT_RESET },
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : [],
  };
}
