import type { ReportedItem as ReportedPost } from '@owo/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { TextAreaField } from '@web/ui/Field';
import { FormAlert } from '@web/ui/FormAlert';
import { Sheet } from '@web/ui/Sheet';
import { call, messageOf, newKey } from '../api';
import { Notice, PageTitle, QueueList, when } from '../ui';

const LIMIT = 20;
type Action = 'restore' | 'warn' | 'remove';
const ACTIONS: { id: Action; label: string; done: string }[] = [
  { id: 'restore', label: 'Restore', done: 'Restored' },
  { id: 'warn', label: 'Warn', done: 'Warned' },
  { id: 'remove', label: 'Remove', done: 'Removed' },
];

function DecideSheet({
  ask,
  onClose,
  onDone,
}: {
  ask: { post: ReportedPost; action: Action } | null;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const decide = useMutation({
    mutationFn: async () =>
      call('POST /api/staff/moderation/:kind/:id', {
        params: { kind: 'post', id: ask!.post.id },
        body: { action: ask!.action, reason },
        idempotencyKey: key,
      }),
    onSuccess: () => {
      const a = ACTIONS.find((x) => x.id === ask!.action)!;
      setReason('');
      setKey(newKey());
      onDone(`${a.done}. ${ask!.post.author.name} is told why.`);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate();
  };
  const label = ask ? ACTIONS.find((a) => a.id === ask.action)!.label : '';
  return (
    <Sheet open={ask !== null} onClose={onClose} title={`${label} this post`} variant="modal">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormAlert message={decide.error ? messageOf(decide.error) : null} />
        <TextAreaField
          label="Reason"
          hint="Sent to the author."
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
        <Button
          type="submit"
          block
          variant={ask?.action === 'remove' ? 'danger' : 'primary'}
          loading={decide.isPending}
          disabled={!reason.trim()}
        >
          {label}
        </Button>
      </form>
    </Sheet>
  );
}

function ReportedCard({ p, onAct }: { p: ReportedPost; onAct: (action: Action) => void }) {
  return (
    <Card>
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {p.author.name} · {p.reports === 1 ? '1 report' : `${p.reports} reports`} · last {when(p.lastReportedAt)}
        {p.hidden ? <Badge tone="danger">hidden from feeds</Badge> : null}
      </p>
      <p className="mt-2 text-[15px] whitespace-pre-wrap">{p.preview.text || '(no text)'}</p>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Reasons reported">
        {[...new Set(p.reasons.map((r) => r.reason))].map((r) => (
          <li key={r}>
            <Badge tone="warning">{r}</Badge>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {ACTIONS.map((a) => (
          <Button
            key={a.id}
            size="sm"
            variant={a.id === 'remove' ? 'danger' : 'outline'}
            onClick={() => onAct(a.id)}
            aria-label={`${a.label} the post by ${p.author.name}`}
          >
            {a.label}
          </Button>
        ))}
      </div>
    </Card>
  );
}

/** The moderation queue: reported posts (hidden ones first), with the reasons; restore, warn or remove. */
export function ModerationPage() {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<{ post: ReportedPost; action: Action } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['moderation', page],
    queryFn: async ({ signal }) => call('GET /api/staff/moderation', { query: { page, limit: LIMIT, kind: 'post' }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageTitle title="Moderation">Reported posts, hidden ones first. Each decision is sent to the author with your reason.</PageTitle>
      {notice ? <Notice>{notice}</Notice> : null}
      <QueueList
        query={list}
        label="Loading reported posts"
        empty={<EmptyState icon={<Flag className="size-6" aria-hidden="true" />} title="Nothing reported" />}
        pagerLabel="Reported post pages"
        page={page}
        limit={LIMIT}
        onPage={setPage}
      >
        {(p) => (
          <ReportedCard
            key={p.id}
            p={p}
            onAct={(action) => {
              setNotice(null);
              setAsk({ post: p, action });
            }}
          />
        )}
      </QueueList>
      <DecideSheet
        ask={ask}
        onClose={() => setAsk(null)}
        onDone={(m) => {
          setAsk(null);
          setNotice(m);
          void queries.invalidateQueries({ queryKey: ['moderation'] });
        }}
      />
    </>
  );
}
