import { formatLagosDate } from '@owo/contracts/format';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, kindOfNotice, type NotificationKind } from '@owo/contracts';
import { Bell, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useLoadOnScroll } from '../../lib/use-paged-list';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import type { CentreItem } from './api';
import { PushPrompt } from './PushPrompt';
import { useCentre, useMarkRead, useSummary } from './queries';

type Filter = NotificationKind | 'all';

function Row({ item, onOpen }: { item: CentreItem; onOpen: () => void }) {
  const kind = kindOfNotice(item.kind);
  const when = formatLagosDate(item.createdAt, 'recentTime');
  return (
    <Link
      to={item.link ?? '/notifications'}
      onClick={onOpen}
      aria-label={`${item.read ? '' : 'Unread: '}${item.title}. ${item.body} ${when}`}
      className="flex gap-3 rounded-lg px-1 py-3.5 text-left hover:bg-surface-2"
    >
      <span aria-hidden="true" className={cn('mt-2 size-2.5 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-brand-500')} />
      <span className="min-w-0 flex-1">
        <span className="text-xs font-semibold tracking-wide text-subtle uppercase">{kind ? NOTIFICATION_KIND_LABELS[kind] : ''}</span>
        <span className={cn('block text-[15px]', item.read ? 'font-medium' : 'font-bold')}>{item.title}</span>
        <span className="mt-0.5 block text-sm break-words text-muted">{item.body}</span>
        <time dateTime={item.createdAt} className="mt-1 block text-xs text-subtle">
          {when}
        </time>
      </span>
    </Link>
  );
}

/**
 * The notification centre: every kind of notification (money, messages, calls, orders, community
 * requests...) with its unread count, newest first; each opens its screen, as a tap on the push does.
 */
export default function NotificationCentrePage() {
  const [filter, setFilter] = useState<Filter>('all');
  const summary = useSummary();
  const list = useCentre(filter);
  const read = useMarkRead();
  const sentinel = useLoadOnScroll(list, { rootMargin: '0px' });
  const counts = summary.data?.byKind;
  const kinds = NOTIFICATION_KINDS.filter((k) => (counts?.[k] ?? 0) > 0 || k === filter);
  const chip = (id: Filter, name: string, n: number) => ({ id, name: n > 0 ? `${name} (${n})` : name });

  return (
    <div>
      <PageHeader
        title="Notifications"
        back="/"
        backLabel="Back to Home"
        action={
          <div className="flex items-center gap-1">
            {(summary.data?.unread ?? 0) > 0 ? (
              <Button variant="ghost" size="sm" loading={read.isPending} onClick={() => read.mutate(undefined)}>
                Mark all read
              </Button>
            ) : null}
            <Link
              to="/notifications/settings"
              aria-label="Notification settings"
              className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
            >
              <Settings className="size-5" />
            </Link>
          </div>
        }
      />
      <PushPrompt always />
      <div role="radiogroup" aria-label="Show" className="-mx-5 flex gap-2 overflow-x-auto px-5 py-1.5 [scrollbar-width:none]">
        {[chip('all', 'All', summary.data?.unread ?? 0), ...kinds.map((k) => chip(k, NOTIFICATION_KIND_LABELS[k], counts?.[k] ?? 0))].map(
          (c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={filter === c.id}
              onClick={() => setFilter(c.id)}
              className={cn(
                'min-h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap',
                filter === c.id ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-fg hover:bg-surface-2',
              )}
            >
              {c.name}
            </button>
          ),
        )}
      </div>
      {list.isPending ? (
        <ul aria-busy="true" aria-label="Loading notifications" className="flex flex-col gap-4 py-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="flex flex-col gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <InlineError error={list.error} fallback="We couldn't load your notifications." onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<Bell className="size-9" strokeWidth={1.8} />} title="No notifications yet">
          Money you receive, messages, calls and changes to your orders show here.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col divide-y divide-line">
            {list.items.map((n) => (
              <li key={n.id}>
                <Row item={n} onOpen={() => (n.read ? undefined : read.mutate([n.id]))} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          <LoadMore pages={list} />
        </>
      )}
    </div>
  );
}
