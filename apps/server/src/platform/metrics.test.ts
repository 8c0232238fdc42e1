import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './crypto.js';
import { paymentsTotal } from './metrics.js';
import { outbox } from './tables.js';
import { paymentIntents } from '../services/transaction/tables.js';
import { auth, balancesOf, capturedLogs, createTestApp, GOOD_CARD, newUser, type TestContext, type TestUser } from '../test/harness.js';

const { lines: logLines, stream: logStream } = capturedLogs();

/** The value of one sample line (`name{labels} value`) of a Prometheus text scrape, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS: 'true', LOG_LEVEL: 'info' }, logStream });
  u = await newUser(t.app);
});
afterAll(() => t?.close());

describe('GET /metrics (METRICS=true)', () => {
  it('counts and times requests by route pattern, method and status, and reads the outbox and reconciler', async () => {
    await balancesOf(t.app, u);
    await balancesOf(t.app, u);
    const ref = `OWO${Date.now()}`;
    await t.app.inject({ method: 'GET', url: `/api/transaction/api/v1/transactions/${ref}`, headers: auth(u) });
    // A payment waiting on an outside system for two minutes.
    await t.db.insert(paymentIntents).values({
      id: newId(),
      reference: `OWO-LAG-${Date.now()}`,
      userId: u.id,
      type: 'bankTransfer',
      amount: 100n,
      fee: 0n,
      counterparty: { id: null, name: 'Lag Test', bankName: 'Test Bank', accountNumber: '0000000007' },
      status: 'processing',
      expiresAt: new Date(Date.now() + 600_000),
      processingSince: new Date(Date.now() - 120_000),
    });
    // A text not sent yet (no sender runs in tests; drained rows are sent or failed).
    await t.db
      .insert(outbox)
      .values({ id: newId(), channel: 'sms', recipient: '+2348030009999', body: 'waiting', claimedUntil: new Date(Date.now() + 3600_000) });
    // A real payment, counted by the payment module.
    const before =
      (await paymentsTotal.get()).values.find((v) => v.labels.type === 'funding' && v.labels.outcome === 'successful')?.value ?? 0;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/wallet/fund/card',
          headers: auth(u),
          payload: { amount: 100_000, card: GOOD_CARD },
        })
      ).statusCode,
    ).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;

    const balances = { route: '/api/wallet/wallet-balances', method: 'GET', status_code: '200' };
    expect(sample(text, 'http_requests_total', balances)).toBe(2);
    expect(sample(text, 'http_requests_total', { route: '/api/user/users/login', method: 'POST', status_code: '200' })).toBe(1);
    // The route's pattern, never the raw URL with its ids.
    expect(text).toContain('route="/api/transaction/api/v1/transactions/:reference"');
    expect(text).not.toContain(ref);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(sample(text, 'http_request_duration_seconds_count', balances)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '5', ...balances })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '0.005', ...balances })).toBeDefined();
    expect(sample(text, 'http_request_duration_seconds_sum', balances)).toBeGreaterThan(0);

    expect(sample(text, 'owo_outbox_pending')).toBeGreaterThanOrEqual(1);
    const lag = sample(text, 'owo_reconciler_lag_seconds')!;
    expect(lag).toBeGreaterThanOrEqual(119);
    expect(lag).toBeLessThan(600);
    expect(sample(text, 'owo_payments_total', { type: 'funding', outcome: 'successful' })).toBe(before + 1);
    // The funding posted through the ledger module.
    expect(sample(text, 'owo_ledger_posting_seconds_count', { path: 'transfer' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'owo_ledger_posting_seconds_bucket', { le: '1', path: 'transfer' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'process_resident_memory_bytes') ?? sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    if (t.databaseUrl) {
      expect(sample(text, 'owo_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'owo_db_pool_idle_connections')).toBeDefined();
      expect(sample(text, 'owo_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(text).not.toContain('owo_db_pool_');
    }

    // The scrape itself is counted on the next one.
    const again = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(sample(again.body, 'http_requests_total', { route: '/metrics', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('is not found for clients off this machine, or forwarded by a proxy on it', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(far.statusCode).toBe(404);
    expect(far.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    expect(far.body).not.toContain('http_requests_total');
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.statusCode).toBe(404);
    const v6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('keeps a sane x-request-id, echoes it and logs it on the request’s lines', async () => {
    const id = 'edge-7f3a_9.b';
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('replaces a bad or missing one with a random UUID', async () => {
    for (const bad of ['has space', 'x'.repeat(65), 'semi;colon', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
    // Also on replies no route matched.
    expect((await t.app.inject({ method: 'GET', url: '/api/nowhere' })).headers['x-request-id']).toMatch(UUID);
  });
});

describe('METRICS off (the default)', () => {
  it('has no /metrics', async () => {
    const off = await createTestApp();
    try {
      expect(off.config.metrics).toBe(false);
      const res = await off.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });
});

/** A port free on 127.0.0.1 at this moment. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('METRICS=<port>', () => {
  it('serves /metrics on 127.0.0.1:<port> only, from app ready to app close', async () => {
    const port = await freePort();
    const app = await createTestApp({ env: { METRICS: String(port) } });
    try {
      await app.app.inject({ method: 'GET', url: '/api/health' });
      expect((await app.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'http_requests_total', { route: '/api/health', method: 'GET', status_code: '200' })).toBe(1);
      expect(text).toContain('owo_outbox_pending');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
