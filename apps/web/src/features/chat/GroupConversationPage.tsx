import type { Receipt } from '@owo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, Info, Phone, UsersRound } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ChatMessage, ChatUser } from '../../api/chat';
import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PersonButton } from '../../ui/PersonButton';
import { Sheet } from '../../ui/Sheet';
import { Skeleton } from '../../ui/Spinner';
import { useAuth } from '../account';
import { ask } from './ask';
import { ChatSearchButton } from './ChatSearch';
import { Composer } from './Composer';
import { eventText } from './format';
import { type GroupThread, applyGroupMarks, groupTick } from './group-cache';
import { GroupCallBanner, startOrJoinGroupCall } from './GroupCallBanner';
import { GroupAvatar } from './group-parts';
import { type GroupInfo, groupsApi } from './groups-api';
import { loadOlderGroup, useGroupInfo, useGroupThread } from './groups';
import { GroupReceiptsSheet } from './GroupReceiptsSheet';
import type { BubbleView } from './MessageBubble';
import { bindOutbox, enqueue, useOutbox } from './outbox';
import { PaySheet } from './PaySheet';
import { usePeople } from './queries';
import { useSocketConnected } from './socket';
import { typingLine, useGroupTyping } from './typing';
import { ImageViewer, MessageActions, ThreadBody, ThreadHeader, fromPending, useSeenMark, useThread, viewOf } from './thread';
import { setOpenGroup } from './group-cache';
import { DeleteForEveryone } from './message-menu';

const fromGroupMessage = (m: ChatMessage, me: string, names: Names, t?: GroupThread): BubbleView => ({
  ...viewOf(m, me),
  sender: m.fromUserId === me ? undefined : names.nameOf(m.fromUserId),
  // The member paid, as the group knows them: "Folake paid Ikenna", "Folake paid you".
  payment: m.msgBody.payment ? { ...m.msgBody.payment, toName: payeeOf(m.msgBody.payment, me, names) } : null,
  mentions: m.msgBody.mentions?.flatMap((id) => {
    const first = names.firstNameOf(id);
    return first ? [`@${first}`] : [];
  }),
  system: m.msgType === 'event' ? (m.msgBody.event ? eventText(m.msgBody.event, m.fromUserId, names.nameOf) : '') : undefined,
  // Two ticks once every other member has it, blue once all saw it; who is in "Message info".
  tick: m.fromUserId === me && !m.msgBody.deleted ? groupTick(t, m.seq) : null,
});

const payeeOf = (p: NonNullable<ChatMessage['msgBody']['payment']>, me: string, names: Names) =>
  p.toUserId === me ? 'you' : p.toUserId ? (names.firstNameOf(p.toUserId) ?? p.toName) : p.toName;

/** The names people go by in a group: its members, then anyone else who wrote or was named in what is loaded. */
function useNames(info: GroupInfo | undefined, messages: ChatMessage[] | undefined, me: string) {
  const members = useMemo(() => new Map(info?.members.map((m) => [m.user.id, m.user])), [info]);
  const others = useMemo(() => {
    if (!info) return [];
    const ids = new Set<string>();
    for (const m of messages ?? [])
      for (const id of [m.fromUserId, ...(m.msgBody.event?.userIds ?? [])]) if (id !== me && !members.has(id)) ids.add(id);
    return [...ids].slice(0, 30);
  }, [info, messages, members, me]);
  const people = usePeople(others);
  return useMemo((): Names => {
    const firstNameOf = (id: string) => (members.get(id) ?? people.get(id))?.firstName;
    return { firstNameOf, nameOf: (id) => (id === me ? 'You' : (firstNameOf(id) ?? 'Someone')) };
  }, [me, members, people]);
}

interface Names {
  /** "You" for oneself, else the first name ("Someone" when not known). */
  nameOf: (id: string) => string;
  firstNameOf: (id: string) => string | undefined;
}

