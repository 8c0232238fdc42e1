import { formatLagosDate, formatNaira } from '@owo/contracts/format';
import { AlertCircle, Ban, Banknote, Check, CheckCheck, Clock, Forward, Reply, Star } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { ProgressBar } from '../../ui/ProgressBar';
import { receiptPath } from '../wallet';
import { paymentLabel } from './format';
import type { MsgType, Payment, ReplyPreview } from './types';
import { VoicePlayer } from './voice-player';

export { VoicePlayer };

/** Where a message is on its way: mine while sending, then by the other person's marks; null for theirs. */
export type Tick = 'waiting' | 'uploading' | 'sending' | 'failed' | 'sent' | 'delivered' | 'seen' | null;

/** One message as a bubble shows it (a stored message, or one of mine still on its way). */
export interface BubbleView {
  key: string;
  msgId: string;
  /** The server's id (for replies and saving); none while on its way. */
  id: string | null;
  seq: number | null;
  mine: boolean;
  /** Who wrote it (a reply quotes them). */
  fromUserId?: string;
  /** In a group, the writer's name over others' messages. */
  sender?: string;
  /** Deleted for everyone by its sender: "This message was deleted". */
  deleted?: boolean;
  /** In a group, the "@Name" of each member mentioned (shown in bold). */
  mentions?: string[];
  /** A group's event (joined, left, made admin): a centred line instead of a bubble. */
  system?: string;
  /** Forwarded from another chat: "Forwarded" over it. */
  forwarded?: boolean;
  msgType: MsgType;
  text: string;
  replyTo: ReplyPreview | null;
  mediaUrl: string | null;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  payment: Payment | { amount: number; status: 'sending'; reference: null } | null;
  createdAt: string;
  tick: Tick;
  progress?: number;
  error?: string;
}

