import { rejectBody, type MoneyRequest } from '@owo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import { useState } from 'react';
import { formatNaira } from '@owo/contracts/format';
import { Button } from '@web/ui/Button';
import { ConfirmDialog } from '@web/ui/ConfirmDialog';
import { EmptyState } from '@web/ui/EmptyState';
import { FormAlert } from '@web/ui/FormAlert';
import { Tabs } from '@web/ui/Tabs';
import { call, messageOf, newKey } from '../api';
import { ReasonSheet } from '../ReasonSheet';
import { can, useMe } from '../session';
import { KIND_LABELS, Loaded, Notice, PageTitle, Pager } from '../ui';
import { MoneyRequestCard } from './MoneyRequestCard';

const LIMIT = 20;
const TABS = [
  { id: 'pending', label: 'Waiting' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
] as const;
type Status = (typeof TABS)[number]['id'];

function RejectSheet({ r, onClose, onDone }: { r: MoneyRequest; onClose: () => void; onDone: () => void }) {
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title="Reject this request"
      schema={rejectBody}
      defaultValues={{ reason: '' }}
      reasonLabel="Why"
      reasonHint="The person who asked sees it."
      submitLabel="Reject"
      danger
      send={(body, idempotencyKey) => call('POST /api/staff/money-requests/:id/reject', { params: { id: r.id }, body, idempotencyKey })}
      onDone={onDone}
    />
  );
}

/** What approving posts, in words: the amount in naira, for whom and against which payment. */
function approveText(r: MoneyRequest): string {
  const amount = formatNaira(r.amount);
  const against = r.targetReference ? ` (payment ${r.targetReference})` : '';
  if (r.kind === 'reversal') return `${amount} of ${r.customer.name}'s payment${against} goes back where it came from, at once.`;
  if (r.kind === 'dispute') return `The order's ${amount} in escrow is shared as decided for ${r.customer.name}, at once.`;
  return `${amount} goes into ${r.customer.name}'s wallet${against}, at once. They are told by notification.`;
}

/** Money with two keys: requests waiting for a finance person's approval, and those decided. */
export function MoneyPage() {
  const me = useMe();
  const queries = useQueryClient();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<MoneyRequest | null>(null);
  const [approving, setApproving] = useState<MoneyRequest | null>(null);
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
      setApproving(null);
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
        <FormAlert message={approve.error && !approving ? messageOf(approve.error) : null} />
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
                                    onClick={() => {
                                      approve.reset();
                                      setApproving(m);
                                    }}
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
      {approving ? (
        <ConfirmDialog
          open
          onClose={() => setApproving(null)}
          title={`Approve the ${(KIND_LABELS[approving.kind] ?? 'request').toLowerCase()} of ${formatNaira(approving.amount)} for ${approving.customer.name}?`}
          body={approveText(approving)}
          confirm="Approve"
          busy={approve.isPending}
          holdCancel
          error={approve.error ? messageOf(approve.error) : null}
          onConfirm={() => approve.mutate(approving)}
        />
      ) : null}
      {rejecting ? (
        <RejectSheet
          r={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setNotice(`Rejected ${rejecting.reference}.`);
            setRejecting(null);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
