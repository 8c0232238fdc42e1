import { zodResolver } from '@hookform/resolvers/zod';
import { AUDIT_KINDS, auditQuery, type AuditEntry } from '@owo/contracts';
import { formatNaira } from '@owo/contracts/format';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { ScrollText, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { SelectField } from '@web/ui/Select';
import { call, messageOf } from '../api';
import { fieldErrorText } from '../forms';
import { ErrorState, PageTitle, when } from '../ui';
import { CardListSkeleton } from '@web/ui/Spinner';

/**
 * The filter's form (an empty box is no filter), checked by the contracts' query schema: people by
 * name or email (the customer also by phone), never by their ids.
 */
const filterForm = z
  .object({ kind: z.string(), customer: z.string(), staff: z.string() })
  .transform((v) => ({
    ...(v.kind ? { kind: v.kind } : {}),
    ...(v.customer.trim() ? { customer: v.customer.trim() } : {}),
    ...(v.staff.trim() ? { staff: v.staff.trim() } : {}),
  }))
  .pipe(auditQuery.pick({ kind: true, customer: true, staff: true }));
type Filter = z.output<typeof filterForm>;

/** Details kept in kobo (money requests, dispute shares): shown in naira. */
const KOBO_KEYS = new Set(['amount', 'shopper', 'seller']);
const DETAIL_LABELS: Record<string, string> = { q: 'searched for', found: 'found', documentId: 'document' };

const detailText = (d: AuditEntry['detail']) =>
  Object.entries(d)
    .map(([k, v]) => {
      const value = KOBO_KEYS.has(k) && typeof v === 'number' ? formatNaira(v) : typeof v === 'string' ? v : JSON.stringify(v);
      return `${DETAIL_LABELS[k] ?? k}: ${value}`;
    })
    .join(' · ');

function Verify() {
  const verify = useMutation({ mutationFn: async () => (await call('GET /api/staff/audit/verify')).data });
  const v = verify.data;
  return (
    <Card className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold">The log’s hash chain</h2>
          <p className="text-sm text-muted">Each entry carries the hash of the one before: a changed or removed entry is found.</p>
        </div>
        <Button variant="secondary" loading={verify.isPending} onClick={() => verify.mutate()}>
          Verify the chain
        </Button>
      </div>
      <FormAlert message={verify.error ? messageOf(verify.error) : null} />
      {v ? (
        v.ok ? (
          <p role="status" className="flex items-start gap-2 text-sm text-brand-fg">
            <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
            <span>
              The chain holds: {v.checked} entries checked. Head: entry {v.head?.seq ?? 0}
              {v.head ? (
                <>
                  , hash <span className="font-mono break-all">{v.head.hash}</span>
                </>
              ) : null}
              .
            </span>
          </p>
        ) : (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-danger-fg">
            <ShieldAlert className="size-5 shrink-0" aria-hidden="true" /> Broken at entry {v.brokenAt}: {v.problem}
          </p>
        )
      ) : null}
    </Card>
  );
}

/** The audit log, newest first, by staff member, customer or kind, and its chain's check. */
export function AuditPage() {
  const [filter, setFilter] = useState<Filter>({});
  const form = useForm({ resolver: zodResolver(filterForm), defaultValues: { kind: '', customer: '', staff: '' } });
  const log = useInfiniteQuery({
    queryKey: ['audit', filter],
    queryFn: async ({ pageParam, signal }) =>
      (
        await call('GET /api/staff/audit', {
          query: {
            limit: 50,
            ...(filter.kind ? { kind: filter.kind } : {}),
            ...(filter.customer ? { customer: filter.customer } : {}),
            ...(filter.staff ? { staff: filter.staff } : {}),
            ...(pageParam ? { before: pageParam } : {}),
          },
          signal,
        })
      ).data,
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const submit = form.handleSubmit(setFilter);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <>
      <PageTitle title="Audit log">Every staff action and every view of a customer’s record, in the order they happened.</PageTitle>
      <Verify />
      <form onSubmit={submit} className="mb-4 grid gap-3 md:grid-cols-4 md:items-end" noValidate>
        <SelectField label="Kind" {...form.register('kind')}>
          <option value="">Any kind</option>
          {AUDIT_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
        <Field
          label="Customer"
          placeholder="Name, email or phone"
          autoComplete="off"
          error={fieldErrorText(form, 'customer')}
          {...form.register('customer')}
        />
        <Field
          label="Staff member"
          placeholder="Name or email"
          autoComplete="off"
          error={fieldErrorText(form, 'staff')}
          {...form.register('staff')}
        />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </form>
      {log.isPending ? (
        <CardListSkeleton label="Loading the audit log" cards={3} />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText className="size-9" />} title="No entries match" />
      ) : (
        <>
          <ol className="flex flex-col gap-2" aria-label="Audit entries">
            {entries.map((e) => (
              <li key={e.seq}>
                <Card className="p-3">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-mono text-xs text-subtle">#{e.seq}</span>
                    <Badge tone={e.kind.startsWith('money') ? 'warning' : e.kind.includes('failed') ? 'danger' : 'neutral'}>{e.kind}</Badge>
                    <span className="font-medium">{e.staff?.name ?? 'The command line'}</span>
                    <span className="text-muted">{when(e.at)}</span>
                  </p>
                  {e.customer ? (
                    <p className="mt-1 text-sm">
                      Customer{' '}
                      <Link className="font-semibold text-brand-fg" to={`/customers/${e.customer.id}`}>
                        {e.customer.name}
                      </Link>
                    </p>
                  ) : null}
                  {Object.keys(e.detail).length > 0 ? <p className="mt-1 text-sm break-words text-muted">{detailText(e.detail)}</p> : null}
                </Card>
              </li>
            ))}
          </ol>
          {log.hasNextPage ? (
            <Button variant="outline" className="mt-4" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              Older entries
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
