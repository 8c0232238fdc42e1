import { useInfiniteQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useParams } from 'react-router';
import { connectApi } from '../../api/connect';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { CardListSkeleton } from '../../ui/Spinner';
import { useAuth } from '../account';
import { connectKeys } from './queries';
import { PersonRow } from './PersonRow';

type Which = 'followers' | 'followings' | 'close-friends';
const TITLES: Record<Which, string> = { followers: 'Followers', followings: 'Following', 'close-friends': 'Close friends' };
const EMPTY: Record<Which, string> = {
  followers: 'No followers yet.',
  followings: 'Not following anyone yet.',
  'close-friends': 'Add people to your close friends from their profile; only they see your close-friends stories.',
};

/** Followers, followings or one's close friends, a page at a time, each with a follow button. */
export default function PeoplePage({ which }: { which: Which }) {
  const me = useAuth((s) => s.userId) ?? '';
  const { id = me } = useParams();
  const people = useInfiniteQuery({
    queryKey: connectKeys.people(which, id),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const res = which === 'close-friends' ? await connectApi.closeFriends(pageParam) : await connectApi.people(which, id, pageParam);
      return { items: res.data, next: res.pagination?.next?.page ?? null };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const all = people.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <PageHeader title={TITLES[which]} back={which === 'close-friends' ? `/connect/people/${me}` : `/connect/people/${id}`} />
      {people.isPending ? (
        <CardListSkeleton label={`Loading ${TITLES[which].toLowerCase()}`} />
      ) : people.isError ? (
        <InlineError error={people.error} onRetry={() => void people.refetch()} fallback="We couldn't load this list." />
      ) : all.length === 0 ? (
        <EmptyState icon={<Users className="size-9" strokeWidth={1.8} />} title={EMPTY[which]} />
      ) : (
        <ul aria-label={TITLES[which]} className="divide-y divide-line">
          {all.map((p) => (
            <li key={p._id}>
              <PersonRow person={p} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={people} />
    </div>
  );
}
