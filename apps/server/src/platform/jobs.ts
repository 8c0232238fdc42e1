import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { crashPoint } from './crash.js';
import { executeRows, type Db } from './db.js';
import { jobLagSeconds, jobRunSeconds, jobRunsTotal } from './metrics.js';

/**
 * Background work declared by the services: a job has a name, a period (from settings) and a
 * function. The platform runs it each period and, for a `cluster` job, claims it first in the
 * table `job_leases`, so that of several processes sharing the database only one runs it in a given
 * period (the job's own rows are still claimed by the job, so a run that overlaps a slow one is safe
 * too). A `process` job is work on the process's own state (its sockets) or on rows it claims one by
 * one, and runs in every process.
 * Runs, failures, duration and lag (how late a run started after it was due) are in the metrics and
 * the lease row. `stop` waits for the runs in progress, so a shutdown cuts no job in half.
 *
 * Each job has one timer, set again after each of its turns:
 * - a job without `idleMs` turns every `periodMs` (its next turn is due a period after this one started);
 * - a job with `idleMs` says how many rows its turn handled: after a turn that handled some (or
 *   failed) the next is due a period after it started, so a backlog goes at the period's pace as
 *   before; after a turn that found nothing it waits `idleMs`, a rare safety-net look, so that a
 *   server without traffic costs next to nothing;
 * - `nudge(name)`, work for the job was just committed in this process, brings its next turn
 *   forward to now, or to a period after its latest turn started if that is later: any number of
 *   nudges costs at most one turn a period, no more than polling every period did;
 * - a job declared `wake: 'write'` is nudged after every successful write request (`written`,
 *   from platform/app.ts), since any write may have given it work, and after any job's turn that
 *   handled rows (its `run` resolved to a number above 0: a reconciliation that settled payouts,
 *   a reminder run, a batch of money events), since a job's writes may have given it work too;
 * - a cluster turn skipped because the job ran elsewhere within its period waits `idleMs`, or, when
 *   the job was nudged, takes its turn as soon as that window ends.
 * No notification between processes is needed: work committed by a process is picked up by that
 * process itself, since it nudges its own runner and any process may run any job (process jobs
 * claim their rows one by one; a cluster job goes to whichever process claims it). A process that
 * stops between its commit and its nudge leaves the work to the next idle look of any process, at
 * most `idleMs` later.
 */
export type JobSpec = {
  /** `<service>.<job>`, e.g. `wallet.payout-reconcile`. */
  name: string;
  periodMs: number;
  scope?: 'cluster' | 'process';
  /** `write`: nudged after every successful write request (POST, PUT, PATCH, DELETE answered 2xx). */
  wake?: 'write';
} & (
  | { idleMs?: undefined; run: () => Promise<unknown> }
  | {
      /**
       * How long the job waits after a turn that handled nothing (at least `periodMs`); its `run`
       * then resolves to the number of rows it handled, 0 when it found no work.
       */
      idleMs: number;
      run: () => Promise<number>;
    }
);

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
  /** When the timer fires (`performance.now()`), Infinity while none is set. */
  dueAt: number;
  /** When its latest turn in this process started (`performance.now()`). */
  lastTurn: number;
  running: Promise<void> | null;
  /** Nudged during a turn: the next turn comes as soon as the period allows. */
  again: boolean;
  /** Nudged since its latest run here started: work for it may be waiting. */
  wanted: boolean;
};

/** A turn as the timer sees it: what the run returned, and (cluster) how long until the lease ends. */
type Turn = { outcome: 'ran' | 'failed' | 'skipped'; handled?: unknown; leftMs?: number };

/** Past a lease's end, so the turn due then does not find it still held (the clocks' rounding, the statement's time). */
const LEASE_MARGIN_MS = 5;

/**
 * How long a claim holds while a run is in progress. A process that dies mid-run frees it at once:
 * the next process to take its turn asks whether the holder is alive (platform/instance.ts, as
 * Idempotency-Keys do) and takes the job over when it is not; this bound is for a holder that lives
 * on but is stuck.
 */
const RUN_LEASE_MS = 10 * 60_000;

