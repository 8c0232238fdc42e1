import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { connectApi } from '../../api/connect';
import { Avatar } from '../../ui/Avatar';
import { EmptyState } from '../../ui/EmptyState';
import { InlineError } from '../../ui/InlineError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { CommunityRow } from './communities/parts';
import { fullName, handle, profilePath } from './format';
import { PostCard } from './PostCard';
import { TagChip } from './TrendingTags';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="mt-4">
      <h2 className="mb-1 px-1 text-sm font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** Explore's search: people, hashtags, communities and recent posts for the words typed (already debounced). */
export function SearchResults({ q }: { q: string }) {
  const results = useQuery({
    queryKey: ['connect', 'search', q],
    queryFn: async ({ signal }) => (await connectApi.search(q, signal)).data,
    staleTime: 30_000,
  });
  if (results.isPending)
    return (
      <SkeletonRows
        label="Searching"
        rows={4}
        className="mt-4"
        row={{ className: 'flex items-center gap-3 py-2.5', lead: 'size-10 rounded-full', lines: ['h-4 w-1/2', 'h-3 w-1/3'] }}
      />
    );
  if (results.isError) return <InlineError error={results.error} fallback="Search did not work." onRetry={() => void results.refetch()} />;
  const { people, tags, communities, posts } = results.data;
  if (!people.length && !tags.length && !communities.length && !posts.length)
    return (
      <EmptyState icon={<SearchX className="size-9" strokeWidth={1.8} />} title={`Nothing found for “${q}”`}>
        Try a name, a nickname, a #hashtag or other words.
      </EmptyState>
    );
  return (
    <div>
      {people.length ? (
        <Section title="People">
          <ul>
            {people.map((p) => (
              <li key={p._id}>
                <Link to={profilePath(p._id)} className="flex items-center gap-3 rounded-xl px-1 py-2.5 hover:bg-surface-2">
                  <Avatar src={p.avatar} firstName={p.firstName} lastName={p.lastName} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{fullName(p)}</span>
                    <span className="block truncate text-xs text-muted">{handle(p) ?? ''}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {tags.length ? (
        <Section title="Hashtags">
          <ul className="flex flex-wrap gap-2">
            {tags.map((t) => (
              <li key={t.tag}>
                <TagChip tag={t.tag} count={t.count} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {communities.length ? (
        <Section title="Communities">
          {communities.map((c) => (
            <CommunityRow key={c._id} community={c} />
          ))}
        </Section>
      ) : null}
      {posts.length ? (
        <Section title="Posts">
          <ul aria-label="Posts found">
            {posts.map((p) => (
              <li key={p._id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
