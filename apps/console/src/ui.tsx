import { formatLagosDate } from '@owo/contracts/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { CloudOff, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/ui/Button';
import { EmptyState } from '@web/ui/EmptyState';
import { CardListSkeleton } from '@web/ui/Spinner';
import { messageOf } from './api';

// The console's own small pieces; the primitives (buttons, fields, cards...) are the customer app's.

export function PageTitle({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children ? <p className="mt-1 text-[15px] text-muted">{children}</p> : null}
      </div>
      {actions}
    </header>
  );
}

export function ErrorState({ error, onRetry, title = 'This did not load' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <EmptyState
      icon={<CloudOff className="size-9" />}
      title={title}
      tone="danger"
      action={
        onRetry ? (
          <Button variant="outline" block onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {messageOf(error)}
    </EmptyState>
  );
}

/** A query's loading and error states; `children` renders its data. */
export function Loaded<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <CardListSkeleton label={label} cards={3} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/**
 * A queue page's list (disputes, reported posts, Tier 3 requests): its loading and error states, the
 * empty state, the items, and the pager.
 */
export function QueueList<T>({
  query,
  label,
  empty,
  pagerLabel,
  page,
  limit,
  onPage,
  children,
}: {
  query: UseQueryResult<{ data: T[]; pagination?: { total: number } }>;
  label: string;
  empty: ReactNode;
  pagerLabel: string;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  return (
    <Loaded query={query} label={label}>
      {(r) =>
        r.data.length === 0 ? (
          empty
        ) : (
          <div className="mt-4 flex flex-col gap-4">
            {r.data.map(children)}
            <Pager label={pagerLabel} page={page} limit={limit} total={r.pagination?.total ?? 0} onPage={onPage} />
          </div>
        )
      }
    </Loaded>
  );
}

export function Pager({
  page,
  total,
  limit,
  onPage,
  label,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const last = Math.max(1, Math.ceil(total / limit));
  if (last <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted">
        Page {page} of {last}
      </span>
      <Button variant="outline" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

export const when = (iso: string | null | undefined) => (iso ? formatLagosDate(iso, 'dayMonthTime') : '—');

/** Naira as typed ("1,500" or "1500.50") in kobo, or null when it is not an amount. */
export function parseNaira(typed: string): number | null {
  const s = typed.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const ROLE_LABELS: Record<string, string> = {
  support: 'Support',
  compliance: 'Compliance',
  moderator: 'Moderator',
  finance: 'Finance',
  admin: 'Admin',
};

export const KIND_LABELS: Record<string, string> = {
  credit: 'Manual credit',
  refund: 'Refund',
  reversal: 'Reversal',
  dispute: 'Dispute decision',
};

/** A short notice under an action that worked (announced politely). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-2xl bg-brand-soft px-4 py-3 text-sm font-medium text-brand-fg">
      {children}
    </p>
  );
}

/** The console's name and mark, at the top of the side bar and of the sign-in screens. */
export function Brand({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center gap-2 text-lg font-bold ${className}`}>
      <ShieldCheck className="size-6 text-brand-fg" aria-hidden="true" /> Owo console
    </div>
  );
}
