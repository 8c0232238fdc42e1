import { type QueryClient, useInfiniteQuery, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChatMessage, type ChatUser, type Presence, chatApi } from '../../api/chat';
import { userApi } from '../../api/user';
import { ask } from './ask';
import { type Conversation, type RecentPage, chatKeys, knownPerson, lastSeqOf, mergeMessages, setPresence } from './cache';
import { firstConnected, useSocketConnected } from './socket';

export const nextPage = (p: { pagination?: { next: { page: number } | null } }) => p.pagination?.next?.page ?? null;

export function useRecentChats() {
  return useInfiniteQuery({
    queryKey: chatKeys.recent,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<RecentPage> => {
      if (pageParam === 1) await firstConnected();
      const res = await chatApi.recent(pageParam, undefined, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    // Kept current by the socket's events and its catch-up on each connection (ChatRuntime), not by
    // reading again whenever a screen that shows it mounts.
    staleTime: Infinity,
  });
}

/** The server's search of one's chats (by the other person's name or nickname). */
export function useRecentSearch(q: string) {
  return useQuery({
    queryKey: chatKeys.recentSearch(q),
    queryFn: async ({ signal }) => (await chatApi.recent(1, q, signal)).data,
    enabled: q.length >= 2,
    staleTime: 10_000,
  });
}

const maxMarks = (a: Conversation['marks'], b: Conversation['marks']): Conversation['marks'] => ({
  mine: { deliveredSeq: Math.max(a.mine.deliveredSeq, b.mine.deliveredSeq), seenSeq: Math.max(a.mine.seenSeq, b.mine.seenSeq) },
  theirs: { deliveredSeq: Math.max(a.theirs.deliveredSeq, b.theirs.deliveredSeq), seenSeq: Math.max(a.theirs.seenSeq, b.theirs.seenSeq) },
});

/**
 * The messages after `after`, page by page until none remain (a catch-up), merged into `have`;
 * `onPage` sees each page (for what else it carries).
 */
export async function catchUp<P extends { messages: ChatMessage[]; hasMore: boolean }>(
  have: ChatMessage[],
  after: number,
  page: (after: number) => Promise<P>,
  onPage: (p: P) => void = () => undefined,
): Promise<ChatMessage[]> {
  let messages = have;
  for (;;) {
    const data = await page(after);
    messages = mergeMessages(messages, data.messages);
    onPage(data);
    const last = data.messages.at(-1);
    if (!data.hasMore || !last) return messages;
    after = last.seq;
  }
}

/**
 * A conversation: the latest page the first time; after that (a reconnect, a saved copy, coming
 * back to it) only what came after the last message it has (?after=seq), merged in.
 */
export async function fetchConversation(qc: QueryClient, userId: string, signal?: AbortSignal): Promise<Conversation> {
  const key = chatKeys.conversation(userId);
  const cur = qc.getQueryData<Conversation>(key);
  if (!cur || cur.messages.length === 0) {
    const { data } = await chatApi.history(userId, {}, signal);
    return { conversationId: data.conversationId, messages: data.messages, hasOlder: data.hasMore, marks: data.marks };
  }
  let marks = cur.marks;
  let conversationId = cur.conversationId;
  const messages = await catchUp(
    cur.messages,
    lastSeqOf(cur),
    async (after) => (await chatApi.history(userId, { after }, signal)).data,
    (data) => {
      marks = maxMarks(marks, data.marks);
      conversationId = data.conversationId ?? conversationId;
    },
  );
  // Messages the socket brought in meanwhile stay.
  const now = qc.getQueryData<Conversation>(key) ?? cur;
  return { ...now, conversationId, messages: mergeMessages(now.messages, messages), marks: maxMarks(now.marks, marks) };
}

export function useConversation(userId: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(userId),
    queryFn: ({ signal }) => fetchConversation(qc, userId, signal),
  });
}

/** Fetches the page before the oldest message loaded; returns whether older ones remain. */
export async function loadOlder(qc: QueryClient, userId: string): Promise<boolean> {
  const key = chatKeys.conversation(userId);
  const cur = qc.getQueryData<Conversation>(key);
  const first = cur?.messages[0];
  if (!cur || !first || !cur.hasOlder) return false;
  const { data } = await chatApi.history(userId, { before: first.seq });
  qc.setQueryData<Conversation>(key, (c) => (c ? { ...c, messages: mergeMessages(c.messages, data.messages), hasOlder: data.hasMore } : c));
  return data.hasMore;
}

export function useDirectory(q: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.directory(q),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await chatApi.directory(q, pageParam, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 60_000,
  });
}

const personQuery = (qc: QueryClient, userId: string) => ({
  queryKey: chatKeys.person(userId),
  queryFn: async (): Promise<ChatUser> => {
    const { data } = await userApi.getUser(userId);
    return { id: data.id, firstName: data.firstName, lastName: data.lastName, nickName: data.nickName, avatar: data.avatar };
  },
  initialData: () => knownPerson(qc, userId),
  staleTime: 5 * 60_000,
});

/** Someone's name and photo: from what is loaded already, else their public profile. */
export function usePerson(userId: string) {
  const qc = useQueryClient();
  return useQuery(personQuery(qc, userId));
}

// Module-level, so the map is made again only when a result changes.
const byId = (results: { data?: ChatUser }[]) => new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data] as const] : [])));

/** Several people's names and photos (a group's senders who are not among its members any more): the ones known so far. */
export function usePeople(userIds: string[]): Map<string, ChatUser> {
  const qc = useQueryClient();
  return useQueries({
    queries: userIds.map((id) => personQuery(qc, id)),
    combine: byId,
  });
}

/** Whether someone is online (or when they were last seen): read once, then followed over the socket. */
export function usePresence(userId: string) {
  const qc = useQueryClient();
  const connected = useSocketConnected();
  useEffect(() => {
    if (!connected) return;
    ask('presence:watch', { userIds: [userId] })
      .then((list) => list.forEach((p) => setPresence(qc, p)))
      .catch(() => undefined);
  }, [connected, userId, qc]);
  return useQuery({
    queryKey: chatKeys.presence(userId),
    queryFn: async ({ signal }): Promise<Presence | null> => (await chatApi.presence([userId], signal)).data[0] ?? null,
    staleTime: 60_000,
  });
}

export function useCallLog() {
  return useInfiniteQuery({
    queryKey: chatKeys.calls,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await chatApi.calls(pageParam, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}

/** The photos and voice notes one saved from chats, the latest first. */
export function useSavedMedia() {
  return useInfiniteQuery({
    queryKey: chatKeys.saved,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await chatApi.savedMedia(pageParam, signal);
      return { items: res.data, next: nextPage(res) };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
