import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { checkLedger } from '../ledger/check.js';
import { buildApp } from '../platform/app.js';
import { loadConfig, type Config } from '../platform/config.js';
import { randomDigits } from '../platform/crypto.js';
import { openDatabase, type Db } from '../platform/db.js';
import { allServices, buildProviders, type ProviderOverrides, type Providers } from '../services/index.js';
import { markVerified } from '../services/kyc/index.js';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  dataDir: string;
  /** The private PostgreSQL database's URL (null on the embedded database). */
  databaseUrl: string | null;
  /** The providers the app was built with (for tests that call a service's functions directly). */
  providers: Providers;
  close: () => Promise<void>;
};

/** Another server process's app on the same database as a TestContext (see `secondApp`). */
export type SecondApp = { app: FastifyInstance; db: Db; providers: Providers; close: () => Promise<void> };

/**
 * Adapters to replace, as the app's own `buildProviders` takes them: an object, or a function of
 * the defaults (to wrap a sandbox).
 */
type ProviderOptions = { providers?: ProviderOverrides };

/** The app's providers for this config and database, with the test's replacements. */
function testProviders(config: Config, db: Db, opts: ProviderOptions): Providers {
  const { providers = {} } = opts;
  return buildProviders(config, db, providers);
}

export type TestOptions = ProviderOptions & {
  env?: Record<string, string>;
  configure?: (config: Config) => Config;
  /** Extra routes registered before the app is ready (tests of platform helpers). */
  routes?: (app: FastifyInstance) => void;
  logStream?: DestinationStream;
};

/** The log lines of an app under test: pass `stream` as createTestApp's `logStream`, read `lines`. */
export function capturedLogs(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

/** Closes a test app once its ledger's invariants are checked: the end of every test file that moves money. */
export async function closeCheckingLedger(t: TestContext): Promise<void> {
  expect((await checkLedger(t.db)).ok).toBe(true);
  await t.close();
}

/**
 * A test file's app on a fresh database: opened before the file's tests, closed after them (with
 * the ledger's invariants checked first when `ledgerChecked`). Its fields are there from the first test on.
 */
export function fileApp(opts: TestOptions & { ledgerChecked?: boolean } = {}): TestContext {
  const { ledgerChecked, ...options } = opts;
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(options));
  });
  afterAll(() => (ledgerChecked ? closeCheckingLedger(ctx) : ctx.close()));
  return ctx;
}

/**
 * A real app on a real, private database: a fresh in-memory PGlite by default, or a fresh
 * PostgreSQL database (dropped afterwards) when DATABASE_URL is set.
 */
export async function createTestApp(opts: TestOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'owo-test-'));
  let config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    SERVE_WEB: 'false',
    RATE_LIMIT_SIGNUP: '100000',
    RATE_LIMIT_RESET: '100000',
    // The EMT levy changes every received amount; its own tests turn it on (services/kyc/levy.test.ts).
    EMT_LEVY: '0',
    ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
    // Each app counts its rate limits apart in a shared Redis, as each has its own database.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `owo-test-${randomDigits(9)}` } : {}),
    ...opts.env,
  });
  if (opts.configure) config = opts.configure(config);
  const url = process.env.DATABASE_URL;
  const pgDatabase = `owo_t_${Date.now().toString(36)}_${randomDigits(6)}`;
  const database = await openDatabase(
    url
      ? { databaseUrl: url, pgDatabase, pgTemplate: inject('pgTemplate') || undefined }
      : { pgliteDir: 'memory://', pgliteImage: pgliteImage() },
  );
  const providers = testProviders(config, database.db, opts);
  const app = await buildApp({ config, db: database.db, services: allServices, providers, logStream: opts.logStream });
  opts.routes?.(app);
  await app.ready();
  let databaseUrl: string | null = null;
  if (url) {
    const u = new URL(url);
    u.pathname = `/${pgDatabase}`;
    databaseUrl = u.toString();
  }
  return {
    app,
    db: database.db,
    config,
    dataDir,
    databaseUrl,
    providers,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the same database as `ctx`, as another server process would be: on PostgreSQL
 * with a pool (and server instance) of its own, on the embedded database (one connection) sharing
 * its database object. `ctx.close()` closes it too (first, before the database is dropped).
 */
export async function secondApp(
  ctx: TestContext,
  opts: ProviderOptions & { configure?: (config: Config) => Config } = {},
): Promise<SecondApp> {
  const database = ctx.databaseUrl ? await openDatabase({ databaseUrl: ctx.databaseUrl }) : null;
  const db = database?.db ?? ctx.db;
  const config = opts.configure ? opts.configure(ctx.config) : ctx.config;
  const providers = testProviders(config, db, opts);
  const app = await buildApp({ config, db, services: allServices, providers });
  await app.ready();
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      await app.close();
      await database?.close();
    })());
  const closeFirst = ctx.close;
  ctx.close = async () => {
    await close();
    await closeFirst();
  };
  return { app, db, providers, close };
}

