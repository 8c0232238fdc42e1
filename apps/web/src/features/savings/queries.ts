import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { type LockRate, savingsApi } from '../../api/savings';
import { invalidateMoney, walletKeys } from '../wallet';

export const savingsKeys = {
  all: ['savings'] as const,
  targets: ['savings', 'targets'] as const,
  transactions: (targetId: string) => ['savings', 'transactions', targetId] as const,
  locked: ['savings', 'locked'] as const,
  lockRates: ['savings', 'lock-rates'] as const,
};

/** After any savings movement: targets, locked funds, balances and history are stale. */
export function invalidateSavings(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: savingsKeys.targets }),
    queryClient.invalidateQueries({ queryKey: ['savings', 'transactions'] }),
    queryClient.invalidateQueries({ queryKey: savingsKeys.locked }),
    queryClient.invalidateQueries({ queryKey: walletKeys.balances }),
    invalidateMoney(queryClient),
  ]).then(() => undefined);
}

export function useSavingsTargets() {
  return useQuery({ queryKey: savingsKeys.targets, queryFn: async () => (await savingsApi.targets()).data });
}

export function useLockedFunds() {
  return useQuery({ queryKey: savingsKeys.locked, queryFn: async () => (await savingsApi.lockedFunds()).data });
}

export const SAVINGS_PAGE_SIZE = 20;

export function useTargetTransactions(targetId: string) {
  return useInfiniteQuery({
    queryKey: savingsKeys.transactions(targetId),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await savingsApi.transactions({ targetId, page: pageParam, limit: SAVINGS_PAGE_SIZE }, signal);
      return { items: res.data, next: res.pagination?.next?.page ?? null, total: res.pagination?.total ?? res.data.length };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Used until the server has told us its rates (they come with every lock preview). */
export const FALLBACK_LOCK_RATES: LockRate[] = [
  { durationDays: 30, interestRate: 8 },
  { durationDays: 60, interestRate: 9 },
  { durationDays: 90, interestRate: 10 },
  { durationDays: 180, interestRate: 12 },
  { durationDays: 365, interestRate: 14 },
];

const PROBE = { amount: 100_000, title: 'Locked savings' };

/**
 * The durations and yearly rates on offer. The server lists them with a preview, so we ask for a
 * preview of ₦1,000; if that duration is not offered, the refusal names the ones that are.
 */
export function useLockRates() {
  return useQuery({
    queryKey: savingsKeys.lockRates,
    staleTime: 30 * 60_000,
    queryFn: async () => {
      const first = FALLBACK_LOCK_RATES[0]?.durationDays ?? 30;
      try {
        return (await savingsApi.previewLock({ ...PROBE, durationDays: first })).data.rates;
      } catch (err) {
        const offered = err instanceof ApiError && err.code === 'DURATION_INVALID' ? err.message.match(/\d+/g) : null;
        if (!offered?.[0]) throw err;
        return (await savingsApi.previewLock({ ...PROBE, durationDays: Number(offered[0]) })).data.rates;
      }
    },
  });
}

export const rateLabel = (r: LockRate) => `${r.durationDays} days · ${r.interestRate}% a year`;
