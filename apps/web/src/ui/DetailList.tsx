import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A bordered label/value list (summaries, previews and receipts). */
export function DetailList({ children, className, label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <dl aria-label={label} className={cn('divide-y divide-line rounded-2xl border border-line px-4', className)}>
      {children}
    </dl>
  );
}

export function DetailRow({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd
        className={
          strong ? 'text-right text-base font-bold tabular-nums' : 'min-w-0 text-right text-sm font-medium break-words tabular-nums'
        }
      >
        {children}
      </dd>
    </div>
  );
}
