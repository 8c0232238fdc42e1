import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import { InlineError } from '../../ui/InlineError';
import { Skeleton } from '../../ui/Spinner';
import { plural } from './format';
import { useTrendingTags } from './queries';

/** Explore's trending hashtags: the most used this week, each a link to its page. */
export function TrendingTags() {
  const tags = useTrendingTags();
  return (
    <section aria-labelledby="trending-tags" className="mt-4">
      <h2 id="trending-tags" className="mb-2 px-1 text-sm font-bold">
        Trending hashtags
      </h2>
      {tags.isPending ? (
        <div className="flex gap-2" aria-label="Loading hashtags" role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-9 w-24 rounded-full" />
          ))}
        </div>
      ) : tags.isError ? (
        <InlineError error={tags.error} fallback="Hashtags did not load." onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <p className="px-1 text-sm text-fg-muted">No hashtags this week yet.</p>
      ) : (
        <ul className="-mx-5 flex gap-2 overflow-x-auto px-5 pb-1 [scrollbar-width:none]">
          {tags.data.slice(0, 10).map((t) => (
            <li key={t.tag} className="shrink-0">
              <TagChip tag={t.tag} count={t.count} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A hashtag with its number of posts, a link to its page (Explore and search). */
export function TagChip({ tag, count }: { tag: string; count: number }) {
  return (
    <Link
      to={`/connect/tags/${encodeURIComponent(tag)}`}
      aria-label={`#${tag}, ${plural(count, 'post')}`}
      className="flex min-h-9 items-center gap-1 rounded-full border border-line bg-surface px-3 text-sm font-semibold whitespace-nowrap text-fg hover:bg-surface-2"
    >
      <Hash className="size-3.5 text-brand-600" aria-hidden="true" />
      {tag}
      <span className="font-normal text-muted">· {plural(count, 'post')}</span>
    </Link>
  );
}
