import { create } from 'zustand';
import { useCall } from './call-state';
import type { GroupCall } from './groups-api';
import { listen } from './socket';

/**
 * Group voice calls as the screens show them (the WebRTC mesh is in group-call.ts, loaded with the
 * first group call). Kept with the chat's background: the live calls of one's groups (for the "Join
 * call" banner), the call ringing here, and the call this device is in:
 * idle → joining (microphone, then `groupcall:start`/`join`) → in → ended (a moment, with why) → idle.
 */
export type GroupCallPhase = 'idle' | 'joining' | 'in' | 'ended';
/** One other person's link: WebRTC connecting, media flowing, or given up. */
export type PeerState = 'connecting' | 'connected' | 'failed';

export interface GroupCallState {
  /** The live calls of one's groups by group, as `groupcall:incoming` and `groupcall:update` told them. */
  live: Record<string, GroupCall>;
  /** A call ringing on this device (a member started it), until joined, declined, ended or rung out. */
  ringing: GroupCall | null;
  phase: GroupCallPhase;
  /** The group of the call this device is in (or joining). */
  groupId: string | null;
  call: GroupCall | null;
  /** The link to each other person in the call, by userId. */
  peers: Record<string, PeerState>;
  /** The sound of each other person, by userId. */
  streams: Record<string, MediaStream>;
  muted: boolean;
  /** The audio output chosen with "Speaker" (setSinkId), null for the default. */
  sinkId: string | null;
  /** When the first other person's sound started flowing (ms), for the timer. */
  connectedAt: number | null;
  endedReason: string | null;
}

/** The call this device is in, back to nothing (the live calls and the ringing stay). */
export const noGroupCall = {
  phase: 'idle',
  groupId: null,
  call: null,
  peers: {},
  streams: {},
  muted: false,
  sinkId: null,
  connectedAt: null,
  endedReason: null,
} satisfies Partial<GroupCallState>;

export const useGroupCall = create<GroupCallState>(() => ({ live: {}, ringing: null, ...noGroupCall }));

/** How long a group call rings on a device that does not answer (the banner stays while it is live). */
export const GROUP_RING_MS = 30_000;
let ringTimer: ReturnType<typeof setTimeout> | undefined;

export const isIn = (call: GroupCall, userId: string) => call.participants.some((p) => p.userId === userId);
/** Whether this device is in a call (1:1 or group) or joining one. */
export const inAnyCall = () => useCall.getState().phase !== 'idle' || useGroupCall.getState().phase !== 'idle';

/** A call's new state: the live calls follow it; its ringing stops once it ended or one joined it (on any device). */
export function noteGroupCall(call: GroupCall, me: string): void {
  useGroupCall.setState((s) => {
    const live = { ...s.live };
    if (call.endedAt) delete live[call.groupId];
    else live[call.groupId] = call;
    const stopRing = s.ringing?.id === call.id && (call.endedAt !== null || isIn(call, me));
    return { live, ringing: stopRing ? null : s.ringing };
  });
}

/** A member started a call in one of one's groups: it rings here (unless this device is already in a call). */
export function ringGroupCall(call: GroupCall, me: string): void {
  noteGroupCall(call, me);
  if (call.endedAt || isIn(call, me) || inAnyCall()) return;
  useGroupCall.setState({ ringing: call });
  clearTimeout(ringTimer);
  ringTimer = setTimeout(() => stopRinging(call.id), GROUP_RING_MS);
}

/** Stops the ringing (of this call, or any). */
export function stopRinging(callId?: string): void {
  const r = useGroupCall.getState().ringing;
  if (r && (!callId || r.id === callId)) useGroupCall.setState({ ringing: null });
}

/** Follows the group calls' events from the chat socket (ChatRuntime); returns the unsubscribe. */
export function wireGroupCalls(me: string): () => void {
  const offs = [
    listen('groupcall:incoming', ({ call }) => ringGroupCall(call, me)),
    listen('groupcall:update', (call) => noteGroupCall(call, me)),
  ];
  return () => {
    offs.forEach((off) => off());
    clearTimeout(ringTimer);
  };
}
