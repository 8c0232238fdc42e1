import type { ChatMessage } from '../../api/chat';
import { Avatar } from '../../ui/Avatar';
import { eventText, previewOf } from './format';

/** A group's photo, else the initials of its name's first two words. */
export function GroupAvatar({ name, photoUrl, size = 'md' }: { name: string; photoUrl: string | null; size?: 'sm' | 'md' | 'xl' }) {
  const [first, second] = name.trim().split(/\s+/);
  return <Avatar src={photoUrl} firstName={first} lastName={second} size={size} />;
}

/** The one line a group's row shows of its last message: "Ada: See you", "You: …", or the event. */
export function groupPreview(m: ChatMessage, me: string, nameOf: (userId: string) => string): string {
  if (m.msgType === 'event' && m.msgBody.event) return eventText(m.msgBody.event, m.fromUserId, nameOf);
  if (m.msgBody.deleted) return previewOf(m, me);
  // A payment in a group is one member's to another: "Ada: sent ₦500 to Bola".
  const p = m.msgBody.payment;
  const payee = p?.toUserId && p.toUserId !== me ? nameOf(p.toUserId) : 'you';
  const to = p?.toUserId ? ` to ${payee === 'Someone' && p.toName ? p.toName.split(' ')[0] : payee}` : '';
  const text = m.msgType === 'payment' ? `sent ${previewOf(m, me).replace(/ (sent|received)$/, '')}${to}` : previewOf(m, me);
  return `${nameOf(m.fromUserId)}: ${text}`;
}
