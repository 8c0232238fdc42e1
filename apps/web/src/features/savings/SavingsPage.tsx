import { Lock, PiggyBank, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatNaira } from '@owo/contracts/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { PageHeader } from '../../ui/PageHeader';
import { CardListSkeleton, Skeleton } from '../../ui/Spinner';
import { useBalances } from '../wallet';
import { LockedFundCard, TargetCard } from './cards';
import { LockFundsDialog } from './LockFundsDialog';
import { NewTargetDialog } from './NewTargetDialog';
import { useLockedFunds, useSavingsTargets } from './queries';
import { Section } from '../../ui/Section';

function Summary() {
  const balances = useBalances();
  const b = balances.data;
  return (
    <section
      aria-label="Savings summary"
      className="relative mb-6 overflow-hidden rounded-[28px] bg-brand-600 p-5 text-white shadow-lg shadow-brand-900/20 dark:bg-brand-800"
    >
      <div className="pointer-events-none absolute -top-16 -right-12 size-44 rounded-full bg-white/10" aria-hidden="true" />
      <p className="relative text-sm font-medium text-white/80">Total saved</p>
      {b ? (
        <p className="relative mt-1 text-[32px] leading-tight font-bold tracking-tight tabular-nums">
          {formatNaira(b.savingsBalance + b.lockedBalance)}
        </p>
      ) : balances.isError ? (
        <div className="relative mt-1 flex items-center gap-3">
          <p className="flex-1 text-sm text-white/85">{errorMessage(balances.error, "We couldn't load your totals.")}</p>
          <button
            type="button"
            onClick={() => void balances.refetch()}
            className="inline-flex min-h-11 items-center rounded-full bg-white/15 px-4 text-sm font-semibold hover:bg-white/25"
          >
            Try again
          </button>
        </div>
      ) : (
        <Skeleton className="mt-2 h-8 w-40 bg-white/20" />
      )}
      <dl className="relative mt-4 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-2xl bg-white/10 px-3 py-2.5">
          <dt className="text-[11px] font-medium tracking-wide text-white/75 uppercase">In targets</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{b ? formatNaira(b.savingsBalance) : '—'}</dd>
        </div>
        <div className="rounded-2xl bg-white/10 px-3 py-2.5">
          <dt className="text-[11px] font-medium tracking-wide text-white/75 uppercase">Locked</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{b ? formatNaira(b.lockedBalance) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

function Targets({ onNew }: { onNew: () => void }) {
  const targets = useSavingsTargets();
  if (targets.isPending) return <CardListSkeleton label="Loading savings targets" />;
  if (targets.isError)
    return (
      <Card padded={false}>
        <InlineError error={targets.error} onRetry={() => void targets.refetch()} fallback="We couldn't load your savings targets." />
      </Card>
    );
  if (targets.data.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<PiggyBank className="size-9" strokeWidth={1.8} />}
          title="No savings targets yet"
          className="py-6"
          action={
            <Button variant="secondary" block onClick={onNew}>
              Create your first target
            </Button>
          }
        >
          Save towards rent, school fees or a new phone, a little at a time.
        </EmptyState>
      </Card>
    );
  const sorted = [...targets.data].sort((a, b) => Number(a.status !== 'active') - Number(b.status !== 'active'));
  return (
    <ul className="flex flex-col gap-3">
      {sorted.map((t) => (
        <li key={t.id}>
          <TargetCard target={t} />
        </li>
      ))}
    </ul>
  );
}

function LockedFunds({ onNew }: { onNew: () => void }) {
  const funds = useLockedFunds();
  if (funds.isPending) return <CardListSkeleton label="Loading locked funds" />;
  if (funds.isError)
    return (
      <Card padded={false}>
        <InlineError error={funds.error} onRetry={() => void funds.refetch()} fallback="We couldn't load your locked funds." />
      </Card>
    );
  if (funds.data.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<Lock className="size-9" strokeWidth={1.8} />}
          title="Nothing locked yet"
          className="py-6"
          action={
            <Button variant="secondary" block onClick={onNew}>
              Lock some money
            </Button>
          }
        >
          Lock money for 30 days or more and earn higher interest.
        </EmptyState>
      </Card>
    );
  const sorted = [...funds.data].sort((a, b) => Number(a.status !== 'active') - Number(b.status !== 'active'));
  return (
    <ul className="flex flex-col gap-3">
      {sorted.map((f) => (
        <li key={f.id}>
          <LockedFundCard fund={f} />
        </li>
      ))}
    </ul>
  );
}

export default function SavingsPage() {
  const [dialog, setDialog] = useState<'target' | 'lock' | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const openTarget = useCallback(() => setDialog('target'), []);
  const openLock = useCallback(() => setDialog('lock'), []);
  return (
    <>
      <PageHeader title="Savings" back="/" backLabel="Back to home" />
      <Summary />
      <Section
        className="mb-7"
        headClassName="mb-2 gap-3 px-1"
        titleClassName="tracking-tight"
        id="targets-title"
        title="Savings targets"
        action={
          <Button variant="ghost" size="sm" icon={<Plus className="size-4" aria-hidden="true" />} onClick={openTarget}>
            New target
          </Button>
        }
      >
        <Targets onNew={openTarget} />
      </Section>
      <Section
        className="mb-7"
        headClassName="mb-2 gap-3 px-1"
        titleClassName="tracking-tight"
        id="locked-title"
        title="Locked funds"
        action={
          <Button variant="ghost" size="sm" icon={<Lock className="size-4" aria-hidden="true" />} onClick={openLock}>
            Lock funds
          </Button>
        }
      >
        <LockedFunds onNew={openLock} />
      </Section>
      <NewTargetDialog open={dialog === 'target'} onClose={close} />
      <LockFundsDialog open={dialog === 'lock'} onClose={close} />
    </>
  );
}
