import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { BadgeCheck, CircleAlert, Hourglass, MapPin, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { KycStatus } from '../../api/kyc';
import { Badge } from '../../ui/Badge';
import { buttonClasses } from '../../ui/Button';
import { cn } from '../../lib/cn';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { ProgressBar } from '../../ui/ProgressBar';
import { QueryError } from '../../ui/QueryError';
import { CardListSkeleton } from '../../ui/Spinner';
import { useHeldCredits, useKycStatus } from './queries';

const cap = (kobo: number | null) => (kobo === null ? 'No cap' : formatNaira(kobo, { trimZeroKobo: true }));

function Check({
  icon,
  title,
  detail,
  done,
  doneLabel = 'Verified',
  to,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  done: boolean;
  doneLabel?: string;
  to: string;
  action: string;
}) {
  return (
    <li className="flex items-center gap-3 px-4 py-3.5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand-fg">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm leading-snug text-pretty break-words text-muted">{detail}</span>
      </span>
      {done ? (
        <Badge tone="brand" className="shrink-0">
          {doneLabel}
        </Badge>
      ) : (
        <Link to={to} className={cn(buttonClasses({ size: 'sm', variant: 'secondary' }), 'shrink-0')}>
          {action}
        </Link>
      )}
    </li>
  );
}

function TodayCard({ s }: { s: KycStatus }) {
  const used = s.limits.dailyOut === 0 ? 1 : s.usedToday / s.limits.dailyOut;
  return (
    <Card className="mb-4">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold tracking-tight">Tier {s.tier}</h2>
        <Badge tone={s.tier === 3 ? 'brand' : s.tier === 2 ? 'neutral' : 'warning'}>
          {s.tier === 1 ? 'Basic' : s.tier === 2 ? 'Verified' : 'Full'}
        </Badge>
      </div>
      <p className="mb-4 text-sm text-muted">Money you can send today (Lagos time), fees included.</p>
      <ProgressBar value={used} label="Used of today’s limit" className="mb-2" />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">Used today</dt>
          <dd className="font-semibold tabular-nums">{formatNaira(s.usedToday)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-muted">Left today</dt>
          <dd className="font-semibold tabular-nums">{formatNaira(s.leftToday)}</dd>
        </div>
      </dl>
      {s.newDeviceLimit !== null ? (
        <p className="mt-3 text-sm text-muted">
          A new device signed in lately: for its first day, up to {formatNaira(s.newDeviceLimit)} a day can leave.
        </p>
      ) : null}
      {s.nextStep ? <p className="mt-3 text-sm font-medium text-brand-fg">{s.nextStep}</p> : null}
    </Card>
  );
}

function TiersTable({ s }: { s: KycStatus }) {
  return (
    <Card padded={false} className="mb-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-semibold">What each tier allows</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Tier
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Per deposit
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Balance
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Out a day
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {s.tiers.map((t) => (
            <tr
              key={t.tier}
              className={t.tier === s.tier ? 'bg-brand-soft/60 font-semibold' : undefined}
              aria-current={t.tier === s.tier ? 'true' : undefined}
            >
              <th scope="row" className="px-4 py-2.5 font-semibold">
                {t.tier}
              </th>
              <td className="px-2 py-2.5 tabular-nums">{cap(t.perDeposit)}</td>
              <td className="px-2 py-2.5 tabular-nums">{cap(t.balanceCap)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{cap(t.dailyOut)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function HeldCredits({ s }: { s: KycStatus }) {
  const held = useHeldCredits(s.held.count > 0);
  if (s.held.count === 0) return null;
  return (
    <Card className="mb-4 border-accent-400/50">
      <h2 className="mb-1 flex items-center gap-2 font-bold">
        <Hourglass className="size-5" aria-hidden /> Verify to receive {formatNaira(s.held.total)}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {s.held.count === 1 ? 'A payment is' : `${s.held.count} payments are`} over your tier’s limits. They reach your wallet the moment
        you upgrade, or go back to the sender on the date shown.
      </p>
      {held.isPending ? (
        <CardListSkeleton label="Loading held payments" cards={1} />
      ) : held.isError ? (
        <QueryError error={held.error} onRetry={() => void held.refetch()} title="We couldn't load your held payments" />
      ) : (
        <ul className="divide-y divide-line text-sm">
          {held.data
            .filter((h) => h.status === 'held')
            .map((h) => (
              <li key={h.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{h.from}</span>
                  <span className="block text-muted">Returns {formatLagosDate(h.returnsAt, 'date')}</span>
                </span>
                <span className="font-semibold tabular-nums">{formatNaira(h.amount)}</span>
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}

export default function LimitsPage() {
  const status = useKycStatus();
  const s = status.data;
  return (
    <>
      <PageHeader title="Limits and verification" back="/account" backLabel="Back to account" />
      {status.isPending ? (
        <CardListSkeleton label="Loading your limits" cards={3} />
      ) : !s ? (
        <QueryError error={status.error} onRetry={() => void status.refetch()} title="We couldn't load your limits" />
      ) : (
        <>
          {s.restriction ? (
            <div className="mb-4">
              <FormAlert message={`${s.restriction.reason} ${s.restriction.howToLift}`} />
            </div>
          ) : s.verifyBy ? (
            <p className="mb-4 flex items-start gap-2 rounded-2xl bg-accent-400/15 px-4 py-3 text-sm">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> Verify your BVN or NIN by {formatLagosDate(s.verifyBy, 'date')}{' '}
              to keep sending money.
            </p>
          ) : null}
          <TodayCard s={s} />
          <HeldCredits s={s} />
          <h2 className="mb-2 px-1 text-xs font-semibold tracking-[0.14em] text-subtle uppercase">Your checks</h2>
          <Card padded={false} className="mb-4 overflow-hidden">
            <ul className="divide-y divide-line">
              <Check
                icon={<ShieldCheck className="size-5" />}
                title="BVN"
                detail={s.bvn.masked ?? 'Bank Verification Number'}
                done={s.bvn.status === 'verified'}
                to="/account/limits/bvn"
                action="Verify BVN"
              />
              <Check
                icon={<ShieldCheck className="size-5" />}
                title="NIN"
                detail={s.nin.masked ?? 'National Identification Number'}
                done={s.nin.status === 'verified'}
                to="/account/limits/nin"
                action="Verify NIN"
              />
              <Check
                icon={<MapPin className="size-5" />}
                title="Home address"
                detail={s.address ? `${s.address.line1}, ${s.address.city}` : 'Where you live'}
                done={s.address !== null}
                doneLabel="Added"
                to="/account/limits/address"
                action="Add address"
              />
              <Check
                icon={<BadgeCheck className="size-5" />}
                title="Tier 3"
                detail={
                  s.tier3 === 'pending'
                    ? 'Your documents are being reviewed'
                    : s.tier3 === 'rejected'
                      ? `Not approved: ${s.tier3Reason ?? 'upload again'}`
                      : 'An ID and a proof of address'
                }
                done={s.tier3 === 'approved'}
                doneLabel="Approved"
                to="/account/limits/tier3"
                action={s.tier3 === 'pending' ? 'In review' : 'Upgrade'}
              />
            </ul>
          </Card>
          <TiersTable s={s} />
        </>
      )}
    </>
  );
}
