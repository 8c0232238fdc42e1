import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { type BlockStatus, type ChatReportReason, chatApi } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR } from './fallback';
import { chatKeys } from './cache';

// Blocks and reports (docs/chat.md): whether one blocked a person, the list of people one blocked,
// block and unblock, and a conversation's report. The server never says whether someone blocked
// oneself: a send to them is refused with neutral words.

export const blockKeys = {
  list: ['chat', 'blocks'] as const,
  status: (userId: string) => ['chat', 'blocks', userId] as const,
};

/** Whether I blocked this person. */
export function useBlockStatus(userId: string) {
  return useQuery({
    queryKey: blockKeys.status(userId),
    queryFn: async ({ signal }) => (await chatApi.blockStatus(userId, signal)).data,
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}

/** The people I blocked, the latest first. */
export function useBlocks() {
  return useInfiniteQuery({
    queryKey: blockKeys.list,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await chatApi.blocks(pageParam, signal);
      return { items: res.data, next: res.pagination?.next?.page ?? null };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** Blocks (`true`) or unblocks a person; the screens that show it follow at once. */
export function useSetBlocked(userId: string, name: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (block: boolean) => (block ? chatApi.block(userId) : chatApi.unblock(userId)),
    onSuccess: (res) => {
      qc.setQueryData<BlockStatus>(blockKeys.status(userId), res.data);
      void qc.invalidateQueries({ queryKey: blockKeys.list });
      // Their presence is neutral now (or real again).
      void qc.invalidateQueries({ queryKey: chatKeys.presence(userId) });
      toast.success(res.data.blocked ? `You blocked ${name}` : `You unblocked ${name}`);
    },
    onError: (err) => toast.error(errorMessage(err, FALLBACK_ERROR)),
  });
}

export function useReport(userId: string) {
  return useMutation({
    mutationFn: ({ reason, note }: { reason: ChatReportReason; note?: string }) => chatApi.report(userId, reason, note),
  });
}
