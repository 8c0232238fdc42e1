import type { MoneyRequest } from '@owo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@web/ui/Button';
import { EmptyState } from '@web/ui/EmptyState';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { Sheet } from '@web/ui/Sheet';
import { Tabs } from '@web/ui/Tabs';
import { call, messageOf, newKey } from '../api';
import { can, useMe } from '../session';
import { Loaded, Notice, PageTitle, Pager } from '../ui';
import { MoneyRequestCard } from './MoneyRequestCard';

const LIMIT = 20;
const TABS = [
  { id: 'pending', label: 'Waiting' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
] as const;
type Status = (typeof TABS)[number]['id'];

function RejectSheet({ r, onClose, onDone }: { r: MoneyRequest | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [key] = useState(newKey);
  const reject = useMutation({
    mutationFn: async () =>
      call('POST /api/staff/money-requests/:id/reject', { params: { id: r!.id }, body: { reason }, idempotencyKey: key }),
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reject.mutate();
  };
  return (
    <Sheet open={r !== null} onClose={onClose} title="Reject this request" variant="modal">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormAlert message={reject.error ? messageOf(reject.error) : null} />
        <TextAreaField label="Why" hint="The person who asked sees it." value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button type="submit" variant="danger" block loading={reject.isPending}>
          Reject
        </Button>
      </form>
    </Sheet>
  );
}

/** Money with two keys: requests waiting for a finance person's approval, and those decided. */
export function MoneyPage() {
  const me = useMe();
  const queries = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<MoneyRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['money', status, page],
    queryFn: async ({ signal }) => call('GET /api/staff/money-requests', { query: { status, page, limit: LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['money'] });
  const approve = useMutation({
    mutationFn: async (r: MoneyRequest) =>
      (await call('POST /api/staff/money-requests/:id/approve', { params: { id: r.id }, idempotencyKey: newKey() })).data,
    onSuccess: (r) => {
      setNotice(`Approved and posted: ${r.reference} for ${r.customer.name}.`);
      refresh();
    },
    onSettled: refresh,
  });
  const decider = can(me.data, 'money.decide');
  return (
    <>
      <PageTitle title="Money">
        A credit, refund or reversal moves only when a finance person other than the one who asked approves it.
      </PageTitle>
      <Tabs
        label="Requests by status"
        tabs={TABS.map((t) => ({ id: t.id, label: t.label }))}
        value={status}
        onChange={(id) => {
          setStatus(id as Status);
          setPage(1);
        }}
      />
      <div className="mt-4 flex flex-col gap-3">
        {notice ? <Notice>{notice}</Notice> : null}
        <FormAlert message={approve.error ? messageOf(approve.error) : null} />
        <Loaded query={list} label="Loading money requests">
          {(r) =>
            r.data.length === 0 ? (
              <EmptyState
                icon={<Banknote className="size-9" />}
                title={status === 'pending' ? 'Nothing is waiting' : `Nothing ${status} yet`}
              >
                {status === 'pending' ? 'Requests for credits, refunds and reversals show here until someone decides.' : null}
              </EmptyState>
            ) : (
              <>
                <ul className="flex flex-col gap-3" aria-label="Money requests">
                  {r.data.map((m) => {
                    const own = m.requestedBy.id === me.data?.id;
                    return (
                      <li key={m.id}>
                        <MoneyRequestCard
                          r={m}
                          actions={
                            decider && m.status === 'pending' ? (
                              own ? (
                                <p className="text-sm text-muted">You asked for this: another finance person must approve it.</p>
                              ) : (
                                <>
                                  <Button
                                    size="sm"
                                    loading={approve.isPending && approve.variables?.id === m.id}
                                    onClick={() => approve.mutate(m)}
                                  >
                                    Approve
                                  </Button>
                                  <Button size="sm" variant="danger" onClick={() => setRejecting(m)}>
                                    Reject
                                  </Button>
                                </>
                              )
                            ) : undefined
                          }
                        />
                      </li>
                    );
                  })}
                </ul>
                <Pager label="Request pages" page={page} limit={LIMIT} total={r.pagination?.total ?? 0} onPage={setPage} />
              </>
            )
          }
        </Loaded>
      </div>
      <RejectSheet
        key={rejecting?.id ?? 'none'}
        r={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setNotice(`Rejected ${rejecting?.reference}.`);
          setRejecting(null);
          refresh();
        }}
      />
    </>
  );
}
