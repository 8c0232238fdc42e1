import { type InfiniteData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../api/client';
import { communitiesApi, type Community, type ListPage, type Membership } from '../../../api/communities';
import type { PageCursor } from '../../../api/connect';
import { usePagedList } from '../../../lib/use-paged-list';
import { flattenPages } from '../merge';
import { connectKeys } from '../queries';

/** Every community query sits under `COMMUNITIES`, so a change to membership refreshes them together. */
const COMMUNITIES = ['connect', 'communities'] as const;
export const communityKeys = {
  all: COMMUNITIES,
  discover: (filter: { search: string; category: string }) => [...COMMUNITIES, 'discover', filter] as const,
  mine: [...COMMUNITIES, 'mine'] as const,
  categories: [...COMMUNITIES, 'categories'] as const,
  one: (id: string) => [...COMMUNITIES, 'one', id] as const,
  inbox: [...COMMUNITIES, 'inbox'] as const,
  invites: [...COMMUNITIES, 'inbox', 'invites'] as const,
  ownership: [...COMMUNITIES, 'inbox', 'ownership'] as const,
  sentOwnership: [...COMMUNITIES, 'sent-ownership'] as const,
  members: (id: string) => [...COMMUNITIES, 'members', id] as const,
  invitees: (id: string) => [...COMMUNITIES, 'invitees', id] as const,
  moderation: (id: string, list: string) => [...COMMUNITIES, 'moderation', id, list] as const,
  insights: (id: string) => [...COMMUNITIES, 'insights', id] as const,
  /** Under the posts key, so likes, saves and deletions reach a community's feed too. */
  posts: (id: string) => [...connectKeys.posts, 'list', { kind: 'community', communityId: id }] as const,
};

export function useCommunityCategories() {
  return useQuery({
    queryKey: communityKeys.categories,
    queryFn: async () => (await communitiesApi.categories()).data,
    staleTime: 60 * 60_000,
  });
}

export function useCommunity(id: string, enabled = true) {
  return useQuery({ queryKey: communityKeys.one(id), queryFn: async () => (await communitiesApi.get(id)).data, enabled: enabled && !!id });
}

/** A community's feed, a page at a time (pages from 1, then the cursor the server gave). */
export function useCommunityPosts(id: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: communityKeys.posts(id),
    initialPageParam: { page: 1 } as PageCursor,
    queryFn: ({ pageParam, signal }) => communitiesApi.posts(id, pageParam, signal),
    getNextPageParam: (last): PageCursor | undefined => (last.pagination.next ? { ...last.pagination.next } : undefined),
    enabled,
  });
  const posts = query.data ? flattenPages(query.data.pages) : [];
  return { ...query, posts };
}

/** The caller's received invites and ownership offers (the Communities inbox and the header badge). */
export function useInbox() {
  const invites = usePagedList(communityKeys.invites, (page, signal) => communitiesApi.myInvites(page, signal));
  const ownership = usePagedList(communityKeys.ownership, (page, signal) => communitiesApi.receivedOwnership(page, signal));
  const offers = ownership.items.filter((o) => o.status === 'pending');
  return { invites, ownership, offers, count: invites.total + offers.length };
}

type ListData = InfiniteData<ListPage<Community>>;

/** Writes a membership change into the community and every cached list that shows it. */
export function patchCommunity(qc: QueryClient, id: string, change: Partial<Community>): void {
  const apply = (c: Community) => (c._id === id ? { ...c, ...change } : c);
  qc.setQueryData<Community>(communityKeys.one(id), (c) => (c ? apply(c) : c));
  qc.setQueriesData<ListData>({ queryKey: [...COMMUNITIES, 'discover'] }, (d) =>
    d ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map(apply) })) } : d,
  );
}

const fromMembership = (m: Membership): Partial<Community> => ({
  isMember: m.isMember,
  joinRequested: m.joinRequested,
  role: m.role,
  membersCount: m.membersCount,
});

/**
 * Join, leave, ask to join or take the request back. A public community's join is immediate and a
 * second join leaves; a private one's join files a request.
 */
export function useMembership(community: Pick<Community, '_id' | 'name' | 'visibility'>) {
  const qc = useQueryClient();
  const id = community._id;
  const settle = async (m: Membership) => {
    patchCommunity(qc, id, fromMembership(m));
    await Promise.all([
      qc.invalidateQueries({ queryKey: communityKeys.mine }),
      qc.invalidateQueries({ queryKey: communityKeys.posts(id) }),
      qc.invalidateQueries({ queryKey: communityKeys.members(id) }),
    ]);
  };
  const join = useMutation({
    mutationFn: async () => (await communitiesApi.join(id)).data,
    onSuccess: async (m) => {
      await settle(m);
      if (m.isMember) toast.success(`You joined ${community.name}`);
      else if (m.joinRequested) toast.success('Request sent. An admin will let you in.');
      else toast.success(`You left ${community.name}`);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't update your membership. Please try again.")),
  });
  const undo = useMutation({
    mutationFn: async () => (await communitiesApi.undoJoin(id)).data,
    onSuccess: async (m) => {
      await settle(m);
      toast.success('Request cancelled');
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't cancel your request. Please try again.")),
  });
  return { join, undo, busy: join.isPending || undo.isPending };
}

/** Accepts or declines an invite (from the inbox or the community's page). */
export function useInviteAnswer(communityId?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ inviteId, accept }: { inviteId: string; accept: boolean; name: string }) =>
      (accept ? await communitiesApi.acceptInvite(inviteId) : await communitiesApi.declineInvite(inviteId)).data,
    onSuccess: async (r, { accept, name }) => {
      patchCommunity(qc, r.communityId, { inviteId: null, isMember: r.isMember, ...(r.isMember ? { role: 'member' } : {}) });
      toast.success(accept ? `You joined ${name}` : 'Invite declined');
      await Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.inbox }),
        qc.invalidateQueries({ queryKey: communityKeys.mine }),
        qc.invalidateQueries({ queryKey: communityKeys.one(communityId ?? r.communityId) }),
        qc.invalidateQueries({ queryKey: communityKeys.posts(r.communityId) }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't answer the invite. Please try again.")),
  });
}

/** Accepts or declines the ownership of a community its owner offered the caller. */
export function useOwnershipAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ communityId, accept }: { communityId: string; accept: boolean; name: string }) =>
      (accept ? await communitiesApi.acceptTransfer(communityId) : await communitiesApi.declineTransfer(communityId)).data,
    onSuccess: async (_r, { communityId, accept, name }) => {
      toast.success(accept ? `You now own ${name}` : 'Ownership declined');
      await Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.inbox }),
        qc.invalidateQueries({ queryKey: communityKeys.one(communityId) }),
        qc.invalidateQueries({ queryKey: communityKeys.members(communityId) }),
        qc.invalidateQueries({ queryKey: communityKeys.mine }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, "We couldn't answer the ownership request. Please try again.")),
  });
}
