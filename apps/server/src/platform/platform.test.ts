import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authOf } from './auth.js';
import { bearer } from './guards.js';
import { withIdempotency } from './idempotency.js';
import { auth, capturedLogs, createTestApp, json, newUser, type TestContext, type TestUser } from '../test/harness.js';

const { lines: logLines, stream: logStream } = capturedLogs();

let t: TestContext;
let u: TestUser;
let runs = 0;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    routes: (app) =>
      app.post(
        '/api/test/charge',
        { ...bearer, schema: { body: z.object({ amount: z.number().int().positive(), fail: z.boolean().optional() }) } },
        async (req, reply) =>
          withIdempotency(app.db, req, reply, authOf(req).userId, 'test.charge', async () => {
            runs += 1;
            const body = req.body as { amount: number; fail?: boolean };
            if (body.fail) throw new Error('provider down');
            reply.status(201);
            return { status: true, message: 'charged', data: { run: runs, amount: body.amount } };
          }),
      ),
  });
  u = await newUser(t.app);
});
afterAll(() => t.close());

/** The contract: routes.tsv rows of the services this build serves. */
function contractRows(services: string[]) {
  const tsv = readFileSync(new URL('../../../../docs/routes.tsv', import.meta.url), 'utf8');
  return tsv
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter(([svc]) => services.includes(svc!))
    .map(([svc, method, path]) => ({ svc: svc!, method: method!, path: path! }));
}

describe('OpenAPI document', () => {
  it('lists every user and upload call of routes.tsv at /api/<service><path>', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const rows = contractRows(['user', 'upload']);
    expect(rows.length).toBe(18);
    const missing = rows.filter((r) => !doc.paths[`/api/${r.svc}${r.path}`]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('lists every transaction and wallet call of routes.tsv', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const rows = contractRows(['transaction', 'wallet']);
    expect(rows.length).toBe(24);
    const missing = rows.filter((r) => !doc.paths[`/api/${r.svc}${r.path}`]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const p of [
      '/api/wallet/fund/card',
      '/api/wallet/fund/saved-card',
      '/api/wallet/fund/bank',
      '/api/wallet/virtual-account',
      '/api/wallet/webhooks/bank-transfer',
      '/api/wallet/cards',
      '/api/wallet/transfer-status/{reference}',
      '/api/wallet/e-comm/api/loan/{id}/repay',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });

  it('lists every bills call of routes.tsv, and the customer check', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const rows = contractRows(['bills']);
    expect(rows.length).toBe(9);
    expect(rows.filter((r) => !doc.paths[`/api/${r.svc}${r.path}`]?.[r.method.toLowerCase()])).toEqual([]);
    expect(doc.paths['/api/bills/bills/validate-customer']?.get).toBeDefined();
  });

  it('lists every ecommerce and connect call of routes.tsv, and the chat and order calls of our own', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const rows = contractRows(['ecommerce', 'connect']);
    expect(rows.length).toBe(136);
    expect(rows.filter((r) => !doc.paths[`/api/${r.svc}${r.path}`]?.[r.method.toLowerCase()])).toEqual([]);
    for (const [method, path] of [
      ['get', '/api/chat/recent-chats'],
      ['get', '/api/chat/conversations/{userId}/messages'],
      ['put', '/api/ecommerce/api/order/{id}/refund'],
      ['get', '/api/user/notifications'],
    ] as const)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('serves the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('platform', () => {
  it('reports health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ db: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'not configured' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    // Refusals carry them too.
    const refused = await t.app.inject({ method: 'GET', url: '/api/wallet/wallet-balances' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it('never logs passwords, PINs, OTPs or tokens, in bodies, headers or query strings', async () => {
    logLines.length = 0;
    const secrets = { password: 'Sup3rSecretPw', pin: '7319', oldPin: '8642', otp: '864213' };
    await t.app.inject({ method: 'POST', url: '/api/user/users/login', payload: { username: u.email, password: secrets.password } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/user/users/update-pin?oldTransactionPin=${secrets.oldPin}`,
      headers: auth(u, { transactionPin: secrets.pin, oldTransactionPin: secrets.oldPin }),
    });
    await t.app.inject({ method: 'POST', url: '/api/user/users/verify-mobile', payload: { phoneNumber: u.phone, otp: secrets.otp } });
    await t.app.inject({ method: 'GET', url: `/api/user/users/${u.id}?token=${u.token}`, headers: auth(u) });
    const log = logLines.join('');
    expect(log).toContain('update-pin');
    expect(log).toContain('oldTransactionPin=[REDACTED]');
    // Each secret as a value of its own: a PIN's four digits may well occur inside a timing (1.7319…).
    for (const s of [...Object.values(secrets), u.token])
      expect(log).not.toMatch(new RegExp(`(?<![\\w.])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w)`));
  });
});

describe('Idempotency-Key', () => {
  const charge = (key: string | null, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/test/charge', headers: auth(u, key ? { 'idempotency-key': key } : {}), payload });

  it('replays the first answer for the same key and body, running the work once', async () => {
    const before = runs;
    const first = await charge('key-aaaaaaaa-1', { amount: 500 });
    const second = await charge('key-aaaaaaaa-1', { amount: 500 });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(runs).toBe(before + 1);
  });

  it('refuses the same key with a different body, and a malformed key', async () => {
    await charge('key-bbbbbbbb-1', { amount: 500 });
    const other = await charge('key-bbbbbbbb-1', { amount: 900 });
    expect(other.statusCode).toBe(422);
    expect(json(other).message).toBe('This Idempotency-Key was already used for a different request');
    const bad = await charge('short', { amount: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('releases the key when the first attempt fails, so a retry runs', async () => {
    const failed = await charge('key-cccccccc-1', { amount: 5, fail: true });
    expect(failed.statusCode).toBe(500);
    const before = runs;
    const ok = await charge('key-cccccccc-1', { amount: 5, fail: true });
    expect(ok.statusCode).toBe(500);
    expect(runs).toBe(before + 1);
  });

  it('keeps keys per user, and runs every call without a key', async () => {
    const other = await newUser(t.app);
    const mine = await charge('key-dddddddd-1', { amount: 7 });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/test/charge',
      headers: auth(other, { 'idempotency-key': 'key-dddddddd-1' }),
      payload: { amount: 7 },
    });
    expect((theirs.json() as { data: { run: number } }).data.run).not.toBe((mine.json() as { data: { run: number } }).data.run);
    const before = runs;
    await charge(null, { amount: 1 });
    await charge(null, { amount: 1 });
    expect(runs).toBe(before + 2);
  });
});

describe('production mode', () => {
  it('has no development outbox', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        ALLOW_EMBEDDED_DATABASE: 'true',
        VAPID_PUBLIC_KEY: 'BCLhhnQoqP0_KrhAaNpYtGnZNi9pEnFioRJ76pF5VfKYFzgb5rlQi0Krp93j-HRZO-T1LCavI4GbmyQCTaosJCc',
        VAPID_PRIVATE_KEY: 'lw6PtiqPtz3eNxT6Vq_-fwXfclj-h1SDuo2iJgCZEKI',
      },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B2348030000001' });
      expect(res.statusCode).toBe(404);
      const ok = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B2348030000001' });
      expect(ok.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
