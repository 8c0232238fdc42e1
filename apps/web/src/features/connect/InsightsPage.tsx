import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { connectApi, type PostInsights } from '../../api/connect';
import type { DailySeries } from '../../ui/DailyChart';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { connectKeys } from './queries';

const DailyChart = lazy(() => import('../../ui/DailyChart'));
const FIGURES = [
  ['views', 'Views'],
  ['reach', 'Reach'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['saves', 'Saves'],
  ['reposts', 'Reposts'],
] as const;

/** Views, reach and likes per day, as the chart's lines. */
function perDay(days: PostInsights['last7Days']['days']): { days: string[]; series: DailySeries[] } {
  return {
    days: days.map((d) => d.day),
    series: [
      { label: 'Views', color: '#0b6e4f', values: days.map((d) => d.views), fill: true },
      { label: 'Reach', color: '#1d4ed8', values: days.map((d) => d.reach) },
      { label: 'Likes', color: '#dc2626', values: days.map((d) => d.likes) },
    ],
  };
}

/** A post's views, reach, likes, comments, saves and reposts, in total and per day (author only). */
export default function InsightsPage() {
  const { id = '' } = useParams();
  const [period, setPeriod] = useState<'7' | '30'>('7');
  const insights = useQuery({ queryKey: connectKeys.insights(id), queryFn: async () => (await connectApi.insights(id)).data });
  const data = insights.data;
  const chosen = data ? (period === '7' ? data.last7Days : data.last30Days) : null;
  const chart = useMemo(() => (chosen ? perDay(chosen.days) : null), [chosen]);
  return (
    <div>
      <PageHeader title="Post insights" back={`/connect/posts/${id}`} />
      {insights.isError ? (
        <EmptyState icon={<BarChart3 className="size-9" strokeWidth={1.8} />} title="Insights aren't available" tone="danger">
          {errorMessage(insights.error, 'Only the author of a post can see its insights.')}
        </EmptyState>
      ) : (
        <>
          <section aria-label="All time" className="mb-5 grid grid-cols-3 gap-2">
            {FIGURES.map(([key, label]) => (
              <div key={key} className="rounded-2xl bg-surface p-3">
                <p className="text-xs text-muted">{label}</p>
                {data ? (
                  <p className="text-xl font-bold tabular-nums">{data.totals[key].toLocaleString('en-NG')}</p>
                ) : (
                  <Skeleton className="mt-1 h-6 w-10" />
                )}
              </div>
            ))}
          </section>
          <Tabs
            label="Period"
            tabs={[
              { id: '7', label: 'Last 7 days' },
              { id: '30', label: 'Last 30 days' },
            ]}
            value={period}
            onChange={setPeriod}
            className="mb-3"
          />
          <div className="rounded-3xl bg-surface p-3">
            {chosen && chart ? (
              <>
                <p className="mb-2 text-sm text-muted">
                  {chosen.totals.views} views from {chosen.totals.reach} people, {chosen.totals.likes} likes
                </p>
                <Suspense fallback={<Skeleton className="h-[200px] w-full" />}>
                  <DailyChart
                    days={chart.days}
                    series={chart.series}
                    height={200}
                    label={`Views, reach and likes per day, last ${period} days`}
                  />
                </Suspense>
              </>
            ) : (
              <Skeleton className="h-[220px] w-full" />
            )}
          </div>
        </>
      )}
    </div>
  );
}