const TICKS: Record<Exclude<Tick, null>, { label: string; icon: ReactNode }> = {
  waiting: { label: 'Waiting for network', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  uploading: { label: 'Uploading', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  sending: { label: 'Sending', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  failed: { label: 'Not sent', icon: <AlertCircle className="size-3.5" aria-hidden="true" /> },
  sent: { label: 'Sent', icon: <Check className="size-4" aria-hidden="true" /> },
  delivered: { label: 'Delivered', icon: <CheckCheck className="size-4" aria-hidden="true" /> },
  seen: { label: 'Seen', icon: <CheckCheck className="size-4" aria-hidden="true" /> },
};

function TickMark({ tick, onBrand }: { tick: Exclude<Tick, null>; onBrand: boolean }) {
  const t = TICKS[tick];
  return (
    <span
      role="img"
      aria-label={t.label}
      title={t.label}
      data-tick={tick}
      className={cn(
        'inline-flex',
        tick === 'seen' ? 'text-sky-300' : tick === 'failed' ? 'text-red-200' : onBrand ? 'text-white/75' : 'text-muted',
      )}
    >
      {t.icon}
    </span>
  );
}

const PAYMENT_STATUS: Record<string, { label: string; tone: string }> = {
  completed: { label: 'Completed', tone: 'bg-white/20 text-white' },
  processing: { label: 'Processing', tone: 'bg-accent-400/25 text-[#8a5a00] dark:text-accent-300' },
  initiated: { label: 'Processing', tone: 'bg-accent-400/25 text-[#8a5a00] dark:text-accent-300' },
  failed: { label: 'Failed', tone: 'bg-danger-soft text-danger-fg' },
  sending: { label: 'Sharing…', tone: 'bg-white/20 text-white' },
};

function PaymentCard({ payment, mine, sender }: { payment: NonNullable<BubbleView['payment']>; mine: boolean; sender?: string }) {
  const s = PAYMENT_STATUS[payment.status] ?? PAYMENT_STATUS.completed!;
  return (
    <div className="flex min-w-52 flex-col gap-2 py-1">
      <div className="flex items-center gap-2">
        <span
          className={cn('flex size-9 items-center justify-center rounded-full', mine ? 'bg-white/20' : 'bg-brand-soft text-brand-fg')}
          aria-hidden="true"
        >
          <Banknote className="size-5" />
        </span>
        <span className={cn('text-sm font-medium', mine ? 'text-white/85' : 'text-muted')}>{paymentLabel(payment, mine, sender)}</span>
      </div>
      <p className="text-2xl font-bold tracking-tight tabular-nums">{formatNaira(payment.amount)}</p>
      <div className="flex items-center justify-between gap-3">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-[11px] font-semibold',
            mine ? s.tone : payment.status === 'completed' ? 'bg-brand-soft text-brand-fg' : s.tone,
          )}
        >
          {s.label}
        </span>
        {/* In a group, the payment is one member's to another: the receipt is theirs, not everyone's. */}
        {payment.reference && !sender ? (
          <Link
            to={receiptPath(payment.reference)}
            className={cn('text-xs font-semibold underline', mine ? 'text-white' : 'text-brand-fg')}
          >
            View receipt
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Quote({ reply, mine, name }: { reply: ReplyPreview; mine: boolean; name: string }) {
  return (
    <div
      data-testid="reply-quote"
      className={cn(
        'mb-1.5 rounded-xl border-l-4 px-3 py-1.5 text-sm',
        mine ? 'border-white/70 bg-white/15 text-white/90' : 'border-brand-600 bg-surface-2 text-muted',
      )}
    >
      <p className={cn('text-xs font-semibold', mine ? 'text-white' : 'text-brand-fg')}>{name}</p>
      <p className="line-clamp-2 break-words">{reply.text}</p>
    </div>
  );
}

/** The text with the mentions ("@Ada") in bold. */
function WithMentions({ text, mentions, mine }: { text: string; mentions: string[] | undefined; mine: boolean }) {
  if (!mentions?.length) return text;
  const escaped = mentions.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'g'));
  return parts.map((part, i) =>
    mentions.includes(part) ? (
      <span key={i} className={cn('font-semibold', mine ? 'text-white' : 'text-brand-fg')}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

const LONG_PRESS_MS = 450;
/** How far a bubble is swiped to the right (px) to reply to it, and how far it follows the finger. */
export const SWIPE_REPLY_PX = 56;
const SWIPE_MAX_PX = 80;

export interface BubbleActions {
  onActions: (m: BubbleView) => void;
  onReply: (m: BubbleView) => void;
  onRetry: (m: BubbleView) => void;
  onDiscard: (m: BubbleView) => void;
  onOpenImage: (url: string) => void;
  onMediaLoad: () => void;
  /** The name over a quote of a message by this person. */
  nameOf: (fromUserId: string) => string;
}

/**
 * A message: its quote, text, photo, voice note or payment, the time and (mine) the ticks. A long
 * press or right click opens its actions (Reply first); a swipe to the right (touch) replies; a
 * Reply button shows on hover and keyboard focus, and always on a touch screen.
 */
export function MessageBubble({
  m,
  actions,
  starred = false,
  highlighted = false,
}: {
  m: BubbleView;
  actions: BubbleActions;
  /** I starred it: a small star by the time. */
  starred?: boolean;
  /** Opened from a search or the starred list: it is marked a moment. */
  highlighted?: boolean;
}) {
  const press = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancelPress = () => clearTimeout(press.current);
  // A touch that moves sideways first is a swipe (the bubble follows it); one that moves up or down
  // first is the page scrolling (touch-action: pan-y leaves that to the browser).
  const swipe = useRef<{ id: number; x: number; y: number; sideways: boolean } | null>(null);
  const [dx, setDx] = useState(0);
  const endSwipe = (reply: boolean) => {
    cancelPress();
    if (reply && swipe.current?.sideways && dx >= SWIPE_REPLY_PX) actions.onReply(m);
    swipe.current = null;
    setDx(0);
  };
  const canAct = m.id !== null && !m.deleted;
  const onBrand = m.mine;
  const time = formatLagosDate(m.createdAt, 'time');
  const media = m.mediaUrl;

  return (
    <div
      className={cn('group relative flex px-3 py-0.5', m.mine ? 'justify-end' : 'justify-start')}
      data-msg-id={m.msgId}
      data-id={m.id ?? undefined}
      data-seq={m.seq ?? undefined}
    >
      <div
        className={cn(
          'relative max-w-[80%] touch-pan-y rounded-3xl px-3.5 py-2 shadow-sm select-text',
          dx === 0 && 'transition-transform duration-150',
          m.mine ? 'rounded-br-lg bg-brand-600 text-white' : 'rounded-bl-lg bg-surface text-fg',
          m.msgType === 'image' && 'p-1.5',
          m.tick === 'failed' && 'ring-2 ring-danger-fg',
          highlighted && 'ring-4 ring-accent-400',
        )}
        data-highlighted={highlighted || undefined}
        onContextMenu={(e) => {
          if (!canAct) return;
          e.preventDefault();
          actions.onActions(m);
        }}
        style={dx ? { transform: `translateX(${dx}px)` } : undefined}
        onPointerDown={(e) => {
          if (!canAct || e.pointerType === 'mouse') return;
          cancelPress();
          swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY, sideways: false };
          press.current = setTimeout(() => actions.onActions(m), LONG_PRESS_MS);
        }}
        onPointerMove={(e) => {
          const s = swipe.current;
          if (!s || s.id !== e.pointerId) return;
          const mx = e.clientX - s.x;
          const my = e.clientY - s.y;
          if (!s.sideways) {
            if (Math.abs(my) > 8 && Math.abs(my) >= Math.abs(mx)) return endSwipe(false);
            if (mx < 8 || mx < Math.abs(my)) return;
            s.sideways = true;
            cancelPress();
          }
          setDx(Math.min(Math.max(mx, 0), SWIPE_MAX_PX));
        }}
        onPointerUp={() => endSwipe(true)}
        onPointerCancel={() => endSwipe(false)}
      >
        {dx > 0 ? (
          // The reply mark appears beside the bubble as it is swiped.
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-full mr-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full bg-surface text-brand-fg shadow-sm"
            style={{ opacity: Math.min(1, dx / SWIPE_REPLY_PX) }}
          >
            <Reply className="size-4" />
          </span>
        ) : null}
        {m.sender && !m.mine && m.msgType !== 'payment' ? (
          <p className={cn('text-xs font-semibold text-brand-fg', m.msgType === 'image' ? 'px-2 pt-1 pb-1' : 'pb-0.5')}>{m.sender}</p>
        ) : null}
        {m.forwarded && !m.deleted ? (
          <p
            className={cn(
              'flex items-center gap-1 text-xs italic',
              m.msgType === 'image' ? 'px-2 pt-1 pb-1' : 'pb-0.5',
              m.mine ? 'text-white/80' : 'text-muted',
            )}
          >
            <Forward className="size-3.5" aria-hidden="true" />
            Forwarded
          </p>
        ) : null}
        {m.deleted ? (
          <p className={cn('flex items-center gap-1.5 text-[15px] italic', m.mine ? 'text-white/85' : 'text-muted')}>
            <Ban className="size-4 shrink-0" aria-hidden="true" />
            {m.mine ? 'You deleted this message' : 'This message was deleted'}
          </p>
        ) : null}
        {m.replyTo && !m.deleted ? (
          <div className={m.msgType === 'image' ? 'px-2 pt-1' : undefined}>
            <Quote reply={m.replyTo} mine={m.mine} name={actions.nameOf(m.replyTo.fromUserId)} />
          </div>
        ) : null}
        {m.msgType === 'image' && media ? (
          <button type="button" onClick={() => actions.onOpenImage(media)} aria-label="Open photo" className="relative block">
            <img
              src={media}
              alt={m.text || 'Photo'}
              onLoad={actions.onMediaLoad}
              className="block max-h-80 w-60 max-w-full rounded-2xl bg-surface-2 object-cover"
              style={m.width && m.height ? { aspectRatio: `${m.width} / ${m.height}` } : undefined}
            />
            {m.tick === 'uploading' ? (
              <span className="absolute inset-x-2 bottom-2 rounded-xl bg-black/55 p-2">
                <ProgressBar value={m.progress ?? 0} label="Uploading photo" className="bg-white/30" />
              </span>
            ) : null}
          </button>
        ) : null}
        {m.msgType === 'voice' && media ? <VoicePlayer src={media} durationMs={m.durationMs} mine={m.mine} /> : null}
        {m.msgType === 'voice' && m.tick === 'uploading' ? (
          <ProgressBar value={m.progress ?? 0} label="Uploading voice note" className="mb-1 bg-white/30" />
        ) : null}
        {m.msgType === 'payment' && m.payment ? <PaymentCard payment={m.payment} mine={m.mine} sender={m.sender} /> : null}
        {m.text && m.msgType !== 'payment' ? (
          <p className={cn('text-[15px] leading-snug break-words whitespace-pre-wrap', m.msgType === 'image' && 'px-2 pt-1.5')}>
            <WithMentions text={m.text} mentions={m.mentions} mine={m.mine} />
          </p>
        ) : null}
        <p
          className={cn(
            'mt-0.5 flex items-center justify-end gap-1 text-[11px] tabular-nums',
            m.msgType === 'image' && 'px-2 pb-0.5',
            onBrand ? 'text-white/75' : 'text-muted',
          )}
        >
          {starred ? <Star role="img" aria-label="Starred" className="size-3 fill-current" /> : null}
          <time dateTime={m.createdAt}>{time}</time>
          {m.tick ? <TickMark tick={m.tick} onBrand={onBrand} /> : null}
        </p>
      </div>
      {canAct ? (
        <button
          type="button"
          aria-label="Reply"
          onClick={() => actions.onReply(m)}
          className={cn(
            'pointer-events-none absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-surface text-muted opacity-0 shadow-sm transition-opacity',
            'group-hover:pointer-events-auto group-hover:opacity-100 focus-visible:pointer-events-auto focus-visible:opacity-100',
            // A touch screen has no hover: the button stays in view there, so a reply is one tap away.
            '[@media(hover:none)]:pointer-events-auto [@media(hover:none)]:opacity-80',
            m.mine ? 'left-3' : 'right-3',
          )}
        >
          <Reply className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

/** Under a message that was not sent: why, and what can be done. */
export function FailedNote({ m, actions }: { m: BubbleView; actions: BubbleActions }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1 px-4 pt-1 pb-2 text-xs text-danger-fg">
      <span>{m.error ?? 'Not sent'}</span>
      <button type="button" className="min-h-8 font-semibold underline" onClick={() => actions.onRetry(m)}>
        Retry
      </button>
      <button type="button" className="min-h-8 font-semibold underline" onClick={() => actions.onDiscard(m)}>
        Delete
      </button>
    </div>
  );
}
