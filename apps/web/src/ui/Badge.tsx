import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type BadgeTone = 'brand' | 'neutral' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-soft text-brand-fg',
  neutral: 'bg-surface-2 text-muted',
  warning: 'bg-accent-400/20 text-[#8a5a00] dark:text-accent-300',
  danger: 'bg-danger-soft text-danger-fg',
};

/** A small status pill. */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-semibold tracking-wide whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
