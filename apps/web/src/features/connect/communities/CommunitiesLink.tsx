import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
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
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger-fg px-1 text-[11px] leading-none font-bold text-white ring-2 ring-canvas"
        >
          {count > 9 ? '9+' : count}
        </span>
      ) : null}
    </Link>
  );
}
