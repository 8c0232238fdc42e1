import { useQuery, useQueryClient } from '@tanstack/react-query';
import { kycApi } from '../../api/kyc';

export const kycKeys = { status: ['kyc', 'status'] as const, held: ['kyc', 'held'] as const };

export function useKycStatus() {
  return useQuery({ queryKey: kycKeys.status, queryFn: async () => (await kycApi.status()).data });
}

export function useHeldCredits(enabled: boolean) {
  return useQuery({ queryKey: kycKeys.held, queryFn: async () => (await kycApi.heldCredits()).data, enabled });
}

/** After a verification: the limits, held credits and balances change together. */
export function useRefreshAfterKyc() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['kyc'] }),
      qc.invalidateQueries({ queryKey: ['wallet'] }),
      qc.invalidateQueries(),
    ]);
  };
}
