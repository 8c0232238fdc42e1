import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { ChatMessage, RecentChat } from '../../api/chat';
import { useAuth } from '../account';
import { applyMessage, applyReceipt, chatKeys, isOpenChat, knownPerson, otherOf, setPresence } from './cache';
import { useCall } from './call-state';
import { chatStore } from './db';
import { previewOf } from './format';
import { inAnyCall, useGroupCall, wireGroupCalls } from './group-call-state';
import {
  applyGroupMarks,
  applyGroupMessage,
  applyAnyMessage,
  groupKeys,
  isGroupConversation,
  isOpenGroup,
  type GroupThread,
  type GroupsData,
} from './group-cache';
import type { ChatGroup } from './groups-api';
import { refreshOthersMarks, useGroups } from './groups';
import { bindOutbox, loadOutbox, pump, resetOutbox } from './outbox';
import { restoreChatKeys, startChatPersist } from './persist';
import { useRecentChats } from './queries';
import { closeSocket, getSocket, listen, openSocket, reconnectSocket } from './socket';
import { setTyping } from './typing';
import { useChatUnread } from './unread-store';

const CallOverlay = lazy(() => import('./CallOverlay'));
const GroupCallOverlay = lazy(() => import('./GroupCallOverlay'));

/** Tells the server a message reached this device (fire and forget: the next one carries the mark too). */
function delivered(conversationId: string, upToSeq: number) {
  const s = getSocket();
  if (s?.connected) s.emit('message:delivered', { conversationId, upToSeq }, () => undefined);
}

/**
 * Marks the conversations that moved since they were loaded (by recent chats' lastSeq) for a catch-up,
 * and tells their senders they arrived.
 */
export function noteRecent(qc: QueryClient, me: string, chats: RecentChat[]) {
  for (const r of chats) {
    const c = qc.getQueryData<{ messages: { seq: number }[] }>(chatKeys.conversation(r.user.id));
    const have = c?.messages.at(-1)?.seq ?? 0;
    if (c && r.lastSeq > have) void qc.invalidateQueries({ queryKey: chatKeys.conversation(r.user.id) });
    if (r.unreadCount > 0 && r.lastMessage && r.lastMessage.fromUserId !== me) delivered(r.conversationId, r.lastSeq);
  }
}

/**
 * As `noteRecent`, for groups: a loaded group that moved is caught up, and what arrived is marked
 * delivered (once per message: `told` keeps how far each group was told).
 */
function noteGroups(qc: QueryClient, me: string, groups: ChatGroup[], told: Map<string, number>) {
  const s = getSocket();
  for (const g of groups) {
    const have = qc.getQueryData<GroupThread>(groupKeys.thread(g.id))?.messages.at(-1)?.seq;
    if (have !== undefined && g.lastSeq > have) void qc.invalidateQueries({ queryKey: groupKeys.thread(g.id) });
    if (g.unreadCount > 0 && g.lastMessage && g.lastMessage.fromUserId !== me && (told.get(g.id) ?? 0) < g.lastSeq && s?.connected) {
      told.set(g.id, g.lastSeq);
      s.emit('group:delivered', { groupId: g.id, upToSeq: g.lastSeq }, () => undefined);
    }
  }
}

/**
 * A message from someone whose conversation is not on screen, shown as a toast that opens it; not
 * on the chat list (it shows the message itself) nor over a call.
 */
function announce(qc: QueryClient, me: string, m: ChatMessage, open: (userId: string) => void) {
  if (m.fromUserId === me || isOpenChat(m.fromUserId) || window.location.pathname === '/chat') return;
  if (inAnyCall()) return;
  const who = knownPerson(qc, m.fromUserId);
  const name = who ? `${who.firstName} ${who.lastName}` : 'New message';
  toast(<span className="font-semibold">{name}</span>, {
    id: `chat-${m.fromUserId}`,
    description: previewOf(m, me),
    action: { label: 'Open', onClick: () => open(m.fromUserId) },
  });
}

