import type { StaffHealth } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { jobLagSeconds, jobRunsTotal } from '../../platform/metrics.js';
import { jobLeases, outbox } from '../../platform/tables.js';
import { pendingMoney } from './money-requests.service.js';
import { openReconItems } from './recon-reads.js';

// The health page: the outbox's backlog, each background job's state (its lease row for cluster
// jobs, this process's metrics for the rest), money requests waiting for a second key and the
// reconciliation records still open.

const secondsSince = (d: Date | null, now: number) => (d ? Math.max(0, (now - d.getTime()) / 1000) : null);

async function metricByJob(metric: typeof jobLagSeconds | typeof jobRunsTotal) {
  const { values } = await metric.get();
  return values as { labels: Record<string, string | number>; value: number }[];
}

export type DeclaredJob = { name: string; scope: 'cluster' | 'process'; periodMs: number };

export async function health(db: Db, declared: readonly DeclaredJob[]): Promise<StaffHealth> {
  const now = Date.now();
  const [box] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${outbox.status} = 'pending')`.mapWith(Number),
      failed: sql<number>`count(*) FILTER (WHERE ${outbox.status} = 'failed')`.mapWith(Number),
      oldest: sql<string | null>`min(${outbox.createdAt}) FILTER (WHERE ${outbox.status} = 'pending')`,
    })
    .from(outbox);
  const leases = await db.select().from(jobLeases);
  const [lags, runs, money, recon] = await Promise.all([
    metricByJob(jobLagSeconds),
    metricByJob(jobRunsTotal),
    pendingMoney(db),
    openReconItems(db),
  ]);
  const lagOf = new Map(lags.map((v) => [String(v.labels.job), v.value]));
  const runsOf = (job: string, outcome?: string) =>
    runs.filter((v) => v.labels.job === job && (!outcome || v.labels.outcome === outcome)).reduce((s, v) => s + v.value, 0);
  const leaseOf = new Map(leases.map((l) => [l.name, l]));
  const declaredOf = new Map(declared.map((d) => [d.name, d]));
  const names = [...new Set([...declared.map((d) => d.name), ...leases.map((l) => l.name)])].sort();
  const jobs: StaffHealth['jobs'] = names.map((name) => {
    const l = leaseOf.get(name);
    const d = declaredOf.get(name);
    const periodSeconds = d ? d.periodMs / 1000 : null;
    if (!l) {
      // A process job (no lease row), or a cluster job that has not run yet.
      return {
        name,
        scope: d?.scope ?? 'process',
        periodSeconds,
        dueAt: null,
        overdueSeconds: null,
        lagSeconds: null,
        startedAt: null,
        finishedAt: null,
        running: false,
        runs: runsOf(name),
        failures: runsOf(name, 'failed'),
      };
    }
    return {
      name,
      scope: 'cluster',
      periodSeconds,
      dueAt: l.dueAt.toISOString(),
      overdueSeconds: Math.max(0, (now - l.dueAt.getTime()) / 1000),
      lagSeconds: lagOf.get(name) ?? null,
      startedAt: l.startedAt?.toISOString() ?? null,
      finishedAt: l.finishedAt?.toISOString() ?? null,
      running: l.startedAt !== null && (l.finishedAt === null || l.finishedAt < l.startedAt) && l.leasedUntil.getTime() > now,
      runs: l.runs,
      failures: l.failures,
    };
  });
  return {
    outbox: {
      pending: box?.pending ?? 0,
      failed: box?.failed ?? 0,
      oldestPendingSeconds: secondsSince(box?.oldest ? new Date(box.oldest) : null, now),
    },
    jobs,
    moneyRequests: { pending: money.pending, oldestPendingSeconds: secondsSince(money.oldest, now) },
    reconciliation: { open: recon.open, oldestOpenDay: recon.oldestDay },
    checkedAt: new Date(now).toISOString(),
  };
}
