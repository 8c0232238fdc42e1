import type { Receipt } from '@owo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Banknote, ChevronLeft, Copy, Download, MessageCircle, Phone, Reply, Video, X } from 'lucide-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { type ChatMessage, type ChatUser, type Marks, chatApi } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { useOnline } from '../../lib/offline/freshness';
import { useOnVisible } from '../../lib/use-paged-list';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { QueryError } from '../../ui/QueryError';
import { Sheet } from '../../ui/Sheet';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { useAuth } from '../account';
import { FALLBACK_ERROR, ask } from './ask';
import { applyReceipt, chatKeys, fullName, knownPerson, lastSeqOf, setOpenChat } from './cache';
import { useCall } from './call-state';
import { BlockedNotice } from './BlockControls';
import { useBlockStatus } from './blocks';
import { startCall } from './calls';
import { ChatMenu } from './ChatMenu';
import { Composer } from './Composer';
import { dayLabel, presenceText } from './format';
import { type BubbleActions, type BubbleView, FailedNote, MessageBubble, type Tick } from './MessageBubble';
import { type Pending, bindOutbox, discard, enqueue, retry, useOutbox } from './outbox';
import { PaySheet } from './PaySheet';
import { loadOlder, useConversation, usePerson, usePresence } from './queries';
import { useSocketConnected } from './socket';
import { useIsTyping } from './typing';
import { lagosDay } from '@owo/contracts/format';

function tickOf(m: ChatMessage, theirs: Marks): Tick {
  if (theirs.seenSeq >= m.seq) return 'seen';
  if (theirs.deliveredSeq >= m.seq) return 'delivered';
  return 'sent';
}

const fromMessage = (m: ChatMessage, me: string, theirs: Marks): BubbleView => ({
  key: `${m.fromUserId}:${m.msgId}`,
  msgId: m.msgId,
  id: m.id,
  seq: m.seq,
  mine: m.fromUserId === me,
  // A conversation of two has no group events.
  msgType: m.msgType === 'event' ? 'text' : m.msgType,
  text: m.msgBody.text,
  replyTo: m.msgBody.replyTo,
  mediaUrl: m.msgBody.media?.url ?? null,
  durationMs: m.msgBody.media?.durationMs ?? null,
  width: m.msgBody.media?.width ?? null,
  height: m.msgBody.media?.height ?? null,
  payment: m.msgBody.payment,
  createdAt: m.createdAt,
  tick: m.fromUserId === me ? tickOf(m, theirs) : null,
});

const fromPending = (p: Pending, me: string, connected: boolean): BubbleView => ({
  key: `${me}:${p.msgId}`,
  msgId: p.msgId,
  id: null,
  seq: null,
  mine: true,
  msgType: p.msgType,
  text: p.text,
  replyTo: p.replyTo,
  mediaUrl: p.mediaUrl ?? p.localUrl ?? null,
  durationMs: null,
  width: null,
  height: null,
  payment: p.msgType === 'payment' ? { amount: p.amount ?? 0, status: 'sending', reference: null } : null,
  createdAt: p.createdAt,
  tick:
    p.state === 'failed' ? 'failed' : p.state === 'uploading' ? 'uploading' : p.state === 'sending' || connected ? 'sending' : 'waiting',
  progress: p.progress,
  error: p.error,
});

