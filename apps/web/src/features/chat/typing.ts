import { create } from 'zustand';
import { getSocket } from './socket';

/** Who is typing to me now (each mark lapses on its own if the "stopped" never comes). */
export const useTyping = create<{ by: Record<string, boolean> }>(() => ({ by: {} }));
const lapse = new Map<string, ReturnType<typeof setTimeout>>();
const SHOW_MS = 6_000;

export function setTyping(userId: string, typing: boolean): void {
  clearTimeout(lapse.get(userId));
  if (typing)
    lapse.set(
      userId,
      setTimeout(() => setTyping(userId, false), SHOW_MS),
    );
  useTyping.setState((s) => (Boolean(s.by[userId]) === typing ? s : { by: { ...s.by, [userId]: typing } }));
}

export const useIsTyping = (userId: string) => useTyping((s) => Boolean(s.by[userId]));

/** My typing, told to the other person: "typing" at most every 3 s while keys are pressed, "stopped" after 4 s idle or on send. */
let told: { to: string; at: number } | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
const tell = (toUserId: string, typing: boolean) => {
  const s = getSocket();
  if (s?.connected) s.emit('typing', { toUserId, typing }, () => undefined);
};

export function noteTyping(toUserId: string): void {
  const now = Date.now();
  if (!told || told.to !== toUserId || now - told.at > 3_000) {
    tell(toUserId, true);
    told = { to: toUserId, at: now };
  }
  clearTimeout(idle);
  idle = setTimeout(() => stopTyping(toUserId), 4_000);
}

export function stopTyping(toUserId: string): void {
  clearTimeout(idle);
  if (told?.to !== toUserId) return;
  told = null;
  tell(toUserId, false);
}
