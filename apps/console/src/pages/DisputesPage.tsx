import type { Dispute } from '@owo/contracts';
import { formatNaira } from '@owo/contracts/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field, TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { ApiError, call, messageOf, newKey } from '../api';
import { can, useMe } from '../session';
import { Notice, PageTitle, parseNaira, QueueList, when } from '../ui';

const LIMIT = 10;
const DECISIONS = [
  { id: 'refund', label: 'Refund the shopper' },
  { id: 'release', label: 'Release to the seller' },
  { id: 'split', label: 'Split' },
] as const;
type Decision = (typeof DECISIONS)[number]['id'];

/** The decision form: refund, release or split (shares in naira adding up to the escrow) and the reason both people read. */
function DecideForm({ d, onDone }: { d: Dispute; onDone: (message: string) => void }) {
  const [decision, setDecision] = useState<Decision>('refund');
  const [shopperShare, setShopperShare] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [shareError, setShareError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: async () => {
      const shopperAmount = parseNaira(shopperShare) ?? 0;
      const body = decision === 'split' ? { decision, shopperAmount, sellerAmount: d.total - shopperAmount, reason } : { decision, reason };
      return call('POST /api/staff/disputes/:orderId/decision', { params: { orderId: d.orderId }, body, idempotencyKey: key });
    },
    onSuccess: () => {
      setKey(newKey());
      onDone(`Decision on ${d.reference} sent for approval: a finance person must approve it.`);
    },
  });
  const fieldError = (name: string) =>
    decide.error instanceof ApiError ? decide.error.errors.find((e) => e.path === name)?.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (decision === 'split') {
      const k = parseNaira(shopperShare);
      if (k === null || k <= 0 || k >= d.total)
        return setShareError(`Enter the shopper's share: more than ₦0 and less than ${formatNaira(d.total)}`);
    }
    setShareError(null);
    decide.mutate();
  };
  const shopperKobo = parseNaira(shopperShare);
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-3 border-t border-line pt-3" noValidate aria-label={`Decide ${d.reference}`}>
      <FormAlert message={decide.error && !fieldError('reason') ? messageOf(decide.error) : null} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        {DECISIONS.map((o) => (
          <label
            key={o.id}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm ${decision === o.id ? 'border-brand-600 bg-brand-soft text-brand-fg' : 'border-line'}`}
          >
            <input
              type="radio"
              name={`decision-${d.orderId}`}
              value={o.id}
              checked={decision === o.id}
              onChange={() => setDecision(o.id)}
              className="sr-only"
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      {decision === 'split' ? (
        <Field
          label="Shopper's share (₦)"
          inputMode="decimal"
          value={shopperShare}
          onChange={(e) => setShopperShare(e.target.value)}
          error={shareError ?? undefined}
          hint={
            shopperKobo !== null && shopperKobo < d.total
              ? `The seller gets ${formatNaira(d.total - shopperKobo)} (less commission)`
              : `Of ${formatNaira(d.total)} held`
          }
        />
      ) : null}
      <TextAreaField
        label="Reason"
        hint="Both the shopper and the seller read it."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={fieldError('reason')}
      />
      <Button type="submit" size="sm" loading={decide.isPending} disabled={!reason.trim()} className="self-end">
        Send for approval
      </Button>
    </form>
  );
}

function DisputeCard({ d, mayDecide, onDone }: { d: Dispute; mayDecide: boolean; onDone: (message: string) => void }) {
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-bold">
            <span className="font-mono">{d.reference}</span> · {d.shopName}
          </h2>
          <p className="text-sm text-muted">
            {d.shopper.name} (shopper) · {d.seller.name} (seller) · opened {when(d.openedAt)}
          </p>
        </div>
        <p className="text-lg font-bold">{formatNaira(d.total)}</p>
      </div>
      <ul className="mt-3 flex flex-col gap-2" aria-label="Messages">
        {d.messages.map((m, i) => (
          <li key={i} className="rounded-2xl bg-surface-2 px-3 py-2 text-[15px]">
            <span className="text-xs font-semibold text-muted uppercase">{m.from}</span>
            <p>{m.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">
        {d.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')} · {d.timeline.map((t) => `${t.status} ${when(t.at)}`).join(' → ')}
      </p>
      {d.pending ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="warning">waiting for approval</Badge>
          {d.pending.requestedBy.name} proposed {d.pending.dispute?.decision}: {formatNaira(d.pending.dispute?.shopper ?? 0)} to the
          shopper, {formatNaira(d.pending.dispute?.seller ?? 0)} to the seller
        </p>
      ) : mayDecide ? (
        <DecideForm d={d} onDone={onDone} />
      ) : null}
    </Card>
  );
}

/** Marketplace disputes: both sides, the order's timeline, and a decision that a finance person approves. */
export function DisputesPage() {
  const me = useMe();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['disputes', page],
    queryFn: async ({ signal }) => call('GET /api/staff/disputes', { query: { page, limit: LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageTitle title="Disputes">Orders the shopper disputed. The money stays held until a decision is approved.</PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <QueueList
        query={list}
        label="Loading disputes"
        empty={<EmptyState icon={<Scale className="size-6" aria-hidden="true" />} title="No open disputes" />}
        pagerLabel="Dispute pages"
        page={page}
        limit={LIMIT}
        onPage={setPage}
      >
        {(d) => (
          <DisputeCard
            key={d.orderId}
            d={d}
            mayDecide={can(me.data, 'disputes.decide')}
            onDone={(m) => {
              setNotice(m);
              void queries.invalidateQueries({ queryKey: ['disputes'] });
            }}
          />
        )}
      </QueueList>
    </>
  );
}
