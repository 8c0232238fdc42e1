import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './paths.js';
import { pushConfig, type PushConfig } from './config-push.js';
import { loadKycConfig, type KycConfig } from './config-kyc.js';
import { trustProxySetting, type TrustProxy } from './config-proxy.js';
import type { SecretHashCost } from './crypto.js';

export type { TrustProxy } from './config-proxy.js';

// prettier-ignore
export const SERVICE_NAMES = ['user', 'transaction', 'wallet', 'bills', 'ecommerce', 'connect', 'upload', 'chat', 'staff', 'notifications', 'kyc'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SECRET_HASH_COST: z.enum(['standard', 'test']).optional(),
  SEARCH_INDEX: z.enum(['on', 'off']).default('on'),
  SEARCH_INDEX_FOLLOW_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  TIMELINE_CAP: z.coerce.number().int().min(20, 'TIMELINE_CAP must be at least 20').max(5_000).default(400),
  TIMELINE_ACTIVE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TIMELINE_BIG_ACCOUNT_FOLLOWERS: z.coerce.number().int().min(1).default(10_000),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  ALLOW_EMBEDDED_DATABASE: bool,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_JOBS_POOL_SIZE: z.coerce.number().int().min(0).max(50).default(2),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'REDIS_PREFIX is 1 to 40 letters, digits, _ . or -')
    .default('owo'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Owo <no-reply@owo.ng>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SERVICES: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SEED_DEMO: bool,
  SERVE_WEB: bool,
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  CONSOLE_URL: z.url('CONSOLE_URL must be an address such as https://console.owo.ng/console').optional(),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24).default(8),
  STAFF_INVITE_HOURS: z.coerce.number().int().min(1).max(336).default(72),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(6),
  UPLOAD_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  UPLOAD_VIDEO_MAX_SECONDS: z.coerce.number().int().positive().default(60),
  UPLOAD_AUDIO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  UPLOAD_AUDIO_MAX_SECONDS: z.coerce.number().int().positive().default(300),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 30),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_OTP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGNUP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_RESET: z.coerce.number().int().positive().default(10),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxySetting,
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
  SETTLEMENT_URL: z.url('SETTLEMENT_URL must be a URL').optional(),
  SETTLEMENT_API_KEY: z.string().optional(),
  RECON_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).default(5),
  COMMUNITY_DESCRIBER_URL: z.url().optional(),
  CALL_RING_SECONDS: z.coerce.number().int().min(1).default(30),
  ORDER_COMMISSION_BPS: z.coerce.number().int().min(0).max(5000).default(250),
  ORDER_AUTO_CONFIRM_DAYS: z.coerce.number().min(0).default(3),
  DELIVERY_BASE_KOBO: z.coerce.number().int().min(0).default(150_000),
  DELIVERY_PER_KM_KOBO: z.coerce.number().int().min(0).default(5_000),
  DELIVERY_PER_KG_KOBO: z.coerce.number().int().min(0).default(10_000),
  DELIVERY_EXPRESS_PERCENT: z.coerce.number().int().min(100).default(180),
  STUN_URLS: z.string().default(''),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  STORY_CLEANUP_SECONDS: z.coerce.number().int().positive().default(600),
  OUTBOX_DRAIN_MS: z.coerce.number().int().min(100).default(1000),
  JOBS_IDLE_MS: z.coerce.number().int().min(1000, 'JOBS_IDLE_MS must be at least 1000').default(30_000),
  AUTO_CONFIRM_CHECK_SECONDS: z.coerce.number().int().positive().default(600),
  CHAT_SWEEP_SECONDS: z.coerce.number().int().positive().default(10),
  JOBS: z
    .enum(['on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'on')),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  METRICS: z
    .string()
    .optional()
    .transform((raw, ctx): false | true | number => {
      const v = (raw ?? '').trim().toLowerCase();
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true' || v === '1') return true;
      if (/^\d+$/.test(v) && Number(v) >= 1024 && Number(v) <= 65535) return Number(v);
      ctx.addIssue({
        code: 'custom',
        message: `METRICS must be false, true (GET /metrics on the main port, to loopback clients only) or a port from 1024 to 65535 (served on 127.0.0.1:<port>); not understood: ${JSON.stringify(raw)}`,
      });
      return z.NEVER;
    }),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  /** The cost of password and PIN hashes (platform/crypto.ts): `test` only on test servers. */
  secretHashCost: SecretHashCost;
  /** Whether each process keeps a product search index (services/ecommerce/search-index/); off: the database's statement alone. */
  searchIndex: boolean;
  /** How often a process applies product changes to its search index when no search has asked (a search applies them first anyway). */
  searchIndexFollowMs: number;
  /**
   * Connect's home timelines (docs/connect.md): entries kept per person, days a timeline is kept
   * unread, followers from which an author's posts are pulled at read time.
   */
  timelines: { cap: number; activeDays: number; bigAccountFollowers: number };
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** Connections of the push outbox's jobs' own pool (0: they share the pool), so a burst of requests does not hold pushes back. */
  databaseJobsPoolSize: number;
  redisUrl: string | undefined;
  /** Starts every key this deployment keeps in Redis, so several can share one server. */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  services: readonly ServiceName[];
  logLevel: string;
  seedDemo: boolean;
  serveWeb: boolean;
  webDist: string;
  /** The operator console (apps/console), served at /console when `serveWeb` and built. */
  consoleDist: string;
  /** Staff sessions: ended after this long without a call (idle) and this long after sign-in (absolute); invitations' lifetime. */
  staff: { idleMs: number; maxMs: number; inviteMs: number; consoleUrl: string };
  upload: {
    maxBytes: number;
    maxFiles: number;
    videoMaxBytes: number;
    videoMaxSeconds: number;
    audioMaxBytes: number;
    audioMaxSeconds: number;
  };
  s3: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; publicUrl?: string } | undefined;
  sessionTtlMs: number;
  rateLimit: { login: number; otp: number; signup: number; reset: number };
  corsOrigins: string[];
  /** Fastify's `trustProxy`: whose `X-Forwarded-For` decides the client address (rate limits, logs). Default: nobody's. */
  trustProxy: TrustProxy;
  /** Verifies inbound provider webhooks (bank-transfer funding). */
  webhookSecret: string;
  payoutReconcileMs: number;
  /** Yearly interest (percent) by locked-fund duration in days. */
  lockRates: { durationDays: number; interestRate: number }[];
  lockTaxPercent: number;
  loans: { minAccountDays: number; inflowDays: number };
  schedulerMs: number;
  /**
   * Reconciliation: the providers' settlement reports (an HTTP service; the sandbox's own books when
   * unset) and the Lagos hour after which the daily job matches yesterday.
   */
  settlement: { url: string | null; apiKey: string | null; reconHour: number };
  /** Connect: distinct reporters that hide a post from feeds until it is reviewed. */
  reportHideThreshold: number;
  /** A language-model endpoint that writes community descriptions; templates when unset. */
  communityDescriberUrl: string | null;
  /** Calls: how long one rings before it is missed, and the ICE servers handed to each call (TURN with short-lived credentials). */
  /** Marketplace orders: the commission (basis points of the goods), auto-confirmation, delivery rates (kobo). */
  orders: {
    commissionBps: number;
    autoConfirmDays: number;
    delivery: { baseKobo: number; perKmKobo: number; perKgKobo: number; expressPercent: number };
  };
  calls: { ringMs: number; stunUrls: string[]; turnUrls: string[]; turnSecret: string | null; turnTtlSeconds: number };
  /** Connect: how often expired stories' media is cleaned up. */
  storyCleanupMs: number;
  /** How often the outbox sends waiting texts and emails. */
  outboxDrainMs: number;
  /**
   * How often a frequent job that found no work looks again unless nudged (platform/jobs.ts,
   * `idleMs`): the safety net for work no write of this process told it about.
   */
  jobsIdleMs: number;
  /** Marketplace: how often delivered orders past ORDER_AUTO_CONFIRM_DAYS are confirmed. */
  autoConfirmCheckMs: number;
  /** Chat: how often sockets of ended sessions are dropped and unanswered calls marked missed. */
  chatSweepMs: number;
  /** Whether this process runs the background jobs (platform/jobs.ts): JOBS=on|off, on except in tests. */
  jobs: boolean;
  /** Server processes sharing the port (PostgreSQL only: the embedded database is one process). */
  workers: number;
  /** Prometheus metrics: off (false), on the main port for loopback clients (true), or on 127.0.0.1 at this port. */
  metrics: false | true | number;
  /** Web Push (config-push.ts). */
  push: PushConfig;
  /** KYC tiers, the restriction, held credits, new devices, the EMT levy (config-kyc.ts). */
  kyc: KycConfig;
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
  const dataDir = e.DATA_DIR ? path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR) : path.join(SERVER_ROOT, '..', '..', 'data');
  const secret = resolveSecret(e.APP_SECRET, isProduction, dataDir);
  const databaseUrl = e.DATABASE_URL || undefined;
  if (isProduction && !databaseUrl && !e.ALLOW_EMBEDDED_DATABASE) {
    throw new Error(
      'In production Owo needs PostgreSQL: set DATABASE_URL. The embedded database does not fsync, so a power cut can lose the last payments; set ALLOW_EMBEDDED_DATABASE=true to run on it anyway.',
    );
  }
  if (isProduction && e.SECRET_HASH_COST === 'test')
    throw new Error('SECRET_HASH_COST=test is for test servers: production hashes passwords and PINs at the standard cost');
  const services = e.SERVICES
    ? e.SERVICES.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [...SERVICE_NAMES];
  for (const s of services) {
    if (!(SERVICE_NAMES as readonly string[]).includes(s)) throw new Error(`Unknown service in SERVICES: ${s}`);
  }
  if (typeof e.METRICS === 'number' && e.METRICS === e.PORT) {
    throw new Error(
      `METRICS port ${e.METRICS} is the server's own PORT: use METRICS=true to serve /metrics there (to loopback clients only), or another port`,
    );
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    secretHashCost: e.SECRET_HASH_COST ?? (e.NODE_ENV === 'test' ? 'test' : 'standard'),
    searchIndex: e.SEARCH_INDEX === 'on',
    searchIndexFollowMs: e.SEARCH_INDEX_FOLLOW_MS,
    timelines: { cap: e.TIMELINE_CAP, activeDays: e.TIMELINE_ACTIVE_DAYS, bigAccountFollowers: e.TIMELINE_BIG_ACCOUNT_FOLLOWERS },
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseJobsPoolSize: e.DATABASE_JOBS_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
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
    settlement: { url: e.SETTLEMENT_URL ?? null, apiKey: e.SETTLEMENT_API_KEY ?? null, reconHour: e.RECON_HOUR },
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    communityDescriberUrl: e.COMMUNITY_DESCRIBER_URL ?? null,
    orders: {
      commissionBps: e.ORDER_COMMISSION_BPS,
      autoConfirmDays: e.ORDER_AUTO_CONFIRM_DAYS,
      delivery: {
        baseKobo: e.DELIVERY_BASE_KOBO,
        perKmKobo: e.DELIVERY_PER_KM_KOBO,
        perKgKobo: e.DELIVERY_PER_KG_KOBO,
        expressPercent: e.DELIVERY_EXPRESS_PERCENT,
      },
    },
    calls: {
      ringMs: e.CALL_RING_SECONDS * 1000,
      stunUrls: e.STUN_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      turnUrls: e.TURN_URLS.split(',')
        .map((u) => u.trim())
        .filter(Boolean),
      turnSecret: e.TURN_SECRET ?? null,
      turnTtlSeconds: e.TURN_TTL_SECONDS,
    },
    storyCleanupMs: e.STORY_CLEANUP_SECONDS * 1000,
    outboxDrainMs: e.OUTBOX_DRAIN_MS,
    jobsIdleMs: e.JOBS_IDLE_MS,
    autoConfirmCheckMs: e.AUTO_CONFIRM_CHECK_SECONDS * 1000,
    chatSweepMs: e.CHAT_SWEEP_SECONDS * 1000,
    jobs: e.JOBS ?? e.NODE_ENV !== 'test',
    workers: e.WORKERS,
    metrics: e.METRICS,
    push: pushConfig(env, isProduction, dataDir),
    services: services as ServiceName[],
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seedDemo: e.SEED_DEMO ?? !isProduction,
    serveWeb: e.SERVE_WEB ?? e.NODE_ENV !== 'test',
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    consoleDist: path.resolve(e.CONSOLE_DIST ?? path.join(SERVER_ROOT, '..', 'console', 'dist')),
    staff: {
      idleMs: e.STAFF_SESSION_IDLE_MINUTES * 60_000,
      maxMs: e.STAFF_SESSION_MAX_HOURS * 3600_000,
      inviteMs: e.STAFF_INVITE_HOURS * 3600_000,
      consoleUrl: (e.CONSOLE_URL ?? `http://localhost:${e.PORT}/console`).replace(/\/+$/, ''),
    },
    upload: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxFiles: e.UPLOAD_MAX_FILES,
      videoMaxBytes: e.UPLOAD_VIDEO_MAX_BYTES,
      videoMaxSeconds: e.UPLOAD_VIDEO_MAX_SECONDS,
      audioMaxBytes: e.UPLOAD_AUDIO_MAX_BYTES,
      audioMaxSeconds: e.UPLOAD_AUDIO_MAX_SECONDS,
    },
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
    trustProxy: e.TRUST_PROXY,
    kyc: loadKycConfig(env, dataDir, isProduction, secret),
  };
}
