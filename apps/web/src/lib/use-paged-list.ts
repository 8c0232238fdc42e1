import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

/** A page of a list as the screens keep it: its items, the next page (from 1) if any, and the server's total if it counts one. */
export interface Page<T> {
  items: T[];
  next: number | null;
  total?: number;
}

/**
 * A list a page at a time, pages from 1: the items of all pages, the total the server counts (0 when
 * it does not), and the infinite query's paging fields (for LoadMore and the scroll sentinel).
 * `keepPrevious` keeps the last list on screen while another key (a new filter) loads.
 */
export function usePagedList<T>(
  key: readonly unknown[],
  fetch: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  opts: { enabled?: boolean; keepPrevious?: boolean } = {},
) {
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetch(pageParam, signal),
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
    enabled: opts.enabled ?? true,
    placeholderData: opts.keepPrevious ? keepPreviousData : undefined,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  return { ...query, items, total };
}

/**
 * Calls `onVisible` when `target` comes within `rootMargin` of `root` (the viewport when none), while
 * `enabled`. The observer is made again whenever `onVisible` changes, so a target still in view after
 * a page loads asks for the next one.
 */
export function useOnVisible(
  target: RefObject<Element | null>,
  onVisible: () => void,
  opts: { enabled: boolean; root?: RefObject<Element | null>; rootMargin?: string },
): void {
  const { enabled, root, rootMargin } = opts;
  useEffect(() => {
    const el = target.current;
    const rootEl = root ? root.current : null;
    if (!el || !enabled || (root && !rootEl) || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      ([e]) => {
        if (e?.isIntersecting) onVisible();
      },
      { root: rootEl, rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [target, root, enabled, rootMargin, onVisible]);
}

/** The paging fields of an infinite query that the scroll sentinel needs. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A sentinel element to put under a list: the next page is fetched as it nears the screen (600px by default). */
export function useLoadOnScroll<E extends Element = HTMLDivElement>(pages: NextPages, opts: { rootMargin?: string } = {}) {
  const sentinel = useRef<E>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const load = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  useOnVisible(sentinel, load, { enabled: hasNextPage, rootMargin: opts.rootMargin ?? '600px' });
  return sentinel;
}
