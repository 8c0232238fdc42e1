import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { randomDigits } from '../platform/crypto.js';
import { openDatabase, type Database } from '../platform/db.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export type Reply = { status: number; body: { status: boolean; message: string; code?: string; data: never }; headers: Headers };

/**
 * The real server as its own process (`src/main.ts`), on a database of its own that outlives it: a
 * fresh PostgreSQL database when DATABASE_URL is set, otherwise the embedded database in a
 * directory. Tests kill it with SIGKILL and start it again on the same data.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'owo-proc-'));
  readonly databaseUrl: string | undefined;
  private readonly dbName: string | undefined;
  port = 0;

  constructor(private readonly env: Record<string, string> = {}) {
    const url = process.env.DATABASE_URL;
    if (url) {
      this.dbName = `owo_p_${Date.now().toString(36)}_${randomDigits(6)}`;
      const u = new URL(url);
      u.pathname = `/${this.dbName}`;
      this.databaseUrl = u.toString();
    }
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server (optionally with fault injection) and waits until it answers. */
  async start(extra: Record<string, string> = {}): Promise<void> {
    if (this.dbName && this.port === 0) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${this.dbName}`);
      await admin.end();
    }
    this.port = this.port || (await freePort());
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        // Cheap password and PIN hashes: the tests sign up hundreds of people (platform/crypto.ts).
        SECRET_HASH_COST: 'test',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        APP_SECRET: 'process-test-secret-process-test-secret',
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        RATE_LIMIT_LOGIN: '100000',
        RATE_LIMIT_SIGNUP: '100000',
        RATE_LIMIT_OTP: '100000',
        ...(this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : {}),
        ...this.env,
        ...extra,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    // Generous: on a busy machine (CI, or several test runs at once) a cold start takes a while.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting: ${stderr}`);
      try {
        const res = await fetch(`${this.base}/api/health`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Whether the process is still running (a crash point kills it). */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Waits for the process to end (after a crash point, say). */
  async ended(): Promise<void> {
    await this.exited;
  }

  async kill(): Promise<void> {
    if (this.alive) this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** Opens the process's database from the test (after the process has migrated it). */
  openDb(): Promise<Database> {
    return openDatabase(
      this.databaseUrl ? { databaseUrl: this.databaseUrl, poolSize: 2 } : { pgliteDir: path.join(this.dataDir, 'pglite') },
    );
  }

  async dispose(): Promise<void> {
    await this.kill();
    if (this.dbName) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** One HTTP call; a connection refused or reset (the process died) comes back as null. */
  async call(
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply | null> {
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as Reply['body'], headers: res.headers };
    } catch {
      return null;
    }
  }

  /** As `call`, but the reply must come. */
  async must(method: string, url: string, opts: Parameters<ServerProcess['call']>[2] = {}): Promise<Reply> {
    const r = await this.call(method, url, opts);
    if (!r) throw new Error(`${method} ${url}: no answer`);
    return r;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Kills the server (SIGKILL) and starts it again `times` times, `pause` apart (1.5 to 3 s), while the caller's
 * clients keep calling; with `busy`, each kill waits (up to 10 s) until it says work is on its way.
 */
export async function killAndRestart(
  s: ServerProcess,
  times: number,
  busy?: () => boolean,
  /** The pause before each kill, at random between these (ms). */
  pause: [number, number] = [1500, 3000],
): Promise<void> {
  for (let k = 0; k < times; k++) {
    await sleep(pause[0] + Math.random() * (pause[1] - pause[0]));
    // A kill at a quiet moment would test nothing: wait (up to 10 s) for the work `busy` watches.
    for (let waited = 0; busy && !busy() && waited < 10_000; waited += 2) await sleep(2);
    await s.kill();
    await sleep(100);
    await s.start();
  }
  await sleep(1000);
}

/** Calls again, every 250 ms for up to 10 s, while the answer is 409 (the first attempt still in progress): the settled answer. */
export async function settled(call: () => Promise<Reply | null>): Promise<Reply | null> {
  let r = await call();
  for (let tries = 0; r?.status === 409 && tries < 40; tries++) {
    await sleep(250);
    r = await call();
  }
  return r;
}

export type ProcUser = { id: string; token: string; email: string; phone: string };

let seq = 0;
/** Signs up through HTTP, verifies the phone with the texted code, logs in, sets PIN 2580. */
export async function procUser(s: ServerProcess): Promise<ProcUser> {
  const phone = `0803${String((Date.now() + seq++) % 10_000).padStart(4, '0')}${randomDigits(3)}`;
  const email = `proc${randomDigits(9)}@example.ng`;
  const up = await s.must('POST', '/api/user/users/signup', {
    body: { firstName: 'Bola', lastName: 'Ige', email, phoneNumber: phone, password: 'goodpass1' },
  });
  if (up.status !== 201) throw new Error(`signup: ${JSON.stringify(up.body)}`);
  const e164 = `+234${phone.slice(1)}`;
  const box = await s.must('GET', `/api/dev/outbox?to=${encodeURIComponent(e164)}`);
  const otp = /\b(\d{6})\b/.exec((box.body.data as { body: string }[])[0]?.body ?? '')?.[1];
  const v = await s.must('POST', '/api/user/users/verify-mobile', { body: { phoneNumber: phone, otp } });
  if (v.status !== 200) throw new Error(`verify: ${JSON.stringify(v.body)}`);
  const l = await s.must('POST', '/api/user/users/login', { body: { username: email, password: 'goodpass1' } });
  const { id, accessToken } = l.body.data as { id: string; accessToken: string };
  const pin = await s.must('PUT', '/api/user/user/users/set-pin', {
    token: accessToken,
    body: { pin: '2580' },
    headers: { transactionPin: '2580' },
  });
  if (pin.status !== 200) throw new Error(`set pin: ${JSON.stringify(pin.body)}`);
  return { id, token: accessToken, email, phone };
}

export const GOOD_CARD = { number: '4084084084084081', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 2, cvv: '408' };

/** Opens a shop for `seller` in Ikeja, through HTTP, with one product (a real uploaded photo) in stock. */
export async function procProduct(
  s: ServerProcess,
  seller: ProcUser,
  p: { name: string; price: number; stock: number },
): Promise<{ shopId: string; productId: string }> {
  const E = '/api/ecommerce';
  const shop = await s.must('POST', `${E}/api/shop`, {
    token: seller.token,
    body: {
      name: `Crash Test Store ${randomDigits(4)}`,
      phone: '08031234567',
      address: '1 Allen Avenue',
      stateId: 'lagos',
      lgaId: 'ikeja',
      latitude: 6.6,
      longitude: 3.35,
    },
  });
  if (shop.status !== 201) throw new Error(`shop: ${JSON.stringify(shop.body)}`);
  const form = new FormData();
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([png], { type: 'image/png' }), 'p.png');
  const up = await fetch(`${s.base}/api/upload/api/upload/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}` },
    body: form,
  });
  const { url } = ((await up.json()) as { data: { url: string } }).data;
  const product = await s.must('POST', `${E}/api/product`, {
    token: seller.token,
    body: { name: p.name, categoryId: 'groceries', subcategoryId: 'staples', images: [url], price: p.price, stock: p.stock },
  });
  if (product.status !== 201) throw new Error(`product: ${JSON.stringify(product.body)}`);
  return { shopId: (shop.body.data as { id: string }).id, productId: (product.body.data as { id: string }).id };
}
