import { Banknote, CloudOff, HandCoins } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import type { Instalment, Loan, LoanType } from '../../api/loans';
import { formatNaira } from '../../lib/money';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { Skeleton } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { formatDate } from '../savings/format';
import { ApplyDialog } from './ApplyDialog';
import { loanErrorText } from './errors';
import { useLoanTypes, useMyLoans } from './queries';
import { RepayDialog } from './RepayDialog';

type LoanTab = 'types' | 'mine';
const TABS = [
  { id: 'types', label: 'Loan types' },
  { id: 'mine', label: 'My loans' },
] as const satisfies ReadonlyArray<{ id: LoanTab; label: string }>;

const INSTALMENT: Record<Instalment['status'], { label: string; tone: BadgeTone }> = {
  upcoming: { label: 'Upcoming', tone: 'neutral' },
  due: { label: 'Due', tone: 'warning' },
  paid: { label: 'Paid', tone: 'brand' },
  overdue: { label: 'Overdue', tone: 'danger' },
};

/** Loan failures show the server's description (spec section 8). */
function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title: string }) {
  return (
    <EmptyState
      tone="danger"
      icon={<CloudOff className="size-9" strokeWidth={1.8} />}
      title={title}
      action={
        <Button variant="outline" block onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p>{loanErrorText(error, 'Check your connection and try again.')}</p>
    </EmptyState>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label={label}>
      {[0, 1].map((i) => (
        <Card key={i} className="flex flex-col gap-3">
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-48" />
        </Card>
      ))}
    </div>
  );
}

function LoanTypeCard({ type, onApply }: { type: LoanType; onApply: () => void }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <Banknote className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={id} className="text-base font-bold tracking-tight">
            {type.name}
          </h3>
          <p className="text-sm text-muted">{type.description}</p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
        <div className="col-span-3 rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Borrow</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatNaira(type.minAmount)} – {formatNaira(type.maxAmount)}
          </dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Tenor</dt>
          <dd className="mt-0.5 font-semibold">{type.tenorDays} days</dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Payments</dt>
          <dd className="mt-0.5 font-semibold">{type.instalments === 1 ? 'One' : type.instalments}</dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Interest</dt>
          <dd className="mt-0.5 font-semibold">{type.interestRate}% flat</dd>
        </div>
      </dl>
      <Button block className="mt-4" onClick={onApply} aria-describedby={id}>
        Apply
      </Button>
    </Card>
  );
}

function LoanCard({ loan, onRepay }: { loan: Loan; onRepay: () => void }) {
  const id = useId();
  const active = loan.status === 'active';
  return (
    <Card role="group" aria-labelledby={id}>
      <div className="flex items-center justify-between gap-3">
        <h3 id={id} className="text-base font-bold tracking-tight">
          {loan.name}
        </h3>
        <Badge tone={active ? 'warning' : 'brand'}>{active ? 'Active' : 'Repaid'}</Badge>
      </div>
      <p className="mt-3 text-sm text-muted">Outstanding</p>
      <p className="text-3xl font-bold tracking-tight tabular-nums">{formatNaira(loan.outstanding)}</p>
      <ProgressBar value={loan.totalDue > 0 ? loan.repaid / loan.totalDue : 0} label={`${loan.name} repaid`} className="mt-3 h-2.5" />
      <p className="mt-2 text-sm text-muted">
        <span className="font-semibold text-fg tabular-nums">{formatNaira(loan.repaid)}</span> of {formatNaira(loan.totalDue)} repaid
      </p>
      <p className="text-xs text-subtle">
        Borrowed {formatNaira(loan.principal)} · interest {formatNaira(loan.interest)}
      </p>
      <h4 className="mt-5 mb-1 text-xs font-semibold tracking-[0.14em] text-subtle uppercase">Schedule</h4>
      <ul className="divide-y divide-line" aria-label={`${loan.name} schedule`}>
        {loan.schedule.map((i, n) => (
          <li key={`${i.dueDate}-${n}`} className="flex items-center justify-between gap-3 py-2.5 text-sm">
            <span className="flex flex-col">
              <span className="font-medium">{formatDate(i.dueDate)}</span>
              {i.paid > 0 && i.paid < i.amount ? <span className="text-xs text-muted">{formatNaira(i.paid)} paid</span> : null}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-semibold tabular-nums">{formatNaira(i.amount)}</span>
              <Badge tone={INSTALMENT[i.status].tone}>{INSTALMENT[i.status].label}</Badge>
            </span>
          </li>
        ))}
      </ul>
      {active ? (
        <Button block className="mt-4" icon={<HandCoins className="size-5" aria-hidden="true" />} onClick={onRepay} aria-describedby={id}>
          Repay
        </Button>
      ) : null}
    </Card>
  );
}