function Header({ groupId, info, onPay, member }: { groupId: string; info: GroupInfo | undefined; onPay: () => void; member: boolean }) {
  const me = useAuth((s) => s.userId);
  // The members by first name, oneself last.
  const names = info ? [...info.members.filter((m) => m.user.id !== me).map((m) => m.user.firstName), 'You'].join(', ') : undefined;
  const typing = typingLine(useGroupTyping(groupId).map((id) => info?.members.find((m) => m.user.id === id)?.user.firstName ?? 'Someone'));
  // Three actions beside the name at 390 px (the name itself opens the group's info), 40 px each; the
  // name may take two lines rather than be cut.
  const button = 'flex size-10 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50';
  return (
    <ThreadHeader>
      <Link
        to={`/chat/groups/${groupId}/info`}
        aria-label={`Group info: ${info?.name ?? 'group'}`}
        className="flex min-w-0 flex-1 items-center gap-2 rounded-2xl py-1 pr-1 hover:bg-surface-2"
      >
        {info ? <GroupAvatar name={info.name} photoUrl={info.photoUrl} size="sm" /> : <Skeleton className="size-10 rounded-full" />}
        <span className="min-w-0 flex-1">
          <h1 className="line-clamp-2 text-[15px] leading-tight font-bold break-words">{info?.name ?? 'Group'}</h1>
          <span className={cn('block truncate text-xs', typing ? 'font-semibold text-brand-fg' : 'text-muted')}>
            {typing ?? names ?? 'Tap for group info'}
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-label="Voice call"
        title="Voice call with the group"
        onClick={() => startOrJoinGroupCall(groupId)}
        disabled={!info || !member}
        className={button}
      >
        <Phone className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Pay a member"
        title="Send money to a member"
        onClick={onPay}
        disabled={!info || !member}
        className={button}
      >
        <Banknote className="size-5" aria-hidden="true" />
      </button>
      <ChatSearchButton conversationId={groupId} className={button} />
    </ThreadHeader>
  );
}

/** "Pay a member": choose who, then the usual amount, preview and PIN; the payment is shared with the group. */
function MemberPay({
  info,
  me,
  open,
  onClose,
  onPaid,
}: {
  info: GroupInfo;
  me: string;
  open: boolean;
  onClose: () => void;
  onPaid: (r: Receipt) => void;
}) {
  const [person, setPerson] = useState<ChatUser | null>(null);
  const others = info.members.filter((m) => m.user.id !== me).map((m) => m.user);
  const close = useCallback(() => {
    setPerson(null);
    onClose();
  }, [onClose]);
  return (
    <>
      <Sheet open={open && !person} onClose={close} title="Send money to a member">
        {others.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">No one else is in this group yet.</p>
        ) : (
          <ul aria-label="Members" className="flex flex-col">
            {others.map((p) => (
              <li key={p.id}>
                <PersonButton person={p} onPick={setPerson} className="rounded-2xl px-2 py-2" />
              </li>
            ))}
          </ul>
        )}
      </Sheet>
      {person ? <PaySheet person={person} open={open} onClose={close} onPaid={onPaid} /> : null}
    </>
  );
}

