import type { MoneyRequest } from '@owo/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@web/ui/Badge';
import { Card } from '@web/ui/Card';
import { MoneyText } from '@web/ui/MoneyText';
import { KIND_LABELS, when } from '../ui';

const STATUS_TONE = { pending: 'warning', approved: 'brand', rejected: 'danger' } as const;

/** One money request: what, for whom, why, and who asked and decided. */
export function MoneyRequestCard({ r, compact = false, actions }: { r: MoneyRequest; compact?: boolean; actions?: ReactNode }) {
  return (
    <Card className={compact ? 'bg-surface-2 p-3 shadow-none' : ''} aria-label={`${KIND_LABELS[r.kind]} ${r.reference}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {KIND_LABELS[r.kind]} <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
        </p>
        <MoneyText kobo={r.amount} className="text-lg font-bold" />
      </div>
      {!compact ? (
        <p className="mt-1 text-sm">
          For{' '}
          <Link className="font-medium text-brand-fg underline-offset-2 hover:underline" to={`/customers/${r.customer.id}`}>
            {r.customer.name}
          </Link>
          {r.targetReference ? (
            <>
              {' '}
              · payment <span className="font-mono">{r.targetReference}</span>
            </>
          ) : null}
        </p>
      ) : r.targetReference ? (
        <p className="mt-1 font-mono text-xs text-muted">{r.targetReference}</p>
      ) : null}
      <p className="mt-2 text-[15px]">“{r.reason}”</p>
      <p className="mt-2 text-xs text-muted">
        Asked by {r.requestedBy.name}, {when(r.requestedAt)}
        {r.decidedBy ? (
          <>
            {' '}
            · {r.status} by {r.decidedBy.name}, {when(r.decidedAt)}
          </>
        ) : null}
      </p>
      {r.rejectionReason ? <p className="mt-1 text-sm text-danger-fg">Rejected: {r.rejectionReason}</p> : null}
      {actions ? <div className="mt-3 flex flex-wrap items-center gap-2">{actions}</div> : null}
    </Card>
  );
}