function LoanTypes({ onApply, hasOpenLoan }: { onApply: (t: LoanType) => void; hasOpenLoan: boolean }) {
  const types = useLoanTypes();
  if (types.isPending) return <CardsSkeleton label="Loading loan types" />;
  if (types.isError)
    return <LoadError error={types.error} onRetry={() => void types.refetch()} title="We couldn't load the loan types" />;
  if (types.data.length === 0)
    return (
      <Card>
        <EmptyState icon={<Banknote className="size-9" strokeWidth={1.8} />} title="No loans on offer right now" className="py-6">
          Check back soon.
        </EmptyState>
      </Card>
    );
  return (
    <div className="flex flex-col gap-3">
      {hasOpenLoan ? (
        <p role="note" className="rounded-2xl bg-accent-400/15 p-4 text-sm">
          You have a loan open. Repay it before you apply for another.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {types.data.map((t) => (
          <li key={t.id}>
            <LoanTypeCard type={t} onApply={() => onApply(t)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MyLoans({ onRepay, onBrowse }: { onRepay: (l: Loan) => void; onBrowse: () => void }) {
  const loans = useMyLoans();
  if (loans.isPending) return <CardsSkeleton label="Loading your loans" />;
  if (loans.isError) return <LoadError error={loans.error} onRetry={() => void loans.refetch()} title="We couldn't load your loans" />;
  if (loans.data.length === 0)
    return (
      <Card>
        <EmptyState
          icon={<HandCoins className="size-9" strokeWidth={1.8} />}
          title="No loans yet"
          className="py-6"
          action={
            <Button variant="secondary" block onClick={onBrowse}>
              See loan types
            </Button>
          }
        >
          Loans you take appear here with what you owe and when.
        </EmptyState>
      </Card>
    );
  return (
    <ul className="flex flex-col gap-3">
      {loans.data.map((l) => (
        <li key={l.id}>
          <LoanCard loan={l} onRepay={() => onRepay(l)} />
        </li>
      ))}
    </ul>
  );
}

export default function LoansPage() {
  const [tab, setTab] = useState<LoanTab>('types');
  const [applying, setApplying] = useState<LoanType | null>(null);
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const loans = useMyLoans();
  const hasOpenLoan = Boolean(loans.data?.some((l) => l.status === 'active'));
  const closeApply = useCallback(() => setApplying(null), []);
  const closeRepay = useCallback(() => setRepaying(null), []);
  const approved = useCallback(() => {
    setApplying(null);
    setTab('mine');
  }, []);
  return (
    <>
      <PageHeader title="Loans" back="/" backLabel="Back to home" />
      <Tabs label="Loans" tabs={TABS} value={tab} onChange={setTab} className="mb-5" />
      <section role="tabpanel" aria-label={tab === 'types' ? 'Loan types' : 'My loans'}>
        {tab === 'types' ? <LoanTypes onApply={setApplying} hasOpenLoan={hasOpenLoan} /> : <MyLoans onRepay={setRepaying} onBrowse={() => setTab('types')} />}
      </section>
      <ApplyDialog type={applying} onClose={closeApply} onApproved={approved} />
      <RepayDialog loan={repaying} onClose={closeRepay} />
    </>
  );
}
