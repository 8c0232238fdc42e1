import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { CountBadge } from '../../ui/CountBadge';
import { useUnreadNotices } from './queries';

/** The bell with how many notices are unread; opens the notices. */
export function NoticesBell({ className }: { className?: string }) {
  const unread = useUnreadNotices().data ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`}
      title="Notifications"
      className={cn('relative flex size-11 shrink-0 items-center justify-center rounded-full text-fg hover:bg-surface-2', className)}
    >
      <Bell className="size-6" aria-hidden="true" />
      <CountBadge count={unread} />
    </Link>
  );
}