let image: Blob | undefined;
/** The migrated embedded database made once for the run (src/test/global-setup.ts), read once per file. */
function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImage');
  if (!file) return undefined;
  image ??= new Blob([readFileSync(file)]);
  return image;
}

/**
 * The test file's next phone number: from a random start, one after another, so that no two in a
 * file (which has its database to itself) are ever the same. Time and random digits alone could
 * meet again, failing a signup with PHONE_TAKEN once in a while.
 */
let nextPhone = Number(randomDigits(7));
/** A valid, unique Nigerian mobile number in local format (0803...). */
export const newPhone = () => `0803${String(nextPhone++ % 10_000_000).padStart(7, '0')}`;

export const toE164Ng = (local: string) => `+234${local.slice(1)}`;

export type TestUser = { id: string; token: string; email: string; phone: string; e164: string; password: string; firstName: string };

type Inject = FastifyInstance['inject'];
export const json = (res: Awaited<ReturnType<Inject>>) =>
  res.json() as {
    status: boolean;
    message: string;
    code?: string;
    data: never;
    pagination?: never;
    errors?: { path: string; message: string }[];
  };

/**
 * A call as this person that must succeed (a test world's set-up): its data; anything but a 2xx
 * throws with the answer, so a broken set-up says what failed.
 */
export async function mustCall<T = Record<string, unknown>>(
  app: FastifyInstance,
  u: { token: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: auth(u, headers),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`world: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return json(res).data as T;
}

/** Reads the newest message sent to an address through the development outbox. */
export async function lastMessage(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const body = res.json() as { data: { body: string | null }[] };
  return body.data[0]?.body ?? '';
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/**
 * Logs a person in on a device they have not used (its `x-device-id` header): the login answers 403
 * NEW_DEVICE and texts a code, which confirms the device. Answers the new session's token.
 */
export async function logInOnNewDevice(app: FastifyInstance, u: TestUser, headers: Record<string, string>): Promise<string> {
  const payload = { username: u.email, password: u.password };
  const first = await app.inject({ method: 'POST', url: '/api/user/users/login', headers, payload });
  if (json(first).code !== 'NEW_DEVICE') throw new Error(`expected NEW_DEVICE, got ${first.statusCode} ${first.body}`);
  const otp = codeIn(await lastMessage(app, u.e164));
  const res = await app.inject({ method: 'POST', url: '/api/user/users/login/device', headers, payload: { ...payload, otp } });
  if (res.statusCode !== 200) throw new Error(`confirming the device answered ${res.statusCode} ${res.body}`);
  return (json(res).data as { accessToken: string }).accessToken;
}

export async function signup(app: FastifyInstance, given: Partial<Record<string, string>> = {}) {
  const { kycTier: _tier, ...over } = given;
  const phone = over.phoneNumber ?? newPhone();
  const n = randomDigits(8);
  const body = {
    firstName: 'Ngozi',
    lastName: 'Adebayo',
    email: `user${n}@example.ng`,
    phoneNumber: phone,
    password: 'goodpass1',
    ...over,
  };
  const res = await app.inject({ method: 'POST', url: '/api/user/users/signup', payload: body });
  return { res, body, phone };
}

/** Signs up, verifies the phone with the texted code and logs in. */
export async function newUser(app: FastifyInstance, over: Partial<Record<string, string>> = {}): Promise<TestUser> {
  const { res, body, phone } = await signup(app, over);
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  const e164 = toE164Ng(phone);
  const otp = codeIn(await lastMessage(app, e164));
  const v = await app.inject({ method: 'POST', url: '/api/user/users/verify-mobile', payload: { phoneNumber: phone, otp } });
  if (v.statusCode !== 200) throw new Error(`verify failed: ${v.body}`);
  const l = await app.inject({ method: 'POST', url: '/api/user/users/login', payload: { username: body.email, password: body.password } });
  if (l.statusCode !== 200) throw new Error(`login failed: ${l.body}`);
  const data = (l.json() as { data: { id: string; accessToken: string } }).data;
  // A verified Tier 2 person by default (docs/kyc.md); `kycTier: '1'` keeps the new person's Tier 1.
  await markVerified(app.db, data.id, Number(over.kycTier ?? 2) as 1 | 2 | 3);
  return { id: data.id, token: data.accessToken, email: body.email, phone, e164, password: body.password, firstName: body.firstName };
}

export const auth = (u: { token: string }, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${u.token}`, ...extra });

