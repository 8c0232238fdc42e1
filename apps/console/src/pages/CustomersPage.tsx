import { zodResolver } from '@hookform/resolvers/zod';
import { customerSearchQuery } from '@owo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronRight, Search, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { call } from '../api';
import { fieldErrorText } from '../forms';
import { Loaded, PageTitle, Pager, when } from '../ui';

const LIMIT = 20;
/** The search box, checked as the server checks it. */
const searchForm = customerSearchQuery.pick({ q: true });
const MATCHED: Record<string, string> = {
  phone: 'Phone',
  email: 'Email',
  name: 'Name',
  accountNumber: 'Account number',
  reference: 'Transaction',
};

/** Find a customer by phone, email, name, account number or transaction reference. */
export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const form = useForm({ resolver: zodResolver(searchForm), defaultValues: { q } });
  const results = useQuery({
    queryKey: ['customers', q, page],
    queryFn: async ({ signal }) => call('GET /api/staff/customers', { query: { q, page, limit: LIMIT }, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
  const submit = form.handleSubmit((v) => setParams({ q: v.q }));
  return (
    <>
      <PageTitle title="Customers">Every search and every record you open is recorded in the audit log.</PageTitle>
      <form onSubmit={submit} role="search" className="mb-6 flex items-end gap-2" noValidate>
        <div className="flex-1">
          <Field
            label="Phone, email, name, account number or transaction reference"
            placeholder="e.g. 0803 123 4567"
            enterKeyHint="search"
            error={fieldErrorText(form, 'q')}
            {...form.register('q')}
          />
        </div>
        <Button type="submit" icon={<Search className="size-5" aria-hidden="true" />}>
          Search
        </Button>
      </form>
      {q.trim().length < 2 ? (
        <EmptyState icon={<Search className="size-9" />} title="Find a customer">
          Type at least 2 characters: a phone number in any usual form, an email, part of a name, a 10-digit account number or a transaction
          reference.
        </EmptyState>
      ) : (
        <Loaded query={results} label="Searching">
          {(r) =>
            r.data.length === 0 ? (
              <EmptyState icon={<UserRound className="size-9" />} title="No customer matches">
                Nobody matches “{q}”. Check the number or try part of the name.
              </EmptyState>
            ) : (
              <>
                <p className="mb-3 text-sm text-muted" aria-live="polite">
                  {r.pagination?.total ?? r.data.length} found
                </p>
                <ul className="flex flex-col gap-2" aria-label="Customers found">
                  {r.data.map((c) => (
                    <li key={c.id}>
                      <Link to={`/customers/${c.id}`} className="block rounded-3xl focus-visible:outline-2">
                        <Card className="flex items-center gap-3 transition-colors hover:bg-surface-2">
                          <div className="min-w-0 flex-1">
                            <p className="flex flex-wrap items-center gap-2 font-semibold">
                              {c.firstName} {c.lastName}
                              {c.nickName ? <span className="font-normal text-muted">@{c.nickName}</span> : null}
                              <Badge tone="brand">{MATCHED[c.matchedBy]}</Badge>
                            </p>
                            <p className="truncate text-sm text-muted">
                              {c.phoneNumber} · {c.email}
                            </p>
                            <p className="text-xs text-subtle">Joined {when(c.createdAt)}</p>
                          </div>
                          <ChevronRight className="size-5 shrink-0 text-subtle" aria-hidden="true" />
                        </Card>
                      </Link>
                    </li>
                  ))}
                </ul>
                <Pager
                  label="Result pages"
                  page={page}
                  limit={LIMIT}
                  total={r.pagination?.total ?? 0}
                  onPage={(p) => setParams({ q, page: String(p) })}
                />
              </>
            )
          }
        </Loaded>
      )}
    </>
  );
}
