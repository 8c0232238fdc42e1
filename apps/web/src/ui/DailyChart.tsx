import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface DailySeries {
  label: string;
  color: string;
  values: number[];
  /** Shade the area under the line. */
  fill?: boolean;
}

/**
 * Figures per day as lines, for any set of series over the same days (`YYYY-MM-DD`, Lagos time).
 * uPlot comes with this module only: it is loaded with React.lazy, so no other chunk carries it.
 */
export default function DailyChart({
  days,
  series,
  label,
  height = 180,
}: {
  days: string[];
  series: DailySeries[];
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => new Date(`${d}T12:00:00+01:00`).getTime() / 1000);
    const plot = new uPlot(
      {
        width: el.clientWidth || 340,
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          { stroke: '#6b7280', grid: { show: false } },
          { stroke: '#6b7280', grid: { stroke: '#e5e7eb' }, size: 36 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            ...(s.fill ? { fill: `${s.color}14` } : {}),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const onResize = () => plot.setSize({ width: el.clientWidth, height });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      plot.destroy();
    };
  }, [days, series, height]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
