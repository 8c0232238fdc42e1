import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { connectApi, type PageCursor, type Post, type PostListSource, type PostPage } from '../../api/connect';
import { useAuth } from '../account';
import { flattenPages } from './merge';

/** Every query that holds posts sits under `POSTS`, so a change to a post reaches each of them. */
const POSTS = ['connect', 'posts'] as const;
export const connectKeys = {
  posts: POSTS,
  list: (source: PostListSource) => [...POSTS, 'list', source] as const,
  post: (id: string) => [...POSTS, 'one', id] as const,
  comments: (id: string) => ['connect', 'comments', id] as const,
  profile: (id: string) => ['connect', 'profile', id] as const,
  people: (which: string, id: string) => ['connect', 'people', which, id] as const,
  stories: ['connect', 'stories'] as const,
  myStories: ['connect', 'my-stories'] as const,
  highlights: (userId: string) => ['connect', 'highlights', userId] as const,
  collections: ['connect', 'collections'] as const,
  categories: ['connect', 'categories'] as const,
  reasons: ['connect', 'report-reasons'] as const,
  suggested: ['connect', 'suggested'] as const,
  trendingTags: ['connect', 'trending-tags'] as const,
  closeFriends: ['connect', 'close-friends'] as const,
  insights: (id: string) => ['connect', 'insights', id] as const,
  storyInsights: (id: string) => ['connect', 'story-insights', id] as const,
};

export function usePostList(source: PostListSource) {
  const query = useInfiniteQuery({
    queryKey: connectKeys.list(source),
    initialPageParam: { page: 0 } as PageCursor,
    queryFn: ({ pageParam, signal }) => connectApi.posts(source, pageParam, signal),
    getNextPageParam: (last): PageCursor | undefined => (last.pagination.next ? { ...last.pagination.next } : undefined),
  });
  const posts = query.data ? flattenPages(query.data.pages) : [];
  return { ...query, posts };
}

export function usePost(id: string) {
  return useQuery({ queryKey: connectKeys.post(id), queryFn: async () => (await connectApi.post(id)).data });
}

type PostsData = InfiniteData<PostPage> | Post;
const isInfinite = (d: PostsData): d is InfiniteData<PostPage> => 'pages' in d;

/** Applies `change` to the post (and to quotes' originals) in every cached list and page at once. */
export function patchPost(qc: QueryClient, id: string, change: (p: Post) => Post): void {
  const apply = (p: Post) => (p._id === id ? change(p) : p);
  qc.setQueriesData<PostsData>({ queryKey: POSTS }, (d) => {
    if (!d) return d;
    if (isInfinite(d)) return { ...d, pages: d.pages.map((pg) => ({ ...pg, posts: pg.posts.map(apply) })) };
    return apply(d);
  });
}

/** Takes the post out of every cached list (after it is deleted or published from drafts). */
export function dropPost(qc: QueryClient, id: string): void {
  qc.setQueriesData<PostsData>({ queryKey: [...POSTS, 'list'] }, (d) =>
    d && isInfinite(d) ? { ...d, pages: d.pages.map((pg) => ({ ...pg, posts: pg.posts.filter((p) => p._id !== id) })) } : d,
  );
}

/**
 * Optimistic change to a post everywhere it is shown; rolled back with a toast when the server
 * refuses. `mutate` returns what the server settled on, applied over the guess.
 */
function useOptimisticPost<V extends { id: string }, R>(opts: {
  mutate: (v: V) => Promise<R>;
  guess: (p: Post, v: V) => Post;
  settle: (p: Post, r: R) => Post;
  failure: string;
}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: opts.mutate,
    onMutate: async (v: V) => {
      await qc.cancelQueries({ queryKey: POSTS });
      const before = qc.getQueriesData<PostsData>({ queryKey: POSTS });
      patchPost(qc, v.id, (p) => opts.guess(p, v));
      return { before };
    },
    onError: (err, _v, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
      toast.error(errorMessage(err, opts.failure));
    },
    onSuccess: (r, v) => patchPost(qc, v.id, (p) => opts.settle(p, r)),
  });
}

