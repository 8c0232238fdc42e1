import type { ApiBody, ApiData, CommunityRole, FeedPagination, Pagination, Post } from '@owo/contracts';
import { call } from './client';
import type { PageCursor, PostPage } from './connect';

export type { CommunityRole };
export type Community = ApiData<'GET /api/connect/communities/:id'>;
export type CommunityCategory = ApiData<'GET /api/connect/community-category'>[number];
export type CommunityInvite = ApiData<'GET /api/connect/community-invites'>[number];
export type OwnershipRequest = ApiData<'GET /api/connect/communities/received-ownership-requests'>[number];
export type CommunityMember = ApiData<'GET /api/connect/communities/:id/get-active-members'>[number];
export type Invitee = ApiData<'GET /api/connect/community-invites/get-invitee-list/:id'>[number];
export type JoinRequest = ApiData<'GET /api/connect/communities/:id/join-requests'>[number];
export type ModeratedPost = ApiData<'GET /api/connect/communities/:id/post-requests'>[number];
export type CommunityInsights = ApiData<'GET /api/connect/communities/:id/get-insights'>;
export type Membership = ApiData<'PUT /api/connect/communities/:id/join-community'>;
export type CreateCommunityInput = ApiBody<'POST /api/connect/communities'>;
export type EditCommunityInput = ApiBody<'PATCH /api/connect/communities/:id'>;

/** A page of a community list as the screens keep it: the items, the total and the next page (from 1). */
export interface ListPage<T> {
  items: T[];
  total: number;
  next: number | null;
}

const auth = { requireToken: true } as const;
const LIMIT = 20;
const POSTS_LIMIT = 10;

const asList = <T>(res: { data: T[]; pagination?: Pagination }): ListPage<T> => ({
  items: res.data,
  total: res.pagination?.total ?? res.data.length,
  next: res.pagination?.next?.page ?? null,
});

/** The paging query of a list that starts at page 1. */
const paged = (page: number, limit = LIMIT) => ({ page, limit });

/** The connect service's community calls the Communities screens make. */
export const communitiesApi = {
  discover: async (filter: { search?: string; category?: string }, page: number, signal?: AbortSignal) =>
    asList(
      await call('GET /api/connect/communities', {
        ...auth,
        signal,
        query: {
          ...paged(page),
          ...(filter.search ? { search: filter.search } : {}),
          ...(filter.category ? { category: filter.category } : {}),
        },
      }),
    ),
  mine: async (page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/my-communities', { ...auth, signal, query: paged(page) })),
  categories: () => call('GET /api/connect/community-category', auth),
  get: (id: string) => call('GET /api/connect/communities/:id', { ...auth, params: { id } }),
  async posts(id: string, at: PageCursor, signal?: AbortSignal): Promise<PostPage> {
    const res = await call('GET /api/connect/communities/:id/posts', {
      ...auth,
      params: { id },
      signal,
      query: { ...paged(at.page, POSTS_LIMIT), ...(at.cursor ? { cursor: at.cursor } : {}) },
    });
    return { posts: res.data as Post[], pagination: res.pagination as unknown as FeedPagination };
  },
  create: (body: CreateCommunityInput) => call('POST /api/connect/communities', { ...auth, body }),
  edit: (id: string, body: EditCommunityInput) => call('PATCH /api/connect/communities/:id', { ...auth, params: { id }, body }),
  describe: (name: string, category: string) =>
    call('GET /api/connect/communities/generate-description', {
      ...auth,
      query: { community_name: name, community_category: category },
    }),

  join: (id: string) => call('PUT /api/connect/communities/:id/join-community', { ...auth, params: { id } }),
  undoJoin: (id: string) => call('PUT /api/connect/communities/:id/undo-join-request', { ...auth, params: { id } }),

  myInvites: async (page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/community-invites', { ...auth, signal, query: paged(page) })),
  acceptInvite: (inviteId: string) => call('PUT /api/connect/community-invites/:id/accept-invite', { ...auth, params: { id: inviteId } }),
  declineInvite: (inviteId: string) => call('PUT /api/connect/community-invites/:id/decline-invite', { ...auth, params: { id: inviteId } }),
  undoInvite: (inviteId: string) => call('DELETE /api/connect/community-invites/:id/undo-invite', { ...auth, params: { id: inviteId } }),
  invitees: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/community-invites/get-invitee-list/:id', { ...auth, params: { id }, signal, query: paged(page) })),
  invite: (communityId: string, userIds: string[]) =>
    call('POST /api/connect/community-invites', { ...auth, body: { communityId, userIds } }),

  receivedOwnership: async (page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/received-ownership-requests', { ...auth, signal, query: paged(page) })),
  sentOwnership: async (page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/sent-ownership-requests', { ...auth, signal, query: paged(page) })),
  transfer: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/transfer-ownership', { ...auth, params: { id }, body: { userId } }),
  acceptTransfer: (id: string) => call('PUT /api/connect/communities/:id/accept-transfer-request', { ...auth, params: { id } }),
  declineTransfer: (id: string) => call('PUT /api/connect/communities/:id/decline-transfer-request', { ...auth, params: { id } }),

  members: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/get-active-members', { ...auth, params: { id }, signal, query: paged(page) })),
  addAdmin: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/add-admin', { ...auth, params: { id }, body: { userId } }),
  removeUser: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/remove-user', { ...auth, params: { id }, body: { userId } }),
  block: (id: string, userId: string) => call('PUT /api/connect/communities/:id/block-user', { ...auth, params: { id }, body: { userId } }),
  unblock: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/unblock-user', { ...auth, params: { id }, body: { userId } }),
  acceptJoin: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/accept-join-request', { ...auth, params: { id }, body: { userId } }),
  rejectJoin: (id: string, userId: string) =>
    call('PUT /api/connect/communities/:id/reject-join-request', { ...auth, params: { id }, body: { userId } }),
  acceptPost: (id: string, postId: string) =>
    call('PUT /api/connect/communities/:id/accept-post-request', { ...auth, params: { id }, body: { postId } }),
  declinePost: (id: string, postId: string) =>
    call('PUT /api/connect/communities/:id/decline-post-request', { ...auth, params: { id }, body: { postId } }),

  joinRequests: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/join-requests', { ...auth, params: { id }, signal, query: paged(page) })),
  postRequests: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/post-requests', { ...auth, params: { id }, signal, query: paged(page) })),
  sentInvites: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/invites', { ...auth, params: { id }, signal, query: paged(page) })),
  reported: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/reported-posts', { ...auth, params: { id }, signal, query: paged(page) })),
  spam: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/spam-posts', { ...auth, params: { id }, signal, query: paged(page) })),
  blocked: async (id: string, page: number, signal?: AbortSignal) =>
    asList(await call('GET /api/connect/communities/:id/get-blocked-users', { ...auth, params: { id }, signal, query: paged(page) })),
  insights: (id: string) => call('GET /api/connect/communities/:id/get-insights', { ...auth, params: { id } }),
  /** Reports the community (never one's own; once): a reason id from connectApi.reportReasons. */
  report: (id: string, reason: string) => call('POST /api/connect/communities/:id/report', { ...auth, params: { id }, body: { reason } }),
};
