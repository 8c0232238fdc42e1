import { create } from 'zustand';
import type { Call, ChatUser } from '../../api/chat';

/**
 * The call on this device, as the screens show it (the WebRTC side is in calls.ts, loaded with the
 * first call). idle → outgoing (ringing them) or incoming (ringing here) → connecting → active →
 * ended (a moment, with why) → idle.
 */
export type CallPhase = 'idle' | 'incoming' | 'outgoing' | 'connecting' | 'active' | 'ended';
export type CallKind = Call['kind'];

export interface CallState {
  phase: CallPhase;
  call: Call | null;
  other: ChatUser | null;
  kind: CallKind;
  local: MediaStream | null;
  remote: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  facing: 'user' | 'environment';
  /** The audio output chosen with "Speaker" (setSinkId), null for the default. */
  sinkId: string | null;
  /** When the media started flowing (ms), for the timer. */
  connectedAt: number | null;
  endedReason: string | null;
}

export const idleCall: CallState = {
  phase: 'idle',
  call: null,
  other: null,
  kind: 'voice',
  local: null,
  remote: null,
  muted: false,
  cameraOff: false,
  facing: 'user',
  sinkId: null,
  connectedAt: null,
  endedReason: null,
};

export const useCall = create<CallState>(() => idleCall);
