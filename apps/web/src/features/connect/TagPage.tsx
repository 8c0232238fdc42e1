import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PostList } from './PostList';

/** A hashtag's page: the posts with it, newest first. */
export default function TagPage() {
  const tag = useParams().tag ?? '';
  return (
    <div>
      <header className="sticky top-0 z-20 -mx-5 flex min-h-16 items-center gap-2 bg-canvas/90 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
        <Link
          to="/connect/explore"
          aria-label="Back to Explore"
          className="flex size-11 items-center justify-center rounded-full hover:bg-surface-2"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="flex-1 truncate text-xl font-bold tracking-tight">#{tag}</h1>
      </header>
      <PostList
        key={tag}
        source={{ kind: 'tag', tag }}
        label={`Posts with #${tag}`}
        empty={<p className="py-8 text-center text-sm text-fg-muted">No posts with #{tag} yet.</p>}
      />
    </div>
  );
}
