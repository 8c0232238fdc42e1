import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { call } from '../../api/client';

/**
 * Shown on every signed-in screen while Owo staff have frozen the account: the reason they gave
 * and how to reach support. Payments are refused by the server meanwhile (403 ACCOUNT_FROZEN).
 */
export function FrozenBanner() {
  const freeze = useQuery({
    queryKey: ['account-freeze'],
    queryFn: async () => (await call('GET /api/user/freeze', { requireToken: true })).data,
    staleTime: 60_000,
  });
  if (!freeze.data?.frozen) return null;
  return (
    <div role="alert" className="mt-4 flex gap-3 rounded-2xl bg-danger-soft px-4 py-3 text-danger-fg">
      <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="text-sm">
        <p className="font-semibold">Your account is frozen</p>
        <p>{freeze.data.reason}</p>
        <p className="mt-1">You can’t send or pay until it is unfrozen. {freeze.data.contact}.</p>
      </div>
    </div>
  );
}
