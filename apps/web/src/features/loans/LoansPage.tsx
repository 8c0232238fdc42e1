import { Banknote, CircleCheck, CloudOff, HandCoins, Hourglass } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Instalment, Loan, LoanEligibility, LoanType } from '../../api/loans';
import { cn } from '../../lib/cn';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { CardListSkeleton, Skeleton } from '../../ui/Spinner';
import { QueryError } from '../../ui/QueryError';
import { Tabs } from '../../ui/Tabs';
import { ApplyDialog } from './ApplyDialog';
import { loanErrorText } from './errors';
import { useLoanEligibility, useLoanTypes, useMyLoans } from './queries';
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

/** Whether one loan type can be applied for now, and the most it allows. */
export type Availability =
  | { state: 'checking' }
  | { state: 'unknown' }
  | { state: 'no'; reasonId: string }
  | { state: 'yes'; max: number }
  | { state: 'short'; max: number };

export function availabilityFor(
  type: LoanType,
  e: { data?: LoanEligibility; isPending: boolean; isError: boolean },
  reasonId: string,
): Availability {
  if (e.data) {
    if (!e.data.eligible) return { state: 'no', reasonId };
    const max = Math.min(type.maxAmount, e.data.maxAmount);
    return max >= type.minAmount ? { state: 'yes', max } : { state: 'short', max: e.data.maxAmount };
  }
  return e.isPending && !e.isError ? { state: 'checking' } : { state: 'unknown' };
}

function LoanTypeCard({ type, onApply, availability }: { type: LoanType; onApply: () => void; availability: Availability }) {
  const id = useId();
  const shortId = `${id}-short`;
  const a = availability;
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
      {a.state === 'short' ? (
        <p id={shortId} className="mt-3 text-sm text-muted">
          You can borrow up to <span className="font-semibold text-fg tabular-nums">{formatNaira(a.max)}</span> now; this loan starts at{' '}
          <span className="tabular-nums">{formatNaira(type.minAmount)}</span>.
        </p>
      ) : null}
      <Button
        block
        className="mt-4"
        variant={a.state === 'no' || a.state === 'short' ? 'outline' : 'primary'}
        onClick={onApply}
        disabled={a.state === 'no' || a.state === 'short' || a.state === 'checking'}
        loading={a.state === 'checking'}
        aria-describedby={a.state === 'no' ? `${id} ${a.reasonId}` : a.state === 'short' ? `${id} ${shortId}` : id}
      >
        {a.state === 'no' || a.state === 'short' ? 'Not available yet' : 'Apply'}
      </Button>
    </Card>
  );
}

