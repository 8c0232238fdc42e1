import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RefreshCw } from 'lucide-react';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { call } from '../api';
import { Loaded, PageTitle, when } from '../ui';

/** A span of seconds in words: "0.2 s" under ten seconds (a job every 200 ms is not "every 0 s"), then s, min, h. */
const ago = (s: number | null) =>
  s === null
    ? '—'
    : s < 10
      ? `${Number(s.toFixed(1))} s`
      : s < 90
        ? `${Math.round(s)} s`
        : s < 5400
          ? `${Math.round(s / 60)} min`
          : `${Math.round(s / 3600)} h`;

function Stat({ label, value, warn }: { label: string; value: string | number; warn?: boolean }) {
  return (
    <div className="flex flex-col">
      <span className="text-sm text-muted">{label}</span>
      <span className={`text-2xl font-bold tabular-nums ${warn ? 'text-danger-fg' : ''}`}>{value}</span>
    </div>
  );
}

/** The outbox's backlog, the background jobs and the money waiting for a second key. */
export function HealthPage() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) => (await call('GET /api/staff/health', { signal })).data,
    refetchInterval: 30_000,
  });
  return (
    <>
      <PageTitle
        title="Health"
        actions={
          <Button
            variant="outline"
            size="sm"
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
            loading={health.isFetching}
            onClick={() => void health.refetch()}
          >
            Refresh
          </Button>
        }
      >
        Read from the database and this server’s metrics{health.data ? `, at ${when(health.data.checkedAt)}` : ''}.
      </PageTitle>
      <Loaded query={health} label="Loading health">
        {(h) => (
          <div className="flex flex-col gap-4">
            <div className="grid gap-4 md:grid-cols-2">
              <Card>
                <h2 className="mb-3 text-lg font-bold">Texts and emails (outbox)</h2>
                <div className="grid grid-cols-3 gap-3">
                  <Stat label="Waiting" value={h.outbox.pending} warn={h.outbox.pending > 100} />
                  <Stat label="Failed" value={h.outbox.failed} warn={h.outbox.failed > 0} />
                  <Stat
                    label="Oldest waiting"
                    value={ago(h.outbox.oldestPendingSeconds)}
                    warn={(h.outbox.oldestPendingSeconds ?? 0) > 300}
                  />
                </div>
              </Card>
              <Card>
                <h2 className="mb-3 text-lg font-bold">Money waiting for approval</h2>
                <div className="grid grid-cols-2 gap-3">
                  <Stat label="Requests" value={h.moneyRequests.pending} />
                  <Stat
                    label="Oldest"
                    value={ago(h.moneyRequests.oldestPendingSeconds)}
                    warn={(h.moneyRequests.oldestPendingSeconds ?? 0) > 86_400}
                  />
                </div>
              </Card>
              <Card>
                <h2 className="mb-3 text-lg font-bold">Reconciliation</h2>
                <div className="grid grid-cols-2 gap-3">
                  <Stat label="Open records" value={h.reconciliation.open} warn={h.reconciliation.open > 0} />
                  <Stat label="Oldest day" value={h.reconciliation.oldestOpenDay ?? '—'} />
                </div>
              </Card>
            </div>
            <Card>
              <h2 className="mb-3 text-lg font-bold">Background jobs</h2>
              <ul className="divide-y divide-line" aria-label="Background jobs">
                {h.jobs.map((j) => {
                  const late = (j.overdueSeconds ?? 0) > 300;
                  const bad = j.failures > 0 || late;
                  return (
                    <li key={j.name} className="flex flex-col gap-1 py-2.5 md:flex-row md:flex-wrap md:items-center md:gap-x-4">
                      {/* The name on a line of its own at phone size, wrapped at its dots rather than cut. */}
                      <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                        <span className="flex min-w-0 items-start gap-2">
                          {bad ? (
                            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger-fg" aria-label="Needs a look" />
                          ) : (
                            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-fg" aria-label="Fine" />
                          )}
                          <span className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">{j.name}</span>
                        </span>
                        <Badge tone="neutral">{j.scope}</Badge>
                        {j.running ? <Badge tone="brand">running</Badge> : null}
                        {j.scope === 'cluster' && j.dueAt === null ? <Badge tone="neutral">not run yet</Badge> : null}
                      </span>
                      <span className="pl-6 text-sm text-muted tabular-nums md:pl-0">
                        {j.periodSeconds !== null ? `every ${ago(j.periodSeconds)} · ` : ''}
                        {j.runs} runs · <span className={j.failures > 0 ? 'font-semibold text-danger-fg' : ''}>{j.failures} failed</span>
                        {j.lagSeconds !== null ? ` · lag ${ago(j.lagSeconds)}` : ''}
                        {j.overdueSeconds !== null && j.overdueSeconds > 0 ? (
                          <span className={late ? 'font-semibold text-danger-fg' : ''}> · due {ago(j.overdueSeconds)} ago</span>
                        ) : null}
                        {j.finishedAt ? ` · last ${when(j.finishedAt)}` : ''}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </Card>
          </div>
        )}
      </Loaded>
    </>
  );
}
