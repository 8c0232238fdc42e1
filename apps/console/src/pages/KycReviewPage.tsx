import { kycReviewBody, type KycReviewItem } from '@owo/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { IdCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { call, callBlob, messageOf } from '../api';
import { ReasonSheet } from '../ReasonSheet';
import { Notice, PageTitle, QueueList, when } from '../ui';

const LIMIT = 20;
type Decision = 'approve' | 'reject';
const ID_TYPES: Record<KycReviewItem['idType'], string> = {
  nin_slip: 'NIN slip',
  drivers_licence: "Driver's licence",
  voters_card: "Voter's card",
  passport: 'International passport',
};

function DecideSheet({
  ask,
  onClose,
  onDone,
}: {
  ask: { item: KycReviewItem; decision: Decision };
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const rejecting = ask.decision === 'reject';
  const name = ask.item.customer.name;
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={rejecting ? 'Reject the documents' : `Approve ${name} for Tier 3`}
      schema={kycReviewBody}
      defaultValues={{ decision: ask.decision, reason: '' }}
      reasonHint={rejecting ? 'The customer reads it on their Limits screen.' : null}
      intro={
        rejecting ? null : (
          <p className="text-[15px]">Their limits rise to Tier 3 at once, and money held for them that Tier 3 allows is credited.</p>
        )
      }
      submitLabel={rejecting ? 'Reject' : 'Approve'}
      danger={rejecting}
      send={(body, idempotencyKey) =>
        call('POST /api/staff/kyc/tier3/:userId', {
          params: { userId: ask.item.customer.id },
          body: body.decision === 'reject' ? body : { decision: 'approve' },
          idempotencyKey,
        })
      }
      onDone={() => onDone(rejecting ? `Rejected: ${name} is told why.` : `Approved: ${name} is on Tier 3.`)}
    />
  );
}

/**
 * One KYC document, fetched with the staff session (it has no public address) and shown from a
 * blob; tapping it shows it full width. Each opening is in the audit log.
 */
function KycDocument({ id, label, caption }: { id: string; label: string; caption: string }) {
  const [large, setLarge] = useState(false);
  const image = useQuery({
    queryKey: ['kyc-document', id],
    queryFn: async ({ signal }) => callBlob('GET /api/staff/kyc/documents/:id', { params: { id }, signal }),
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const u = URL.createObjectURL(image.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [image.data]);
  return (
    <figure className={large ? 'col-span-2' : undefined}>
      {image.isError ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm text-danger-fg">
          {caption}: {messageOf(image.error)}
        </p>
      ) : src ? (
        <button
          type="button"
          onClick={() => setLarge((v) => !v)}
          aria-label={large ? `Show ${label} smaller` : `Show ${label} larger`}
          aria-expanded={large}
          className="block w-full overflow-hidden rounded-xl bg-surface-2"
        >
          <img src={src} alt={label} className={large ? 'w-full object-contain' : 'h-32 w-full object-cover'} />
        </button>
      ) : (
        <div role="status" aria-label={`Loading ${label}`} className="h-32 animate-pulse rounded-xl bg-surface-2" />
      )}
      <figcaption className="mt-1 text-sm text-muted">{caption}</figcaption>
    </figure>
  );
}

function RequestCard({ r, onDecide }: { r: KycReviewItem; onDecide: (d: Decision) => void }) {
  const rows: [string, string][] = [
    ['Phone', r.phone ?? '—'],
    ['Sent', when(r.submittedAt)],
    ['ID', ID_TYPES[r.idType]],
    ['BVN', r.bvnMasked ?? 'not verified'],
    ['NIN', r.ninMasked ?? 'not verified'],
    ['Date of birth', r.dateOfBirth ? r.dateOfBirth.split('-').reverse().join('/') : '—'],
    ['Address', r.address ? `${r.address.line1}, ${r.address.city}, ${r.address.state}` : '—'],
  ];
  return (
    <Card>
      <article aria-label={`Tier 3 request from ${r.customer.name}`}>
        <h2 className="text-lg font-semibold">{r.customer.name}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd className="min-w-0 break-words">{v}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <KycDocument id={r.idDocumentId} label={`${r.customer.name}'s ${ID_TYPES[r.idType]}`} caption="ID" />
          <KycDocument id={r.proofOfAddressId} label={`${r.customer.name}'s proof of address`} caption="Proof of address" />
        </div>
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="danger" onClick={() => onDecide('reject')} aria-label={`Reject ${r.customer.name}'s documents`}>
            Reject
          </Button>
          <Button size="sm" onClick={() => onDecide('approve')} aria-label={`Approve ${r.customer.name} for Tier 3`}>
            Approve
          </Button>
        </div>
      </article>
    </Card>
  );
}

/** KYC review (compliance): Tier 3 requests, the oldest first; approve, or reject with a reason. */
export function KycReviewPage() {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<{ item: KycReviewItem; decision: Decision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['kyc-review', page],
    queryFn: async ({ signal }) => call('GET /api/staff/kyc/tier3', { query: { page, limit: LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageTitle title="KYC review">
        Tier 3 requests, the oldest first. Check the ID and the proof of address against the details.
      </PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <QueueList
        query={list}
        label="Loading Tier 3 requests"
        empty={<EmptyState icon={<IdCard className="size-6" aria-hidden="true" />} title="No Tier 3 requests waiting" />}
        pagerLabel="Tier 3 request pages"
        page={page}
        limit={LIMIT}
        onPage={setPage}
      >
        {(item) => (
          <RequestCard
            key={item.customer.id}
            r={item}
            onDecide={(decision) => {
              setNotice(null);
              setAsk({ item, decision });
            }}
          />
        )}
      </QueueList>
      {ask ? (
        <DecideSheet
          ask={ask}
          onClose={() => setAsk(null)}
          onDone={(m) => {
            setAsk(null);
            setNotice(m);
            void queries.invalidateQueries({ queryKey: ['kyc-review'] });
          }}
        />
      ) : null}
    </>
  );
}
