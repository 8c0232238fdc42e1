import type { HistoryItem } from '@owo/contracts';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type HistoryFilters, transactionApi } from '../../api/transaction';
import { walletApi } from '../../api/wallet';

export const walletKeys = {
  all: ['wallet'] as const,
  balances: ['wallet', 'balances'] as const,
  spendingLimit: ['wallet', 'spending-limit'] as const,
  cards: ['wallet', 'cards'] as const,
  virtualAccount: ['wallet', 'virtual-account'] as const,
  banks: ['banks'] as const,
};
export const historyKeys = {
  all: ['transactions'] as const,
  recent: (limit: number) => ['transactions', 'recent', limit] as const,
  list: (filters: HistoryFilters) => ['transactions', 'list', filters] as const,
};

/** After any money action: balances, limits and history are all stale. */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.balances }),
    queryClient.invalidateQueries({ queryKey: walletKeys.spendingLimit }),
    queryClient.invalidateQueries({ queryKey: historyKeys.all }),
    // Money in or out changes whether (and how much) you can borrow.
    queryClient.invalidateQueries({ queryKey: ['loans', 'eligibility'] }),
  ]).then(() => undefined);
}

/**
 * The balances are asked again each time a screen shows them (the saved figure stays on screen
 * meanwhile): money received while the app was away must show after a reload, not 30 s later.
 */
export function useBalances() {
  return useQuery({ queryKey: walletKeys.balances, queryFn: async () => (await walletApi.balances()).data, staleTime: 0 });
}

export function useSpendingLimit() {
  return useQuery({ queryKey: walletKeys.spendingLimit, queryFn: async () => (await walletApi.spendingLimit()).data });
}

export function useBanks() {
  return useQuery({ queryKey: walletKeys.banks, queryFn: async () => (await walletApi.banks()).data, staleTime: 60 * 60_000 });
}

export function useSavedCards() {
  return useQuery({ queryKey: walletKeys.cards, queryFn: async () => (await walletApi.cards()).data });
}

export function useVirtualAccount() {
  return useQuery({
    queryKey: walletKeys.virtualAccount,
    queryFn: async () => (await walletApi.virtualAccount()).data,
    staleTime: 10 * 60_000,
  });
}

export function useRecentTransactions(limit = 5) {
  return useQuery({
    queryKey: historyKeys.recent(limit),
    queryFn: async ({ signal }) => (await transactionApi.history({ page: 1, limit }, signal)).data,
    staleTime: 0,
  });
}

export const HISTORY_PAGE_SIZE = 20;

export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: historyKeys.list(filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await transactionApi.history({ ...filters, page: pageParam, limit: HISTORY_PAGE_SIZE }, signal);
      return { items: res.data, next: res.pagination?.next?.page ?? null, total: res.pagination?.total ?? res.data.length };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export type { HistoryItem };
