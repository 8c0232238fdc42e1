import { Archive, ArchiveRestore, BellOff, MoreVertical, Pin, PinOff } from 'lucide-react';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { RecentChat } from '../../api/chat';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { useChatState } from './actions';
import { fullName } from './cache';
import { listTime, previewOf } from './format';
import { groupTime } from './group-cache';
import { GroupAvatar, groupPreview } from './group-parts';
import type { ChatGroup } from './groups-api';
import { usePeople } from './queries';

// The chat list's rows (a person's chat or a group), each with its actions: a long press (touch),
// a right click or the "More" button opens Pin / Unpin and Archive / Unarchive; an archived chat has Unarchive at hand.

const LONG_PRESS_MS = 450;

/** A chat's own state, and the conversation id the pin and archive calls take. */
interface RowState {
  conversationId: string;
  pinned: boolean;
  archived: boolean;
}

/** An archived chat's own button: Unarchive, in one tap. */
function UnarchiveButton({ name, conversationId }: { name: string; conversationId: string }) {
  const change = useChatState();
  return (
    <Button
      size="sm"
      variant="outline"
      className="mr-3 ml-2 shrink-0"
      aria-label={`Unarchive ${name}`}
      loading={change.isPending}
      onClick={() => change.mutate({ conversationId, archived: false })}
    >
      Unarchive
    </Button>
  );
}

/** Pin / Unpin and Archive / Unarchive for one chat. */
function RowActions({ name, state, open, onClose }: { name: string; state: RowState; open: boolean; onClose: () => void }) {
  const change = useChatState();
  const { conversationId } = state;
  const run = (c: Parameters<typeof change.mutate>[0]) => change.mutate(c, { onSuccess: onClose });
  return (
    <Sheet open={open} onClose={onClose} title={name}>
      <div className="flex flex-col gap-2">
        {state.archived ? null : (
          <Button
            variant="outline"
            block
            loading={change.isPending && change.variables && 'pinned' in change.variables}
            icon={state.pinned ? <PinOff className="size-5" aria-hidden="true" /> : <Pin className="size-5" aria-hidden="true" />}
            onClick={() => run({ conversationId, pinned: !state.pinned })}
          >
            {state.pinned ? 'Unpin chat' : 'Pin chat'}
          </Button>
        )}
        <Button
          variant="outline"
          block
          loading={change.isPending && change.variables && 'archived' in change.variables}
          icon={
            state.archived ? <ArchiveRestore className="size-5" aria-hidden="true" /> : <Archive className="size-5" aria-hidden="true" />
          }
          onClick={() => run({ conversationId, archived: !state.archived })}
        >
          {state.archived ? 'Unarchive chat' : 'Archive chat'}
        </Button>
      </div>
    </Sheet>
  );
}

/** One row of the list: a person's chat or a group, with its last message, time and unread count. */
function ListRow({
  to,
  avatar,
  name,
  at,
  preview,
  unread,
  muted,
  state,
}: {
  state: RowState;
  to: string;
  avatar: ReactNode;
  name: string;
  at: string;
  preview: string;
  unread: number;
  muted?: boolean;
}) {
  const id = useId();
  const [acting, setActing] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  const close = useCallback(() => setActing(false), []);
  return (
    <div className="flex items-center">
      <Link
        to={to}
        aria-labelledby={`${id}-n`}
        aria-describedby={`${id}-d`}
        className="flex min-h-[72px] min-w-0 flex-1 items-center gap-3 py-2.5 pl-5 transition-colors select-none hover:bg-surface-2"
        onContextMenu={(e) => {
          e.preventDefault();
          setActing(true);
        }}
        onPointerDown={(e) => {
          pressed.current = false;
          if (e.pointerType === 'mouse') return;
          clearTimeout(press.current);
          press.current = setTimeout(() => {
            pressed.current = true;
            setActing(true);
          }, LONG_PRESS_MS);
        }}
        onPointerUp={() => clearTimeout(press.current)}
        onPointerMove={() => clearTimeout(press.current)}
        onPointerCancel={() => clearTimeout(press.current)}
        onClick={(e) => {
          // A long press opened the actions: the tap that ends it does not open the chat.
          if (pressed.current) e.preventDefault();
          pressed.current = false;
        }}
      >
        {avatar}
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span id={`${id}-n`} className="min-w-0 flex-1 truncate font-semibold">
              {name}
            </span>
            {state.pinned ? <Pin className="size-3.5 shrink-0 text-subtle" aria-label="Pinned" role="img" /> : null}
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
      {state.archived ? (
        <UnarchiveButton name={name} conversationId={state.conversationId} />
      ) : (
        <button
          type="button"
          aria-label={`More actions for ${name}`}
          onClick={() => setActing(true)}
          className="mr-1 flex size-11 shrink-0 items-center justify-center rounded-full text-subtle hover:bg-surface-2"
        >
          <MoreVertical className="size-5" aria-hidden="true" />
        </button>
      )}
      <RowActions name={name} state={state} open={acting} onClose={close} />
    </div>
  );
}

export function ChatRow({ chat, me }: { chat: RecentChat; me: string }) {
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
      state={{ conversationId: chat.conversationId, pinned: !!chat.pinned, archived: !!chat.archived }}
    />
  );
}

export function GroupRow({ group, me }: { group: ChatGroup; me: string }) {
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
      state={{ conversationId: group.id, pinned: !!group.pinned, archived: !!group.archived }}
    />
  );
}

export type Row =
  { kind: 'chat'; key: string; at: string; chat: RecentChat } | { kind: 'group'; key: string; at: string; group: ChatGroup };

/** The chats and groups as rows: pinned first, then the latest first. */
export function rowsOf(chats: RecentChat[], groups: ChatGroup[]): Row[] {
  return [
    ...chats.map((chat): Row => ({ kind: 'chat', key: chat.conversationId, at: chat.updatedAt, chat })),
    ...groups.map((group): Row => ({ kind: 'group', key: group.id, at: groupTime(group), group })),
  ].sort((x, y) => Number(pinnedOf(y)) - Number(pinnedOf(x)) || Date.parse(y.at) - Date.parse(x.at));
}
const pinnedOf = (r: Row) => (r.kind === 'chat' ? r.chat.pinned : r.group.pinned) ?? false;
export const archivedOf = (r: { archived?: boolean }) => r.archived === true;

export function ChatRows({ rows, me, label }: { rows: Row[]; me: string; label: string }) {
  return (
    <ul aria-label={label} className="-mx-5">
      {rows.map((r) => (
        <li key={r.key}>{r.kind === 'chat' ? <ChatRow chat={r.chat} me={me} /> : <GroupRow group={r.group} me={me} />}</li>
      ))}
    </ul>
  );
}
