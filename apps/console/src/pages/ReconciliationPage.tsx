import { reconResolveBody, type ReconAction, type ReconItem, type ReconItemStatus, type ReconRun, type ReconSource } from '@owo/contracts';
import { formatNaira, lagosDay } from '@owo/contracts/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { Tabs } from '@web/ui/Tabs';
import { call, messageOf } from '../api';
import { ReasonSheet } from '../ReasonSheet';
import { can, useMe } from '../session';
import { Loaded, Notice, PageTitle, QueueList, when } from '../ui';

const LIMIT = 20;

const SOURCES: Record<ReconSource, string> = {
  card: 'Card charges',
  bank_debit: 'Direct debits',
  inbound: 'Inbound transfers',
  payout: 'Payouts to banks',
  bill: 'Bill vends',
};

/** Money in first, then money out. */
const ORDER = Object.keys(SOURCES) as ReconSource[];

const MISMATCH: Record<ReconItem['mismatch'], string> = {
  not_in_ledger: 'The provider settled it; the ledger has no posted record',
  failed_at_provider: 'The ledger posted it; the provider reports it failed or reversed',
  not_at_provider: 'The ledger has it; the provider’s report does not',
  amount_differs: 'Both settled it, for different amounts',
  pending: 'One side settled it; the other still waits',
};

const STATUS: Record<ReconItemStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'warning' },
  awaiting_approval: { label: 'Waiting for approval', tone: 'neutral' },
  resolved: { label: 'Resolved', tone: 'brand' },
  explained: { label: 'Explained', tone: 'brand' },
};

const ACTIONS: Record<ReconAction, { label: string; title: string; intro: string }> = {
  credit: {
    label: 'Credit the customer',
    title: 'Credit the customer',
    intro: 'A credit of what the customer is owed goes to another finance person for approval; the customer reads the reason.',
  },
  refund: {
    label: 'Refund the payment',
    title: 'Refund the payment',
    intro: 'A refund of the payment and its fee goes to another finance person for approval; the customer reads the reason.',
  },
  reversal: {
    label: 'Reverse the credit',
    title: 'Reverse the credit',
    intro: 'Taking back money the provider never settled goes to another finance person for approval; the customer reads the reason.',
  },
  explain: { label: 'Explain', title: 'Explain this record', intro: 'No money moves: the note closes the record and stays with it.' },
};

