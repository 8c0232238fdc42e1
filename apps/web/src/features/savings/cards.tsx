import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ChevronRight, Lock, Repeat, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { type LockedFund, type SavingsTarget, savingsApi } from '../../api/savings';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ProgressBar } from '../../ui/ProgressBar';
import { toastError } from '../../lib/errors';
import { useAttemptKey } from '../../lib/use-attempt-key';
import { FREQUENCY_WORDS } from './format';
import { invalidateSavings } from './queries';

export const targetPath = (id: string) => `/savings/targets/${encodeURIComponent(id)}`;

/** "Automatic saving on 3 Dec failed: Not enough money in your wallet", or null. */
export function lastRunWarning(target: SavingsTarget): string | null {
  const run = target.lastRun;
  if (!run || run.status !== 'failed') return null;
  return `Automatic saving on ${formatLagosDate(run.scheduledFor, 'dayMonth')} failed${run.reason ? `: ${run.reason}` : ''}`;
}

export function autoSaveText(target: SavingsTarget): string | null {
  if (!target.autoSave || target.status !== 'active') return null;
  return `${formatNaira(target.autoSave.amount)} ${FREQUENCY_WORDS[target.autoSave.frequency]} · next ${formatLagosDate(target.autoSave.nextRunAt, 'dayMonth')}`;
}

/** Progress, dates, automatic saving and a failed-run warning of one target. */
export function TargetSummary({ target }: { target: SavingsTarget }) {
  const warning = lastRunWarning(target);
  const auto = autoSaveText(target);
  return (
    <div className="flex flex-col gap-3">
      <ProgressBar value={target.progress / 100} label={`${target.name} progress`} className="h-2.5" />
      <p className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-muted">
          <span className="font-semibold text-fg tabular-nums">{formatNaira(target.savedAmount)}</span> of{' '}
          {formatNaira(target.targetAmount)}
        </span>
        <span className="font-semibold text-brand-fg tabular-nums">{Math.round(target.progress)}%</span>
      </p>
      <ul className="flex flex-col gap-1.5 text-sm text-muted">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          Target date {formatLagosDate(target.targetDate)}
        </li>
        {auto ? (
          <li className="flex items-center gap-2">
            <Repeat className="size-4 shrink-0" aria-hidden="true" />
            Saves {auto}
          </li>
        ) : null}
      </ul>
      {warning ? (
        <p role="note" className="flex gap-2 rounded-xl bg-accent-400/15 px-3 py-2 text-sm text-[#8a5a00] dark:text-accent-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      ) : null}
    </div>
  );
}

export function TargetCard({ target }: { target: SavingsTarget }) {
  const id = useId();
  const closed = target.status !== 'active';
  return (
    <Card className={closed ? 'opacity-75' : undefined}>
      <div className="mb-3 flex items-center gap-2">
        <h3 id={id} className="min-w-0 flex-1 truncate text-base font-bold tracking-tight">
          <Link to={targetPath(target.id)} className="hover:underline">
            {target.name}
          </Link>
        </h3>
        {closed ? <Badge>Closed</Badge> : target.progress >= 100 ? <Badge tone="brand">Reached</Badge> : null}
        <ChevronRight className="size-5 text-subtle" aria-hidden="true" />
      </div>
      <TargetSummary target={target} />
    </Card>
  );
}

export function LockedFundCard({ fund }: { fund: LockedFund }) {
  const queryClient = useQueryClient();
  const id = useId();
  const matured = new Date(fund.maturityDate).getTime() <= Date.now();
  // One Idempotency-Key per payout: a tap again after a lost connection reuses it and gets the
  // first answer, so the fund is never paid twice.
  const attempt = useAttemptKey();
  const withdraw = useMutation({
    mutationFn: () => savingsApi.withdrawLocked(fund.id, attempt.keyFor({ id: fund.id })),
    onSuccess: (res) => {
      attempt.done();
      void invalidateSavings(queryClient);
      toast.success(res.message || 'Paid into your wallet');
    },
    onError: toastError,
  });
  const paid = fund.status === 'paid';
  return (
    <Card className={paid ? 'opacity-75' : undefined} aria-labelledby={id} role="group">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-brand-soft text-brand-fg" aria-hidden="true">
          <Lock className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={id} className="truncate text-base font-bold tracking-tight">
            {fund.title}
          </h3>
          <p className="text-2xl font-bold tracking-tight tabular-nums">{formatNaira(fund.amount)}</p>
        </div>
        <Badge tone={paid ? 'neutral' : matured ? 'brand' : 'warning'}>{paid ? 'Paid out' : matured ? 'Matured' : 'Locked'}</Badge>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">{paid ? 'Matured on' : 'Matures on'}</dt>
          <dd className="mt-0.5 font-semibold">{formatLagosDate(fund.maturityDate)}</dd>
        </div>
        <div className="rounded-2xl bg-surface-2 p-3">
          <dt className="text-xs text-muted">Interest rate</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{fund.interestRate}% a year</dd>
        </div>
        <div className="col-span-2 flex items-baseline justify-between gap-3 rounded-2xl bg-brand-soft/60 px-3 py-2.5">
          <dt className="text-xs text-muted">{paid ? 'Paid out' : 'Payout at maturity'}</dt>
          <dd className="font-bold text-brand-fg tabular-nums">{formatNaira(fund.payout)}</dd>
        </div>
      </dl>
      {paid ? null : (
        <Button
          variant={matured ? 'primary' : 'outline'}
          size="sm"
          block
          className="mt-4"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate()}
          aria-describedby={id}
        >
          Withdraw
        </Button>
      )}
    </Card>
  );
}
