import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** Inner padding (default true); lists that run edge to edge turn it off. */
  padded?: boolean;
}

export function Card({ className, padded = true, ...rest }: CardProps) {
  return (
    <div className={cn('rounded-3xl border border-line bg-surface shadow-sm shadow-black/[0.03]', padded && 'p-5', className)} {...rest} />
  );
}
