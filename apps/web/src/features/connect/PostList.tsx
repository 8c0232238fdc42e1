import { useEffect, useRef, type ReactNode } from 'react';
import { connectApi, type PostListSource } from '../../api/connect';
import { useLoadOnScroll } from '../../lib/use-paged-list';
import { InlineError } from '../../ui/InlineError';
import { LoadMore } from '../../ui/LoadMore';
import { Skeleton } from '../../ui/Spinner';
import { PostCard } from './PostCard';
import { usePostList } from './queries';

export function PostSkeletons({ label = 'Loading posts' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-line">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3 px-4 py-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            {i === 0 ? <Skeleton className="mt-2 h-40 w-full rounded-2xl" /> : null}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Posts seen on screen, sent in batches (the server counts one view per viewer per day). */
const seen = new Set<string>();
let pending: string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
function noteView(id: string) {
  if (seen.has(id)) return;
  seen.add(id);
  pending.push(id);
  timer ??= setTimeout(() => {
    const batch = pending.slice(0, 50);
    pending = pending.slice(50);
    timer = undefined;
    connectApi.views(batch).catch(() => batch.forEach((b) => seen.delete(b)));
  }, 1500);
}

function useViewTracking(container: React.RefObject<HTMLElement | null>, ids: readonly string[]) {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.postId;
          if (e.isIntersecting && id) noteView(id);
        }
      },
      { threshold: 0.5 },
    );
    root.querySelectorAll<HTMLElement>('[data-post-id]').forEach((el) => io.observe(el));
    return () => io.disconnect();
  }, [container, ids]);
}

/**
 * A post list a page at a time: skeletons first, the next page fetched as its end scrolls into view
 * (with a button as well, for when it does not), `empty` when there is nothing.
 */
export function PostList({
  source,
  empty,
  label,
  countViews = true,
}: {
  source: PostListSource;
  empty: ReactNode;
  label: string;
  countViews?: boolean;
}) {
  const list = usePostList(source);
  const ref = useRef<HTMLUListElement>(null);
  const sentinel = useLoadOnScroll(list);
  useViewTracking(
    countViews ? ref : { current: null },
    list.posts.map((p) => p._id),
  );

  if (list.isPending) return <PostSkeletons />;
  if (list.isError)
    return <InlineError error={list.error} onRetry={() => void list.refetch()} fallback="We couldn't load these posts." className="m-4" />;
  if (list.posts.length === 0) return <>{empty}</>;
  return (
    <>
      <ul ref={ref} aria-label={label} className="-mx-5">
        {list.posts.map((p) => (
          <li key={p._id} data-post-id={p._id}>
            <PostCard post={p} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <LoadMore pages={list} />
    </>
  );
}
