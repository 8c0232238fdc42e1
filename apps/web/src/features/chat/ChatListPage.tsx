import { Archive, ChevronRight, MessageCircle, MessageSquarePlus, Search, Star, UserX, UsersRound, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { RecentChat } from '../../api/chat';
import { UpdatedAt } from '../../lib/offline/freshness';
import { useDebounced } from '../../lib/use-debounced';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { QueryError } from '../../ui/QueryError';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { useAuth } from '../account';
import { fullName } from './cache';
import { NewChatSheet } from './NewChatSheet';
import { ChatHeader, ChatTabs } from './parts';
import { useRecentChats, useRecentSearch } from './queries';
import { ChatRows, archivedOf, rowsOf } from './chat-rows';
import { useMessageSearch } from './actions';
import { MessageResults } from './search-parts';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR } from './ask';
import { useGroups } from './groups';
import { InlineError } from '../../ui/InlineError';

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

/**
 * Chats: the conversations, pinned first then the latest, archived ones behind "Archived (n)"; a
 * search of the chats and of the messages in them; starred messages; a way to start a new chat.
 */
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
  const messages = useMessageSearch(q);
  const archived = useMemo(() => [...all, ...allGroups].filter(archivedOf).length, [all, allGroups]);
  const shown = useMemo(() => {
    const s = text.trim().toLowerCase();
    if (!searching)
      return rowsOf(
        all.filter((c) => !archivedOf(c)),
        allGroups.filter((g) => !archivedOf(g)),
      );
    const chats = all.filter((c) => matches(c, text.trim()));
    // The server also searches the chats not loaded yet.
    const extra = (found.data ?? []).filter((c) => !chats.some((l) => l.conversationId === c.conversationId));
    return rowsOf(
      [...chats, ...extra],
      allGroups.filter((g) => g.name.toLowerCase().includes(s)),
    );
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
          to="/chat/starred"
          aria-label="Starred messages"
          className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2"
        >
          <Star className="size-5" aria-hidden="true" />
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
      ) : (
        <>
          {searching ? null : archived > 0 ? (
            <Link
              to="/chat/archived"
              className="-mx-5 flex min-h-14 items-center gap-3 px-5 text-sm font-semibold text-muted hover:bg-surface-2"
            >
              <span className="flex size-12 items-center justify-center">
                <Archive className="size-5" aria-hidden="true" />
              </span>
              <span className="flex-1">Archived ({archived})</span>
              <ChevronRight className="size-5 text-subtle" aria-hidden="true" />
            </Link>
          ) : null}
          {shown.length === 0 ? (
            searching ? (
              <p role="status" className="px-1 py-4 text-center text-sm text-muted">
                {found.isFetching ? 'Searching…' : `No chats match “${text.trim()}”.`}
              </p>
            ) : (
              <p className="px-1 py-8 text-center text-sm text-muted">All your chats are archived.</p>
            )
          ) : (
            <ChatRows rows={shown} me={me} label="Chats" />
          )}
          {groups.isError && !groups.data ? (
            <InlineError error={groups.error} fallback={FALLBACK_ERROR} onRetry={() => void groups.refetch()} className="-mx-4" />
          ) : null}
          {searching ? (
            q.length >= 2 ? (
              <section aria-labelledby="found-messages" className="mt-4">
                <h2 id="found-messages" className="mb-1 px-1 text-sm font-semibold text-muted">
                  Messages
                </h2>
                <MessageResults search={messages} q={q} me={me} label="Messages found" />
              </section>
            ) : null
          ) : (
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
