import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { walletApi } from '../../api/wallet';
import { toastError } from '../../lib/errors';
import { parseNairaToKobo } from '../../lib/money';
import { AmountField } from '../../ui/AmountField';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { QueryError } from '../../ui/QueryError';
import { Skeleton } from '../../ui/Spinner';
import { invalidateMoney, useVirtualAccount } from '../wallet';

/** Add money › Bank transfer: the person's own account number to pay into from any bank app (and, in test mode, a simulated transfer). */
export function BankTransferPanel() {
  const va = useVirtualAccount();
  const queryClient = useQueryClient();
  const [simOpen, setSimOpen] = useState(false);
  const [simAmount, setSimAmount] = useState('');
  const simKobo = parseNairaToKobo(simAmount);
  const simulate = useMutation({
    mutationFn: (amount: number) => walletApi.simulateBankTransfer(amount),
    onSuccess: (res) => {
      toast.success(res.message || 'Transfer received');
      setSimAmount('');
      setSimOpen(false);
      void invalidateMoney(queryClient);
    },
    onError: toastError,
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Account number copied');
    } catch {
      toast.error('Copy failed. Press and hold the number to copy it.');
    }
  };
  if (va.isPending)
    return (
      <Card className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your account details">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-56" />
        <Skeleton className="h-4 w-40" />
      </Card>
    );
  if (va.isError) return <QueryError error={va.error} onRetry={() => void va.refetch()} title="We couldn't load your account number" />;
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <p className="text-[15px] text-muted">Transfer to this account from any bank app. Your wallet is credited automatically.</p>
        <div className="rounded-2xl bg-brand-soft p-4">
          <p className="text-xs font-semibold tracking-wide text-brand-fg uppercase">Account number</p>
          <p className="mt-1 font-mono text-[32px] leading-tight font-bold tracking-wider text-fg" data-testid="virtual-account-number">
            {va.data.accountNumber}
          </p>
          <dl className="mt-3 grid gap-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Bank</dt>
              <dd className="text-right font-semibold">{va.data.bankName}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Account name</dt>
              <dd className="text-right font-semibold">{va.data.accountName}</dd>
            </div>
          </dl>
        </div>
        <Button
          variant="secondary"
          size="lg"
          block
          icon={<Copy className="size-5" aria-hidden="true" />}
          onClick={() => void copy(va.data.accountNumber)}
        >
          Copy account number
        </Button>
      </Card>
      <div className="flex flex-col items-center gap-3">
        <button
          type="button"
          aria-expanded={simOpen}
          onClick={() => setSimOpen((o) => !o)}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-muted underline underline-offset-4 hover:text-fg"
        >
          <FlaskConical className="size-4" aria-hidden="true" />
          Simulate a transfer (test mode)
        </button>
        {simOpen ? (
          <Card className="flex w-full flex-col gap-4 border-dashed">
            <AmountField
              label="Amount to simulate (₦)"
              value={simAmount}
              typed={simAmount}
              onChange={(e) => setSimAmount(e.target.value)}
            />
            <Button
              block
              loading={simulate.isPending}
              disabled={simKobo === null || simKobo < 100}
              onClick={() => simKobo && simulate.mutate(simKobo)}
            >
              Send test transfer
            </Button>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
