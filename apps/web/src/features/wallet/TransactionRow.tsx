import type { HistoryItem } from '@owo/contracts';
import { ArrowDownLeft, ArrowUpRight, Building2, CreditCard } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { counterpartyName, signedAmount, txTypeLabel } from '../../lib/transactions';

function TxIcon({ item }: { item: HistoryItem }) {
  const Icon =
    item.type === 'funding'
      ? CreditCard
      : item.type === 'bankTransfer'
        ? Building2
        : item.direction === 'credit'
          ? ArrowDownLeft
          : ArrowUpRight;
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-2xl',
        item.direction === 'credit' ? 'bg-brand-soft text-brand-fg' : 'bg-surface-2 text-fg',
      )}
      aria-hidden="true"
    >
      <Icon className="size-5" />
    </span>
  );
}

export const receiptPath = (reference: string) => `/history/${encodeURIComponent(reference)}`;

/**
 * One history row: counterparty, type and date, signed amount, and a status badge unless successful.
 * A link to /history/:reference (the receipt), carrying the item so the receipt opens at once.
 */
export function TransactionRow({ item }: { item: HistoryItem }) {
  const id = useId();
  const amount = signedAmount(item);
  const muted = item.status === 'reversed' || item.status === 'failed';
  // The amount keeps its own place on the first line (never wrapped or cut); the description
  // (type and time) gets the whole width of the second line and may wrap to two lines.
  const body = (
    <>
      <TxIcon item={item} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
        <span className="flex items-baseline justify-between gap-3">
          <span id={`${id}-name`} className="min-w-0 truncate font-semibold text-fg">
            {counterpartyName(item)}
          </span>
          <span
            className={cn(
              'shrink-0 font-semibold whitespace-nowrap tabular-nums',
              muted ? 'text-subtle line-through' : amount > 0 ? 'text-brand-fg' : 'text-fg',
            )}
          >
            {formatNaira(amount, { sign: true })}
          </span>
        </span>
        <span className="flex items-start justify-between gap-3">
          <span className="line-clamp-2 min-w-0 text-sm text-muted">
            {txTypeLabel(item)} · <span className="whitespace-nowrap">{formatLagosDate(item.createdAt, 'recent')}</span>
          </span>
          {item.status !== 'successful' ? <StatusBadge status={item.status} className="shrink-0" /> : null}
        </span>
      </span>
    </>
  );
  return (
    <Link
      to={receiptPath(item.reference)}
      state={{ receipt: item }}
      className="flex min-h-16 w-full items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-2"
    >
      {body}
    </Link>
  );
}

export function TransactionRowSkeleton() {
  return (
    <div className="flex min-h-16 items-center gap-3 px-4 py-3" aria-hidden="true">
      <span className="size-11 shrink-0 animate-pulse rounded-2xl bg-surface-2" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="h-4 w-2/3 animate-pulse rounded bg-surface-2" />
        <span className="h-3 w-1/3 animate-pulse rounded bg-surface-2" />
      </span>
      <span className="h-4 w-16 animate-pulse rounded bg-surface-2" />
    </div>
  );
}
