import { onlineManager } from '@tanstack/react-query';
import { formatLagosDate } from '@owo/contracts/format';
import { CloudOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '../cn';

/** Whether TanStack Query thinks the device is online (seeded from navigator.onLine, then its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** A fetch time as the app shows times (Lagos time): "2:05 pm" today, "12 Nov, 2:05 pm" on another day. */
export function formatUpdatedAt(at: number, now: Date = new Date()): string {
  return formatLagosDate(at, 'recentTime', now);
}

/** The query fields the freshness line needs (a useQuery or useInfiniteQuery result has them all). */
export interface FreshnessSource {
  data: unknown;
  dataUpdatedAt: number;
  isError: boolean;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** True when the data on screen could not be refreshed: offline, waiting for a network, or the refresh failed. */
export function isShowingSaved(q: FreshnessSource, online: boolean): boolean {
  return q.data !== undefined && (!online || q.fetchStatus === 'paused' || q.isError);
}

/**
 * "Updated 2:05 pm" under data, or "Offline · last updated 2:05 pm" when the data could not be
 * refreshed (no connection, or the last refresh failed): saved data is always marked with its time.
 */
export function UpdatedAt({
  query,
  className,
  tone = 'default',
}: {
  query: FreshnessSource;
  className?: string;
  tone?: 'default' | 'inverse';
}) {
  const online = useOnline();
  if (query.data === undefined || !query.dataUpdatedAt) return null;
  const time = formatUpdatedAt(query.dataUpdatedAt);
  const saved = isShowingSaved(query, online);
  const offline = !online || query.fetchStatus === 'paused';
  const label = saved ? `${offline ? 'Offline' : "Couldn't refresh"} · last updated ${time}` : `Updated ${time}`;
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-1.5 text-xs',
        saved
          ? tone === 'inverse'
            ? 'font-semibold text-white'
            : 'font-semibold text-fg'
          : tone === 'inverse'
            ? 'text-white/75'
            : 'text-muted',
        className,
      )}
    >
      {saved ? <CloudOff className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      <span>{label}</span>
    </p>
  );
}
