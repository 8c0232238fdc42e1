import type { Receipt } from '@owo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, MessageCircle, Phone, Video } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { type ChatMessage, type ChatUser, type Marks, chatApi } from '../../api/chat';
import { useOnline } from '../../lib/offline/freshness';
import { Avatar } from '../../ui/Avatar';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Spinner';
import { useAuth } from '../account';
import { ask } from './ask';
import { applyReceipt, fullName, knownPerson, lastSeqOf, setOpenChat } from './cache';
import { useCall } from './call-state';
import { BlockedNotice } from './BlockControls';
import { useBlockStatus } from './blocks';
import { startCall } from './calls';
import { ChatMenu } from './ChatMenu';
import { DeleteForEveryone } from './message-menu';
import { Composer } from './Composer';
import { presenceText } from './format';
import type { BubbleView, Tick } from './MessageBubble';
import { bindOutbox, enqueue, useOutbox } from './outbox';
import { PaySheet } from './PaySheet';
import { loadOlder, useConversation, usePerson, usePresence } from './queries';
import { useSocketConnected } from './socket';
import { ImageViewer, MessageActions, ThreadBody, ThreadHeader, fromPending, useSeenMark, useThread, viewOf } from './thread';
import { useIsTyping } from './typing';

function tickOf(m: ChatMessage, theirs: Marks): Tick {
  if (theirs.seenSeq >= m.seq) return 'seen';
  if (theirs.deliveredSeq >= m.seq) return 'delivered';
  return 'sent';
}

const fromMessage = (m: ChatMessage, me: string, theirs: Marks): BubbleView => ({
  ...viewOf(m, me),
  tick: m.fromUserId === me ? tickOf(m, theirs) : null,
});

function Header({
  userId,
  person,
  onPay,
  blocked,
  conversationId,
}: {
  userId: string;
  conversationId: string | null;
  person: ChatUser | undefined;
  onPay: () => void;
  /** I blocked this person (undefined while not known). */
  blocked: boolean | undefined;
}) {
  const presence = usePresence(userId);
  const typing = useIsTyping(userId);
  const connected = useSocketConnected();
  const online = useOnline();
  const inCall = useCall((s) => s.phase !== 'idle' && s.phase !== 'ended');
  const status = typing
    ? 'typing…'
    : !online
      ? 'Waiting for network'
      : !connected
        ? 'Connecting…'
        : (presenceText(presence.data) ?? (person?.nickName ? `@${person.nickName}` : ''));
  const call = (kind: 'voice' | 'video') => {
    if (person) void startCall(person, kind);
  };
  // Four actions beside the name at 390 px: 40 px each, and the name may take two lines rather than be cut.
  const button = 'flex size-10 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50';
  return (
    <ThreadHeader>
      {person ? (
        <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
      ) : (
        <Skeleton className="size-10 rounded-full" />
      )}
      <div className="ml-1.5 min-w-0 flex-1">
        <h1 className="line-clamp-2 text-[15px] leading-tight font-bold break-words">{person ? fullName(person) : 'Chat'}</h1>
        <p
          role="status"
          className={typing || status === 'online' ? 'truncate text-xs font-semibold text-brand-fg' : 'truncate text-xs text-muted'}
        >
          {status}
        </p>
      </div>
      <button type="button" aria-label="Pay" title="Send money" onClick={onPay} disabled={!person || blocked} className={button}>
        <Banknote className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Voice call"
        onClick={() => call('voice')}
        disabled={!person || inCall || blocked}
        className={button}
      >
        <Phone className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Video call"
        onClick={() => call('video')}
        disabled={!person || inCall || blocked}
        className={button}
      >
        <Video className="size-5" aria-hidden="true" />
      </button>
      <ChatMenu
        userId={userId}
        name={person ? fullName(person) : 'this person'}
        blocked={blocked}
        conversationId={conversationId}
        className={button}
      />
    </ThreadHeader>
  );
}

