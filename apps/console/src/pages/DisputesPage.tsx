import { disputeDecisionBody, type Dispute } from '@owo/contracts';
import { formatNaira } from '@owo/contracts/format';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { Field } from '@web/ui/Field';
import { call } from '../api';
import { fieldErrorText } from '../forms';
import { ReasonSheet } from '../ReasonSheet';
import { can, useMe } from '../session';
import { Notice, PageTitle, parseNaira, QueueList, when } from '../ui';

const LIMIT = 10;
const DECISIONS = [
  { id: 'refund', label: 'Refund the shopper' },
  { id: 'release', label: 'Release to the seller' },
  { id: 'split', label: 'Split' },
] as const;

/**
 * The decision's form, checked by the contracts' body schema: the shopper's share is typed in naira
 * and becomes the two amounts in kobo, which must add up to what the escrow holds.
 */
const decisionForm = (total: number) =>
  z
    .object({ decision: z.enum(['refund', 'release', 'split']), shopperShare: z.string(), reason: z.string() })
    .transform((v, ctx) => {
      if (v.decision !== 'split') return { decision: v.decision, reason: v.reason };
      const shopperAmount = parseNaira(v.shopperShare);
      if (shopperAmount === null || shopperAmount <= 0 || shopperAmount >= total) {
        ctx.addIssue({
          code: 'custom',
          path: ['shopperShare'],
          message: `Enter the shopper's share: more than ₦0 and less than ${formatNaira(total)}`,
        });
        return z.NEVER;
      }
      return { decision: v.decision, shopperAmount, sellerAmount: total - shopperAmount, reason: v.reason };
    })
    .pipe(disputeDecisionBody);
type DecisionForm = z.input<ReturnType<typeof decisionForm>>;

/** The decision: refund, release or split (the shopper's share in naira), with the reason both people read. */
function DecideSheet({ d, onClose, onDone }: { d: Dispute; onClose: () => void; onDone: (message: string) => void }) {
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={`Decide ${d.reference}`}
      schema={decisionForm(d.total)}
      defaultValues={{ decision: 'refund', shopperShare: '', reason: '' } satisfies DecisionForm}
      reasonHint="Both the shopper and the seller read it."
      submitLabel="Send for approval"
      intro={<p className="text-[15px] text-muted">A finance person approves the decision before any money moves.</p>}
      fields={(form) => {
        const decision = form.watch('decision');
        const shopperKobo = parseNaira(form.watch('shopperShare'));
        return (
          <>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="mb-1 text-sm font-medium">Decision</legend>
              {DECISIONS.map((o) => (
                <label
                  key={o.id}
                  className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-fg/40 ${decision === o.id ? 'border-brand-600 bg-brand-soft text-brand-fg' : 'border-line'}`}
                >
                  <input type="radio" value={o.id} className="sr-only" {...form.register('decision')} />
                  {o.label}
                </label>
              ))}
            </fieldset>
            {decision === 'split' ? (
              <Field
                label="Shopper's share (₦)"
                inputMode="decimal"
                error={fieldErrorText(form, 'shopperShare')}
                hint={
                  shopperKobo !== null && shopperKobo < d.total
                    ? `The seller gets ${formatNaira(d.total - shopperKobo)} (less commission)`
                    : `Of ${formatNaira(d.total)} held`
                }
                {...form.register('shopperShare')}
              />
            ) : null}
          </>
        );
      }}
      send={(body, idempotencyKey) =>
        call('POST /api/staff/disputes/:orderId/decision', { params: { orderId: d.orderId }, body, idempotencyKey })
      }
      onDone={() => onDone(`Decision on ${d.reference} sent for approval: a finance person must approve it.`)}
    />
  );
}

function DisputeCard({ d, mayDecide, onDecide }: { d: Dispute; mayDecide: boolean; onDecide: () => void }) {
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
        <div className="mt-3 flex justify-end">
          <Button size="sm" onClick={onDecide} aria-label={`Decide ${d.reference}`}>
            Decide
          </Button>
        </div>
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
  const [deciding, setDeciding] = useState<Dispute | null>(null);
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
            onDecide={() => {
              setNotice(null);
              setDeciding(d);
            }}
          />
        )}
      </QueueList>
      {deciding ? (
        <DecideSheet
          d={deciding}
          onClose={() => setDeciding(null)}
          onDone={(m) => {
            setDeciding(null);
            setNotice(m);
            void queries.invalidateQueries({ queryKey: ['disputes'] });
          }}
        />
      ) : null}
    </>
  );
}
