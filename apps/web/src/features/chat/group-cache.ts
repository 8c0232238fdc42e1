import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Marks } from '../../api/chat';
import { applyMessage, mergeMessages } from './cache';
import type { ChatGroup } from './groups-api';

/** The groups' queries, under ['chat'] with the rest of the chat. */
export const groupKeys = {
  list: ['chat', 'groups'] as const,
  info: (groupId: string) => ['chat', 'group', groupId] as const,
  threads: ['chat', 'group-thread'] as const,
  thread: (groupId: string) => ['chat', 'group-thread', groupId] as const,
  receipts: (messageId: string) => ['chat', 'group-receipts', messageId] as const,
};

/** A group's conversation as the screen keeps it: the messages loaded so far (seq order) and the caller's marks. */
export interface GroupThread {
  messages: ChatMessage[];
  hasOlder: boolean;
  mine: Marks;
  /** How far every other current member has the messages delivered and seen (the server's lowest of their marks). */
  others?: Marks;
}

/** A message of mine in a group: two ticks once every other member has it, blue once all saw it. */
export function groupTick(t: Pick<GroupThread, 'others'> | undefined, seq: number): 'sent' | 'delivered' | 'seen' {
  const o = t?.others;
  return o && o.seenSeq >= seq ? 'seen' : o && o.deliveredSeq >= seq ? 'delivered' : 'sent';
}

export interface GroupsPage {
  items: ChatGroup[];
  next: number | null;
}
export type GroupsData = InfiniteData<GroupsPage, number>;

/** When a group's row moved last: its last message, else when it was made. */
export const groupTime = (g: Pick<ChatGroup, 'lastMessage' | 'createdAt'>) => g.lastMessage?.createdAt ?? g.createdAt;

/** The group open on screen (and visible), so its new messages are not counted unread. */
let openGroup: string | null = null;
export const setOpenGroup = (groupId: string | null) => {
  openGroup = groupId;
};
export const isOpenGroup = (groupId: string) =>
  openGroup === groupId && (typeof document === 'undefined' || document.visibilityState !== 'hidden');

const patchGroups = (qc: QueryClient, change: (d: GroupsData) => GroupsData) =>
  qc.setQueryData<GroupsData>(groupKeys.list, (d) => (d ? change(d) : d));

/** Changes one group of the list, in place. */
export function patchGroup(qc: QueryClient, groupId: string, change: (g: ChatGroup) => ChatGroup): void {
  patchGroups(qc, (d) => ({ ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.map((g) => (g.id === groupId ? change(g) : g)) })) }));
}

/** A stored group message (sent, received, deleted): into the group's conversation and its row of the list (put first when new). */
export function applyGroupMessage(qc: QueryClient, me: string, m: ChatMessage): void {
  const groupId = m.groupId ?? m.toUserId;
  qc.setQueryData<GroupThread>(groupKeys.thread(groupId), (t) => {
    if (!t) return t;
    const mine =
      m.fromUserId === me ? { deliveredSeq: Math.max(t.mine.deliveredSeq, m.seq), seenSeq: Math.max(t.mine.seenSeq, m.seq) } : t.mine;
    return { ...t, messages: mergeMessages(t.messages, [m]), mine };
  });
  const row = qc
    .getQueryData<GroupsData>(groupKeys.list)
    ?.pages.flatMap((p) => p.items)
    .find((g) => g.id === groupId);
  if (!row) {
    void qc.invalidateQueries({ queryKey: groupKeys.list });
    return;
  }
  if (row.lastSeq >= m.seq) {
    // Not new: a message deleted for everyone changes the row's preview in place.
    if (row.lastMessage?.id === m.id) patchGroup(qc, groupId, (g) => ({ ...g, lastMessage: m }));
    return;
  }
  const unread = m.fromUserId === me ? 0 : isOpenGroup(groupId) ? row.unreadCount : row.unreadCount + 1;
  const moved: ChatGroup = { ...row, lastMessage: m, lastSeq: m.seq, unreadCount: unread };
  patchGroups(qc, (d) => {
    const pages = d.pages.map((p) => ({ ...p, items: p.items.filter((g) => g.id !== groupId) }));
    if (pages[0]) pages[0] = { ...pages[0], items: [moved, ...pages[0].items] };
    return { ...d, pages };
  });
}

/** Any stored message: a group's to the group's caches, else the 1:1 chat's. */
export function applyAnyMessage(qc: QueryClient, me: string, m: ChatMessage): void {
  if (m.groupId) applyGroupMessage(qc, me, m);
  else applyMessage(qc, me, m);
}

/** One's own marks in a group (from this device or another): the unread count follows the seen mark. */
export function applyGroupMarks(qc: QueryClient, groupId: string, marks: Marks): void {
  qc.setQueryData<GroupThread>(groupKeys.thread(groupId), (t) =>
    t
      ? {
          ...t,
          mine: { deliveredSeq: Math.max(t.mine.deliveredSeq, marks.deliveredSeq), seenSeq: Math.max(t.mine.seenSeq, marks.seenSeq) },
        }
      : t,
  );
  patchGroup(qc, groupId, (g) => ({ ...g, unreadCount: Math.max(0, g.lastSeq - marks.seenSeq) }));
}

/** Whether a receipt is about one of the caller's groups (loaded in the list). */
export const isGroupConversation = (qc: QueryClient, conversationId: string) =>
  Boolean(qc.getQueryData<GroupsData>(groupKeys.list)?.pages.some((p) => p.items.some((g) => g.id === conversationId))) ||
  qc.getQueryData(groupKeys.thread(conversationId)) !== undefined;
