import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { crashPoint } from './crash.js';
import { executeRows, type Db } from './db.js';
import { jobLagSeconds, jobRunSeconds, jobRunsTotal } from './metrics.js';

/**
 * Background work declared by the services: a job has a name, a period (from settings) and a
 * function. The platform runs it every period and, for a `cluster` job, claims it first in the
 * table `job_leases`, so that of several processes sharing the database only one runs it in a given
 * period (the job's own rows are still claimed by the job, so a run that overlaps a slow one is safe
 * too). A `process` job is work on the process's own state (its sockets) and runs in every process.
 * Runs, failures, duration and lag (how late a run started after it was due) are in the metrics and
 * the lease row. `stop` waits for the runs in progress, so a shutdown cuts no job in half.
 */
export type JobSpec = {
  /** `<service>.<job>`, e.g. `wallet.payout-reconcile`. */
  name: string;
  periodMs: number;
  scope?: 'cluster' | 'process';
  run: () => Promise<unknown>;
};

/**
 * A job's run that works off a backlog: `turn` handles one batch and says how many rows it took;
 * while it takes a full batch it goes again at once (for up to `budgetMs`), rather than a batch a
 * period, so a burst is not held back by the period.
 */
export async function whileFull(turn: () => Promise<number>, batch: number, budgetMs = 2_000): Promise<number> {
  const until = Date.now() + budgetMs;
  let total = 0;
  for (;;) {
    const n = await turn();
    total += n;
    if (n < batch || Date.now() >= until) return total;
  }
}

type Job = JobSpec & {
  scope: 'cluster' | 'process';
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  /** Nudged during a run: it runs once more when this one ends. */
  again: boolean;
};

/**
 * How long a claim holds while a run is in progress. A process that dies mid-run frees it at once:
 * the next process to take its turn asks whether the holder is alive (platform/instance.ts, as
 * Idempotency-Keys do) and takes the job over when it is not; this bound is for a holder that lives
 * on but is stuck.
 */
const RUN_LEASE_MS = 10 * 60_000;

