import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { JobRunner, whileFull } from './jobs.js';

// A nudge runs a process job now rather than at its next period (work for it was just committed);
// process jobs never touch the database, so no database is needed here.

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

  it('runs a job nudged during its run once more when that run ends', async () => {
    let runs = 0;
    let release = () => {};
    const a = runner();
    a.add({
      name: 'test.busy',
      periodMs: 60_000,
      scope: 'process',
      run: async () => {
        runs++;
        if (runs === 1) await new Promise<void>((r) => (release = r));
      },
    });
    a.start();
    a.nudge('test.busy');
    await sleep(10);
    a.nudge('test.busy');
    a.nudge('test.busy');
    release();
    await sleep(20);
    expect(runs).toBe(2);
  });

  it('does nothing before the runner starts', async () => {
    let runs = 0;
    const a = runner();
    a.add({ name: 'test.idle', periodMs: 60_000, scope: 'process', run: async () => void runs++ });
    a.nudge('test.idle');
    await sleep(20);
    expect(runs).toBe(0);
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
