import type { ApiBody, ApiData, FeedPagination, Post } from '@owo/contracts';
import { call } from './client';

export type { Post, FeedPagination };
export type ConnectUser = Post['author'];
export type ConnectProfile = ApiData<'GET /api/connect/connect/profile/:id'>;
export type ConnectPerson = ApiData<'GET /api/connect/connect/:id/followers'>[number];
export type SuggestedAccount = ApiData<'GET /api/connect/connect/suggested-accounts'>[number];
export type PostCategory = ApiData<'GET /api/connect/post-categories'>[number];
export type PostComment = ApiData<'GET /api/connect/posts/:id/comments'>[number];
export type StoryGroup = ApiData<'GET /api/connect/stories/allStories'>[number];
export type Story = StoryGroup['stories'][number];
export type Highlight = ApiData<'GET /api/connect/highlights'>[number];
export type SavedCollection = ApiData<'GET /api/connect/saved-categories'>[number];
export type PostInsights = ApiData<'GET /api/connect/posts/:id/post-insights'>;
export type StoryInsights = ApiData<'GET /api/connect/stories/:id/get-insights'>;
export type CreatePostInput = ApiBody<'POST /api/connect/posts'>;
export type CreateStoryInput = ApiBody<'POST /api/connect/stories'>;

/** A page of posts as the screens keep it: the posts and where the next page starts. */
export interface PostPage {
  posts: Post[];
  pagination: FeedPagination;
}
/** Where a post list's page starts: the page number and, after page 0, the snapshot cursor. */
export interface PageCursor {
  page: number;
  cursor?: string;
}
/** The post lists the screens show; each is fetched a page at a time. */
export type PostListSource =
  | { kind: 'home' }
  | { kind: 'category'; category: string }
  | { kind: 'trending'; category?: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'media' | 'text' | 'reposts' | 'tagged'; userId: string }
  | { kind: 'drafts' }
  | { kind: 'saved' }
  | { kind: 'collection'; collectionId: string };

const auth = { requireToken: true } as const;
const PAGE = 10;

const asPage = (res: { data: Post[]; pagination?: unknown }): PostPage => ({
  posts: res.data,
  pagination: res.pagination as FeedPagination,
});

