import type { FeedPagination, Post } from '../../api/connect';

/**
 * Spec section 4: pages of a feed are merged without duplicates by `_id`. A page that has a
 * previous page (`pagination.prev`) continues the list and is appended; page 0 is the newest and is
 * put in front. A post already shown keeps its place and takes the newer copy.
 */
export function mergePosts(shown: readonly Post[], page: readonly Post[], pagination: Pick<FeedPagination, 'prev'>): Post[] {
  const incoming = new Map(page.map((p) => [p._id, p]));
  const kept = shown.map((p) => incoming.get(p._id) ?? p);
  const known = new Set(shown.map((p) => p._id));
  const fresh = page.filter((p, i) => !known.has(p._id) && page.findIndex((q) => q._id === p._id) === i);
  return pagination.prev ? [...kept, ...fresh] : [...fresh, ...kept];
}

/** The posts of an infinite list's pages, in order, each once. */
export function flattenPages(pages: ReadonlyArray<{ posts: Post[]; pagination: Pick<FeedPagination, 'prev'> }>): Post[] {
  return pages.reduce<Post[]>((all, p) => mergePosts(all, p.posts, p.pagination), []);
}