/** A group message from someone else: marked delivered (unless the group is open, which marks it seen), and told as a toast. */
function groupArrived(qc: QueryClient, me: string, m: ChatMessage, open: (path: string) => void, told: Map<string, number>) {
  const groupId = m.groupId!;
  if (m.fromUserId === me) return;
  const s = getSocket();
  if (!isOpenGroup(groupId) && s?.connected && (told.get(groupId) ?? 0) < m.seq) {
    told.set(groupId, m.seq);
    s.emit('group:delivered', { groupId, upToSeq: m.seq }, () => undefined);
  }
  const group = qc
    .getQueryData<GroupsData>(groupKeys.list)
    ?.pages.flatMap((p) => p.items)
    .find((g) => g.id === groupId);
  const muted = group?.mutedUntil && new Date(group.mutedUntil) > new Date();
  if (m.msgType === 'event' || muted || isOpenGroup(groupId) || window.location.pathname === '/chat') return;
  if (inAnyCall()) return;
  const who = knownPerson(qc, m.fromUserId);
  toast(<span className="font-semibold">{group?.name ?? 'Group'}</span>, {
    id: `chat-group-${groupId}`,
    description: `${who ? `${who.firstName}: ` : ''}${previewOf(m, me)}`,
    action: { label: 'Open', onClick: () => open(`/chat/groups/${groupId}`) },
  });
}

function wire(qc: QueryClient, me: string, open: (path: string) => void): () => void {
  // How far each group was told delivered (so it is told once per message).
  const told = new Map<string, number>();
  const offs = [
    listen('connect', () => {
      void pump();
      // Catch up: the lists (whose lastSeq says which conversations moved) and the open conversation.
      // A list still being read is not read again: its first read waited for this connection (firstConnected).
      void qc.invalidateQueries({ queryKey: chatKeys.recent }, { cancelRefetch: false });
      void qc.invalidateQueries({ queryKey: chatKeys.conversations });
      void qc.invalidateQueries({ queryKey: groupKeys.list }, { cancelRefetch: false });
      void qc.invalidateQueries({ queryKey: groupKeys.threads });
    }),
    listen('message:new', (m) => {
      if (m.groupId) {
        applyGroupMessage(qc, me, m);
        if (m.fromUserId !== me) setTyping(m.fromUserId, false, m.groupId);
        if (m.msgType === 'event') void qc.invalidateQueries({ queryKey: groupKeys.info(m.groupId) });
        return groupArrived(qc, me, m, open, told);
      }
      applyMessage(qc, me, m);
      if (m.toUserId === me && !isOpenChat(otherOf(m, me))) delivered(m.conversationId, m.seq);
      if (m.fromUserId !== me) setTyping(m.fromUserId, false);
      announce(qc, me, m, (userId) => open(`/chat/${userId}`));
    }),
    listen('message:deleted', (m) => applyAnyMessage(qc, me, m)),
    listen('group:update', ({ groupId }) => {
      void qc.invalidateQueries({ queryKey: groupKeys.list });
      void qc.invalidateQueries({ queryKey: groupKeys.info(groupId) });
    }),
    listen('receipt', (r) => {
      if (!isGroupConversation(qc, r.conversationId)) return applyReceipt(qc, me, r);
      // Another member's marks: the "seen by" of one's messages is read when asked for.
      if (r.userId === me) applyGroupMarks(qc, r.conversationId, r);
      else {
        void qc.invalidateQueries({ queryKey: ['chat', 'group-receipts'] });
        // The ticks follow the lowest of the others' marks, which the server works out.
        refreshOthersMarks(qc, r.conversationId);
      }
    }),
    listen('typing', (t) => setTyping(t.fromUserId, t.typing, t.groupId)),
    listen('presence', (p) => setPresence(qc, p)),
    listen('call:incoming', (p) => void import('./calls').then((m) => m.incoming(p))),
    wireGroupCalls(me),
  ];
  const online = () => reconnectSocket();
  window.addEventListener('online', online);
  const unsubscribe = qc.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success' || e.query.queryKey[0] !== 'chat' || e.query.queryKey.length !== 2) return;
    if (e.query.queryKey[1] === 'groups') {
      const groups = (e.query.state.data as GroupsData | undefined)?.pages.flatMap((p) => p.items);
      if (groups) noteGroups(qc, me, groups, told);
      return;
    }
    if (e.query.queryKey[1] !== 'recent') return;
    const data = e.query.state.data as { pages: { items: RecentChat[] }[] } | undefined;
    if (data)
      noteRecent(
        qc,
        me,
        data.pages.flatMap((p) => p.items),
      );
  });
  return () => {
    offs.forEach((off) => off());
    window.removeEventListener('online', online);
    unsubscribe();
  };
}

