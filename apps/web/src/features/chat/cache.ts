import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatUser, Marks, Presence, RecentChat } from '../../api/chat';

/** Every chat query sits under ['chat']. */
export const chatKeys = {
  all: ['chat'] as const,
  recent: ['chat', 'recent'] as const,
  recentSearch: (q: string) => ['chat', 'recent-search', q] as const,
  conversations: ['chat', 'conversation'] as const,
  conversation: (userId: string) => ['chat', 'conversation', userId] as const,
  directory: (q: string) => ['chat', 'directory', q] as const,
  presence: (userId: string) => ['chat', 'presence', userId] as const,
  person: (userId: string) => ['chat', 'person', userId] as const,
  calls: ['chat', 'calls'] as const,
  saved: ['chat', 'saved'] as const,
};

/** A conversation as the screen keeps it: the messages loaded so far (in seq order) and both people's marks. */
export interface Conversation {
  conversationId: string | null;
  messages: ChatMessage[];
  /** Older messages remain on the server (paged with ?before=). */
  hasOlder: boolean;
  marks: { mine: Marks; theirs: Marks };
}

export interface RecentPage {
  items: RecentChat[];
  next: number | null;
}
export type RecentData = InfiniteData<RecentPage, number>;

export const NO_MARKS: Marks = { deliveredSeq: 0, seenSeq: 0 };

const maxMarks = (a: Marks, b: Marks): Marks => ({
  deliveredSeq: Math.max(a.deliveredSeq, b.deliveredSeq),
  seenSeq: Math.max(a.seenSeq, b.seenSeq),
});

/** Merges messages into a list: one per server id, in seq order. */
export function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list as ChatMessage[];
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

export const lastSeqOf = (c: Conversation | undefined) => c?.messages.at(-1)?.seq ?? 0;

/** The person on the other side of a message. */
export const otherOf = (m: Pick<ChatMessage, 'fromUserId' | 'toUserId'>, me: string) => (m.fromUserId === me ? m.toUserId : m.fromUserId);

/** The conversation open on screen (and visible), so its new messages are not counted unread. */
let openChat: string | null = null;
export const setOpenChat = (userId: string | null) => {
  openChat = userId;
};
export const isOpenChat = (userId: string) =>
  openChat === userId && (typeof document === 'undefined' || document.visibilityState !== 'hidden');

/** Puts a stored message (sent, received, or echoed from one's other device) into the caches that show it. */
export function applyMessage(qc: QueryClient, me: string, m: ChatMessage): void {
  const other = otherOf(m, me);
  qc.setQueryData<Conversation>(chatKeys.conversation(other), (c) => {
    if (!c) return c;
    const mine = m.fromUserId === me ? maxMarks(c.marks.mine, { deliveredSeq: m.seq, seenSeq: m.seq }) : c.marks.mine;
    return { ...c, conversationId: m.conversationId, messages: mergeMessages(c.messages, [m]), marks: { ...c.marks, mine } };
  });
  const data = qc.getQueryData<RecentData>(chatKeys.recent);
  const existing = data?.pages.flatMap((p) => p.items).find((r) => r.conversationId === m.conversationId);
  if (!data || !existing) {
    void qc.invalidateQueries({ queryKey: chatKeys.recent });
    return;
  }
  if (existing.lastSeq >= m.seq && existing.lastMessage && existing.lastMessage.seq >= m.seq) return;
  const unread =
    m.fromUserId === me
      ? 0
      : isOpenChat(other)
        ? existing.unreadCount
        : Math.max(existing.unreadCount, 0) + (m.seq > existing.lastSeq ? 1 : 0);
  const moved: RecentChat = {
    ...existing,
    lastMessage: m,
    lastSeq: Math.max(existing.lastSeq, m.seq),
    unreadCount: unread,
    updatedAt: m.createdAt,
  };
  qc.setQueryData<RecentData>(chatKeys.recent, (d) => (d ? putFirst(d, moved) : d));
}

/** The list with `chat` taken out of wherever it was and put first. */
export function putFirst(d: RecentData, chat: RecentChat): RecentData {
  const pages = d.pages.map((p) => ({ ...p, items: p.items.filter((r) => r.conversationId !== chat.conversationId) }));
  if (pages[0]) pages[0] = { ...pages[0], items: [chat, ...pages[0].items] };
  return { ...d, pages };
}

/** Changes one conversation in the recent list, in place. */
export function patchRecent(qc: QueryClient, conversationId: string, change: (r: RecentChat) => RecentChat): void {
  qc.setQueryData<RecentData>(chatKeys.recent, (d) =>
    d
      ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.conversationId === conversationId ? change(r) : r)) })) }
      : d,
  );
}

/** A receipt: the other person's marks move the ticks; one's own (from another device) clear the unread count. */
export function applyReceipt(qc: QueryClient, me: string, r: { conversationId: string; userId: string } & Marks): void {
  const marks = { deliveredSeq: r.deliveredSeq, seenSeq: r.seenSeq };
  for (const [key, c] of qc.getQueriesData<Conversation>({ queryKey: chatKeys.conversations })) {
    if (!c || c.conversationId !== r.conversationId) continue;
    qc.setQueryData<Conversation>(key, {
      ...c,
      marks:
        r.userId === me ? { ...c.marks, mine: maxMarks(c.marks.mine, marks) } : { ...c.marks, theirs: maxMarks(c.marks.theirs, marks) },
    });
  }
  if (r.userId === me) patchRecent(qc, r.conversationId, (x) => ({ ...x, unreadCount: Math.max(0, x.lastSeq - r.seenSeq) }));
}

export function setPresence(qc: QueryClient, p: Presence): void {
  qc.setQueryData(chatKeys.presence(p.fromUserJid), p);
}

/** Someone's name and photo from what is already loaded (recent chats, the directory, a call). */
export function knownPerson(qc: QueryClient, userId: string): ChatUser | undefined {
  const recent = qc.getQueryData<RecentData>(chatKeys.recent);
  const fromRecent = recent?.pages.flatMap((p) => p.items).find((r) => r.user.id === userId)?.user;
  if (fromRecent) return fromRecent;
  for (const [, d] of qc.getQueriesData<InfiniteData<{ items: ChatUser[] }>>({ queryKey: ['chat', 'directory'] })) {
    const hit = d?.pages.flatMap((p) => p.items).find((u) => u.id === userId);
    if (hit) return hit;
  }
  return qc.getQueryData<ChatUser>(chatKeys.person(userId));
}

export const fullName = (u: Pick<ChatUser, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
