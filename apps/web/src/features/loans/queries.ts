import { type QueryClient, useQuery } from '@tanstack/react-query';
import { loansApi } from '../../api/loans';
import { invalidateMoney } from '../wallet';

export const loanKeys = {
  types: ['loans', 'types'] as const,
  mine: ['loans', 'mine'] as const,
  eligibility: ['loans', 'eligibility'] as const,
};

export function useLoanTypes() {
  return useQuery({ queryKey: loanKeys.types, queryFn: async () => (await loansApi.types()).data, staleTime: 10 * 60_000 });
}

export function useMyLoans() {
  return useQuery({ queryKey: loanKeys.mine, queryFn: async () => (await loansApi.list()).data });
}

/** Whether you can borrow now, and if not why (the same rules the server applies on "Apply"). */
export function useLoanEligibility() {
  return useQuery({
    queryKey: loanKeys.eligibility,
    queryFn: async () => (await loansApi.eligibility()).data,
  });
}

/** After a disbursement or repayment: the loans, the wallet balance and history are stale. */
export function invalidateLoans(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: loanKeys.mine }), invalidateMoney(queryClient)]).then(() => undefined);
}
