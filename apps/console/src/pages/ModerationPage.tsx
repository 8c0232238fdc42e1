import {
  BAN_DAYS,
  banBody,
  liftBanBody,
  moderationDecisionBody,
  type ModerationAction,
  type ModerationKind,
  type ReportedItem,
} from '@owo/contracts';
import { formatLagosDate } from '@owo/contracts/format';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { cn } from '@web/lib/cn';
import { Badge } from '@web/ui/Badge';
import { Button } from '@web/ui/Button';
import { Card } from '@web/ui/Card';
import { EmptyState } from '@web/ui/EmptyState';
import { SelectField } from '@web/ui/Select';
import { call } from '../api';
import { ReasonSheet } from '../ReasonSheet';
import { can, useMe } from '../session';
import { Notice, PageTitle, QueueList, when } from '../ui';

const LIMIT = 20;

const KIND_NAMES: Record<ModerationKind, { one: string; many: string }> = {
  post: { one: 'post', many: 'Posts' },
  comment: { one: 'comment', many: 'Comments' },
  product: { one: 'product', many: 'Products' },
  shop: { one: 'shop', many: 'Shops' },
  community: { one: 'community', many: 'Communities' },
};
type View = 'all' | ModerationKind | 'bans';
const VIEWS: { id: View; name: string }[] = [
  { id: 'all', name: 'Everything' },
  ...(Object.keys(KIND_NAMES) as ModerationKind[]).map((k) => ({ id: k, name: KIND_NAMES[k].many })),
  { id: 'bans', name: 'Bans in force' },
];

/** The action's button and what is said once it is done; restoring a thing its reports did not hide keeps it up. */
const ACTIONS: Record<ModerationAction, (hidden: boolean) => { label: string; done: string }> = {
  restore: (hidden) => (hidden ? { label: 'Restore', done: 'Restored' } : { label: 'Keep', done: 'Kept up' }),
  warn: () => ({ label: 'Warn', done: 'Warned' }),
  remove: () => ({ label: 'Remove', done: 'Removed' }),
};
const ORDER: ModerationAction[] = ['restore', 'warn', 'remove'];

/** A ban's end, with its year (a ban can last beyond this one). */
const untilText = (until: string | null) => (until ? `until ${formatLagosDate(until, 'dateTime')}` : 'for good');

/** The ban's form: its length chosen from a list (or for good), checked by the contracts' body schema. */
const banForm = z
  .object({ reason: z.string(), days: z.string() })
  .transform((v) => ({ reason: v.reason, days: v.days === 'good' ? null : Number(v.days) }))
  .pipe(banBody);
const LENGTHS = [
  ...BAN_DAYS.map((d) => ({ id: String(d), name: d === 1 ? '1 day' : d === 365 ? '1 year' : `${d} days` })),
  { id: 'good', name: 'For good' },
];

/** One choice of several, as a row of chips that scrolls sideways on a phone. */
function ViewChips({ value, onChange, views }: { value: View; onChange: (v: View) => void; views: typeof VIEWS }) {
  return (
    <div
      role="radiogroup"
      aria-label="Show"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] md:mx-0 md:flex-wrap md:px-0"
    >
      {views.map((v) => {
        const active = value === v.id;
        return (
          <button
            key={v.id}
            type="button"
            role="radio"
            aria-checked={active}
            onClick={() => onChange(v.id)}
            className={cn(
              'min-h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap',
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-fg hover:bg-surface-2',
            )}
          >
            {v.name}
          </button>
        );
      })}
    </div>
  );
}

