import { formatLagosDate } from '@owo/contracts/format';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import type { Notice } from '../../api/notices';
import { cn } from '../../lib/cn';
import { useLoadOnScroll } from '../../lib/use-paged-list';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Spinner';
import { useNotices, useReadNotices } from './queries';

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const inner = (
    <>
      <span aria-hidden="true" className={cn('mt-2 size-2.5 shrink-0 rounded-full', notice.read ? 'bg-transparent' : 'bg-brand-500')} />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-[15px]', notice.read ? 'font-medium' : 'font-bold')}>{notice.title}</span>
        <span className="mt-0.5 block text-sm text-muted">{notice.body}</span>
        <time dateTime={notice.createdAt} className="mt-1 block text-xs text-subtle">
          {formatLagosDate(notice.createdAt, 'recentTime')}
        </time>
      </span>
    </>
  );
  const cls = 'flex gap-3 px-1 py-3.5 text-left';
  return notice.link ? (
    <Link
      to={notice.link}
      onClick={onOpen}
      aria-label={`${notice.read ? '' : 'Unread: '}${notice.title}. ${notice.body} ${formatLagosDate(notice.createdAt, 'recentTime')}`}
      className={cn(cls, 'rounded-lg hover:bg-surface-2')}
    >
      {inner}
    </Link>
  ) : (
    <div className={cls}>{inner}</div>
  );
}

/** What changed for the signed-in person (orders accepted, shipped, refunded...), newest first. */
export default function NoticesPage() {
  const notices = useNotices();
  const read = useReadNotices();
  const sentinel = useLoadOnScroll(notices, { rootMargin: '0px' });
  const anyUnread = notices.items.some((n) => !n.read);

  return (
    <div>
      <PageHeader
        title="Notifications"
        back="/"
        backLabel="Back to Home"
        action={
          anyUnread ? (
            <Button variant="ghost" size="sm" loading={read.isPending} onClick={() => read.mutate(undefined)}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      {notices.isPending ? (
        <ul aria-busy="true" aria-label="Loading notifications" className="flex flex-col gap-4 py-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="flex flex-col gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : notices.isError ? (
        <InlineError error={notices.error} fallback="We couldn't load your notifications." onRetry={() => void notices.refetch()} />
      ) : notices.items.length === 0 ? (
        <EmptyState icon={<Bell className="size-9" strokeWidth={1.8} />} title="No notifications yet">
          When something changes for you, like an order being accepted or shipped, it shows here.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col divide-y divide-line">
            {notices.items.map((n) => (
              <li key={n.id}>
                <NoticeRow notice={n} onOpen={() => (n.read ? undefined : read.mutate([n.id]))} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} />
          <LoadMore pages={notices} />
        </>
      )}
    </div>
  );
}