export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  /** The jobs declared `wake: 'write'`. */
  private readonly writeWoken: Job[] = [];
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
    if (spec.idleMs !== undefined && !(spec.idleMs > 0)) throw new Error(`The job ${spec.name} needs a positive idleMs`);
    const job: Job = {
      ...spec,
      scope: spec.scope ?? 'cluster',
      timer: null,
      dueAt: Infinity,
      lastTurn: -Infinity,
      running: null,
      again: false,
      wanted: false,
    };
    this.jobs.set(spec.name, job);
    if (spec.wake === 'write') this.writeWoken.push(job);
    if (this.started) this.setTimer(job, performance.now() + job.periodMs);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Every declared job with its scope and period (the operator console's health page). */
  declared(): { name: string; scope: 'cluster' | 'process'; periodMs: number }[] {
    return [...this.jobs.values()].map((j) => ({ name: j.name, scope: j.scope, periodMs: j.periodMs }));
  }

  /** Runs the jobs from now on, each first a period from now. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const now = performance.now();
    for (const job of this.jobs.values()) this.setTimer(job, now + job.periodMs);
  }

  /** Stops the timers and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) this.clearTimer(job);
    await Promise.allSettled([...this.jobs.values()].map((j) => j.running));
  }

  /**
   * Work for this job was just committed in this process: its next turn comes now, or a period
   * after its latest turn started if that is later (so nudges cost at most a turn a period); one
   * running now is followed by a turn as soon as the period allows. Nothing before `start` (tests
   * run their jobs themselves), and nothing for a job not declared.
   */
  nudge(name: string): void {
    const job = this.jobs.get(name);
    if (!job || !this.started) return;
    job.wanted = true;
    if (job.running) {
      job.again = true;
      return;
    }
    const at = Math.max(performance.now(), job.lastTurn + job.periodMs);
    if (at < job.dueAt) this.setTimer(job, at);
  }

  /**
   * A write was committed (a request answered 2xx to POST, PUT, PATCH or DELETE): nudges the jobs
   * declared `wake: 'write'`. No database, no waiting: it only moves timers.
   */
  written(): void {
    if (!this.started) return;
    for (const job of this.writeWoken) this.nudge(job.name);
  }

  /**
   * One turn of a job, as its timer runs it: `skipped` when a run of it is still in progress here,
   * or (cluster jobs) another process holds it or ran it less than a period ago.
   */
  async tick(name: string): Promise<'ran' | 'failed' | 'skipped'> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job ${name}`);
    return (await this.turn(job)).outcome;
  }

  /** A turn; once over (runner started), the job's next is set (`settle`). */
  private async turn(job: Job): Promise<Turn> {
    if (job.running) return { outcome: 'skipped' };
    job.lastTurn = performance.now();
    let turn: Turn = { outcome: 'skipped' };
    const work = (async () => {
      if (job.scope === 'cluster') {
        const claim = await this.claim(job);
        if (!claim.taken) {
          turn = { outcome: 'skipped', leftMs: claim.leftMs };
          return;
        }
      }
      // What was committed before this run started is this run's to find.
      job.wanted = false;
      const started = performance.now();
      let outcome: 'ran' | 'failed' = 'ran';
      let handled: unknown;
      try {
        handled = await job.run();
      } catch (err) {
        outcome = 'failed';
        this.log.error({ err, job: job.name }, 'job failed');
      }
      const seconds = (performance.now() - started) / 1000;
      jobRunsTotal.inc({ job: job.name, outcome: outcome === 'ran' ? 'ok' : 'failed' });
      // What this turn wrote may be work for the frequent jobs (notifications, texts, pushes).
      if (outcome === 'ran' && typeof handled === 'number' && handled > 0) this.written();
      jobRunSeconds.observe({ job: job.name }, seconds);
      const leftMs =
        job.scope === 'cluster'
          ? await this.release(job, outcome === 'failed').catch((err: unknown) => {
              this.log.warn({ err }, 'job release failed');
              return undefined;
            })
          : undefined;
      turn = { outcome, handled, leftMs };
    })();
    job.running = work.finally(() => {
      job.running = null;
      this.settle(job, turn);
    });
    await job.running;
    return turn;
  }

  /** Sets a job's next turn after one (see the class's comment). */
  private settle(job: Job, turn: Turn): void {
    const nudged = job.again;
    job.again = false;
    if (!this.started) return;
    const now = performance.now();
    const idleMs = job.idleMs === undefined ? job.periodMs : Math.max(job.idleMs, job.periodMs);
    if (turn.outcome === 'skipped') {
      // Held elsewhere: nudged, as soon as the lease ends (a period at most); else the idle look.
      if (job.wanted || nudged) this.setTimer(job, now + Math.min(job.periodMs, (turn.leftMs ?? job.periodMs) + LEASE_MARGIN_MS));
      else this.setTimer(job, now + idleMs);
      return;
    }
    const idle = job.idleMs !== undefined && turn.outcome === 'ran' && typeof turn.handled === 'number' && turn.handled <= 0;
    if (idle && !nudged && !job.wanted) {
      this.setTimer(job, now + idleMs);
      return;
    }
    // Due a period after this turn started (a cluster job: when the lease its run left ends).
    const due = turn.leftMs !== undefined ? now + turn.leftMs + LEASE_MARGIN_MS : job.lastTurn + job.periodMs;
    this.setTimer(job, Math.max(now, due));
  }

  private setTimer(job: Job, at: number): void {
    this.clearTimer(job);
    const t = setTimeout(
      () => {
        job.timer = null;
        job.dueAt = Infinity;
        void this.turn(job).catch((err: unknown) => this.log.error({ err, job: job.name }, 'job turn failed'));
      },
      Math.max(0, at - performance.now()),
    );
    t.unref();
    job.timer = t;
    job.dueAt = at;
  }

  private clearTimer(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.dueAt = Infinity;
  }

  /**
   * Claims a cluster job for this process when its lease has run out, or when the run holding it
   * belongs to a process that is no longer alive (killed mid-run); records how late it is. Not
   * claimed: how long until the lease ends, as the database sees it.
   */
  private async claim(job: Job): Promise<{ taken: true } | { taken: false; leftMs: number }> {
    await executeRows(this.db, sql`INSERT INTO job_leases (name) VALUES (${job.name}) ON CONFLICT (name) DO NOTHING`);
    if (await this.take(job, sql`leased_until <= now()`)) return { taken: true };
    // Held: by a run in progress (started and not finished) of another process that has died?
    const inProgress = sql`started_at IS NOT NULL AND (finished_at IS NULL OR finished_at < started_at)`;
    const [held] = await executeRows<{ owner: string | null; running: boolean; left_ms: number | string | null }>(
      this.db,
      sql`SELECT owner, (${inProgress}) AS running, extract(epoch FROM leased_until - now())::float8 * 1000 AS left_ms
          FROM job_leases WHERE name = ${job.name}`,
    );
    const leftMs = Math.max(0, Number(held?.left_ms ?? 0));
    const owner = held?.owner;
    if (!owner || owner === this.owner || !held.running || leftMs <= 0 || (await this.isAlive(owner))) return { taken: false, leftMs };
    // Still that dead process's run (another process may have taken it over meanwhile).
    const taken = await this.take(job, sql`owner = ${owner} AND ${inProgress}`);
    if (!taken) return { taken: false, leftMs };
    this.log.warn({ job: job.name, from: owner }, 'job taken over from a process that died during its run');
    return { taken: true };
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

  /** Ends this process's run: the job is due again a period after it started. Returns how long until then. */
  private async release(job: Job, failed: boolean): Promise<number | undefined> {
    const period = sql`make_interval(secs => ${job.periodMs / 1000})`;
    const [row] = await executeRows<{ left_ms: number | string | null }>(
      this.db,
      sql`UPDATE job_leases SET leased_until = started_at + ${period}, due_at = started_at + ${period}, finished_at = now(),
            runs = runs + 1, failures = failures + ${failed ? 1 : 0}
          WHERE name = ${job.name} AND owner = ${this.owner}
          RETURNING extract(epoch FROM leased_until - now())::float8 * 1000 AS left_ms`,
    );
    return row?.left_ms == null ? undefined : Math.max(0, Number(row.left_ms));
  }
}
