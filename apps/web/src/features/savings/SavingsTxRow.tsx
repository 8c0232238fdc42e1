import type { HistoryItem } from '@owo/contracts';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { StatusBadge } from '../../ui/StatusBadge';
import { receiptPath } from '../wallet';

/**
 * One movement of a target, seen from the target: money leaving the wallet for it is "+", money
 * going back to the wallet is "-". Links to the receipt like the history rows.
 */
export function SavingsTxRow({ item }: { item: HistoryItem }) {
  const into = item.direction === 'debit';
  const amount = into ? item.amount : -item.amount;
  const title = item.narration || (into ? 'Top-up' : 'Withdrawal');
  const Icon = into ? ArrowDownLeft : ArrowUpRight;
  const muted = item.status === 'reversed' || item.status === 'failed';
  return (
    <Link
      to={receiptPath(item.reference)}
      state={{ receipt: item }}
      className="flex min-h-16 w-full items-center gap-3 px-4 py-3 transition-colors hover:bg-surface-2"
    >
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-2xl',
          into ? 'bg-brand-soft text-brand-fg' : 'bg-surface-2 text-fg',
        )}
        aria-hidden="true"
      >
        <Icon className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col text-left">
        <span className="truncate font-semibold text-fg">{title}</span>
        <span className="truncate text-sm text-muted">
          {into ? 'From wallet' : 'To wallet'} · {formatLagosDate(item.createdAt, 'recent')}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className={cn('font-semibold tabular-nums', muted ? 'text-subtle line-through' : into ? 'text-brand-fg' : 'text-fg')}>
          {formatNaira(amount, { sign: true })}
        </span>
        {item.status !== 'successful' ? <StatusBadge status={item.status} /> : null}
      </span>
    </Link>
  );
}
