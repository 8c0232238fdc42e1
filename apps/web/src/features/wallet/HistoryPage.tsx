import type { HistoryItem, TxStatus, TxType } from '@owo/contracts';
import { lagosDayBounds } from '@owo/contracts/format';
import { CloudOff, ReceiptText, SlidersHorizontal } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { HistoryFilters } from '../../api/transaction';
import { QueryError } from '../../ui/QueryError';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { DateField } from '../../ui/DateField';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { SelectField } from '../../ui/Select';
import { useHistory } from './queries';
import { ReceiptSheet } from './ReceiptSheet';
import { TransactionRow, TransactionRowSkeleton } from './TransactionRow';
import { TX_STATUS_LABELS, TX_TYPE_LABELS } from '../../lib/transactions';
import { UpdatedAt } from '../../lib/offline/freshness';

interface FilterForm {
  type: '' | TxType;
  direction: '' | 'debit' | 'credit';
  status: '' | TxStatus;
  from: string;
  to: string;
}
const EMPTY: FilterForm = { type: '', direction: '', status: '', from: '', to: '' };

function toFilters(f: FilterForm): HistoryFilters {
  const out: HistoryFilters = {};
  if (f.type) out.type = f.type;
  if (f.direction) out.direction = f.direction;
  if (f.status) out.status = f.status;
  // Days are Lagos days, as the app shows every time.
  const from = lagosDayBounds(f.from)?.start;
  const to = lagosDayBounds(f.to)?.end;
  if (from) out.from = from;
  if (to) out.to = to;
  return out;
}

export default function HistoryPage() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [showFilters, setShowFilters] = useState(true);
  const rangeError = form.from && form.to && form.from > form.to ? '“From” must be on or before “To”.' : undefined;
  const filters = useMemo(() => toFilters(rangeError ? { ...form, from: '', to: '' } : form), [form, rangeError]);
  const history = useHistory(filters);
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  const filtered = JSON.stringify(form) !== JSON.stringify(EMPTY);
  // /history/:reference opens that receipt (from the loaded list, or the row that linked here).
  const { reference } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const linked = (location.state as { receipt?: HistoryItem } | null)?.receipt;
  const selected = reference ? (items.find((i) => i.reference === reference) ?? (linked?.reference === reference ? linked : null)) : null;
  const closeReceipt = useCallback(() => void navigate('/history'), [navigate]);
  const set = <K extends keyof FilterForm>(key: K, value: FilterForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <>
      <PageHeader
        title="History"
        back="/"
        backLabel="Back to home"
        action={
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showFilters}
            aria-controls="history-filters"
            icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            onClick={() => setShowFilters((s) => !s)}
          >
            Filters
          </Button>
        }
      />

      {showFilters ? (
        <Card id="history-filters" className="mb-4 flex flex-col gap-3" role="group" aria-label="Filters">
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Type" value={form.type} onChange={(e) => set('type', e.target.value as FilterForm['type'])}>
              <option value="">All types</option>
              {(Object.keys(TX_TYPE_LABELS) as TxType[]).map((t) => (
                <option key={t} value={t}>
                  {TX_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Direction"
              value={form.direction}
              onChange={(e) => set('direction', e.target.value as FilterForm['direction'])}
            >
              <option value="">All</option>
              <option value="credit">Money in</option>
              <option value="debit">Money out</option>
            </SelectField>
          </div>
          <SelectField label="Status" value={form.status} onChange={(e) => set('status', e.target.value as FilterForm['status'])}>
            <option value="">All statuses</option>
            {(Object.keys(TX_STATUS_LABELS) as TxStatus[]).map((s) => (
              <option key={s} value={s}>
                {TX_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <div className="grid grid-cols-2 gap-3">
            <DateField label="From" value={form.from} max={form.to || undefined} onChange={(v) => set('from', v)} error={rangeError} />
            <DateField label="To" value={form.to} min={form.from || undefined} onChange={(v) => set('to', v)} />
          </div>
          {filtered ? (
            <Button variant="ghost" size="sm" className="self-start" onClick={() => setForm(EMPTY)}>
              Clear filters
            </Button>
          ) : null}
        </Card>
      ) : null}

      {history.isPending && history.fetchStatus === 'paused' ? (
        <Card>
          <EmptyState
            icon={<CloudOff className="size-9" strokeWidth={1.8} />}
            title="You're offline"
            action={
              <Button variant="outline" block onClick={() => void history.refetch()}>
                Try again
              </Button>
            }
          >
            {filtered
              ? 'Filtered history needs a connection. Clear the filters to see your saved transactions.'
              : 'Your transactions will load when you are back online.'}
          </EmptyState>
        </Card>
      ) : history.isPending ? (
        <Card padded={false} className="divide-y divide-line overflow-hidden" aria-busy="true" aria-label="Loading transactions">
          {Array.from({ length: 6 }, (_, i) => (
            <TransactionRowSkeleton key={i} />
          ))}
        </Card>
      ) : history.isError && !history.data ? (
        <QueryError error={history.error} onRetry={() => void history.refetch()} title="We couldn't load your transactions" />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ReceiptText className="size-9" strokeWidth={1.8} />}
            title={filtered ? 'No matching transactions' : 'No transactions yet'}
          >
            {filtered ? 'Try other filters or clear them.' : 'Money you add, send or receive will show up here.'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-1">
            <p className="text-sm text-muted" aria-live="polite">
              Showing {items.length} of {total} transaction{total === 1 ? '' : 's'}
            </p>
            <UpdatedAt query={history} />
          </div>
          <Card padded={false} className="overflow-hidden">
            <ul className="divide-y divide-line">
              {items.map((item) => (
                <li key={item.reference}>
                  <TransactionRow item={item} />
                </li>
              ))}
            </ul>
          </Card>
          <LoadMore pages={history} />
        </>
      )}

      <ReceiptSheet item={selected} onClose={closeReceipt} />
    </>
  );
}
