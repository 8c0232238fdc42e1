import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError, TIMEOUT_CODE } from '../api/client';

/** Retries a failed query at most twice, and never one a retry cannot fix. */
export function shouldRetryQuery(count: number, err: unknown): boolean {
  if (count >= 2) return false;
  if (!(err instanceof ApiError)) return true;
  // Client errors will not fix themselves.
  if (err.status >= 400 && err.status < 500) return false;
  // A call that already waited its whole time limit: show the error (with Retry) instead of waiting again.
  return err.code !== TIMEOUT_CODE;
}

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and only learns from later online/offline events. Told
  // the truth, a query started offline waits (and keeps any saved data on screen) instead of failing.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}
