import { type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { mergeMessages } from './cache';
import { type GroupThread, type GroupsPage, groupKeys } from './group-cache';
import { groupsApi } from './groups-api';
import { catchUp, nextPage } from './queries';
import { firstConnected } from './socket';

/** The caller's groups, the latest first. */
export function useGroups() {
  return useInfiniteQuery({
    queryKey: groupKeys.list,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<GroupsPage> => {
      if (pageParam === 1) await firstConnected();
      const res = await groupsApi.list(pageParam, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    // Kept current by the socket (as the recent chats are: queries.ts).
    staleTime: Infinity,
  });
}

/** A group's members, roles, mute and (admins) invite code. */
export function useGroupInfo(groupId: string) {
  return useQuery({
    queryKey: groupKeys.info(groupId),
    queryFn: async ({ signal }) => (await groupsApi.info(groupId, signal)).data,
  });
}

const maxMine = (a: GroupThread['mine'], b: GroupThread['mine'] = a) => ({
  deliveredSeq: Math.max(a.deliveredSeq, b.deliveredSeq),
  seenSeq: Math.max(a.seenSeq, b.seenSeq),
});

/** A group's conversation: the latest page the first time, then only what came after (?after=seq). */
export async function fetchGroupThread(qc: QueryClient, groupId: string, signal?: AbortSignal): Promise<GroupThread> {
  const key = groupKeys.thread(groupId);
  const cur = qc.getQueryData<GroupThread>(key);
  if (!cur || cur.messages.length === 0) {
    const { data } = await groupsApi.history(groupId, {}, signal);
    return { messages: data.messages, hasOlder: data.hasMore, mine: data.mine, others: data.others };
  }
  let mine = cur.mine;
  let others = cur.others;
  const messages = await catchUp(
    cur.messages,
    cur.messages.at(-1)?.seq ?? 0,
    async (after) => (await groupsApi.history(groupId, { after }, signal)).data,
    (data) => {
      mine = maxMine(mine, data.mine);
      others = data.others && others ? maxMine(others, data.others) : (data.others ?? others);
    },
  );
  const now = qc.getQueryData<GroupThread>(key) ?? cur;
  return { ...now, messages: mergeMessages(now.messages, messages), mine: maxMine(now.mine, mine), others };
}

const refreshing = new Map<string, ReturnType<typeof setTimeout>>();
/**
 * Another member's marks moved: the ticks follow the lowest of all the others' marks, which the
 * server works out, so a loaded group reads them again (at most once a second however many members).
 */
export function refreshOthersMarks(qc: QueryClient, groupId: string): void {
  if (refreshing.has(groupId) || !qc.getQueryData<GroupThread>(groupKeys.thread(groupId))) return;
  const timer = setTimeout(() => {
    refreshing.delete(groupId);
    const last = qc.getQueryData<GroupThread>(groupKeys.thread(groupId))?.messages.at(-1)?.seq ?? 0;
    void groupsApi
      .history(groupId, { after: last })
      .then(({ data }) =>
        qc.setQueryData<GroupThread>(groupKeys.thread(groupId), (t) =>
          t && data.others ? { ...t, messages: mergeMessages(t.messages, data.messages), others: maxMine(data.others, t.others) } : t,
        ),
      )
      .catch(() => undefined);
  }, 1_000);
  refreshing.set(groupId, timer);
}

export function useGroupThread(groupId: string) {
  const qc = useQueryClient();
  return useQuery({ queryKey: groupKeys.thread(groupId), queryFn: ({ signal }) => fetchGroupThread(qc, groupId, signal) });
}

/** Fetches the page before the oldest message loaded. */
export async function loadOlderGroup(qc: QueryClient, groupId: string): Promise<void> {
  const key = groupKeys.thread(groupId);
  const first = qc.getQueryData<GroupThread>(key)?.messages[0];
  if (!first) return;
  const { data } = await groupsApi.history(groupId, { before: first.seq });
  qc.setQueryData<GroupThread>(key, (t) => (t ? { ...t, messages: mergeMessages(t.messages, data.messages), hasOlder: data.hasMore } : t));
}

/** Who saw one's group message, who has it delivered, who is waiting. */
export function useGroupReceipts(groupId: string, messageId: string | null) {
  return useQuery({
    queryKey: groupKeys.receipts(messageId ?? ''),
    queryFn: async ({ signal }) => (await groupsApi.receipts(groupId, messageId!, signal)).data,
    enabled: messageId !== null,
    staleTime: 0,
  });
}
