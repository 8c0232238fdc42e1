import { ArrowDownToLine, Plus, ReceiptText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { formatNaira } from '@owo/contracts/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { InlineError } from '../../ui/InlineError';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { QueryError } from '../../ui/QueryError';
import { TransactionRowSkeleton } from '../wallet';
import { TargetSummary } from './cards';
import { SavingsTxRow } from './SavingsTxRow';
import { useSavingsTargets, useTargetTransactions } from './queries';
import { TopUpDialog } from './TopUpDialog';
import { WithdrawDialog } from './WithdrawDialog';

function TargetHistory({ targetId }: { targetId: string }) {
  const history = useTargetTransactions(targetId);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="target-history" className="mt-7">
      <h2 id="target-history" className="mb-2 px-1 text-base font-bold tracking-tight">
        Transactions
      </h2>
      <Card padded={false} className="overflow-hidden">
        {history.isPending ? (
          <div className="divide-y divide-line" aria-busy="true" aria-label="Loading transactions">
            {[0, 1, 2].map((i) => (
              <TransactionRowSkeleton key={i} />
            ))}
          </div>
        ) : history.isError ? (
          <InlineError error={history.error} fallback="We couldn't load the transactions." onRetry={() => void history.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={<ReceiptText className="size-9" strokeWidth={1.8} />} title="No transactions yet" className="py-8">
            Top-ups, automatic savings and withdrawals show up here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {items.map((item) => (
              <li key={item.reference}>
                <SavingsTxRow item={item} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <LoadMore pages={history} />
    </section>
  );
}

export default function TargetDetailPage() {
  const { id = '' } = useParams();
  const targets = useSavingsTargets();
  const target = targets.data?.find((t) => t.id === id);
  const [dialog, setDialog] = useState<'topUp' | 'withdraw' | null>(null);
  const close = useCallback(() => setDialog(null), []);

  if (targets.isPending)
    return (
      <>
        <PageHeader title="Savings target" back="/savings" backLabel="Back to savings" />
        <Card className="flex flex-col gap-3" aria-busy="true" aria-label="Loading savings target">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-2.5 w-full" />
          <Skeleton className="h-4 w-52" />
        </Card>
      </>
    );
  if (targets.isError)
    return (
      <>
        <PageHeader title="Savings target" back="/savings" backLabel="Back to savings" />
        <QueryError error={targets.error} onRetry={() => void targets.refetch()} title="We couldn't load this target" />
      </>
    );
  if (!target)
    return (
      <>
        <PageHeader title="Savings target" back="/savings" backLabel="Back to savings" />
        <EmptyState title="Target not found">This savings target does not exist or is not yours.</EmptyState>
      </>
    );

  const active = target.status === 'active';
  return (
    <>
      <PageHeader title={target.name} back="/savings" backLabel="Back to savings" />
      <Card>
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <p className="text-sm text-muted">Saved</p>
            <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNaira(target.savedAmount)}</p>
          </div>
          {active ? target.progress >= 100 ? <Badge tone="brand">Reached</Badge> : null : <Badge>Closed</Badge>}
        </div>
        <TargetSummary target={target} />
        {active ? (
          <div className="mt-5 grid grid-cols-2 gap-3">
            <Button icon={<Plus className="size-5" aria-hidden="true" />} onClick={() => setDialog('topUp')}>
              Top up
            </Button>
            <Button
              variant="outline"
              icon={<ArrowDownToLine className="size-5" aria-hidden="true" />}
              onClick={() => setDialog('withdraw')}
              disabled={target.savedAmount === 0}
            >
              Withdraw
            </Button>
          </div>
        ) : (
          <p className="mt-4 rounded-2xl bg-surface-2 p-3 text-sm text-muted">
            This target is closed: everything in it went back to your wallet.
          </p>
        )}
      </Card>
      <TargetHistory targetId={target.id} />
      <TopUpDialog target={target} open={dialog === 'topUp'} onClose={close} />
      <WithdrawDialog target={target} open={dialog === 'withdraw'} onClose={close} />
    </>
  );
}