const TABS = [
  { id: 'open', label: 'Open' },
  { id: 'awaiting_approval', label: 'Waiting' },
  { id: 'all', label: 'All' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const naira = (kobo: number) => formatNaira(kobo);

function RunSummary({ run }: { run: ReconRun }) {
  const line =
    run.status === 'not_reported'
      ? 'No report from the provider for this source'
      : run.status === 'failed'
        ? `The report could not be read: ${run.error ?? 'unknown error'}`
        : run.status === 'running'
          ? 'Being matched now'
          : `${run.providerLines} in the report, ${run.ledgerRecords} in the ledger: ${run.matched} match, ${run.mismatched} do not`;
  return (
    <li className="flex items-start justify-between gap-3 py-2">
      <div className="min-w-0">
        <p className="font-semibold">{SOURCES[run.source]}</p>
        <p className={`text-sm ${run.status === 'failed' ? 'text-danger-fg' : 'text-muted'}`}>{line}</p>
      </div>
      {run.open > 0 ? (
        <Badge tone="warning">{run.open} open</Badge>
      ) : run.status === 'done' ? (
        <Badge tone="brand">Nothing open</Badge>
      ) : null}
    </li>
  );
}

function ItemCard({ item, mayResolve, onAct }: { item: ReconItem; mayResolve: boolean; onAct: (a: ReconAction) => void }) {
  const status = STATUS[item.status];
  const rows: [string, string][] = [
    ['Provider', item.provider ? `${naira(item.provider.amount)}, ${item.provider.status}` : 'not in its report'],
    ['Ledger', item.ledger ? `${naira(item.ledger.amount)}, ${item.ledger.status}` : 'no record'],
    ['Day', item.day],
  ];
  if (item.provider?.providerRef) rows.push(['Provider’s reference', item.provider.providerRef]);
  const r = item.resolution;
  return (
    <Card>
      <article aria-label={`${SOURCES[item.source]} ${item.reference}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm text-muted">{SOURCES[item.source]}</p>
            <h2 className="break-all font-mono text-[15px] font-semibold">{item.reference}</h2>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <p className="mt-2 text-[15px]">{MISMATCH[item.mismatch]}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd className="min-w-0 break-words">{v}</dd>
            </div>
          ))}
          <dt className="text-muted">Customer</dt>
          <dd>
            {item.customer ? (
              <Link className="font-semibold text-brand-600 underline" to={`/customers/${item.customer.id}`}>
                {item.customer.name}
              </Link>
            ) : (
              'unknown'
            )}
          </dd>
        </dl>
        {r ? (
          <p className="mt-3 rounded-xl bg-surface-2 px-3 py-2 text-sm">
            <span className="font-semibold">{ACTIONS[r.action].label}</span> by {r.by.name}, {when(r.at)}
            {r.moneyRequest
              ? ` (${naira(r.moneyRequest.amount)}, request ${r.moneyRequest.reference}: ${r.moneyRequest.status})`
              : ''}: {r.note}
          </p>
        ) : null}
        {mayResolve && item.actions.length > 0 ? (
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            {item.actions.map((a) => (
              <Button
                key={a}
                size="sm"
                variant={a === 'explain' ? 'outline' : 'primary'}
                onClick={() => onAct(a)}
                aria-label={`${ACTIONS[a].label}: ${item.reference}`}
              >
                {ACTIONS[a].label}
              </Button>
            ))}
          </div>
        ) : null}
      </article>
    </Card>
  );
}

function ResolveSheet({
  ask,
  onClose,
  onDone,
}: {
  ask: { item: ReconItem; action: ReconAction };
  onClose: () => void;
  onDone: (r: ReconItem) => void;
}) {
  const a = ACTIONS[ask.action];
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={a.title}
      schema={reconResolveBody}
      defaultValues={{ action: ask.action, reason: '' }}
      intro={
        <p className="text-[15px]">
          {a.intro} <span className="font-mono text-sm">{ask.item.reference}</span>
        </p>
      }
      reasonLabel={ask.action === 'explain' ? 'Note' : 'Reason'}
      reasonHint={ask.action === 'explain' ? 'Kept with the record and in the audit log.' : 'The customer reads it in their history.'}
      submitLabel={ask.action === 'explain' ? 'Close the record' : 'Send for approval'}
      send={async (body, idempotencyKey) =>
        (await call('POST /api/staff/reconciliation/items/:id/resolve', { params: { id: ask.item.id }, body, idempotencyKey })).data
      }
      onDone={onDone}
    />
  );
}

/** Reconciliation (finance): a day's provider reports matched with the ledger, and the records that do not match. */
export function ReconciliationPage() {
  const me = useMe();
  const queries = useQueryClient();
  const [day, setDay] = useState(() => lagosDay(new Date(), -1));
  const [tab, setTab] = useState<Tab>('open');
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<{ item: ReconItem; action: ReconAction } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const runs = useQuery({
    queryKey: ['recon-runs', day],
    queryFn: async ({ signal }) => call('GET /api/staff/reconciliation', { query: { day, page: 1, limit: 10 }, signal }),
    enabled: validDay,
  });
  const items = useQuery({
    queryKey: ['recon-items', day, tab, page],
    queryFn: async ({ signal }) =>
      call('GET /api/staff/reconciliation/items', {
        query: { day, page, limit: LIMIT, ...(tab === 'all' ? {} : { status: tab }) },
        signal,
      }),
    enabled: validDay,
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queries.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('recon-') });
  const run = useMutation({
    mutationFn: async () => (await call('POST /api/staff/reconciliation', { body: { day } })).data,
    onSuccess: (r) => {
      const open = r.reduce((n, x) => n + x.open, 0);
      setNotice(open ? `Matched ${day}: ${open} record${open === 1 ? '' : 's'} to look at.` : `Matched ${day}: nothing is open.`);
      refresh();
    },
  });
  const mayRun = can(me.data, 'reconciliation.run');
  const mayResolve = can(me.data, 'reconciliation.resolve');
  return (
    <>
      <PageTitle title="Reconciliation">
        Each day the providers’ reports are matched with the ledger. Money for a record moves only when a second finance person approves it.
      </PageTitle>
      <Card>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setNotice(null);
            if (validDay) run.mutate();
          }}
        >
          <div className="min-w-[11rem] flex-1">
            <Field
              label="Day"
              type="date"
              value={day}
              max={lagosDay()}
              onChange={(e) => {
                setDay(e.target.value);
                setPage(1);
              }}
              error={validDay ? undefined : 'Choose a day'}
            />
          </div>
          {mayRun ? (
            <Button type="submit" loading={run.isPending} disabled={!validDay}>
              Match this day
            </Button>
          ) : null}
        </form>
        <FormAlert message={run.error ? messageOf(run.error) : null} />
        {validDay ? (
          <Loaded query={runs} label="Loading the day’s runs">
            {(r) =>
              r.data.length === 0 ? (
                <p className="mt-3 text-sm text-muted">This day has not been matched yet.</p>
              ) : (
                <ul className="mt-3 divide-y divide-line" aria-label={`Runs of ${day}`}>
                  {[...r.data]
                    .sort((a, b) => ORDER.indexOf(a.source) - ORDER.indexOf(b.source))
                    .map((x) => (
                      <RunSummary key={x.source} run={x} />
                    ))}
                </ul>
              )
            }
          </Loaded>
        ) : null}
      </Card>
      <div className="mt-4 flex flex-col gap-3">
        {notice ? <Notice>{notice}</Notice> : null}
        <Tabs
          label="Records by status"
          tabs={TABS.map((t) => ({ id: t.id, label: t.label }))}
          value={tab}
          onChange={(id) => {
            setTab(id as Tab);
            setPage(1);
          }}
        />
        {validDay ? (
          <QueueList
            query={items}
            label="Loading records"
            empty={
              <EmptyState
                icon={<Scale className="size-9" aria-hidden="true" />}
                title={tab === 'open' ? 'Nothing open for this day' : 'Nothing here'}
              >
                {tab === 'open' ? 'Records that do not match show here until they are resolved or explained.' : null}
              </EmptyState>
            }
            pagerLabel="Record pages"
            page={page}
            limit={LIMIT}
            onPage={setPage}
          >
            {(item) => (
              <ItemCard
                key={item.id}
                item={item}
                mayResolve={mayResolve}
                onAct={(action) => {
                  setNotice(null);
                  setAsk({ item, action });
                }}
              />
            )}
          </QueueList>
        ) : null}
      </div>
      {ask ? (
        <ResolveSheet
          ask={ask}
          onClose={() => setAsk(null)}
          onDone={(r) => {
            setAsk(null);
            setNotice(
              r.status === 'explained'
                ? `Explained: ${r.reference} is closed.`
                : `Sent for approval: ${r.reference} waits for another finance person.`,
            );
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