export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** This process, as the lease rows name it (platform/instance.ts). */
    private readonly owner: string,
    /** Whether the process a lease row names is alive (platform/instance.ts); unknown ones count as alive. */
    private readonly isAlive: (owner: string) => Promise<boolean> = async () => true,
  ) {}

  /** Declares a job (at start-up, by its service). A name is declared once. */
  add(spec: JobSpec): void {
    if (this.jobs.has(spec.name)) throw new Error(`The job ${spec.name} is declared twice`);
    if (!(spec.periodMs > 0)) throw new Error(`The job ${spec.name} needs a positive period`);
    this.jobs.set(spec.name, { ...spec, scope: spec.scope ?? 'cluster', timer: null, running: null, again: false });
    if (this.started) this.schedule(this.jobs.get(spec.name)!);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Every declared job with its scope and period (the operator console's health page). */
  declared(): { name: string; scope: 'cluster' | 'process'; periodMs: number }[] {
    return [...this.jobs.values()].map((j) => ({ name: j.name, scope: j.scope, periodMs: j.periodMs }));
  }

  /** Runs every job each period from now on. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  /** Stops the timers and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) {
      if (job.timer) clearInterval(job.timer);
      job.timer = null;
    }
    await Promise.allSettled([...this.jobs.values()].map((j) => j.running));
  }

  /**
   * Runs a process job now rather than at its next period: work for it was just committed in this
   * process (pushes written by another job). One running now runs once more when it ends. Nothing
   * before `start` (tests run their jobs themselves), and nothing for a job not declared.
   */
  nudge(name: string): void {
    const job = this.jobs.get(name);
    if (!job || !this.started) return;
    if (job.running) {
      job.again = true;
      return;
    }
    void this.tick(name).catch((err: unknown) => this.log.error({ err, job: name }, 'job turn failed'));
  }

  /**
   * One turn of a job, as its timer runs it: `skipped` when a run of it is still in progress here,
   * or (cluster jobs) another process holds it or ran it less than a period ago.
   */
  async tick(name: string): Promise<'ran' | 'failed' | 'skipped'> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job ${name}`);
    if (job.running) return 'skipped';
    let outcome: 'ran' | 'failed' | 'skipped' = 'skipped';
    const turn = (async () => {
      if (job.scope === 'cluster' && !(await this.claim(job))) return;
      const started = performance.now();
      try {
        await job.run();
        outcome = 'ran';
      } catch (err) {
        outcome = 'failed';
        this.log.error({ err, job: job.name }, 'job failed');
      }
      const seconds = (performance.now() - started) / 1000;
      jobRunsTotal.inc({ job: job.name, outcome: outcome === 'ran' ? 'ok' : 'failed' });
      jobRunSeconds.observe({ job: job.name }, seconds);
      if (job.scope === 'cluster')
        await this.release(job, outcome === 'failed').catch((err: unknown) => this.log.warn({ err }, 'job release failed'));
    })();
    job.running = turn.finally(() => {
      job.running = null;
      if (job.again) {
        job.again = false;
        this.nudge(job.name);
      }
    });
    await job.running;
    return outcome;
  }

  private schedule(job: Job): void {
    const t = setInterval(
      () => void this.tick(job.name).catch((err: unknown) => this.log.error({ err, job: job.name }, 'job turn failed')),
      job.periodMs,
    );
    t.unref();
    job.timer = t;
  }

  /**
   * Claims a cluster job for this process when its lease has run out, or when the run holding it
   * belongs to a process that is no longer alive (killed mid-run); records how late it is.
   */
  private async claim(job: Job): Promise<boolean> {
    await executeRows(this.db, sql`INSERT INTO job_leases (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
    if (await this.take(job, sql`leased_until <= now()`)) return true;
    // Held: by a run in progress (started and not finished) of another process that has died?
    const inProgress = sql`started_at IS NOT NULL AND (finished_at IS NULL OR finished_at < started_at)`;
    const [held] = await executeRows<{ owner: string | null }>(
      this.db,
      sql`SELECT owner FROM job_leases
          WHERE name = ${job.name} AND leased_until > now() AND owner IS NOT NULL AND owner <> ${this.owner}
            AND ${inProgress}`,
    );
    if (!held?.owner || (await this.isAlive(held.owner))) return false;
    // Still that dead process's run (another process may have taken it over meanwhile).
    const taken = await this.take(job, sql`owner = ${held.owner} AND ${inProgress}`);
    if (taken) this.log.warn({ job: job.name, from: held.owner }, 'job taken over from a process that died during its run');
    return taken;
  }

  /** Takes the job's lease where `free` holds of its row (one statement: of two processes one wins). */
  private async take(job: Job, free: SQL): Promise<boolean> {
    const [row] = await executeRows<{ lag: number | string | null }>(
      this.db,
      sql`UPDATE job_leases SET owner = ${this.owner}, leased_until = now() + make_interval(secs => ${RUN_LEASE_MS / 1000}),
            started_at = now()
          WHERE name = ${job.name} AND ${free}
          RETURNING extract(epoch FROM now() - due_at)::float8 AS lag`,
    );
    if (!row) return false;
    jobLagSeconds.set({ job: job.name }, Math.max(0, Number(row.lag ?? 0)));
    crashPoint(`job.claimed:${job.name}`);
    return true;
  }

  /** Ends this process's run: the job is due again a period after it started. */
  private async release(job: Job, failed: boolean): Promise<void> {
    const period = sql`make_interval(secs => ${job.periodMs / 1000})`;
    await executeRows(
      this.db,
      sql`UPDATE job_leases SET leased_until = started_at + ${period}, due_at = started_at + ${period}, finished_at = now(),
            runs = runs + 1, failures = failures + ${failed ? 1 : 0}
          WHERE name = ${job.name} AND owner = ${this.owner}`,
    );
  }
}
