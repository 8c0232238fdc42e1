import { createHash } from 'node:crypto';

/** The conversation of two people: a UUID derived from the ordered pair, the same in every process. */
export function conversationId(a: string, b: string): string {
  const [x, y] = a < b ? [a, b] : [b, a];
  const h = createHash('sha256').update(`owo-chat:${x}:${y}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
