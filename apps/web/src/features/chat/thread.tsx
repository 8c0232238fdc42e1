import { lagosDay } from '@owo/contracts/format';
import { ChevronLeft, X } from 'lucide-react';
import { Link } from 'react-router';
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ChatMessage } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { useOnVisible } from '../../lib/use-paged-list';
import { Button } from '../../ui/Button';
import { QueryError } from '../../ui/QueryError';
import { Skeleton, Spinner } from '../../ui/Spinner';
import { FALLBACK_ERROR } from './ask';
import { useStarredIds } from './actions';
import { useOpenAt } from './open-at';
import { dayLabel } from './format';
import { type BubbleActions, type BubbleView, FailedNote, MessageBubble } from './MessageBubble';
import { type Pending, discard, retry } from './outbox';

// What a conversation screen shows of its messages, shared by the 1:1 chat and a group: the list
// (paged back on scroll, kept at the newest), a message's actions, the photo viewer.

/** A stored message as a bubble shows it (the screen adds the tick, and in a group the sender and events). */
export const viewOf = (m: ChatMessage, me: string): BubbleView => ({
  key: `${m.fromUserId}:${m.msgId}`,
  msgId: m.msgId,
  id: m.id,
  seq: m.seq,
  mine: m.fromUserId === me,
  fromUserId: m.fromUserId,
  deleted: m.msgBody.deleted,
  forwarded: m.msgBody.forwarded,
  // An event is a line of its own (a group's); it has no bubble of a type.
  msgType: m.msgType === 'event' ? 'text' : m.msgType,
  text: m.msgBody.text,
  replyTo: m.msgBody.replyTo,
  mediaUrl: m.msgBody.media?.url ?? null,
  durationMs: m.msgBody.media?.durationMs ?? null,
  width: m.msgBody.media?.width ?? null,
  height: m.msgBody.media?.height ?? null,
  payment: m.msgBody.payment,
  createdAt: m.createdAt,
  tick: null,
});

/** A conversation's top bar: back to the chats, then what the screen puts there. */
export function ThreadHeader({ children }: { children: ReactNode }) {
  return (
    <header className="flex min-h-16 shrink-0 items-center gap-1 border-b border-line bg-surface/95 px-1.5 pt-[env(safe-area-inset-top)] backdrop-blur">
      <Link
        to="/chat"
        aria-label="Back to chats"
        className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-surface-2"
      >
        <ChevronLeft className="size-6" aria-hidden="true" />
      </Link>
      {children}
    </header>
  );
}

/** One of mine still on its way, as a bubble shows it. */
export const fromPending = (p: Pending, me: string, connected: boolean): BubbleView => ({
  key: `${me}:${p.msgId}`,
  msgId: p.msgId,
  id: null,
  seq: null,
  mine: true,
  fromUserId: me,
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

export function ImageViewer({ url, onClose }: { url: string | null; onClose: () => void }) {
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

/**
 * Marks a conversation seen up to its newest message while it is open and on screen (once per
 * message; again after a failure).
 */
export function useSeenMark({
  ready,
  maxSeq,
  seenSeq,
  mark,
}: {
  ready: boolean;
  maxSeq: number;
  seenSeq: number;
  mark: (upToSeq: number) => Promise<void>;
}) {
  const visible = useDocumentVisible();
  const sent = useRef(0);
  useEffect(() => {
    if (!visible || !ready || maxSeq <= Math.max(seenSeq, sent.current)) return;
    sent.current = maxSeq;
    mark(maxSeq).catch(() => {
      sent.current = 0;
    });
  }, [visible, ready, maxSeq, seenSeq, mark]);
}

/**
 * A conversation's state on screen: the message replied to, the one whose actions are open, the
 * photo open, and the scrolling (start at the newest; stay there as messages come while at the
 * bottom; keep the place when older ones are put above).
 */
export function useThread(
  views: BubbleView[],
  opts: { hasOlder: boolean; loadOlder: () => Promise<unknown>; nameOf: (id: string) => string },
) {
  const { hasOlder, loadOlder, nameOf } = opts;
  const [replyTo, setReplyTo] = useState<BubbleView | null>(null);
  const [acting, setActing] = useState<BubbleView | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'error'>('idle');
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);

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
    if (olderState === 'loading' || !hasOlder || !el) return;
    setOlderState('loading');
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    try {
      await loadOlder();
      setOlderState('idle');
    } catch {
      anchor.current = null;
      setOlderState('error');
    }
  }, [olderState, hasOlder, loadOlder]);
  const olderIfScrollable = useCallback(() => {
    const root = scroller.current;
    if (root && root.scrollHeight > root.clientHeight) void older();
  }, [older]);
  useOnVisible(topSentinel, olderIfScrollable, {
    enabled: hasOlder && olderState === 'idle',
    root: scroller,
    rootMargin: '200px 0px 0px 0px',
  });

  const highlight = useOpenAt(views, { scroller, atBottom, hasOlder, olderState, older });

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
  /** Something of mine was sent: follow it to the end. */
  const stick = useCallback(() => {
    atBottom.current = true;
  }, []);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  return {
    replyTo,
    setReplyTo,
    cancelReply,
    acting,
    setActing,
    viewing,
    setViewing,
    olderState,
    older,
    scroller,
    topSentinel,
    atBottom,
    actions,
    stick,
    highlight,
  };
}
export type Thread = ReturnType<typeof useThread>;

/** The scrolling list of a conversation, with its loading, failure and empty states. */
export function ThreadBody({
  thread,
  query,
  errorTitle,
  empty,
  views,
  hasOlder,
}: {
  thread: Thread;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data: unknown };
  errorTitle: string;
  empty: ReactNode;
  views: BubbleView[];
  hasOlder: boolean;
}) {
  const { scroller, atBottom, topSentinel, olderState, older, actions, highlight } = thread;
  const starred = useStarredIds();
  let lastDay = '';
  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-2"
    >
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !query.data ? (
        <QueryError
          error={query.error}
          onRetry={() => void query.refetch()}
          title={errorTitle}
          describe={(e) => errorMessage(e, FALLBACK_ERROR)}
        />
      ) : views.length === 0 ? (
        empty
      ) : (
        <div className="flex min-h-full flex-col justify-end">
          <div ref={topSentinel} />
          {hasOlder ? (
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
                  {m.system ? (
                    <li className="my-1 flex justify-center px-6" data-event-id={m.id ?? undefined}>
                      <span className="rounded-xl bg-surface-2/80 px-3 py-1 text-center text-xs text-muted">{m.system}</span>
                    </li>
                  ) : (
                    <li>
                      <MessageBubble
                        m={m}
                        actions={actions}
                        starred={m.id !== null && starred.has(m.id)}
                        highlighted={m.id !== null && m.id === highlight}
                      />
                      {m.tick === 'failed' ? <FailedNote m={m} actions={actions} /> : null}
                    </li>
                  )}
                </Fragment>
              );
            })}
          </ol>
        </div>
      )}
    </div>
  );
}

export { MessageActions } from './message-menu';
