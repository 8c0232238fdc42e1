import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PostInsights } from '../../api/connect';

type Day = PostInsights['last7Days']['days'][number];

/** Views, reach and likes per day as lines (uPlot, loaded only with this screen). */
export default function InsightsChart({ days, label }: { days: Day[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => new Date(`${d.day}T12:00:00+01:00`).getTime() / 1000);
    const plot = new uPlot(
      {
        width: el.clientWidth || 340,
        height: 200,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { stroke: '#6b7280', grid: { show: false } },
          { stroke: '#6b7280', grid: { stroke: '#e5e7eb' }, size: 36 },
        ],
        series: [
          {},
          { label: 'Views', stroke: '#0b6e4f', width: 2, fill: 'rgba(11,110,79,0.08)' },
          { label: 'Reach', stroke: '#1d4ed8', width: 2 },
          { label: 'Likes', stroke: '#dc2626', width: 2 },
        ],
      },
      [xs, days.map((d) => d.views), days.map((d) => d.reach), days.map((d) => d.likes)],
      el,
    );
    const onResize = () => plot.setSize({ width: el.clientWidth, height: 200 });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
