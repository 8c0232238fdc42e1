import type { SuggestedAccount } from '@owo/contracts';
import { Link } from 'react-router';
import { Skeleton } from '../../ui/Spinner';
import { PersonRow } from './PersonRow';
import { useSuggested } from './queries';

/** Why someone is suggested, in the words a person would use. */
export function why(p: Pick<SuggestedAccount, 'reason' | 'mutualCount'>): string {
  switch (p.reason) {
    case 'paid_each_other':
      return 'You’ve sent each other money';
    case 'bought_from_them':
      return 'You bought from their shop';
    case 'followed_by_people_you_follow':
      return `Followed by ${p.mutualCount} you follow`;
    case 'in_your_communities':
      return p.mutualCount > 1 ? `In ${p.mutualCount} of your communities` : 'In one of your communities';
    case 'popular':
      return 'Popular on Owo';
  }
}

/** People to follow: people one knows from payments and shops, or through people one follows and communities; else popular. */
export function Suggestions({ show, more }: { show?: number; more?: boolean }) {
  const suggested = useSuggested();
  if (suggested.isPending) return <Skeleton className="mx-4 h-28" />;
  if (!suggested.data || suggested.data.length === 0) return null;
  const list = show ? suggested.data.slice(0, show) : suggested.data;
  return (
    <section aria-labelledby="suggested" className="mt-2 rounded-3xl bg-surface px-4 py-3 text-left">
      <h3 id="suggested" className="mb-1 flex items-center text-sm font-bold">
        <span className="flex-1">People to follow</span>
        {more && list.length < suggested.data.length ? (
          <Link to="/connect/explore" className="flex min-h-11 items-center px-1 text-sm font-semibold text-brand-fg">
            See all
          </Link>
        ) : null}
      </h3>
      {list.map((p) => (
        <PersonRow key={p._id} person={p} note={why(p)} />
      ))}
    </section>
  );
}
