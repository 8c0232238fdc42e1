import { Skeleton } from '../../ui/Spinner';
import { PersonRow } from './PersonRow';
import { useSuggested } from './queries';

/** People to follow: followed by people one follows, else popular on Owo. */
export function Suggestions() {
  const suggested = useSuggested();
  if (suggested.isPending) return <Skeleton className="mx-4 h-28" />;
  if (!suggested.data || suggested.data.length === 0) return null;
  return (
    <section aria-labelledby="suggested" className="mt-2 rounded-3xl bg-surface px-4 py-3 text-left">
      <h3 id="suggested" className="mb-1 text-sm font-bold">
        People to follow
      </h3>
      {suggested.data.map((p) => (
        <PersonRow
          key={p._id}
          person={p}
          note={p.reason === 'followed_by_people_you_follow' ? `Followed by ${p.mutualCount} you follow` : 'Popular on Owo'}
        />
      ))}
    </section>
  );
}