/** Before the loan types: can you borrow now, and if not, why (the server's own words). */
function EligibilityCard({
  eligibility,
  reasonId,
  onSeeLoans,
}: {
  eligibility: ReturnType<typeof useLoanEligibility>;
  reasonId: string;
  onSeeLoans: () => void;
}) {
  const e = eligibility;
  if (e.isPending && !e.isError)
    return (
      <Card className="flex items-center gap-3" aria-busy="true" aria-label="Checking whether you can borrow">
        <Skeleton className="size-11 shrink-0 rounded-2xl" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-full" />
        </div>
      </Card>
    );
  if (!e.data)
    return (
      <Card role="alert" className="flex flex-col gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-danger-soft text-danger-fg" aria-hidden="true">
            <CloudOff className="size-5" />
          </span>
          <div>
            <p className="font-semibold">We couldn&apos;t check whether you can borrow</p>
            <p className="text-sm text-muted">
              {loanErrorText(e.error, 'Check your connection and try again.')} You can still apply: we check again when you do.
            </p>
          </div>
        </div>
        <Button variant="outline" size="sm" className="self-start" loading={e.isFetching} onClick={() => void e.refetch()}>
          Try again
        </Button>
      </Card>
    );
  const d = e.data;
  if (d.eligible)
    return (
      <Card className="flex items-start gap-3" role="status">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <CircleCheck className="size-5" />
        </span>
        <div>
          <p className="font-semibold">You can apply for a loan</p>
          <p className="text-sm text-muted">
            Based on the money that came into your wallet over the last {d.inflowDays} days, you can borrow up to{' '}
            <span className="font-semibold text-fg tabular-nums">{formatNaira(d.maxAmount)}</span>.
          </p>
        </div>
      </Card>
    );
  return (
    <Card className="flex flex-col gap-3 border-accent-400/40 bg-accent-400/10" role="status" aria-labelledby={`${reasonId}-title`}>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-400 text-brand-900" aria-hidden="true">
          <Hourglass className="size-5" />
        </span>
        <div>
          <p id={`${reasonId}-title`} className="font-semibold">
            You can&apos;t take a loan yet
          </p>
          <p id={reasonId} className="text-sm text-fg/80">
            {d.reason}
          </p>
        </div>
      </div>
      {d.code === 'INFLOW_TOO_LOW' ? (
        <Link to="/pay/fund" className={cn(buttonClasses({ variant: 'secondary', size: 'sm' }), 'self-start')}>
          Add money
        </Link>
      ) : d.code === 'LOAN_OPEN' ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={onSeeLoans}>
          See my loans
        </Button>
      ) : null}
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
              <span className="font-medium">{formatLagosDate(i.dueDate)}</span>
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

function LoanTypes({
  onApply,
  hasOpenLoan,
  onSeeLoans,
}: {
  onApply: (t: LoanType, max: number) => void;
  hasOpenLoan: boolean;
  onSeeLoans: () => void;
}) {
  const types = useLoanTypes();
  const eligibility = useLoanEligibility();
  const reasonId = useId();
  const eligibilityCard = <EligibilityCard eligibility={eligibility} reasonId={reasonId} onSeeLoans={onSeeLoans} />;
  if (types.isPending)
    return (
      <div className="flex flex-col gap-3">
        {eligibilityCard}
        <CardListSkeleton label="Loading loan types" />
      </div>
    );
  if (types.isError)
    return (
      <QueryError
        error={types.error}
        onRetry={() => void types.refetch()}
        title="We couldn't load the loan types"
        describe={loanErrorText}
      />
    );
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
      {eligibilityCard}
      {hasOpenLoan && !eligibility.data ? (
        <p role="note" className="rounded-2xl bg-accent-400/15 p-4 text-sm">
          You have a loan open. Repay it before you apply for another.
        </p>
      ) : null}
      <ul className="flex flex-col gap-3">
        {types.data.map((t) => {
          const availability = availabilityFor(t, eligibility, reasonId);
          return (
            <li key={t.id}>
              <LoanTypeCard
                type={t}
                availability={availability}
                onApply={() => onApply(t, availability.state === 'yes' ? availability.max : t.maxAmount)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MyLoans({ onRepay, onBrowse }: { onRepay: (l: Loan) => void; onBrowse: () => void }) {
  const loans = useMyLoans();
  if (loans.isPending) return <CardListSkeleton label="Loading your loans" />;
  if (loans.isError)
    return (
      <QueryError error={loans.error} onRetry={() => void loans.refetch()} title="We couldn't load your loans" describe={loanErrorText} />
    );
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
  const [applying, setApplying] = useState<{ type: LoanType; max: number } | null>(null);
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
        {tab === 'types' ? (
          <LoanTypes onApply={(type, max) => setApplying({ type, max })} hasOpenLoan={hasOpenLoan} onSeeLoans={() => setTab('mine')} />
        ) : (
          <MyLoans onRepay={setRepaying} onBrowse={() => setTab('types')} />
        )}
      </section>
      <ApplyDialog type={applying?.type ?? null} max={applying?.max} onClose={closeApply} onApproved={approved} />
      <RepayDialog loan={repaying} onClose={closeRepay} />
    </>
  );
}
