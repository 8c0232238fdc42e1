import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  /** Heading level: pages whose main state this is use 1. */
  level?: 1 | 2;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  tone?: 'neutral' | 'danger';
}

export function EmptyState({ icon, title, level = 2, children, action, className, tone = 'neutral' }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={cn('flex flex-col items-center px-6 py-10 text-center', className)} role={tone === 'danger' ? 'alert' : undefined}>
      {icon ? (
        <div
          className={cn(
            'mb-5 flex size-20 items-center justify-center rounded-[28px]',
            tone === 'danger' ? 'bg-danger-soft text-danger-fg' : 'bg-brand-soft text-brand-fg',
          )}
          aria-hidden="true"
        >
          {icon}
        </div>
      ) : null}
      <Heading className={cn('font-bold tracking-tight text-fg', level === 1 ? 'text-2xl' : 'text-lg')}>{title}</Heading>
      {children ? <div className="mt-2 max-w-xs text-[15px] leading-relaxed text-muted">{children}</div> : null}
      {action ? <div className="mt-6 w-full max-w-xs">{action}</div> : null}
    </div>
  );
}
