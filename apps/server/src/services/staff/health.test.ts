import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, newUser, type TestContext } from '../../test/harness.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';
import { reconItems } from './tables.js';

let t: TestContext;
let finance: TestStaff;
type Health = {
  outbox: { pending: number; failed: number; oldestPendingSeconds: number | null };
  jobs: {
    name: string;
    scope: string;
    runs: number;
    failures: number;
    lagSeconds: number | null;
    dueAt: string | null;
    periodSeconds: number | null;
  }[];
  moneyRequests: { pending: number };
  reconciliation: { open: number; oldestOpenDay: string | null };
};
const health = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/staff/health', headers: staffAuth(finance) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as Health;
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await firstAdmin(t);
  finance = await staffMember(t, admin, 'finance');
});
afterAll(() => t?.close());

describe('the health page', () => {
  it('counts the outbox backlog and its oldest message', async () => {
    await t.app.notifier.enqueueEmail(t.db, { to: 'ops@example.ng', subject: 'Backlog', text: 'waiting' });
    const h = await health();
    expect(h.outbox.pending).toBeGreaterThan(0);
    expect(h.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
  });

  it("lists a cluster job's runs, failures and lag from its lease row", async () => {
    t.app.jobs.add({
      name: 'test.always-fails',
      periodMs: 60_000,
      run: async () => {
        throw new Error('on purpose');
      },
    });
    expect(await t.app.jobs.tick('test.always-fails')).toBe('failed');
    expect(await t.app.jobs.tick('wallet.payout-reconcile')).toBe('ran');
    const jobs = new Map((await health()).jobs.map((j) => [j.name, j]));
    expect(jobs.get('test.always-fails')).toMatchObject({ scope: 'cluster', runs: 1, failures: 1, lagSeconds: expect.any(Number) });
    expect(jobs.get('wallet.payout-reconcile')).toMatchObject({ scope: 'cluster', runs: 1, failures: 0, dueAt: expect.any(String) });
  });

  it('lists a cluster job that has not run yet as a cluster job, with its period', async () => {
    const job = (await health()).jobs.find((j) => j.name === 'ecommerce.auto-confirm');
    expect(job).toMatchObject({ scope: 'cluster', runs: 0, dueAt: null, periodSeconds: 600 });
  });

  it("lists process jobs with this process's counts", async () => {
    await t.app.jobs.tick('platform.outbox');
    const outbox = (await health()).jobs.find((j) => j.name === 'platform.outbox');
    expect(outbox).toMatchObject({ scope: 'process', dueAt: null });
    expect(outbox!.runs).toBeGreaterThan(0);
  });

  it('counts money requests waiting for a second key', async () => {
    const customer = await newUser(t.app);
    const before = (await health()).moneyRequests.pending;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/money-requests',
      headers: staffAuth(finance),
      payload: { kind: 'credit', customerId: customer.id, amount: 1_000, reason: 'Goodwill for the wait' },
    });
    expect(res.statusCode).toBe(201);
    expect((await health()).moneyRequests.pending).toBe(before + 1);
  });

  it('counts the reconciliation records still open, and their oldest day', async () => {
    const before = (await health()).reconciliation.open;
    await t.db.insert(reconItems).values({
      id: randomUUID(),
      day: '2026-01-03',
      source: 'payout',
      reference: `HEALTH${Date.now()}`,
      mismatch: 'not_at_provider',
      ledgerAmount: 10_000n,
      ledgerStatus: 'posted',
    });
    expect((await health()).reconciliation).toMatchObject({ open: before + 1, oldestOpenDay: '2026-01-03' });
  });
});
