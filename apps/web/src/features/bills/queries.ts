import type { BillCategory } from '@owo/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type Biller, type CustomerLookup, billsApi } from '../../api/bills';
import { useDebounced } from '../../lib/use-debounced';
import { invalidateMoney } from '../wallet';

export const billKeys = {
  all: ['bills'] as const,
  providers: (type: BillCategory) => ['bills', 'providers', type] as const,
  packages: (type: BillCategory, billerId: string) => ['bills', 'packages', type, billerId] as const,
  customer: (q: CustomerLookup) => ['bills', 'customer', q.billerId, q.packageId ?? '', q.customerNumber] as const,
  beneficiariesAll: ['bills', 'beneficiaries'] as const,
  beneficiaries: (label: string) => ['bills', 'beneficiaries', label] as const,
};

/** After a purchase: balances, limits, history and the saved numbers are all stale. */
export function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  return Promise.all([invalidateMoney(queryClient), queryClient.invalidateQueries({ queryKey: billKeys.beneficiariesAll })]).then(
    () => undefined,
  );
}

export function useProviders(type: BillCategory) {
  return useQuery({
    queryKey: billKeys.providers(type),
    queryFn: async ({ signal }) => (await billsApi.providers(type, signal)).data,
    staleTime: 60 * 60_000,
  });
}

export function usePackages(type: BillCategory, biller: Biller | null, enabled: boolean) {
  return useQuery({
    queryKey: billKeys.packages(type, biller?.billerId ?? ''),
    queryFn: async ({ signal }) => (await billsApi.packages(type, biller!, signal)).data,
    enabled: enabled && biller !== null,
    staleTime: 30 * 60_000,
  });
}

/** Saved numbers for one provider label (the billerId). Failures just show none. */
export function useBeneficiaries(label: string | null) {
  return useQuery({
    queryKey: billKeys.beneficiaries(label ?? ''),
    queryFn: async ({ signal }) => (await billsApi.beneficiaries(label!, signal)).data,
    enabled: Boolean(label),
    retry: false,
  });
}

/** The customer check, once the number looks complete and has stopped changing. */
export function useCustomerCheck(lookup: CustomerLookup | null) {
  const settled = useDebounced(lookup, 400);
  const current = settled && lookup && JSON.stringify(settled) === JSON.stringify(lookup) ? settled : null;
  const query = useQuery({
    queryKey: current ? billKeys.customer(current) : ['bills', 'customer', 'none'],
    queryFn: async ({ signal }) => (await billsApi.validateCustomer(current!, signal)).data,
    enabled: current !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });
  /** ready: a complete number is entered (the check may still be waiting for the debounce). */
  return { ...query, ready: lookup !== null, waiting: lookup !== null && current === null };
}
