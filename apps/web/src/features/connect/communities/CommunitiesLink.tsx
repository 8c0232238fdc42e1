import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { CountBadge } from '../../../ui/CountBadge';
import { useInbox } from './queries';

/** Connect's header link to the communities, with the number of invites and ownership offers waiting. */
export function CommunitiesLink({ className }: { className?: string }) {
  const { count } = useInbox();
  return (
    <Link
      to="/connect/communities"
      aria-label={count > 0 ? `Communities, ${count} new` : 'Communities'}
      className={cn('relative', className)}
    >
      <UsersRound className="size-5" aria-hidden="true" />
      <CountBadge count={count} max={9} size="sm" />
    </Link>
  );
}
