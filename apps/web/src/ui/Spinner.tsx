import { cn } from '../lib/cn';
import { Card } from './Card';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className={cn('inline-flex', className)}>
      <svg className="size-5 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-lg bg-surface-2', className)} />;
}

/** Cards standing in for a list that is loading (announced by its label). */
export function CardListSkeleton({ label, cards = 2 }: { label: string; cards?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-2.5 w-full" />
          <Skeleton className="h-4 w-52" />
        </Card>
      ))}
    </div>
  );
}

/** Full-area loading state with an accessible label. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-brand-fg">
      <Spinner className="scale-150" label={label} />
    </div>
  );
}