/** The conversation with one person: messages (paged back on scroll), the composer, payments and calls. */
export default function ConversationPage() {
  const { userId = '' } = useParams();
  const me = useAuth((s) => s.userId) ?? '';
  const qc = useQueryClient();
  const conversation = useConversation(userId);
  const person = usePerson(userId);
  const blockStatus = useBlockStatus(userId);
  // Unknown while loading; when the status cannot be read the chat works as usual (the server decides).
  const blocked = blockStatus.data?.blocked ?? (blockStatus.isError ? false : undefined);
  const connected = useSocketConnected();
  const pendingAll = useOutbox((s) => s.items);
  const [paying, setPaying] = useState(false);
  const data = conversation.data;
  // Offline, the name comes from the saved chats (restored after the person's query started).
  const other = person.data ?? knownPerson(qc, userId);

  useEffect(() => {
    if (me) bindOutbox(qc, me);
  }, [qc, me]);
  useEffect(() => {
    setOpenChat(userId);
    return () => setOpenChat(null);
  }, [userId]);

  const views = useMemo(() => {
    const theirs = data?.marks.theirs ?? { deliveredSeq: 0, seenSeq: 0 };
    const stored = (data?.messages ?? []).map((m) => fromMessage(m, me, theirs));
    const have = new Set((data?.messages ?? []).filter((m) => m.fromUserId === me).map((m) => m.msgId));
    const pending = Object.values(pendingAll)
      .filter((p) => p.owner === me && p.toUserId === userId && !p.groupId && !have.has(p.msgId))
      .sort((a, b) => a.order - b.order)
      .map((p) => fromPending(p, me, connected));
    return [...stored, ...pending];
  }, [data, pendingAll, me, userId, connected]);

  // Seen: while this conversation is open and on screen, up to the newest message shown.
  const conversationId = data?.conversationId ?? null;
  useSeenMark({
    ready: conversationId !== null,
    maxSeq: lastSeqOf(data),
    seenSeq: data?.marks.mine.seenSeq ?? 0,
    mark: useCallback(
      async (upToSeq: number) => {
        if (!conversationId) return;
        const m = connected ? await ask('message:seen', { conversationId, upToSeq }) : (await chatApi.seen(userId, upToSeq)).data;
        applyReceipt(qc, me, m);
      },
      [conversationId, connected, userId, qc, me],
    ),
  });

  const nameOf = useCallback((id: string) => (id === me ? 'You' : (other?.firstName ?? 'Them')), [me, other?.firstName]);
  const older = useCallback(() => loadOlder(qc, userId), [qc, userId]);
  const thread = useThread(views, { hasOlder: !!data?.hasOlder, loadOlder: older, nameOf });
  const { stick } = thread;
  const paid = useCallback(
    (receipt: Receipt) => {
      stick();
      enqueue({ toUserId: userId, msgType: 'payment', paymentReference: receipt.reference, amount: receipt.amount });
    },
    [userId, stick],
  );

  return (
    <div className="fixed inset-0 z-40 mx-auto flex w-full max-w-md flex-col bg-canvas">
      <Header
        userId={userId}
        person={other}
        onPay={() => setPaying(true)}
        blocked={blocked}
        conversationId={data?.conversationId ?? null}
      />
      <ThreadBody
        thread={thread}
        query={conversation}
        errorTitle="We couldn't load this chat"
        views={views}
        hasOlder={!!data?.hasOlder}
        empty={
          <EmptyState icon={<MessageCircle className="size-9" strokeWidth={1.8} />} title={`Say hello to ${other?.firstName ?? 'them'}`}>
            Messages, photos, voice notes and money you send each other show here.
          </EmptyState>
        }
      />
      {blocked ? (
        <BlockedNotice userId={userId} name={other ? fullName(other) : 'this person'} />
      ) : (
        <Composer
          toUserId={userId}
          me={me}
          replyTo={thread.replyTo}
          replyName={thread.replyTo ? (thread.replyTo.mine ? 'yourself' : (other?.firstName ?? 'them')) : ''}
          onCancelReply={thread.cancelReply}
          onSent={stick}
        />
      )}
      <MessageActions thread={thread}>{(m) => <DeleteForEveryone m={m} onDone={() => thread.setActing(null)} />}</MessageActions>
      <ImageViewer url={thread.viewing} onClose={() => thread.setViewing(null)} />
      {other ? <PaySheet person={other} open={paying} onClose={() => setPaying(false)} onPaid={paid} /> : null}
    </div>
  );
}
