import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { executeRows } from '../platform/db.js';
import { ServerProcess } from './server-process.js';

/**
 * A server killed (SIGKILL) in the middle of a background job's run: its lease row still names it,
 * leased for the ten minutes a run may take. The next process takes the job over at its first turn
 * (the holder is not alive), rather than ten minutes later: the bank-transfer reconciler runs again
 * within seconds of the restart.
 */
const JOB = 'wallet.payout-reconcile';
const s = new ServerProcess({ PAYOUT_RECONCILE_SECONDS: '1', METRICS: 'true' });
afterAll(() => s.dispose());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function okRuns(): Promise<number> {
  const res = await fetch(`${s.base}/metrics`);
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith(`owo_job_runs_total{job="${JOB}",outcome="ok"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

it('takes over at once, after a restart, a job whose process was killed during its run', async () => {
  // The first process dies the moment it has claimed the job, before its run can finish.
  await s.start({ OWO_CRASH_AT: `job.claimed:${JOB}` }).catch(() => undefined);
  await s.ended();
  expect(s.alive).toBe(false);

  const database = await s.openDb();
  try {
    const [row] = await executeRows<{ owner: string | null; held_s: number; finished: boolean }>(
      database.db,
      sql`SELECT owner, extract(epoch FROM leased_until - now())::float8 AS held_s,
                 coalesce(finished_at >= started_at, false) AS finished
          FROM job_leases WHERE name = ${JOB}`,
    );
    // Held by the dead process, for minutes still, its run not finished.
    expect(row?.owner).toBeTruthy();
    expect(row!.held_s).toBeGreaterThan(300);
    expect(row!.finished).toBe(false);
  } finally {
    await database.close();
  }

  await s.start();
  const deadline = Date.now() + 30_000;
  let runs = 0;
  while (Date.now() < deadline && (runs = await okRuns()) < 1) await sleep(250);
  expect(runs).toBeGreaterThanOrEqual(1);
}, 400_000);
