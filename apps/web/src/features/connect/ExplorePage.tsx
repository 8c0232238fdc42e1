import { useSearchParams } from 'react-router';
import { CategoryChips } from './CategoryChips';
import { Suggestions } from './Suggestions';
import { PostList } from './PostList';
import { BackHeader } from './BackHeader';
import { TrendingTags } from './TrendingTags';

/** Explore: trending hashtags, people to follow, and trending posts of the last days (by topic). */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  return (
    <div>
      <BackHeader back="/connect" backLabel="Back to Connect" title="Explore" />
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
    </div>
  );
}
