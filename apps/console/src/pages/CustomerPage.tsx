import { zodResolver } from '@hookform/resolvers/zod';
import { addNoteBody, type HistoryItem } from '@owo/contracts';
import { formatLagosDate } from '@owo/contracts/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, ChevronLeft, History, StickyNote } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { DetailList, DetailRow } from '@web/ui/DetailList';
import { EmptyState } from '@web/ui/EmptyState';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { MoneyText } from '@web/ui/MoneyText';
import { TX_TYPE_LABELS } from '@web/lib/transactions';
import { call, messageOf, newKey } from '../api';
import { fieldErrorText, useServerErrors } from '../forms';
import { can, useMe } from '../session';
import { Loaded, Notice, Pager, when } from '../ui';
import { FreezeCard } from './FreezeCard';
import { MoneyRequestCard } from './MoneyRequestCard';
import { RequestMoneySheet, type MoneyAsk } from './RequestMoneySheet';

const HISTORY_LIMIT = 10;
const REVERSIBLE = ['sendMoney', 'funding'];

function HistoryRow({ h, onAsk, mayAsk }: { h: HistoryItem; onAsk: (ask: Omit<MoneyAsk, 'customerId'>) => void; mayAsk: boolean }) {
  const credit = h.direction === 'credit';
  const total = h.amount + (credit ? 0 : h.fee);
  const refundable = mayAsk && !credit && h.status === 'successful';
  const reversible = mayAsk && h.status === 'successful' && REVERSIBLE.includes(h.type);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={`mt-0.5 rounded-full p-1.5 ${credit ? 'bg-brand-soft text-brand-fg' : 'bg-surface-2 text-muted'}`}
          aria-hidden="true"
        >
          {credit ? <ArrowDownLeft className="size-4" /> : <ArrowUpRight className="size-4" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {h.narration ?? h.counterparty.name}
            {h.status !== 'successful' ? <Badge tone={h.status === 'failed' ? 'danger' : 'warning'}>{h.status}</Badge> : null}
          </p>
          <p className="text-xs text-muted">
            <span className="font-mono">{h.reference}</span> · {TX_TYPE_LABELS[h.type]} · {when(h.createdAt)}
          </p>
        </div>
        <MoneyText kobo={credit ? total : -total} sign className={`font-semibold ${credit ? 'text-brand-fg' : ''}`} />
      </div>
      {refundable || reversible ? (
        <div className="flex gap-2 sm:ml-2">
          {refundable ? (
            <Button size="sm" variant="outline" onClick={() => onAsk({ kind: 'refund', reference: h.reference, amount: total })}>
              Refund
            </Button>
          ) : null}
          {reversible ? (
            <Button size="sm" variant="outline" onClick={() => onAsk({ kind: 'reversal', reference: h.reference, amount: h.amount })}>
              Reverse
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function Notes({ customerId, mayWrite }: { customerId: string; mayWrite: boolean }) {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [key, setKey] = useState(newKey);
  const form = useForm({ resolver: zodResolver(addNoteBody), defaultValues: { text: '' } });
  const notes = useQuery({
    queryKey: ['notes', customerId, page],
    queryFn: async ({ signal }) =>
      call('GET /api/staff/customers/:id/notes', { params: { id: customerId }, query: { page, limit: 5 }, signal }),
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: async (body: { text: string }) =>
      call('POST /api/staff/customers/:id/notes', { params: { id: customerId }, body, idempotencyKey: key }),
    onSuccess: () => {
      form.reset();
      setKey(newKey());
      setPage(1);
      void queries.invalidateQueries({ queryKey: ['notes', customerId] });
    },
  });
  const onServerError = useServerErrors(form, ['text']);
  const fieldError = fieldErrorText(form, 'text');
  return (
    <Card>
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <StickyNote className="size-5 text-brand-fg" aria-hidden="true" /> Notes
      </h2>
      {mayWrite ? (
        <form
          onSubmit={form.handleSubmit((v) => add.mutate(v, { onError: onServerError }))}
          className="mb-4 flex flex-col gap-3"
          noValidate
        >
          <FormAlert message={add.error && !fieldError ? messageOf(add.error) : null} />
          <TextAreaField label="Add a note" maxLength={2000} error={fieldError} {...form.register('text')} />
          <Button type="submit" size="sm" variant="secondary" loading={add.isPending} className="self-end">
            Save note
          </Button>
        </form>
      ) : null}
      <Loaded query={notes} label="Loading notes">
        {(r) =>
          r.data.length === 0 ? (
            <p className="text-sm text-muted">No notes yet.</p>
          ) : (
            <>
              <ul className="divide-y divide-line" aria-label="Notes">
                {r.data.map((n) => (
                  <li key={n.id} className="py-2.5">
                    <p className="text-[15px] whitespace-pre-wrap">{n.text}</p>
                    <p className="text-xs text-muted">
                      {n.staffName} · {when(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
              <Pager label="Note pages" page={page} limit={5} total={r.pagination?.total ?? 0} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Card>
  );
}

/** A customer's record: profile, balances, history (with refund and reversal requests), notes and money requests. */
export function CustomerPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<MoneyAsk | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // The confirmation shows at the top of the record: bring it into view (the request was made further down).
  useEffect(() => {
    if (done) doneRef.current?.scrollIntoView({ block: 'center' });
  }, [done]);
  const record = useQuery({
    queryKey: ['customer', id],
    queryFn: async ({ signal }) => (await call('GET /api/staff/customers/:id', { params: { id }, signal })).data,
  });
  const history = useQuery({
    queryKey: ['history', id, page],
    queryFn: async ({ signal }) =>
      call('GET /api/staff/customers/:id/history', { params: { id }, query: { page, limit: HISTORY_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  const mayAsk = can(me.data, 'money.request');
  const onAsk = (a: Omit<MoneyAsk, 'customerId'>) => {
    setDone(null);
    setAsk({ ...a, customerId: id });
  };
  return (
    <>
      <Link to="/customers" className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-fg">
        <ChevronLeft className="size-4" aria-hidden="true" /> Customers
      </Link>
      <Loaded query={record} label="Loading the customer">
        {(c) => (
          <div className="flex flex-col gap-4">
            <header className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h1 className="text-2xl font-bold tracking-tight">
                  {c.profile.firstName} {c.profile.lastName}
                </h1>
                <p className="text-[15px] text-muted">
                  {c.profile.nickName ? `@${c.profile.nickName} · ` : ''}Joined {formatLagosDate(c.profile.createdAt, 'date')}
                </p>
              </div>
              {mayAsk ? (
                <Button variant="secondary" onClick={() => onAsk({ kind: 'credit' })}>
                  Request a credit
                </Button>
              ) : null}
            </header>
            {done ? (
              <div ref={doneRef}>
                <Notice>{done}</Notice>
              </div>
            ) : null}
            {c.freeze ? (
              <p role="status" className="rounded-2xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger-fg">
                This account is frozen (since {when(c.freeze.since)}): it moves no money out.
              </p>
            ) : null}
            <div className="grid gap-4 md:grid-cols-2">
              <DetailList label="Profile" className="bg-surface">
                <DetailRow label="Phone">
                  {c.profile.phoneNumber}{' '}
                  {c.profile.phoneVerified ? <Badge tone="brand">verified</Badge> : <Badge tone="warning">not verified</Badge>}
                </DetailRow>
                <DetailRow label="Email">{c.profile.email}</DetailRow>
                <DetailRow label="Account number">{c.profile.accountNumber ?? 'None yet'}</DetailRow>
                <DetailRow label="KYC tier">
                  Tier {c.kyc.tier}
                  {c.kyc.tier3 === 'pending' ? (
                    <>
                      {' '}
                      <Badge tone="warning">Tier 3 waiting for review</Badge>
                    </>
                  ) : null}
                </DetailRow>
                <DetailRow label="BVN">
                  {c.kyc.bvnVerified ? <Badge tone="brand">verified</Badge> : <Badge tone="warning">not verified</Badge>}
                </DetailRow>
                <DetailRow label="NIN">
                  {c.kyc.ninVerified ? <Badge tone="brand">verified</Badge> : <Badge tone="warning">not verified</Badge>}
                </DetailRow>
                <DetailRow label="Customer id">
                  <span className="font-mono text-xs break-all">{c.profile.id}</span>
                </DetailRow>
              </DetailList>
              <DetailList label="Balances" className="bg-surface">
                <DetailRow label="Wallet" strong>
                  <MoneyText kobo={c.balances.wallet} />
                </DetailRow>
                <DetailRow label="Business wallet">
                  <MoneyText kobo={c.balances.business} />
                </DetailRow>
                <DetailRow label="Savings">
                  <MoneyText kobo={c.balances.savings} />
                </DetailRow>
                <DetailRow label="Locked funds">
                  <MoneyText kobo={c.balances.locked} />
                </DetailRow>
                <DetailRow label="Held for orders">
                  <MoneyText kobo={c.balances.escrow} />
                </DetailRow>
              </DetailList>
            </div>
            <FreezeCard customerId={id} freeze={c.freeze} mayFreeze={can(me.data, 'accounts.freeze')} />
            <Card>
              <h2 className="mb-1 flex items-center gap-2 text-lg font-bold">
                <History className="size-5 text-brand-fg" aria-hidden="true" /> History
              </h2>
              <Loaded query={history} label="Loading the history">
                {(h) =>
                  h.data.length === 0 ? (
                    <EmptyState title="No transactions yet" />
                  ) : (
                    <>
                      <ul className="divide-y divide-line" aria-label="Transactions">
                        {h.data.map((row) => (
                          <HistoryRow key={`${row.reference}-${row.direction}`} h={row} onAsk={onAsk} mayAsk={mayAsk} />
                        ))}
                      </ul>
                      <Pager label="History pages" page={page} limit={HISTORY_LIMIT} total={h.pagination?.total ?? 0} onPage={setPage} />
                    </>
                  )
                }
              </Loaded>
            </Card>
            <div className="grid gap-4 md:grid-cols-2">
              <Notes customerId={id} mayWrite={can(me.data, 'customers.note')} />
              <Card>
                <h2 className="mb-3 text-lg font-bold">Money requests</h2>
                {c.moneyRequests.length === 0 ? (
                  <p className="text-sm text-muted">No credits, refunds or reversals asked for.</p>
                ) : (
                  <ul className="flex flex-col gap-2" aria-label="Money requests of this customer">
                    {c.moneyRequests.map((r) => (
                      <li key={r.id}>
                        <MoneyRequestCard r={r} compact />
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card>
                <h2 className="mb-3 text-lg font-bold">Devices</h2>
                {c.devices.length === 0 ? (
                  <p className="text-sm text-muted">No devices</p>
                ) : (
                  <ul className="divide-y divide-line" aria-label="Devices of this customer">
                    {c.devices.map((d) => (
                      <li key={d.id} className="flex items-start justify-between gap-3 py-2">
                        <div className="min-w-0">
                          <p className="font-semibold break-words">{d.label}</p>
                          <p className="text-xs text-muted">
                            First seen {when(d.firstSeenAt)}, last active {when(d.lastSeenAt)}
                          </p>
                        </div>
                        {d.signedOutAt ? (
                          <Badge>Signed out</Badge>
                        ) : d.confirmed ? (
                          <Badge tone="brand">Signed in</Badge>
                        ) : (
                          <Badge tone="warning">Waiting for its code</Badge>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </div>
            {ask ? (
              <RequestMoneySheet
                ask={ask}
                onClose={() => setAsk(null)}
                onDone={(message) => {
                  setAsk(null);
                  setDone(message);
                  void queries.invalidateQueries({ queryKey: ['customer', id] });
                }}
              />
            ) : null}
          </div>
        )}
      </Loaded>
    </>
  );
}
