import type { TxStatus } from '@owo/contracts';
import { cn } from '../lib/cn';
import { TX_STATUS_LABELS } from '../lib/transactions';

const tones: Record<TxStatus, string> = {
  successful: 'bg-brand-soft text-brand-fg',
  pending: 'bg-accent-400/20 text-[#8a5a00] dark:text-accent-300',
  failed: 'bg-danger-soft text-danger-fg',
  reversed: 'bg-danger-soft text-danger-fg',
};

export function StatusBadge({ status, className }: { status: TxStatus; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide', tones[status], className)}
    >
      {TX_STATUS_LABELS[status]}
    </span>
  );
}
