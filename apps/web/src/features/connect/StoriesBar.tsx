import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { Skeleton } from '../../ui/Spinner';
import { useAuth } from '../account';
import { useStoryGroups } from './queries';

/** Live stories by author above the feed: one's own first, then unseen, then seen (the server's order). */
export function StoriesBar() {
  const groups = useStoryGroups();
  const me = useAuth((s) => s.userId);
  const mine = groups.data?.find((g) => g.isMine);
  return (
    <section aria-label="Stories" className="-mx-5 mb-2 border-b border-line pb-3">
      <ul className="flex gap-3 overflow-x-auto px-5 pt-1 [scrollbar-width:none]">
        <li className="shrink-0">
          <Link to="/connect/stories/new" className="flex w-16 flex-col items-center gap-1 text-center" aria-label="Add a story">
            <span className="relative flex size-16 items-center justify-center rounded-full border-2 border-dashed border-brand-600 text-brand-fg">
              <Plus className="size-6" aria-hidden="true" />
            </span>
            <span className="w-full truncate text-xs font-medium">Add story</span>
          </Link>
        </li>
        {groups.isPending
          ? [0, 1, 2].map((i) => (
              <li key={i} className="shrink-0" aria-hidden="true">
                <Skeleton className="size-16 rounded-full" />
              </li>
            ))
          : null}
        {(groups.data ?? []).map((g) => {
          const who = g.isMine ? 'Your story' : g.author.firstName;
          const label = `${g.isMine ? 'Your story' : `Stories by ${g.author.firstName} ${g.author.lastName}`}${g.hasUnseen ? ', new' : ''}`;
          return (
            <li key={g.author._id} className="shrink-0">
              <Link
                to={`/connect/stories/${g.author._id}`}
                aria-label={label}
                className="flex w-16 flex-col items-center gap-1 text-center"
              >
                <span className={cn('rounded-full p-[3px]', g.hasUnseen ? 'bg-gradient-to-tr from-accent-500 to-brand-600' : 'bg-line')}>
                  <span className="block rounded-full bg-surface p-[2px]">
                    <Avatar src={g.author.avatar} firstName={g.author.firstName} lastName={g.author.lastName} size="md" />
                  </span>
                </span>
                <span className={cn('w-full truncate text-xs', g.hasUnseen ? 'font-semibold' : 'text-muted')}>{who}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {groups.isError ? <p className="px-5 pt-2 text-xs text-muted">Stories couldn&apos;t load.</p> : null}
      {me && !mine && groups.data && groups.data.length === 0 ? (
        <p className="px-5 pt-2 text-xs text-muted">No stories yet. Share a moment that disappears after 24 hours.</p>
      ) : null}
    </section>
  );
}