/** The connect service's calls the Connect screens make. */
export const connectApi = {
  async posts(source: PostListSource, at: PageCursor, signal?: AbortSignal): Promise<PostPage> {
    const query = { page: at.page, limit: PAGE, ...(at.cursor ? { cursor: at.cursor } : {}) };
    const o = { ...auth, query, signal };
    switch (source.kind) {
      case 'home':
        return asPage(await call('GET /api/connect/posts/feeds', o));
      case 'category':
        return asPage(await call('GET /api/connect/posts/feeds/:category', { ...o, params: { category: source.category } }));
      case 'trending':
        return asPage(
          await call('GET /api/connect/posts/trending', {
            ...o,
            query: { ...query, ...(source.category ? { category: source.category } : {}) },
          }),
        );
      case 'tag':
        return asPage(await call('GET /api/connect/posts/tags/:tag', { ...o, params: { tag: source.tag } }));
      case 'media':
        return asPage(await call('GET /api/connect/posts/:id/posts-with-media', { ...o, params: { id: source.userId } }));
      case 'text':
        return asPage(await call('GET /api/connect/posts/:id/posts-with-text', { ...o, params: { id: source.userId } }));
      case 'reposts':
        return asPage(await call('GET /api/connect/posts/:id/user-reposts', { ...o, params: { id: source.userId } }));
      case 'tagged':
        return asPage(await call('GET /api/connect/posts/:id/tagged-posts', { ...o, params: { id: source.userId } }));
      case 'drafts':
        return asPage(await call('GET /api/connect/posts/drafts', o));
      case 'saved':
        return asPage(await call('GET /api/connect/posts/saved-posts', o));
      case 'collection': {
        const res = await call('GET /api/connect/saved-categories/:id', { ...o, params: { id: source.collectionId } });
        return asPage({ data: res.data.posts, pagination: res.pagination });
      }
    }
  },
  collectionInfo: (id: string) => call('GET /api/connect/saved-categories/:id', { ...auth, params: { id }, query: { page: 0, limit: 1 } }),
  post: (id: string) => call('GET /api/connect/posts/:id', { ...auth, params: { id } }),
  categories: () => call('GET /api/connect/post-categories', auth),
  createPost: (body: CreatePostInput) => call('POST /api/connect/posts', { ...auth, body }),
  editPost: (id: string, body: ApiBody<'PATCH /api/connect/posts/:id'>) =>
    call('PATCH /api/connect/posts/:id', { ...auth, params: { id }, body }),
  deletePost: (id: string) => call('PUT /api/connect/posts/:id', { ...auth, params: { id } }),
  publishDraft: (id: string) => call('PATCH /api/connect/posts/:id/post-draft', { ...auth, params: { id } }),
  like: (id: string) => call('PATCH /api/connect/posts/:id/like', { ...auth, params: { id } }),
  unlike: (id: string) => call('PUT /api/connect/posts/:id/unlike', { ...auth, params: { id } }),
  comment: (id: string, text: string) => call('POST /api/connect/posts/:id/comment', { ...auth, params: { id }, body: { text } }),
  comments: (id: string, at: PageCursor, signal?: AbortSignal) =>
    call('GET /api/connect/posts/:id/comments', {
      ...auth,
      params: { id },
      query: { page: at.page, limit: 20, ...(at.cursor ? { cursor: at.cursor } : {}) },
      signal,
    }),
  repost: (id: string) => call('PUT /api/connect/posts/:id/repost', { ...auth, params: { id } }),
  quote: (id: string, text: string) => call('PUT /api/connect/posts/:id/repost-with-thought', { ...auth, params: { id }, body: { text } }),
  views: (postIds: string[]) => call('POST /api/connect/posts/views', { ...auth, body: { postIds } }),
  save: (id: string, collectionId: string | null) =>
    call('PUT /api/connect/posts/:id/save-post', { ...auth, params: { id }, body: { collectionId } }),
  unsave: (id: string) => call('PUT /api/connect/posts/:id/unsave-post', { ...auth, params: { id } }),
  reportReasons: () => call('GET /api/connect/posts/all-report-reasons', auth),
  report: (id: string, reason: string) => call('POST /api/connect/posts/:id/report', { ...auth, params: { id }, body: { reason } }),
  reportComment: (id: string, reason: string) =>
    call('POST /api/connect/comments/:id/report', { ...auth, params: { id }, body: { reason } }),
  insights: (id: string) => call('GET /api/connect/posts/:id/post-insights', { ...auth, params: { id } }),

  profile: (id: string) => call('GET /api/connect/connect/profile/:id', { ...auth, params: { id } }),
  editBio: (bio: string) => call('PUT /api/connect/connect/edit-bio', { ...auth, body: { bio } }),
  people: (which: 'followers' | 'followings', id: string, page: number) =>
    which === 'followers'
      ? call('GET /api/connect/connect/:id/followers', { ...auth, params: { id }, query: { page, limit: 20 } })
      : call('GET /api/connect/connect/:id/followings', { ...auth, params: { id }, query: { page, limit: 20 } }),
  follow: (id: string) => call('PUT /api/connect/connect/:id/follow', { ...auth, params: { id } }),
  unfollow: (id: string) => call('PUT /api/connect/connect/:id/unfollow', { ...auth, params: { id } }),
  suggested: () => call('GET /api/connect/connect/suggested-accounts', { ...auth, query: { limit: 10 } }),
  suggestedTags: () => call('GET /api/connect/connect/get-suggested-tags', auth),
  search: (q: string, signal?: AbortSignal) => call('GET /api/connect/search', { ...auth, query: { q }, signal }),
  closeFriends: (page: number) => call('GET /api/connect/connect/close-friends', { ...auth, query: { page, limit: 50 } }),
  addCloseFriend: (id: string) => call('PUT /api/connect/connect/:id/add-close-friend', { ...auth, params: { id } }),
  removeCloseFriend: (id: string) => call('PUT /api/connect/connect/:id/remove-close-friend', { ...auth, params: { id } }),

  storyGroups: () => call('GET /api/connect/stories/allStories', { ...auth, query: { page: 1, limit: 50 } }),
  myStories: () => call('GET /api/connect/stories/mine', { ...auth, query: { page: 1, limit: 50, includeExpired: 'true' } }),
  createStory: (body: CreateStoryInput) => call('POST /api/connect/stories', { ...auth, body }),
  viewStory: (id: string) => call('PATCH /api/connect/stories/:id', { ...auth, params: { id } }),
  storyInsights: (id: string) =>
    call('GET /api/connect/stories/:id/get-insights', { ...auth, params: { id }, query: { page: 1, limit: 50 } }),
  highlights: (userId: string) => call('GET /api/connect/highlights', { ...auth, query: { page: 1, limit: 30, userId } }),
  createHighlight: (body: ApiBody<'POST /api/connect/highlights'>) => call('POST /api/connect/highlights', { ...auth, body }),
  likeHighlight: (id: string) => call('PATCH /api/connect/highlights/:id/like', { ...auth, params: { id } }),
  unlikeHighlight: (id: string) => call('PATCH /api/connect/highlights/:id/unlike', { ...auth, params: { id } }),

  collections: () => call('GET /api/connect/saved-categories', { ...auth, query: { page: 1, limit: 50 } }),
  createCollection: (name: string) => call('POST /api/connect/saved-categories', { ...auth, body: { name } }),
  renameCollection: (id: string, name: string) =>
    call('PUT /api/connect/saved-categories/:id/update-category', { ...auth, params: { id }, body: { name } }),
  deleteCollection: (id: string) => call('PATCH /api/connect/saved-categories/:id/delete-category', { ...auth, params: { id } }),
  removeFromCollection: (id: string, postIds: string[]) =>
    call('PUT /api/connect/saved-categories/:id/remove-posts', { ...auth, params: { id }, body: { postIds } }),
};
