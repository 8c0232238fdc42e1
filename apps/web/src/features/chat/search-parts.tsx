import type { ChatRef, MessageInChat } from '@owo/contracts';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { LoadMore } from '../../ui/LoadMore';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { InlineError } from '../../ui/InlineError';
import { FALLBACK_ERROR } from './ask';
import { fullName } from './cache';
import { listTime, previewOf } from './format';
import { GroupAvatar } from './group-parts';
import type { useMessageSearch } from './actions';

// A message found (search) or kept (starred) with its chat: a row that opens the chat at it.

/** The chat's screen, opened at the message (?msg=: it is scrolled to and marked). */
export const chatPathAt = (chat: ChatRef, messageId: string) =>
  `${chat.groupId ? `/chat/groups/${chat.groupId}` : `/chat/${chat.user?.id ?? ''}`}?msg=${encodeURIComponent(messageId)}`;

export const chatNameOf = (chat: ChatRef) => chat.group?.name ?? (chat.user ? fullName(chat.user) : 'Chat');

export function ChatRefAvatar({ chat }: { chat: ChatRef }) {
  if (chat.group) return <GroupAvatar name={chat.group.name} photoUrl={chat.group.photoUrl} size="sm" />;
  return <Avatar src={chat.user?.avatar} firstName={chat.user?.firstName ?? '?'} lastName={chat.user?.lastName ?? ''} size="sm" />;
}

/** The words searched for (the last one also as the start of a word, as the server matches it). */
export const wordsOf = (q: string) => q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The text with the words that start with one searched for in <mark>. */
export function Highlighted({ text, q }: { text: string; q: string }) {
  const words = wordsOf(q);
  if (words.length === 0) return text;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return parts.map((p, i) =>
    words.some((w) => p.toLowerCase().startsWith(w)) ? (
      <mark key={i} className="rounded bg-accent-400/40 px-0.5 text-fg">
        {p}
      </mark>
    ) : (
      p
    ),
  );
}

/** The part of a long text around its first match, so the words found are in view. */
export function snippetOf(text: string, q: string, room = 60): string {
  const lower = text.toLowerCase();
  const at = Math.min(
    ...wordsOf(q)
      .map((w) => lower.indexOf(w))
      .filter((i) => i >= 0),
    Number.MAX_SAFE_INTEGER,
  );
  if (at === Number.MAX_SAFE_INTEGER || at < room) return text;
  return `…${text.slice(at - room / 2)}`;
}

/** A message with its chat: who or which group, the message (the words searched for marked), the date. */
export function MessageHitRow({ hit, me, q = '', extra }: { hit: MessageInChat; me: string; q?: string; extra?: ReactNode }) {
  const { message: m, chat } = hit;
  const who = m.fromUserId === me ? 'You: ' : '';
  const text = m.msgType === 'text' || (m.msgType === 'image' && m.msgBody.text) ? m.msgBody.text : previewOf(m, me);
  return (
    <div className="flex items-center gap-1 pr-3">
      <Link
        to={chatPathAt(chat, m.id)}
        className="flex min-h-[72px] min-w-0 flex-1 items-center gap-3 px-5 py-2.5 transition-colors hover:bg-surface-2"
      >
        <ChatRefAvatar chat={chat} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="min-w-0 flex-1 truncate font-semibold">{chatNameOf(chat)}</span>
            <time dateTime={m.createdAt} className="shrink-0 text-xs text-muted tabular-nums">
              {listTime(m.createdAt)}
            </time>
          </span>
          <span className="mt-0.5 line-clamp-2 text-sm break-words text-muted">
            {who}
            <Highlighted text={snippetOf(text, q)} q={q} />
          </span>
        </span>
      </Link>
      {extra}
    </div>
  );
}

export const ROW = { className: 'flex items-center gap-3 px-5 py-3', lead: 'size-10 rounded-full', lines: ['h-4 w-2/5', 'h-3.5 w-4/5'] };

/** The messages found: loading, failure, none, the list (paged). */
export function MessageResults({
  search,
  q,
  me,
  label,
}: {
  search: ReturnType<typeof useMessageSearch>;
  q: string;
  me: string;
  label: string;
}) {
  const hits = search.data?.pages.flatMap((p) => p.items) ?? [];
  if (search.isPending && search.fetchStatus !== 'idle')
    return <SkeletonRows label="Searching messages" rows={3} className="-mx-5" row={ROW} />;
  if (search.isError && !search.data)
    return <InlineError error={search.error} fallback={FALLBACK_ERROR} onRetry={() => void search.refetch()} className="-mx-4" />;
  if (!search.data) return null;
  if (hits.length === 0)
    return (
      <p role="status" className="flex flex-col items-center gap-2 px-1 py-8 text-center text-sm text-muted">
        <SearchX className="size-7 text-subtle" aria-hidden="true" />
        No messages match “{q}”.
      </p>
    );
  return (
    <>
      <ul aria-label={label} className="-mx-5">
        {hits.map((h) => (
          <li key={h.message.id}>
            <MessageHitRow hit={h} me={me} q={q} />
          </li>
        ))}
      </ul>
      <LoadMore pages={search} />
    </>
  );
}