export function useLike() {
  return useOptimisticPost({
    mutate: async ({ id, like }: { id: string; like: boolean }) => (like ? connectApi.like(id) : connectApi.unlike(id)),
    guess: (p, { like }) =>
      p.isLiked === like
        ? p
        : { ...p, isLiked: like, likes: { ...p.likes, likesCount: Math.max(0, p.likes.likesCount + (like ? 1 : -1)) } },
    settle: (p, r) => ({ ...p, isLiked: r.data.isLiked, likes: { ...p.likes, likesCount: r.data.likesCount } }),
    failure: "We couldn't update your like. Please try again.",
  });
}

export function useRepost() {
  return useOptimisticPost({
    mutate: async ({ id }: { id: string }) => connectApi.repost(id),
    guess: (p) => ({ ...p, isReposted: !p.isReposted, repostCount: Math.max(0, p.repostCount + (p.isReposted ? -1 : 1)) }),
    settle: (p, r) => ({ ...p, isReposted: r.data.isReposted, repostCount: r.data.repostCount }),
    failure: "We couldn't repost that. Please try again.",
  });
}

export function useSave() {
  const qc = useQueryClient();
  return useOptimisticPost({
    mutate: async ({ id, save, collectionId }: { id: string; save: boolean; collectionId?: string | null }) => {
      const res = save ? await connectApi.save(id, collectionId ?? null) : await connectApi.unsave(id);
      void qc.invalidateQueries({ queryKey: [...POSTS, 'list', { kind: 'saved' }] });
      void qc.invalidateQueries({ queryKey: connectKeys.collections });
      return res;
    },
    guess: (p, { save }) => ({ ...p, isSaved: save }),
    settle: (p, r) => ({ ...p, isSaved: r.data.isSaved }),
    failure: "We couldn't update your saved posts. Please try again.",
  });
}

export function useCategories() {
  return useQuery({
    queryKey: connectKeys.categories,
    queryFn: async () => (await connectApi.categories()).data,
    staleTime: 60 * 60_000,
  });
}

export function useProfileOf(id: string) {
  return useQuery({ queryKey: connectKeys.profile(id), queryFn: async () => (await connectApi.profile(id)).data, enabled: id !== '' });
}

export function useFollow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => (follow ? connectApi.follow(id) : connectApi.unfollow(id)),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: connectKeys.profile(id) }),
        // One's own profile too: its following count decides whether the feed still offers people to follow.
        qc.invalidateQueries({ queryKey: connectKeys.profile(useAuth.getState().userId ?? '') }),
        qc.invalidateQueries({ queryKey: ['connect', 'people'] }),
        qc.invalidateQueries({ queryKey: connectKeys.suggested }),
        qc.invalidateQueries({ queryKey: connectKeys.stories }),
        qc.invalidateQueries({ queryKey: [...POSTS, 'list', { kind: 'home' }] }),
      ]),
    onError: (err) => toast.error(errorMessage(err, "We couldn't update who you follow. Please try again.")),
  });
}

export function useStoryGroups() {
  return useQuery({ queryKey: connectKeys.stories, queryFn: async () => (await connectApi.storyGroups()).data });
}

export function useCollections() {
  return useQuery({ queryKey: connectKeys.collections, queryFn: async () => (await connectApi.collections()).data });
}

/** The hashtags used most in the last 7 days (Explore). */
export function useTrendingTags() {
  return useQuery({ queryKey: connectKeys.trendingTags, queryFn: async () => (await connectApi.suggestedTags()).data, staleTime: 60_000 });
}

export function useSuggested() {
  return useQuery({ queryKey: connectKeys.suggested, queryFn: async () => (await connectApi.suggested()).data });
}
