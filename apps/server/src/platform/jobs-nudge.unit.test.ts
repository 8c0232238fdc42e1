import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { JobRunner, whileFull } from './jobs.js';

// A nudge runs a process job now rather than at its next period (work for it was just committed),
// at most once a period; process jobs never touch the database, so no database is needed here.

const log = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const runners: JobRunner[] = [];
const runner = () => {
  const r = new JobRunner(null as unknown as Db, log, 'process-a');
  runners.push(r);
  return r;
};
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a nudge', () => {
  it('runs a started process job at once, not at its next period', async () => {
    let runs = 0;
    const a = runner();
    a.add({ name: 'test.nudged', periodMs: 60_000, scope: 'process', run: async () => void runs++ });
    a.start();
    a.nudge('test.nudged');
    await sleep(20);
    expect(runs).toBe(1);
  });

  it('runs a job nudged during its run once more when that run ends, no sooner than a period after it started', async () => {
    const starts: number[] = [];
    let release = () => {};
    const a = runner();
    a.add({
      name: 'test.busy',
      periodMs: 40,
      idleMs: 60_000,
      scope: 'process',
      run: async () => {
        starts.push(performance.now());
        if (starts.length === 1) await new Promise<void>((r) => (release = r));
        return 0;
      },
    });
    a.start();
    a.nudge('test.busy');
    await sleep(10);
    a.nudge('test.busy');
    a.nudge('test.busy');
    release();
    await sleep(150);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(35);
  });

  it('does nothing before the runner starts', async () => {
    let runs = 0;
    const a = runner();
    a.add({ name: 'test.idle', periodMs: 60_000, scope: 'process', run: async () => void runs++ });
    a.nudge('test.idle');
    await sleep(20);
    expect(runs).toBe(0);
  });

  it('does nothing for a job not declared', () => {
    const a = runner();
    a.start();
    expect(() => a.nudge('test.nobody')).not.toThrow();
  });
});

// A job with `idleMs` says how many rows each turn handled: after a turn that found nothing it
// waits idleMs (a rare look) instead of its period, and a nudge brings it back at once.
describe('a job that can be idle', () => {
  /** A process job of period 30 ms and idleMs 400 ms that finds `work()` rows each turn. */
  const idleJob = (a: JobRunner, work: () => number = () => 0) => {
    const starts: number[] = [];
    a.add({
      name: 'test.quiet',
      periodMs: 30,
      idleMs: 400,
      scope: 'process',
      run: async () => {
        starts.push(performance.now());
        return work();
      },
    });
    return starts;
  };

  it('looks every idleMs while it finds nothing', async () => {
    const a = runner();
    const starts = idleJob(a);
    a.start();
    await sleep(1_000);
    // At 30, 430 and 830 ms: three turns where its period alone would have made thirty-three.
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(395);
  });

  it('turns every period while it finds work', async () => {
    let left = 10;
    const a = runner();
    const starts = idleJob(a, () => (left > 0 ? left-- : 0));
    a.start();
    await sleep(600);
    // Ten turns with work at the period's pace (about 330 ms), then the idle one, then idle looks.
    expect(starts.length).toBeGreaterThanOrEqual(11);
    expect(starts.length).toBeLessThanOrEqual(13);
  });

  it('runs within a period of a nudge', async () => {
    const a = runner();
    const starts = idleJob(a);
    a.start();
    await sleep(100);
    expect(starts).toHaveLength(1);
    const nudged = performance.now();
    a.nudge('test.quiet');
    await sleep(60);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - nudged).toBeLessThan(30);
  });

  it('takes at most a turn a period however many nudges come', async () => {
    const a = runner();
    const starts = idleJob(a);
    a.start();
    await sleep(100);
    for (let i = 0; i < 1_000; i++) a.nudge('test.quiet');
    await sleep(20);
    for (let i = 0; i < 1_000; i++) a.nudge('test.quiet');
    await sleep(150);
    // The first burst's turn, then one a period after it for the second burst; no more.
    expect(starts).toHaveLength(3);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(25); // a timer may fire a millisecond or two early
  });

  it('is woken by a write when declared so, and only then', async () => {
    const a = runner();
    const runs = { woken: 0, other: 0 };
    for (const [name, wake] of [
      ['woken', 'write'],
      ['other', undefined],
    ] as const)
      a.add({ name: `test.${name}`, periodMs: 30, idleMs: 60_000, wake, scope: 'process', run: async () => (runs[name]++, 0) });
    a.written();
    a.start();
    await sleep(80);
    expect(runs).toEqual({ woken: 1, other: 1 });
    a.written();
    await sleep(40);
    expect(runs).toEqual({ woken: 2, other: 1 });
  });
});

describe('a job that handled rows', () => {
  it('wakes the jobs declared to wake on writes, as a write request does; a turn that found nothing wakes none', async () => {
    const a = runner();
    let found = 0;
    let woken = 0;
    a.add({ name: 'test.reconcile', periodMs: 60_000, scope: 'process', run: async () => found });
    a.add({ name: 'test.outbox', periodMs: 20, idleMs: 60_000, wake: 'write', scope: 'process', run: async () => (woken++, 0) });
    a.start();
    await sleep(50);
    expect(woken).toBe(1); // its first turn, a period after the start; then idle
    expect(await a.tick('test.reconcile')).toBe('ran');
    await sleep(50);
    expect(woken).toBe(1);
    found = 2;
    expect(await a.tick('test.reconcile')).toBe('ran');
    await sleep(50);
    expect(woken).toBe(2);
  });
});

describe('a run that works off a backlog', () => {
  it('takes batches at once while they come full, and says how many rows it took', async () => {
    const batches = [3, 3, 1, 3];
    let i = 0;
    expect(await whileFull(async () => batches[i++]!, 3)).toBe(7);
    expect(i).toBe(3);
  });
});
