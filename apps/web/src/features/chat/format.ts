import { formatLagosDate, formatNaira, lagosDay } from '@owo/contracts/format';
import type { GroupEvent } from '@owo/contracts';
import type { Call, ChatMessage, Presence } from '../../api/chat';

/** The one line a chat row shows of its last message. */
export function previewOf(m: Pick<ChatMessage, 'msgType' | 'msgBody' | 'fromUserId'>, me: string): string {
  const mine = m.fromUserId === me;
  if (m.msgBody.deleted) return mine ? 'You deleted this message' : 'This message was deleted';
  switch (m.msgType) {
    case 'payment': {
      const amount = m.msgBody.payment ? formatNaira(m.msgBody.payment.amount, { trimZeroKobo: true }) : 'Money';
      return mine ? `${amount} sent` : `${amount} received`;
    }
    case 'image':
      return m.msgBody.text ? `Photo: ${m.msgBody.text}` : 'Photo';
    case 'voice':
      return 'Voice note';
    default:
      return m.msgBody.text;
  }
}

/** A chat row's time: the time today, "Yesterday", else the date. */
export function listTime(at: string, now = new Date()): string {
  const day = lagosDay(at);
  if (day === lagosDay(now)) return formatLagosDate(at, 'time');
  if (day === lagosDay(now, -1)) return 'Yesterday';
  return formatLagosDate(at, 'dayMonth');
}

/** The heading over a day's messages. */
export function dayLabel(at: string, now = new Date()): string {
  const day = lagosDay(at);
  if (day === lagosDay(now)) return 'Today';
  if (day === lagosDay(now, -1)) return 'Yesterday';
  return formatLagosDate(at, 'date');
}

/** "online", "last seen today at 2:05 pm", "last seen yesterday at ...", "last seen 12 Nov 2026". */
export function presenceText(p: Presence | null | undefined, now = new Date()): string | null {
  if (!p) return null;
  if (p.status === 'online') return 'online';
  if (!p.lastSeen) return null;
  const day = lagosDay(p.lastSeen);
  const time = formatLagosDate(p.lastSeen, 'time');
  if (day === lagosDay(now)) return `last seen today at ${time}`;
  if (day === lagosDay(now, -1)) return `last seen yesterday at ${time}`;
  return `last seen ${formatLagosDate(p.lastSeen, 'date')}`;
}

/** 75_000 → "1:15"; an hour or more → "1:02:05". */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** What a call log row says of the call. */
export function callSummary(c: Pick<Call, 'status' | 'direction' | 'durationMs' | 'kind'>): string {
  const what = c.kind === 'video' ? 'video call' : 'voice call';
  const dir = c.direction === 'outgoing' ? 'Outgoing' : 'Incoming';
  switch (c.status) {
    case 'missed':
      return c.direction === 'incoming' ? `Missed ${what}` : `${dir} ${what} · no answer`;
    case 'declined':
      return `${dir} ${what} · declined`;
    case 'busy':
      return `${dir} ${what} · busy`;
    case 'ringing':
      return `${dir} ${what} · ringing`;
    case 'active':
      return `${dir} ${what} · on now`;
    default:
      return c.durationMs !== null ? `${dir} ${what} · ${clock(c.durationMs)}` : `${dir} ${what}`;
  }
}

/** "Ada", "Ada and Bola", "Ada, Bola and Chidi". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? 'someone';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A group call's record: "Group voice call · 12:03 pm · 4 min", or "Missed group call" when nobody answered. */
export function groupCallText(c: GroupEvent['call']): string {
  if (!c || c.durationMs === null) return 'Missed group call';
  // Lagos time, as every other time in the app (the device's own zone and clock may differ).
  const time = formatLagosDate(c.startedAt, 'time');
  const mins = Math.max(1, Math.round(c.durationMs / 60_000));
  return `Group voice call · ${time} · ${mins} min`;
}

/** The centred line a group's event shows as ("Ada added Bola"); `nameOf` gives "You" for oneself. */
export function eventText(e: GroupEvent, actorId: string, nameOf: (userId: string) => string): string {
  const actor = nameOf(actorId);
  const who = namesList(e.userIds.map(nameOf));
  const is = e.userIds.length === 1 && nameOf(e.userIds[0]!) === 'You' ? 'are' : e.userIds.length > 1 ? 'are' : 'is';
  switch (e.type) {
    case 'created':
      return `${actor} created the group “${e.name ?? ''}”`;
    case 'added':
      return `${actor} added ${who}`;
    case 'removed':
      return `${actor} removed ${who}`;
    case 'left':
      return `${who} left`;
    case 'joined':
      return `${who} joined with the invite link`;
    case 'made_admin':
      return `${who} ${is} now ${e.userIds.length > 1 ? 'admins' : 'an admin'}`;
    case 'dismissed_admin':
      return `${who} ${is} no longer ${e.userIds.length > 1 ? 'admins' : 'an admin'}`;
    case 'renamed':
      return `${actor} renamed the group “${e.name ?? ''}”`;
    case 'call':
      return groupCallText(e.call);
  }
}

/**
 * The line over a payment's amount: "You paid Ikenna", "Folake paid Ikenna", "Folake paid you" when
 * the payee is named (a group's payments name them), else "You sent", "Folake sent", "You received".
 */
export function paymentLabel(payment: { status: string; toName?: string }, mine: boolean, sender?: string): string {
  const to = payment.status === 'sending' ? undefined : payment.toName;
  if (to && (mine || sender)) return `${mine ? 'You' : sender} paid ${to}`;
  return mine ? 'You sent' : sender ? `${sender} sent` : 'You received';
}
