import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CategoryChips } from './CategoryChips';
import { Suggestions } from './Suggestions';
import { PostList } from './PostList';

/** Explore: trending posts of the last days (by topic), and people to follow. */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? undefined;
  return (
    <div>
      <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-2 bg-canvas/90 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
        <Link
          to="/connect"
          aria-label="Back to Connect"
          className="flex size-11 items-center justify-center rounded-full hover:bg-surface-2"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="flex-1 text-xl font-bold tracking-tight">Explore</h1>
      </header>
      <CategoryChips value={category ?? null} onChange={(c) => setParams(c ? { category: c } : {}, { replace: true })} />
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