/** A group's conversation: messages and events (paged back), replies, mentions, money to a member, delete for everyone, who saw. */
export default function GroupConversationPage() {
  const { groupId = '' } = useParams();
  const me = useAuth((s) => s.userId) ?? '';
  const qc = useQueryClient();
  const thread$ = useGroupThread(groupId);
  const info$ = useGroupInfo(groupId);
  const info = info$.data;
  // Someone who left (or was removed) reads what they were there for, and sends nothing.
  const gone = info$.error instanceof ApiError && info$.error.code === 'GROUP_NOT_FOUND';
  const connected = useSocketConnected();
  const pendingAll = useOutbox((s) => s.items);
  const [paying, setPaying] = useState(false);
  const [receiptsOf, setReceiptsOf] = useState<string | null>(null);
  const data = thread$.data;
  const names = useNames(info, data?.messages, me);
  const { nameOf } = names;

  useEffect(() => {
    if (me) bindOutbox(qc, me);
  }, [qc, me]);
  useEffect(() => {
    setOpenGroup(groupId);
    return () => setOpenGroup(null);
  }, [groupId]);

  const views = useMemo(() => {
    const stored = (data?.messages ?? []).map((m) => fromGroupMessage(m, me, names, data));
    const have = new Set((data?.messages ?? []).filter((m) => m.fromUserId === me).map((m) => m.msgId));
    const pending = Object.values(pendingAll)
      .filter((p) => p.owner === me && p.groupId === groupId && !have.has(p.msgId))
      .sort((a, b) => a.order - b.order)
      .map((p) => fromPending(p, me, connected));
    return [...stored, ...pending];
  }, [data, pendingAll, me, groupId, connected, names]);

  useSeenMark({
    ready: data !== undefined && !gone,
    maxSeq: data?.messages.at(-1)?.seq ?? 0,
    seenSeq: data?.mine.seenSeq ?? 0,
    mark: useCallback(
      async (upToSeq: number) => {
        const m = connected ? await ask('group:seen', { groupId, upToSeq }) : (await groupsApi.seen(groupId, upToSeq)).data;
        applyGroupMarks(qc, groupId, m);
      },
      [connected, groupId, qc],
    ),
  });

  const older = useCallback(() => loadOlderGroup(qc, groupId), [qc, groupId]);
  const thread = useThread(views, { hasOlder: !!data?.hasOlder, loadOlder: older, nameOf });
  const { stick, setActing } = thread;
  const paid = useCallback(
    (receipt: Receipt) => {
      stick();
      enqueue({ toUserId: groupId, groupId, msgType: 'payment', paymentReference: receipt.reference, amount: receipt.amount });
    },
    [groupId, stick],
  );
  const others = useMemo(() => info?.members.filter((m) => m.user.id !== me).map((m) => m.user) ?? [], [info, me]);

  return (
    <div className="fixed inset-0 z-40 mx-auto flex w-full max-w-md flex-col bg-canvas">
      <Header groupId={groupId} info={info} onPay={() => setPaying(true)} member={!gone} />
      <GroupCallBanner groupId={groupId} nameOf={nameOf} disabled={gone} />
      <ThreadBody
        thread={thread}
        query={thread$}
        errorTitle="We couldn't load this group"
        views={views}
        hasOlder={!!data?.hasOlder}
        empty={
          <EmptyState icon={<UsersRound className="size-9" strokeWidth={1.8} />} title="No messages yet">
            Messages, photos, voice notes and money sent in the group show here.
          </EmptyState>
        }
      />
      {gone ? (
        <p
          role="status"
          className="border-t border-line bg-surface px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-center text-sm text-muted"
        >
          You’re no longer in this group, so you can’t send messages to it.
        </p>
      ) : (
        <Composer
          toUserId={groupId}
          groupId={groupId}
          members={others}
          me={me}
          replyTo={thread.replyTo}
          replyName={thread.replyTo ? (thread.replyTo.mine ? 'yourself' : (thread.replyTo.sender ?? 'them')) : ''}
          onCancelReply={thread.cancelReply}
          onSent={stick}
        />
      )}
      <MessageActions thread={thread}>
        {(m) =>
          m.mine && m.id ? (
            <>
              <Button
                variant="outline"
                block
                icon={<Info className="size-5" aria-hidden="true" />}
                onClick={() => (setReceiptsOf(m.id), setActing(null))}
              >
                Message info
              </Button>
              <DeleteForEveryone m={m} onDone={() => setActing(null)} />
            </>
          ) : null
        }
      </MessageActions>
      <GroupReceiptsSheet groupId={groupId} messageId={receiptsOf} onClose={() => setReceiptsOf(null)} />
      <ImageViewer url={thread.viewing} onClose={() => thread.setViewing(null)} />
      {info ? <MemberPay info={info} me={me} open={paying} onClose={() => setPaying(false)} onPaid={paid} /> : null}
    </div>
  );
}