/**
 * The chat's background, mounted by the app shell (lazily) for the signed-in person: the socket,
 * its events applied to the caches, the queue of unsent messages, the offline copy, and the call
 * screens (incoming and in-call) wherever one is in the app.
 */
export default function ChatRuntime() {
  const qc = useQueryClient();
  const token = useAuth((s) => s.token);
  const me = useAuth((s) => s.userId);
  const phase = useCall((s) => s.phase);
  const groupCall = useGroupCall((s) => s.phase !== 'idle' || s.ringing !== null);
  const navigate = useNavigate();
  const { search } = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  // The Chat tab's badge: conversations with unseen messages, as recent chats (kept moving by live
  // messages and receipts) say.
  const recent = useRecentChats();
  const groups = useGroups();
  const now = Date.now();
  const unread =
    (recent.data?.pages.reduce((n, p) => n + p.items.filter((r) => r.unreadCount > 0).length, 0) ?? 0) +
    (groups.data?.pages.reduce(
      (n, p) => n + p.items.filter((g) => g.unreadCount > 0 && !(g.mutedUntil && Date.parse(g.mutedUntil) > now)).length,
      0,
    ) ?? 0);
  useEffect(() => {
    useChatUnread.setState({ count: unread });
  }, [unread]);

  useEffect(() => {
    if (!token || !me) return;
    bindOutbox(qc, me);
    const unwire = wire(qc, me, (path) => void navigateRef.current(path));
    const stopPersist = startChatPersist(qc, me);
    // The saved copy is older than anything the server says: once it is back, catch up again (the
    // socket's own catch-up may have run before the copy was read, and the copy must not hide what
    // came since).
    // Only what the copy filled is read again (a list the server already answered is newer than it).
    void restoreChatKeys(qc, me).then((restored) => {
      for (const queryKey of restored) void qc.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
      return loadOutbox();
    });
    openSocket(token);
    return () => {
      unwire();
      stopPersist();
      closeSocket();
    };
  }, [qc, token, me]);

  // A call's Answer or Decline tapped on its push while the app was open (the app is sent to the
  // push's address): carried out on the call ringing here.
  useEffect(() => {
    if (search.includes('action=')) void import('./calls').then((m) => m.actOnPushChoice(search));
  }, [search]);

  // Signing out forgets the chat kept on this device (its queue and copy).
  useEffect(
    () =>
      useAuth.subscribe((s, prev) => {
        if (prev.isAuthenticated && !s.isAuthenticated) {
          closeSocket();
          resetOutbox();
          useChatUnread.setState({ count: 0 });
          void chatStore()
            .clear()
            .catch(() => undefined);
        }
      }),
    [],
  );

  if (phase === 'idle' && !groupCall) return null;
  return (
    <Suspense fallback={null}>
      {phase !== 'idle' ? <CallOverlay /> : null}
      {groupCall ? <GroupCallOverlay /> : null}
    </Suspense>
  );
}
