import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { executeRows } from './db.js';
import { JobRunner } from './jobs.js';
import { fileApp } from '../test/harness.js';

// The platform's one job runner: cluster jobs claimed so that of several processes one runs them a
// period; process jobs run in each; failures counted and survived; a shutdown waits for a run.

const t = fileApp({
  env: { METRICS: 'true' },
  // Requests for the write-wake test: a write answered 2xx, a write refused, a read.
  routes: (app) => {
    app.post('/api/test/write', async () => ({ status: true, message: 'written', data: null }));
    app.post('/api/test/refused', async (_req, reply) => reply.code(400).send({ status: false, message: 'refused', code: 'REFUSED' }));
    app.get('/api/test/read', async () => ({ status: true, message: 'read', data: null }));
  },
});
beforeEach(async () => {
  await t.db.execute(sql`DELETE FROM job_leases`);
});

const runner = (owner: string) => new JobRunner(t.db, t.app.log, owner);
const lease = async (name: string) =>
  (
    await executeRows<{ owner: string | null; runs: number; failures: number }>(
      t.db,
      sql`SELECT owner, runs, failures FROM job_leases WHERE name = ${name}`,
    )
  )[0];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the job runner', () => {
  it('runs a cluster job in one process only when two processes take their turn at once', async () => {
    let runs = 0;
    const job = { name: 'test.once', periodMs: 60_000, run: async () => void runs++ };
    const [a, b] = [runner('process-a'), runner('process-b')];
    a.add(job);
    b.add(job);
    const outcomes = await Promise.all([a.tick('test.once'), b.tick('test.once')]);
    expect(outcomes.sort()).toEqual(['ran', 'skipped']);
    expect(runs).toBe(1);
    expect(await lease('test.once')).toMatchObject({ runs: 1, failures: 0 });
  });

  it('does not run a cluster job again within its period, in any process, and runs it once the period is over', async () => {
    let runs = 0;
    const [a, b] = [runner('process-a'), runner('process-b')];
    for (const r of [a, b]) r.add({ name: 'test.period', periodMs: 300, run: async () => void runs++ });
    expect(await a.tick('test.period')).toBe('ran');
    expect(await b.tick('test.period')).toBe('skipped');
    expect(await a.tick('test.period')).toBe('skipped');
    await sleep(400);
    expect(await b.tick('test.period')).toBe('ran');
    expect(runs).toBe(2);
    expect(await lease('test.period')).toMatchObject({ owner: 'process-b', runs: 2 });
  });

  it('runs a process job in every process, never two runs of it at once in one', async () => {
    let runs = 0;
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const [a, b] = [runner('process-a'), runner('process-b')];
    for (const r of [a, b]) r.add({ name: 'test.local', periodMs: 60_000, scope: 'process', run: async () => void (runs++, await gate) });
    const first = a.tick('test.local');
    expect(await a.tick('test.local')).toBe('skipped');
    const second = b.tick('test.local');
    release();
    expect([await first, await second]).toEqual(['ran', 'ran']);
    expect(runs).toBe(2);
    expect(await lease('test.local')).toBeUndefined();
  });

  it('counts a failed run, logs it, frees the job and runs it again next period', async () => {
    let calls = 0;
    const a = runner('process-a');
    a.add({
      name: 'test.flaky',
      periodMs: 200,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('the provider is down');
      },
    });
    expect(await a.tick('test.flaky')).toBe('failed');
    expect(await lease('test.flaky')).toMatchObject({ runs: 1, failures: 1 });
    await sleep(300);
    expect(await a.tick('test.flaky')).toBe('ran');
    expect(await lease('test.flaky')).toMatchObject({ runs: 2, failures: 1 });
  });

  it('lets another process take a job whose process died in the middle of a run once the claim runs out', async () => {
    await t.db.execute(
      sql`INSERT INTO job_leases (name, owner, leased_until) VALUES ('test.orphan', 'dead-process', now() - interval '1 second')`,
    );
    let runs = 0;
    const b = runner('process-b');
    b.add({ name: 'test.orphan', periodMs: 60_000, run: async () => void runs++ });
    expect(await b.tick('test.orphan')).toBe('ran');
    expect(runs).toBe(1);
  });

  it('takes over at once a job whose run belongs to a process no longer alive, not one whose process lives or whose run finished', async () => {
    const alive = new Set(['process-a', 'process-b']);
    const runnerOf = (owner: string) => new JobRunner(t.db, t.app.log, owner, async (o) => alive.has(o));
    const b = runnerOf('process-b');
    let runs = 0;
    b.add({ name: 'test.held', periodMs: 60_000, run: async () => void runs++ });
    // process-a's run is in progress, leased for ten minutes: process-a is alive, so b waits.
    await t.db.execute(
      sql`INSERT INTO job_leases (name, owner, leased_until, started_at) VALUES ('test.held', 'process-a', now() + interval '10 minutes', now())`,
    );
    expect(await b.tick('test.held')).toBe('skipped');
    // process-a dies in the middle of that run: b takes the job over at its next turn.
    alive.delete('process-a');
    expect(await b.tick('test.held')).toBe('ran');
    expect(runs).toBe(1);
    expect(await lease('test.held')).toMatchObject({ owner: 'process-b', runs: 1 });
    // A finished run's lease is the period until the next is due: a dead holder does not make it due sooner.
    alive.delete('process-b');
    const c = runnerOf('process-c');
    c.add({ name: 'test.held', periodMs: 60_000, run: async () => void runs++ });
    expect(await c.tick('test.held')).toBe('skipped');
    expect(runs).toBe(1);
  });

  it('runs jobs on their timers once started, and stop waits for the run in progress', async () => {
    let finished = 0;
    const a = runner('process-a');
    a.add({ name: 'test.timer', periodMs: 50, scope: 'process', run: async () => void (await sleep(120), finished++) });
    a.start();
    await sleep(90);
    await a.stop();
    expect(finished).toBe(1);
    await sleep(200);
    expect(finished).toBe(1);
  });

  it('skips a nudged cluster job while another process ran it within its period, and runs it as soon as that period ends', async () => {
    const job = { name: 'test.window', periodMs: 800, idleMs: 60_000, run: async () => 0 };
    const [a, b] = [runner('process-a'), runner('process-b')];
    const ranAt: number[] = [];
    a.add({ ...job, run: async () => (ranAt.push(performance.now()), 0) });
    b.add(job);
    expect(await b.tick('test.window')).toBe('ran');
    const ranByB = performance.now();
    await sleep(300);
    // Started now, a's own first turn would come at ~1100 ms; its nudged turn at ~300 ms is skipped.
    a.start();
    try {
      a.nudge('test.window');
      await sleep(1_000);
      expect(ranAt).toHaveLength(1);
      expect(ranAt[0]! - ranByB).toBeGreaterThanOrEqual(790);
      expect(ranAt[0]! - ranByB).toBeLessThan(1_050);
      expect(await lease('test.window')).toMatchObject({ owner: 'process-a', runs: 2 });
    } finally {
      await a.stop();
    }
  });

  it('runs a cluster job that finds work every period in one process, its own lease never making it skip a turn', async () => {
    const a = runner('process-a');
    let runs = 0;
    a.add({ name: 'test.steady', periodMs: 100, idleMs: 60_000, run: async () => ++runs });
    a.start();
    try {
      await sleep(1_050);
    } finally {
      await a.stop();
    }
    // Due at 100, ~205, ~310 ... ms: about ten turns (five if every other turn found the lease held).
    expect(runs).toBeGreaterThanOrEqual(8);
    expect(await lease('test.steady')).toMatchObject({ owner: 'process-a', runs });
  });

  it('wakes a job declared to wake on writes after a write answered 2xx, not after a read or a refused write', async () => {
    let runs = 0;
    t.app.jobs.add({ name: 'test.woken', periodMs: 20, idleMs: 60_000, wake: 'write', scope: 'process', run: async () => (runs++, 0) });
    t.app.jobs.start();
    try {
      await sleep(150);
      expect(runs).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: '/api/test/read' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/test/refused' })).statusCode).toBe(400);
      await sleep(100);
      expect(runs).toBe(1);
      expect((await t.app.inject({ method: 'POST', url: '/api/test/write' })).statusCode).toBe(200);
      await sleep(100);
      expect(runs).toBe(2);
    } finally {
      await t.app.jobs.stop();
    }
  });

  it('refuses a job declared twice or without a period', () => {
    const a = runner('process-a');
    a.add({ name: 'test.twice', periodMs: 1000, run: async () => {} });
    expect(() => a.add({ name: 'test.twice', periodMs: 1000, run: async () => {} })).toThrow('declared twice');
    expect(() => a.add({ name: 'test.zero', periodMs: 0, run: async () => {} })).toThrow('positive period');
  });

  it('has every service job of the app declared, and shows runs, failures and lag in the metrics', async () => {
    expect(t.app.jobs.names().sort()).toEqual(
      expect.arrayContaining(['chat.sweep', 'connect.story-cleanup', 'ecommerce.auto-confirm', 'platform.outbox']),
    );
    const a = runner('process-a');
    a.add({ name: 'test.metrics', periodMs: 60_000, run: async () => {} });
    await a.tick('test.metrics');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/owo_job_runs_total\{job="test\.metrics",outcome="ok"\} 1/);
    expect(res.body).toMatch(/owo_job_lag_seconds\{job="test\.metrics"\} \d/);
    expect(res.body).toMatch(/owo_job_run_seconds_count\{job="test\.metrics"\} 1/);
  });
});
