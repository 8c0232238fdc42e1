import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '../../lib/use-debounced';
import { inputClasses } from '../../ui/Field';
import { SearchResults } from './SearchResults';
import { CategoryChips } from './CategoryChips';
import { Suggestions } from './Suggestions';
import { PostList } from './PostList';
import { BackHeader } from './BackHeader';
import { TrendingTags } from './TrendingTags';

/** Explore: trending hashtags, people to follow, and trending posts of the last days (by topic). */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  const typed = params.get('q') ?? '';
  const q = useDebounced(typed.trim(), 350);
  return (
    <div>
      <BackHeader back="/connect" backLabel="Back to Connect" title="Explore" />
      <label className="relative mt-1 mb-2 block">
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          type="search"
          aria-label="Search people, hashtags, communities and posts"
          placeholder="Search people, #hashtags, communities"
          maxLength={60}
          value={typed}
          onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
          className={`${inputClasses(false)} pl-11`}
        />
      </label>
      {typed.trim() ? (
        q ? (
          <SearchResults q={q} />
        ) : null
      ) : (
        <>
          <CategoryChips value={category ?? null} onChange={(c) => setParams(c ? { category: c } : {}, { replace: true })} />
          {!category && <TrendingTags />}
          {!category && <Suggestions />}
          <h2 className="mt-4 mb-1 px-1 text-sm font-bold">Trending{category ? ' in this topic' : ''}</h2>
          <PostList
            key={category ?? 'all'}
            source={category ? { kind: 'trending', category } : { kind: 'trending' }}
            label="Trending posts"
            empty={<p className="py-8 text-center text-sm text-fg-muted">Nothing trending here yet.</p>}
          />
        </>
      )}
    </div>
  );
}