function ReportedCard({
  item,
  mayBan,
  onAct,
  onBan,
}: {
  item: ReportedItem;
  mayBan: boolean;
  onAct: (action: ModerationAction) => void;
  onBan: () => void;
}) {
  const kind = KIND_NAMES[item.kind].one;
  const { preview, author } = item;
  return (
    <Card>
      <article aria-label={`Reported ${kind} by ${author.name}`}>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="brand">{kind}</Badge>
          {item.hidden ? <Badge tone="danger">hidden</Badge> : null}
          {author.ban ? <Badge tone="danger">author banned {untilText(author.ban.until)}</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-muted">
          {author.name} · {item.reports === 1 ? '1 report' : `${item.reports} reports`} · last {when(item.lastReportedAt)}
        </p>
        <div className="mt-3 flex gap-3">
          {preview.imageUrl ? (
            <img src={preview.imageUrl} alt="" className="size-16 shrink-0 rounded-2xl bg-surface-2 object-cover" loading="lazy" />
          ) : null}
          <div className="min-w-0 flex-1">
            {preview.title ? <h2 className="font-semibold break-words">{preview.title}</h2> : null}
            <p className="line-clamp-5 text-[15px] break-words whitespace-pre-wrap">{preview.text || '(no text)'}</p>
            {preview.context ? <p className="mt-1 text-sm break-words text-muted">{preview.context}</p> : null}
          </div>
        </div>
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Reasons reported">
          {item.reasons.map((r) => (
            <li key={r.reason}>
              <Badge tone="warning">
                {r.reason}
                {r.count > 1 ? ` × ${r.count}` : ''}
              </Badge>
            </li>
          ))}
        </ul>
        {item.details.length ? (
          <ul className="mt-2 flex flex-col gap-1" aria-label="What the reporters said">
            {item.details.map((d, i) => (
              <li key={i} className="rounded-2xl bg-surface-2 px-3 py-2 text-sm break-words">
                “{d}”
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
          {ORDER.map((a) => {
            const { label } = ACTIONS[a](item.hidden);
            return (
              <Button
                key={a}
                size="sm"
                variant={a === 'remove' ? 'danger' : 'outline'}
                onClick={() => onAct(a)}
                aria-label={`${label} the ${kind} by ${author.name}`}
              >
                {label}
              </Button>
            );
          })}
          {mayBan ? (
            <Button
              size="sm"
              variant="outline"
              className="text-danger-fg"
              icon={<Ban className="size-4" aria-hidden="true" />}
              onClick={onBan}
              aria-label={`Ban ${author.name}`}
            >
              Ban author
            </Button>
          ) : null}
        </div>
      </article>
    </Card>
  );
}

function DecideSheet({
  ask,
  onClose,
  onDone,
}: {
  ask: { item: ReportedItem; action: ModerationAction };
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const { item, action } = ask;
  const kind = KIND_NAMES[item.kind].one;
  const a = ACTIONS[action](item.hidden);
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={`${a.label} this ${kind}`}
      schema={moderationDecisionBody}
      defaultValues={{ action, reason: '' }}
      reasonHint={`Sent to ${item.author.name}.`}
      intro={
        action === 'remove' && item.kind === 'shop' ? (
          <p className="text-[15px]">Every product of the shop is taken down. The shop, its orders and its wallet stay.</p>
        ) : null
      }
      submitLabel={a.label}
      danger={action === 'remove'}
      send={(body, idempotencyKey) =>
        call('POST /api/staff/moderation/:kind/:id', { params: { kind: item.kind, id: item.id }, body, idempotencyKey })
      }
      onDone={() => onDone(`${a.done}. ${item.author.name} is told why.`)}
    />
  );
}

function BanSheet({ item, onClose, onDone }: { item: ReportedItem; onClose: () => void; onDone: (m: string) => void }) {
  const name = item.author.name;
  return (
    <ReasonSheet
      open
      onClose={onClose}
      title={`Ban ${name}`}
      schema={banForm}
      defaultValues={{ reason: '', days: '7' }}
      intro={
        <p className="text-[15px]">
          While the ban lasts they can&apos;t post, comment, list products or create communities. Each refusal tells them why and until
          when.
          {item.author.ban ? ` It replaces the ban they have ${untilText(item.author.ban.until)}.` : ''}
        </p>
      }
      fields={(form) => (
        <SelectField label="How long" {...form.register('days')}>
          {LENGTHS.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      )}
      reasonHint="Sent to them, and shown each time they are refused."
      submitLabel="Ban"
      danger
      send={(body, idempotencyKey) =>
        call('POST /api/staff/moderation/:kind/:id/ban', { params: { kind: item.kind, id: item.id }, body, idempotencyKey })
      }
      onDone={(r) => onDone(`${name} is banned ${untilText(r.data.until)}, and is told why.`)}
    />
  );
}

function Queue({ kind, mayBan, onNotice }: { kind: ModerationKind | undefined; mayBan: boolean; onNotice: (m: string | null) => void }) {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [ask, setAsk] = useState<{ item: ReportedItem; action: ModerationAction } | null>(null);
  const [banning, setBanning] = useState<ReportedItem | null>(null);
  const list = useQuery({
    queryKey: ['moderation', kind ?? 'all', page],
    queryFn: async ({ signal }) => call('GET /api/staff/moderation', { query: { page, limit: LIMIT, kind }, signal }),
    placeholderData: keepPreviousData,
  });
  const done = (m: string) => {
    setAsk(null);
    setBanning(null);
    onNotice(m);
    void queries.invalidateQueries({ queryKey: ['moderation'] });
    void queries.invalidateQueries({ queryKey: ['bans'] });
  };
  return (
    <>
      <QueueList
        query={list}
        label="Loading what was reported"
        empty={
          <EmptyState
            icon={<Flag className="size-6" aria-hidden="true" />}
            title={kind ? `No ${KIND_NAMES[kind].many.toLowerCase()} reported` : 'Nothing reported'}
          />
        }
        pagerLabel="Reported pages"
        page={page}
        limit={LIMIT}
        onPage={setPage}
      >
        {(item) => (
          <ReportedCard
            key={`${item.kind}:${item.id}`}
            item={item}
            mayBan={mayBan}
            onAct={(action) => {
              onNotice(null);
              setAsk({ item, action });
            }}
            onBan={() => {
              onNotice(null);
              setBanning(item);
            }}
          />
        )}
      </QueueList>
      {ask ? <DecideSheet ask={ask} onClose={() => setAsk(null)} onDone={done} /> : null}
      {banning ? <BanSheet item={banning} onClose={() => setBanning(null)} onDone={done} /> : null}
    </>
  );
}

type BanRow = { userId: string; name: string; until: string | null; reason: string; since: string; bannedBy: { name: string } | null };

function Bans({ onNotice }: { onNotice: (m: string | null) => void }) {
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [lifting, setLifting] = useState<BanRow | null>(null);
  const list = useQuery({
    queryKey: ['bans', page],
    queryFn: async ({ signal }) => call('GET /api/staff/moderation/bans', { query: { page, limit: LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <QueueList
        query={list}
        label="Loading bans"
        empty={<EmptyState icon={<Ban className="size-6" aria-hidden="true" />} title="Nobody is banned" />}
        pagerLabel="Ban pages"
        page={page}
        limit={LIMIT}
        onPage={setPage}
      >
        {(b) => (
          <Card key={b.userId}>
            <article aria-label={`Ban of ${b.name}`}>
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{b.name}</span>
                <Badge tone="danger">banned {untilText(b.until)}</Badge>
              </p>
              <p className="mt-1 text-[15px] break-words">{b.reason}</p>
              <p className="mt-1 text-sm text-muted">
                By {b.bannedBy?.name ?? '(unknown)'} on {when(b.since)}
              </p>
              <div className="mt-3 flex justify-end">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    onNotice(null);
                    setLifting(b);
                  }}
                  aria-label={`Lift the ban of ${b.name}`}
                >
                  Lift
                </Button>
              </div>
            </article>
          </Card>
        )}
      </QueueList>
      {lifting ? (
        <ReasonSheet
          open
          onClose={() => setLifting(null)}
          title={`Lift the ban of ${lifting.name}`}
          schema={liftBanBody}
          defaultValues={{ reason: '' }}
          reasonHint="Sent to them."
          submitLabel="Lift the ban"
          send={(body, idempotencyKey) =>
            call('POST /api/staff/moderation/bans/:userId/lift', { params: { userId: lifting.userId }, body, idempotencyKey })
          }
          onDone={() => {
            onNotice(`${lifting.name}'s ban is lifted, and they are told.`);
            setLifting(null);
            void queries.invalidateQueries({ queryKey: ['bans'] });
            void queries.invalidateQueries({ queryKey: ['moderation'] });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The moderation queue: reported posts, comments, products, shops and communities (hidden ones
 * first), with the reasons; restore, warn or remove, and ban the author; the bans in force.
 */
export function ModerationPage() {
  const me = useMe();
  const [view, setView] = useState<View>('all');
  const [notice, setNotice] = useState<string | null>(null);
  const mayBan = can(me.data, 'moderation.ban');
  return (
    <>
      <PageTitle title="Moderation">
        What customers reported, hidden things first. Each decision is sent to the person with your reason.
      </PageTitle>
      <ViewChips
        views={mayBan ? VIEWS : VIEWS.filter((v) => v.id !== 'bans')}
        value={view}
        onChange={(v) => {
          setNotice(null);
          setView(v);
        }}
      />
      {notice ? (
        <div className="mt-3">
          <Notice>{notice}</Notice>
        </div>
      ) : null}
      {view === 'bans' ? (
        <Bans onNotice={setNotice} />
      ) : (
        <Queue key={view} kind={view === 'all' ? undefined : view} mayBan={mayBan} onNotice={setNotice} />
      )}
    </>
  );
}
