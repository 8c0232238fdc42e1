import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR } from './ask';
import { type Conversation, chatKeys, patchRecent } from './cache';
import { type GroupThread, groupKeys, patchGroup } from './group-cache';
import { actionsApi } from './actions-api';
import { saveChatNow } from './persist';
import { nextPage } from './queries';

/** The message and chat actions' queries, under ['chat'] with the rest (not kept on the device: they are read fresh). */
export const actionKeys = {
  starred: ['chat', 'starred'] as const,
  /** The ids of one's latest starred messages: the bubbles' star. */
  starredIds: ['chat', 'starred-ids'] as const,
  search: (q: string) => ['chat', 'search', q] as const,
  searchChat: (conversationId: string, q: string) => ['chat', 'search-chat', conversationId, q] as const,
};

/** One's starred messages, the latest starred first. */
export function useStarred() {
  return useInfiniteQuery({
    queryKey: actionKeys.starred,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await actionsApi.starred(pageParam, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}

/** The ids of one's latest 100 starred messages, so a bubble shows its star. */
export function useStarredIds(): Set<string> {
  const q = useQuery({
    queryKey: actionKeys.starredIds,
    queryFn: async ({ signal }) => (await actionsApi.starred(1, signal, 100)).data.map((s) => s.message.id),
    staleTime: 60_000,
  });
  return new Set(q.data ?? []);
}

/** Star or unstar a message: the star shows at once and goes back if the server refuses. */
export function useSetStar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, on }: { messageId: string; on: boolean }) => (on ? actionsApi.star(messageId) : actionsApi.unstar(messageId)),
    onMutate: ({ messageId, on }) => setStarredId(qc, messageId, on),
    onSuccess: (_res, { on }) => {
      toast.success(on ? 'Starred' : 'Unstarred');
      void qc.invalidateQueries({ queryKey: actionKeys.starred });
    },
    onError: (err, { messageId, on }) => {
      setStarredId(qc, messageId, !on);
      toast.error(errorMessage(err, FALLBACK_ERROR));
    },
  });
}

function setStarredId(qc: QueryClient, messageId: string, on: boolean) {
  qc.setQueryData<string[]>(actionKeys.starredIds, (ids = []) =>
    on ? (ids.includes(messageId) ? ids : [messageId, ...ids]) : ids.filter((id) => id !== messageId),
  );
}

/**
 * Takes a message out of this device's view: the conversations that hold it (and so the copy kept
 * in IndexedDB, which follows the cache), the starred list; the chat lists' previews are read again.
 */
export function forgetMessage(qc: QueryClient, messageId: string): void {
  const drop = <T extends { messages: { id: string }[] }>(t: T | undefined) =>
    t && t.messages.some((m) => m.id === messageId) ? { ...t, messages: t.messages.filter((m) => m.id !== messageId) } : t;
  for (const [key, c] of qc.getQueriesData<Conversation>({ queryKey: chatKeys.conversations })) qc.setQueryData(key, drop(c));
  for (const [key, t] of qc.getQueriesData<GroupThread>({ queryKey: groupKeys.threads })) qc.setQueryData(key, drop(t));
  // The device's saved copy is trusted on the next start (only later messages are asked for): write it now.
  saveChatNow();
  setStarredId(qc, messageId, false);
  void qc.invalidateQueries({ queryKey: actionKeys.starred });
  void qc.invalidateQueries({ queryKey: chatKeys.recent });
  void qc.invalidateQueries({ queryKey: groupKeys.list });
}

export function useDeleteForMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => actionsApi.deleteForMe(messageId),
    onSuccess: (_res, messageId) => {
      forgetMessage(qc, messageId);
      toast.success('Deleted for you');
    },
    onError: (err) => toast.error(errorMessage(err, FALLBACK_ERROR)),
  });
}

export type ChatStateChange = { conversationId: string; pinned: boolean } | { conversationId: string; archived: boolean };

/**
 * Pin or unpin, archive or unarchive a chat (a person's or a group's): the lists change in place,
 * then are read again in the server's order.
 */
export function useChatState() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: ChatStateChange) => changeChatState(c),
    onSuccess: ({ data }, c) => {
      applyChatState(qc, data);
      if ('pinned' in c) toast.success(c.pinned ? 'Chat pinned' : 'Chat unpinned');
      else if (!c.archived) toast.success('Chat unarchived');
      else
        // An archived chat leaves the list: Undo brings it back (the row, and its menu, are gone by then).
        toast.success('Chat archived', {
          action: {
            label: 'Undo',
            onClick: () =>
              void changeChatState({ conversationId: c.conversationId, archived: false })
                .then((r) => {
                  applyChatState(qc, r.data);
                  toast.success('Chat unarchived');
                })
                .catch((err: unknown) => toast.error(errorMessage(err, FALLBACK_ERROR))),
          },
        });
    },
    // The server says why (a 4th pin: "You can pin up to 3 chats").
    onError: (err) => toast.error(errorMessage(err, FALLBACK_ERROR)),
  });
}

const changeChatState = (c: ChatStateChange) =>
  'pinned' in c ? actionsApi.pin(c.conversationId, c.pinned) : actionsApi.archive(c.conversationId, c.archived);

/** A chat's new pin and archive state, in the lists at once, then the lists read again in the server's order. */
function applyChatState(qc: QueryClient, data: { conversationId: string; pinned: boolean; archived: boolean }) {
  const state = { pinned: data.pinned, archived: data.archived };
  patchRecent(qc, data.conversationId, (r) => ({ ...r, ...state }));
  patchGroup(qc, data.conversationId, (g) => ({ ...g, ...state }));
  void qc.invalidateQueries({ queryKey: chatKeys.recent });
  void qc.invalidateQueries({ queryKey: groupKeys.list });
}

/** Messages with these words, in all one's chats or in one (a conversation's id), the latest first. */
export function useMessageSearch(q: string, conversationId?: string | null) {
  return useInfiniteQuery({
    queryKey: conversationId ? actionKeys.searchChat(conversationId, q) : actionKeys.search(q),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = conversationId
        ? await actionsApi.searchChat(conversationId, q, pageParam, signal)
        : await actionsApi.search(q, pageParam, signal);
      return { items: res.data, total: res.pagination?.total ?? res.data.length, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: q.length >= 2 && conversationId !== null,
    staleTime: 10_000,
  });
}
