import { create } from 'zustand';
import { getSocket } from './socket';

/**
 * Who is typing to me now, and in my groups (keyed `<groupId>:<userId>`); each mark lapses on its
 * own if the "stopped" never comes.
 */
export const useTyping = create<{ by: Record<string, boolean> }>(() => ({ by: {} }));
const lapse = new Map<string, ReturnType<typeof setTimeout>>();
const SHOW_MS = 6_000;
const keyOf = (userId: string, groupId?: string) => (groupId ? `${groupId}:${userId}` : userId);

/** Someone typing to me (or, with `groupId`, in that group) started or stopped. */
export function setTyping(userId: string, typing: boolean, groupId?: string): void {
  const key = keyOf(userId, groupId);
  clearTimeout(lapse.get(key));
  if (typing)
    lapse.set(
      key,
      setTimeout(() => setTyping(userId, false, groupId), SHOW_MS),
    );
  useTyping.setState((s) => (Boolean(s.by[key]) === typing ? s : { by: { ...s.by, [key]: typing } }));
}

export const useIsTyping = (userId: string) => useTyping((s) => Boolean(s.by[userId]));

/** The members typing in a group now (their ids, in the order they started). */
export function useGroupTyping(groupId: string): string[] {
  const joined = useTyping((s) =>
    Object.keys(s.by)
      .filter((k) => s.by[k] && k.startsWith(`${groupId}:`))
      .map((k) => k.slice(groupId.length + 1))
      .join(','),
  );
  return joined ? joined.split(',') : [];
}

/** The header's line for a group's typing members: "Ikenna is typing…", "Ada and Bola are typing…", "3 people are typing…". */
export function typingLine(names: string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names.length} people are typing…`;
}

/**
 * My typing, told to the other person or to a group's members: "typing" at most every 3 s while
 * keys are pressed, "stopped" after 4 s idle or on send. `to` is a person's id, or a group's with `group`.
 */
let told: { to: string; at: number } | null = null;
let idle: ReturnType<typeof setTimeout> | undefined;
const tell = (to: string, typing: boolean, group: boolean) => {
  const s = getSocket();
  if (s?.connected) s.emit('typing', group ? { groupId: to, typing } : { toUserId: to, typing }, () => undefined);
};

export function noteTyping(to: string, group = false): void {
  const now = Date.now();
  if (!told || told.to !== to || now - told.at > 3_000) {
    tell(to, true, group);
    told = { to, at: now };
  }
  clearTimeout(idle);
  idle = setTimeout(() => stopTyping(to, group), 4_000);
}

export function stopTyping(to: string, group = false): void {
  clearTimeout(idle);
  if (told?.to !== to) return;
  told = null;
  tell(to, false, group);
}
