import { BellOff, MessageCircle, MessageSquarePlus, Search, UserX, UsersRound, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { RecentChat } from '../../api/chat';
import { UpdatedAt } from '../../lib/offline/freshness';
import { useDebounced } from '../../lib/use-debounced';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { fullName } from './cache';
import { listTime, previewOf } from './format';
import { NewChatSheet } from './NewChatSheet';
import { ChatHeader, ChatTabs } from './parts';
import { usePeople, useRecentChats, useRecentSearch } from './queries';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR } from './ask';
import { groupTime } from './group-cache';
import { GroupAvatar, groupPreview } from './group-parts';
import type { ChatGroup } from './groups-api';
import { useGroups } from './groups';
import { InlineError } from '../../ui/InlineError';

/** One row of the list: a person's chat or a group, with its last message, time and unread count. */
function ListRow({
  to,
  avatar,
  name,
  at,
  preview,
  unread,
  muted,
}: {
  to: string;
  avatar: ReactNode;
  name: string;
  at: string;
  preview: string;
  unread: number;
  muted?: boolean;
}) {
  const id = useId();
  return (
    <Link
      to={to}
      aria-labelledby={`${id}-n`}
      aria-describedby={`${id}-d`}
      className="flex min-h-[72px] items-center gap-3 px-5 py-2.5 transition-colors hover:bg-surface-2"
    >
      {avatar}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span id={`${id}-n`} className="min-w-0 flex-1 truncate font-semibold">
            {name}
          </span>
          <span className={cn('shrink-0 text-xs tabular-nums', unread && !muted ? 'font-semibold text-brand-fg' : 'text-muted')}>
            {listTime(at)}
          </span>
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span id={`${id}-d`} className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'text-fg' : 'text-muted')}>
            {preview}
          </span>
          {muted ? <BellOff className="size-4 shrink-0 text-subtle" aria-label="Muted" role="img" /> : null}
          {unread > 0 ? (
            <span
              className={cn(
                'flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full px-1.5 text-[11px] font-bold text-white tabular-nums',
                muted ? 'bg-subtle' : 'bg-brand-600',
              )}
            >
              {unread > 99 ? '99+' : unread}
              <span className="sr-only"> unread {unread === 1 ? 'message' : 'messages'}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

function ChatRow({ chat, me }: { chat: RecentChat; me: string }) {
  const last = chat.lastMessage;
  const mine = last?.fromUserId === me;
  return (
    <ListRow
      to={`/chat/${chat.user.id}`}
      avatar={<Avatar src={chat.user.avatar} firstName={chat.user.firstName} lastName={chat.user.lastName} />}
      name={fullName(chat.user)}
      at={chat.updatedAt}
      preview={
        last ? `${mine && last.msgType !== 'payment' && !last.msgBody.deleted ? 'You: ' : ''}${previewOf(last, me)}` : 'No messages yet'
      }
      unread={chat.unreadCount}
    />
  );
}

function GroupRow({ group, me }: { group: ChatGroup; me: string }) {
  // The last message's sender (and the people of an event), by name.
  const last = group.lastMessage;
  const ids = last ? [last.fromUserId, ...(last.msgBody.event?.userIds ?? [])].filter((id) => id !== me).slice(0, 5) : [];
  const people = usePeople(ids);
  const nameOf = (userId: string) => (userId === me ? 'You' : (people.get(userId)?.firstName ?? 'Someone'));
  return (
    <ListRow
      to={`/chat/groups/${group.id}`}
      avatar={<GroupAvatar name={group.name} photoUrl={group.photoUrl} />}
      name={group.name}
      at={groupTime(group)}
      preview={group.lastMessage ? groupPreview(group.lastMessage, me, nameOf) : 'No messages yet'}
      unread={group.unreadCount}
      muted={group.mutedUntil !== null && Date.parse(group.mutedUntil) > Date.now()}
    />
  );
}

type Row = { kind: 'chat'; key: string; at: string; chat: RecentChat } | { kind: 'group'; key: string; at: string; group: ChatGroup };

function RowSkeletons() {
  return (
    <SkeletonRows
      label="Loading chats"
      rows={4}
      className="-mx-5"
      row={{ className: 'flex items-center gap-3 px-5 py-3', lead: 'size-12 rounded-full', lines: ['h-4 w-2/5', 'h-3.5 w-4/5'] }}
    />
  );
}

const matches = (c: RecentChat, q: string) => {
  const s = q.toLowerCase();
  return (
    fullName(c.user).toLowerCase().includes(s) ||
    (c.user.nickName ?? '').toLowerCase().includes(s) ||
    (c.lastMessage?.msgBody.text ?? '').toLowerCase().includes(s)
  );
};

/** Chats: the conversations, the latest first, with a search and a way to start a new one. */
export default function ChatListPage() {
  const me = useAuth((s) => s.userId) ?? '';
  const recent = useRecentChats();
  const groups = useGroups();
  const allGroups = useMemo(() => groups.data?.pages.flatMap((p) => p.items) ?? [], [groups.data]);
  const [text, setText] = useState('');
  const [picking, setPicking] = useState(false);
  const q = useDebounced(text.trim(), 300);
  const found = useRecentSearch(q);
  const all = useMemo(() => recent.data?.pages.flatMap((p) => p.items) ?? [], [recent.data]);

  const searching = text.trim().length > 0;
  const shown = useMemo((): Row[] => {
    const q = text.trim().toLowerCase();
    const chats = searching ? all.filter((c) => matches(c, text.trim())) : all;
    // The server also searches the chats not loaded yet.
    const extra = searching ? (found.data ?? []).filter((c) => !chats.some((l) => l.conversationId === c.conversationId)) : [];
    const inGroups = searching ? allGroups.filter((g) => g.name.toLowerCase().includes(q)) : allGroups;
    // Groups beside the chats, the latest first.
    return [
      ...[...chats, ...extra].map((chat): Row => ({ kind: 'chat', key: chat.conversationId, at: chat.updatedAt, chat })),
      ...inGroups.map((group): Row => ({ kind: 'group', key: group.id, at: groupTime(group), group })),
    ].sort((x, y) => Date.parse(y.at) - Date.parse(x.at));
  }, [all, allGroups, found.data, searching, text]);

  return (
    <div>
      <ChatHeader title="Chats">
        <Link
          to="/chat/groups/new"
          aria-label="New group"
          className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
        >
          <UsersRound className="size-5" aria-hidden="true" />
        </Link>
        <Link
          to="/chat/blocked"
          aria-label="Blocked people"
          className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
        >
          <UserX className="size-5" aria-hidden="true" />
        </Link>
      </ChatHeader>
      <ChatTabs />
      <div className="relative mb-2">
        <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-subtle" aria-hidden="true" />
        <input
          type="search"
          aria-label="Search chats"
          placeholder="Search chats"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          className="block min-h-12 w-full rounded-2xl border border-line bg-surface pr-12 pl-12 text-base outline-none placeholder:text-subtle focus:border-brand-fg focus:ring-4 focus:ring-brand-fg/15 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText('')}
            className="absolute top-1/2 right-1 flex size-11 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface-2"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <UpdatedAt query={recent} className="mb-2 px-1" />
      {recent.isPending ? (
        <RowSkeletons />
      ) : recent.isError && !recent.data ? (
        <QueryError
          error={recent.error}
          onRetry={() => void recent.refetch()}
          title="We couldn't load your chats"
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : all.length === 0 && allGroups.length === 0 ? (
        <EmptyState
          icon={<MessageCircle className="size-9" strokeWidth={1.8} />}
          title="No chats yet"
          action={
            <Button block onClick={() => setPicking(true)}>
              Start a chat
            </Button>
          }
        >
          Message anyone on Owo who has a nickname, send them money or call them, or start a group of friends.
        </EmptyState>
      ) : shown.length === 0 ? (
        <p role="status" className="px-1 py-8 text-center text-sm text-muted">
          {found.isFetching ? 'Searching…' : `No chats match “${text.trim()}”.`}
        </p>
      ) : (
        <>
          <ul aria-label="Chats" className="-mx-5">
            {shown.map((r) => (
              <li key={r.key}>{r.kind === 'chat' ? <ChatRow chat={r.chat} me={me} /> : <GroupRow group={r.group} me={me} />}</li>
            ))}
          </ul>
          {groups.isError && !groups.data ? (
            <InlineError error={groups.error} fallback={FALLBACK_ERROR} onRetry={() => void groups.refetch()} className="-mx-4" />
          ) : null}
          {searching ? null : (
            <>
              <LoadMore pages={recent} />
              <LoadMore pages={groups} />
            </>
          )}
        </>
      )}
      <button
        type="button"
        aria-label="New chat"
        onClick={() => setPicking(true)}
        className="fixed right-[max(1.25rem,calc(50vw-14rem))] bottom-24 z-30 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/25 hover:bg-brand-700"
      >
        <MessageSquarePlus className="size-6" aria-hidden="true" />
      </button>
      <NewChatSheet open={picking} onClose={() => setPicking(false)} />
    </div>
  );
}