function useDocumentVisible() {
  return useSyncExternalStore(
    (cb) => {
      document.addEventListener('visibilitychange', cb);
      return () => document.removeEventListener('visibilitychange', cb);
    },
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

function Header({
  userId,
  person,
  onPay,
  blocked,
}: {
  userId: string;
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
  const button = 'flex size-11 shrink-0 items-center justify-center rounded-full text-brand-fg hover:bg-brand-soft disabled:opacity-50';
  return (
    <header className="flex min-h-16 shrink-0 items-center gap-1 border-b border-line bg-surface/95 px-1.5 pt-[env(safe-area-inset-top)] backdrop-blur">
      <Link
        to="/chat"
        aria-label="Back to chats"
        className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
      >
        <ChevronLeft className="size-6" aria-hidden="true" />
      </Link>
      {person ? (
        <Avatar src={person.avatar} firstName={person.firstName} lastName={person.lastName} size="sm" />
      ) : (
        <Skeleton className="size-10 rounded-full" />
      )}
      <div className="ml-1.5 min-w-0 flex-1">
        <h1 className="truncate text-base leading-tight font-bold">{person ? fullName(person) : 'Chat'}</h1>
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
      <ChatMenu userId={userId} name={person ? fullName(person) : 'this person'} blocked={blocked} />
    </header>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" className="flex flex-col gap-3 p-4">
      {[40, 60, 30, 55].map((w, i) => (
        <div key={i} style={{ width: `${w}%` }} className={i % 2 ? 'ml-auto' : undefined}>
          <Skeleton className="h-10 rounded-3xl" />
        </div>
      ))}
    </div>
  );
}

function ImageViewer({ url, onClose }: { url: string | null; onClose: () => void }) {
  useEffect(() => {
    if (!url) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [url, onClose]);
  if (!url) return null;
  return createPortal(
    <div role="dialog" aria-modal="true" aria-label="Photo" className="fixed inset-0 z-[55] flex items-center justify-center bg-black/90">
      <img src={url} alt="Photo" className="max-h-full max-w-full object-contain" />
      <button
        type="button"
        aria-label="Close photo"
        onClick={onClose}
        autoFocus
        className="absolute top-[max(1rem,env(safe-area-inset-top))] right-4 flex size-11 items-center justify-center rounded-full bg-white/15 text-white"
      >
        <X className="size-6" aria-hidden="true" />
      </button>
    </div>,
    document.body,
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
  const visible = useDocumentVisible();
  const pendingAll = useOutbox((s) => s.items);
  const [replyTo, setReplyTo] = useState<BubbleView | null>(null);
  const [acting, setActing] = useState<BubbleView | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'error'>('idle');
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
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
      .filter((p) => p.owner === me && p.toUserId === userId && !have.has(p.msgId))
      .sort((a, b) => a.order - b.order)
      .map((p) => fromPending(p, me, connected));
    return [...stored, ...pending];
  }, [data, pendingAll, me, userId, connected]);

  // Seen: while this conversation is open and on screen, up to the newest message shown.
  const maxSeq = lastSeqOf(data);
  const mySeen = data?.marks.mine.seenSeq ?? 0;
  const conversationId = data?.conversationId ?? null;
  const seenSent = useRef(0);
  useEffect(() => {
    if (!visible || !conversationId || maxSeq <= Math.max(mySeen, seenSent.current)) return;
    seenSent.current = maxSeq;
    const marked = connected ? ask('message:seen', { conversationId, upToSeq: maxSeq }) : chatApi.seen(userId, maxSeq).then((r) => r.data);
    marked
      .then((m) => applyReceipt(qc, me, m))
      .catch(() => {
        seenSent.current = 0;
      });
  }, [visible, conversationId, maxSeq, mySeen, connected, userId, qc, me]);

  // Scrolling: start at the newest; stay there as messages come while at the bottom; keep the
  // place when older ones are put above.
  const scrollToEnd = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (atBottom.current) scrollToEnd();
  }, [views, scrollToEnd]);

  const older = useCallback(async () => {
    const el = scroller.current;
    if (olderState === 'loading' || !data?.hasOlder || !el) return;
    setOlderState('loading');
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    try {
      await loadOlder(qc, userId);
      setOlderState('idle');
    } catch {
      anchor.current = null;
      setOlderState('error');
    }
  }, [olderState, data?.hasOlder, qc, userId]);

  const olderIfScrollable = useCallback(() => {
    const root = scroller.current;
    if (root && root.scrollHeight > root.clientHeight) void older();
  }, [older]);
  useOnVisible(topSentinel, olderIfScrollable, {
    enabled: !!data?.hasOlder && olderState === 'idle',
    root: scroller,
    rootMargin: '200px 0px 0px 0px',
  });

  const nameOf = useCallback((id: string) => (id === me ? 'You' : (other?.firstName ?? 'Them')), [me, other?.firstName]);
  const actions: BubbleActions = useMemo(
    () => ({
      onActions: setActing,
      onReply: setReplyTo,
      onRetry: (m) => retry(m.msgId),
      onDiscard: (m) => discard(m.msgId),
      onOpenImage: setViewing,
      onMediaLoad: () => {
        if (atBottom.current) scrollToEnd();
      },
      nameOf,
    }),
    [nameOf, scrollToEnd],
  );

  const sent = useCallback(() => {
    atBottom.current = true;
  }, []);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  const paid = useCallback(
    (receipt: Receipt) => {
      atBottom.current = true;
      enqueue({ toUserId: userId, msgType: 'payment', paymentReference: receipt.reference, amount: receipt.amount });
    },
    [userId],
  );

  const save = async (m: BubbleView) => {
    if (!m.id) return;
    try {
      await chatApi.saveMedia(m.id);
      toast.success(m.msgType === 'image' ? 'Photo saved' : 'Voice note saved');
      void qc.invalidateQueries({ queryKey: chatKeys.saved });
    } catch (err) {
      toast.error(errorMessage(err, FALLBACK_ERROR));
    }
  };

  let lastDay = '';
  return (
    <div className="fixed inset-0 z-40 mx-auto flex w-full max-w-md flex-col bg-canvas">
      <Header userId={userId} person={other} onPay={() => setPaying(true)} blocked={blocked} />
      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-2"
      >
        {conversation.isPending ? (
          <ListSkeleton />
        ) : conversation.isError && !data ? (
          <QueryError
            error={conversation.error}
            onRetry={() => void conversation.refetch()}
            title="We couldn't load this chat"
            describe={(e) => errorMessage(e, FALLBACK_ERROR)}
          />
        ) : views.length === 0 ? (
          <EmptyState icon={<MessageCircle className="size-9" strokeWidth={1.8} />} title={`Say hello to ${other?.firstName ?? 'them'}`}>
            Messages, photos, voice notes and money you send each other show here.
          </EmptyState>
        ) : (
          <div className="flex min-h-full flex-col justify-end">
            <div ref={topSentinel} />
            {data?.hasOlder ? (
              <div className="flex justify-center py-2">
                {olderState === 'loading' ? (
                  <Spinner label="Loading earlier messages" className="text-brand-fg" />
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => void older()}>
                    {olderState === 'error' ? "Couldn't load earlier messages. Try again" : 'Load earlier messages'}
                  </Button>
                )}
              </div>
            ) : null}
            <ol role="log" aria-label="Messages" className="flex flex-col gap-0.5">
              {views.map((m) => {
                const day = lagosDay(m.createdAt);
                const heading = day !== lastDay ? dayLabel(m.createdAt) : null;
                lastDay = day;
                return (
                  <Fragment key={m.key}>
                    {heading ? (
                      <li className="my-2 flex justify-center" aria-hidden="true">
                        <span className="rounded-full bg-surface-2 px-3 py-1 text-xs font-semibold text-muted">{heading}</span>
                      </li>
                    ) : null}
                    <li>
                      <MessageBubble m={m} actions={actions} />
                      {m.tick === 'failed' ? <FailedNote m={m} actions={actions} /> : null}
                    </li>
                  </Fragment>
                );
              })}
            </ol>
          </div>
        )}
      </div>
      {blocked ? (
        <BlockedNotice userId={userId} name={other ? fullName(other) : 'this person'} />
      ) : (
        <Composer
          toUserId={userId}
          me={me}
          replyTo={replyTo}
          replyName={replyTo ? (replyTo.mine ? 'yourself' : (other?.firstName ?? 'them')) : ''}
          onCancelReply={cancelReply}
          onSent={sent}
        />
      )}
      <Sheet open={acting !== null} onClose={() => setActing(null)} title="Message">
        {acting ? (
          <div className="flex flex-col gap-2">
            <Button
              variant="outline"
              block
              icon={<Reply className="size-5" aria-hidden="true" />}
              onClick={() => {
                setReplyTo(acting);
                setActing(null);
              }}
            >
              Reply
            </Button>
            {acting.text ? (
              <Button
                variant="outline"
                block
                icon={<Copy className="size-5" aria-hidden="true" />}
                onClick={() => {
                  void navigator.clipboard?.writeText(acting.text).then(() => toast.success('Copied'));
                  setActing(null);
                }}
              >
                Copy text
              </Button>
            ) : null}
            {acting.msgType === 'image' || acting.msgType === 'voice' ? (
              <Button
                variant="outline"
                block
                icon={<Download className="size-5" aria-hidden="true" />}
                onClick={() => {
                  void save(acting);
                  setActing(null);
                }}
              >
                {acting.msgType === 'image' ? 'Save photo' : 'Save voice note'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </Sheet>
      <ImageViewer url={viewing} onClose={() => setViewing(null)} />
      {other ? <PaySheet person={other} open={paying} onClose={() => setPaying(false)} onPaid={paid} /> : null}
    </div>
  );
}