export const TEST_PIN = '2580';
/** A shopper's delivery address in Surulere, Lagos, as the saved-address call takes it. */
export const SURULERE_ADDRESS = {
  stateId: 'lagos',
  lgaId: 'surulere',
  street: '5 Bode Thomas Street',
  phone: '08035550000',
  latitude: 6.5,
  longitude: 3.358,
};
export const GOOD_CARD = { number: '4084 0840 8408 4081', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvv: '408' };

export async function setPin(app: FastifyInstance, u: TestUser, pin = TEST_PIN): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/user/users/set-pin',
    headers: auth(u, { transactionPin: pin }),
    payload: { pin },
  });
  if (res.statusCode !== 200) throw new Error(`set pin failed: ${res.body}`);
}

/** Adds money to the wallet with the sandbox's good test card. */
export async function fundWallet(app: FastifyInstance, u: TestUser, amount: number): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/wallet/fund/card', headers: auth(u), payload: { amount, card: GOOD_CARD } });
  if (res.statusCode !== 200) throw new Error(`funding failed: ${res.body}`);
}

export async function balancesOf(app: FastifyInstance, u: TestUser) {
  const res = await app.inject({ method: 'GET', url: '/api/wallet/wallet-balances', headers: auth(u) });
  return (res.json() as { data: { walletBalance: number; savingsBalance: number; lockedBalance: number; businessWalletBalance: number } })
    .data;
}

/** A verified user with a PIN and, optionally, money in the wallet. */
export async function payer(app: FastifyInstance, amount = 0, over: Partial<Record<string, string>> = {}): Promise<TestUser> {
  const u = await newUser(app, over);
  await setPin(app, u);
  if (amount > 0) await fundWallet(app, u, amount);
  return u;
}

/**
 * A payment through an initiate call and its complete call with the PIN: the transaction service's
 * (`/api/transaction/api/v1`, bills and send money) or the wallet's (`/api/wallet`, bank payouts).
 * `u` has a PIN and the money; the payment's reference. Throws with the answer when either call fails.
 */
export async function payWithPin(app: FastifyInstance, u: TestUser, payload: object, base = '/api/transaction/api/v1'): Promise<string> {
  const init = await app.inject({ method: 'POST', url: `${base}/initiate`, headers: auth(u), payload });
  if (init.statusCode !== 200) throw new Error(`initiate answered ${init.statusCode}: ${init.body}`);
  const { reference } = json(init).data as { reference: string };
  const done = await app.inject({
    method: 'POST',
    url: `${base}/complete`,
    headers: auth(u, { transactionPin: TEST_PIN }),
    payload: { reference },
  });
  if (done.statusCode !== 200) throw new Error(`complete answered ${done.statusCode}: ${done.body}`);
  return reference;
}

/** `from` sends `to` money (kobo) with the PIN; the payment's reference. */
export const sendMoney = (app: FastifyInstance, from: TestUser, to: TestUser, amount: number) =>
  payWithPin(app, from, { type: 'sendMoney', recipientId: to.id, amount });

export type HistoryEntry = {
  reference: string;
  type: string;
  direction: string;
  amount: number;
  fee: number;
  status: string;
  failureReason: string | null;
  narration: string | null;
  counterparty: { name: string };
};
export async function historyOf(app: FastifyInstance, u: TestUser, filter: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/transaction/api/v1/transactions', headers: auth(u), payload: filter });
  return res.json() as { data: HistoryEntry[]; pagination: { total: number; next: { page: number } | null } };
}
