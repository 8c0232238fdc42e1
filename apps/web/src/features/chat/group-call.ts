import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../api/client';
import { useAuth } from '../account';
import { FALLBACK_ERROR, ask, isTransient } from './ask';
import { useCall } from './call-state';
import { type GroupCallState, isIn, noGroupCall, stopRinging, useGroupCall } from './group-call-state';
import { Mesh, type SignalData } from './group-mesh';
import type { GroupCall } from './groups-api';
import { getSocket, listen } from './socket';
import { nextSpeaker } from './speaker';

/**
 * A group's voice call on this device (docs/chat.md, "Group calls in the app"): the microphone, then
 * `groupcall:start` (the group's call, started or joined) or `groupcall:join`; then the mesh
 * (group-mesh.ts) follows `groupcall:update`'s list of who is in it, and `groupcall:signal` carries
 * its offers, answers and ICE candidates. Leaving (or the call ending) closes every connection.
 */

let mesh: Mesh | null = null;
let local: MediaStream | null = null;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

const set = (change: Partial<GroupCallState>) => useGroupCall.setState(change);
const state = () => useGroupCall.getState();
const me = () => useAuth.getState().userId ?? '';

function microphone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('This browser cannot make calls'));
  return navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true }, video: false });
}

const micProblem = (err: unknown) =>
  err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError')
    ? 'Allow Owo to use your microphone to make calls.'
    : err instanceof DOMException && err.name === 'NotFoundError'
      ? 'No microphone was found on this device.'
      : err instanceof Error && err.message
        ? err.message
        : FALLBACK_ERROR;

function stopMedia() {
  mesh?.close();
  mesh = null;
  local?.getTracks().forEach((t) => t.stop());
  local = null;
}

/** Back to no call at once (nothing was shown yet, or the call could not start). */
function reset() {
  stopMedia();
  set(noGroupCall);
}

/** The call is over on this device: every connection closed, why shown a moment, then nothing. */
function finish(reason: string) {
  stopMedia();
  set({ phase: 'ended', endedReason: reason, peers: {}, streams: {} });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    if (state().phase === 'ended') set(noGroupCall);
  }, 2_500);
}

function onPeer(userId: string, change: { state?: 'connecting' | 'connected' | 'failed'; stream?: MediaStream; gone?: true }) {
  const s = state();
  if (change.gone) {
    const { [userId]: _p, ...peers } = s.peers;
    const { [userId]: _s, ...streams } = s.streams;
    return set({ peers, streams });
  }
  if (change.stream) set({ streams: { ...s.streams, [userId]: change.stream } });
  if (change.state) {
    set({ peers: { ...state().peers, [userId]: change.state } });
    if (change.state === 'connected' && !state().connectedAt) set({ connectedAt: Date.now() });
  }
}

/** In the call: the mesh to everyone listed (or over at once when the answer says it already ended). */
function enter(call: GroupCall, iceServers: RTCIceServer[]) {
  set({ phase: 'in', call, groupId: call.groupId });
  stopRinging(call.id);
  if (call.endedAt || !isIn(call, me())) return finish('Call ended');
  mesh = new Mesh({
    me: me(),
    local,
    iceServers,
    onPeer,
    signal: (toUserId, data) => ask('groupcall:signal', { callId: call.id, toUserId, data }),
  });
  mesh.sync(call.participants);
}

/** Gets the microphone and asks the server; `run` is `groupcall:start` or `groupcall:join`. */
async function begin(groupId: string, run: () => Promise<{ call: GroupCall; iceServers: RTCIceServer[] }>): Promise<void> {
  if (state().phase === 'in' && state().groupId === groupId) return;
  if (useCall.getState().phase !== 'idle' || (state().phase !== 'idle' && state().phase !== 'ended')) {
    toast.error('You are already in a call');
    return;
  }
  clearTimeout(resetTimer);
  set({ ...noGroupCall, phase: 'joining', groupId });
  stopRinging();
  try {
    local = await microphone();
  } catch (err) {
    reset();
    toast.error(micProblem(err));
    return;
  }
  if (state().phase !== 'joining') return reset(); // left while the browser asked
  try {
    const res = await run();
    if (state().phase !== 'joining') {
      void ask('groupcall:leave', { callId: res.call.id }).catch(() => undefined);
      return;
    }
    enter(res.call, res.iceServers);
  } catch (err) {
    reset();
    toast.error(errorMessage(err, FALLBACK_ERROR));
  }
}

/** "Voice call" in a group: starts its call (the others ring), or joins the one that is live. */
export function startGroupCall(groupId: string): Promise<void> {
  return begin(groupId, () => ask('groupcall:start', { groupId }, 15_000));
}

/** Joins a group's live call (from its ringing, or the group's "Join call" banner). */
export function joinGroupCall(call: Pick<GroupCall, 'id' | 'groupId'>): Promise<void> {
  return begin(call.groupId, () => ask('groupcall:join', { callId: call.id }, 15_000));
}

/** Declines the ringing: this device stops ringing (the call goes on for the others). */
export function declineGroupCall(): void {
  stopRinging();
}

/** Leaves the call; the last one to leave ends it. */
export async function leaveGroupCall(): Promise<void> {
  const call = state().call;
  if (state().phase === 'joining') return reset();
  finish('You left the call');
  if (!call) return;
  const after = await ask('groupcall:leave', { callId: call.id }).catch(() => null);
  if (after?.endedAt && state().phase === 'ended') set({ endedReason: 'Call ended' });
}

function onUpdate(c: GroupCall) {
  const s = state();
  if (s.phase !== 'in' || s.call?.id !== c.id) return;
  if (c.endedAt) return finish('Call ended');
  // Taken out of the call (removed from the group): over here too.
  if (!isIn(c, me())) return finish('You are no longer in this call');
  set({ call: c });
  mesh?.sync(c.participants);
}

function onSignal(s: { callId: string; fromUserId: string; data: Record<string, unknown> }) {
  if (state().phase !== 'in' || state().call?.id !== s.callId) return;
  void mesh?.handle(s.fromUserId, s.data as unknown as SignalData);
}

/**
 * Back online during a call: the call as it is now (the server tells a connecting device only of
 * live calls, so one that ended while this device was away would otherwise stay on its screen).
 * Joining is a no-op for someone still in it; an ended call, or one this person can no longer be
 * in, is over here too. Another drop is left to the next reconnect.
 */
function onReconnect() {
  const { phase, call } = state();
  if (phase !== 'in' || !call) return;
  const still = () => state().phase === 'in' && state().call?.id === call.id;
  ask('groupcall:join', { callId: call.id }, 15_000).then(
    (res) => onUpdate(res.call),
    (err: unknown) => {
      if (!still() || isTransient(err)) return;
      finish(err instanceof ApiError && err.code === 'CALL_ENDED' ? 'Call ended' : errorMessage(err, 'Call ended'));
    },
  );
}

listen('groupcall:update', onUpdate);
listen('groupcall:signal', onSignal);
listen('connect', onReconnect);
// Closing the app's page leaves the call (the others stop waiting for this device).
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    const call = state().call;
    if (state().phase === 'in' && call) getSocket()?.emit('groupcall:leave', { callId: call.id }, () => undefined);
  });

function setMic(muted: boolean) {
  local?.getAudioTracks().forEach((t) => (t.enabled = !muted));
  set({ muted });
}

/**
 * Mute / Unmute: the microphone's track at once, then `groupcall:mute` so the others see the mute
 * sign on this person's tile (the server's answer is the call with it). When the server cannot be
 * told, an unmute is undone (the others would see a mute sign on someone they hear); a mute stays
 * (a microphone one turned off is never turned back on by itself).
 */
export async function toggleGroupMute(): Promise<void> {
  const { call, phase } = state();
  const muted = !state().muted;
  setMic(muted);
  if (phase !== 'in' || !call) return;
  try {
    const after = await ask('groupcall:mute', { groupId: call.groupId, muted });
    onUpdate(after);
  } catch (err) {
    if (state().phase !== 'in' || state().call?.id !== call.id) return;
    if (!muted && !state().muted) setMic(true);
    toast.error(errorMessage(err, FALLBACK_ERROR));
  }
}

/** "Speaker": the others' sound on the next audio output. */
export async function cycleGroupSpeaker(): Promise<void> {
  const next = await nextSpeaker(state().sinkId);
  if (next) set({ sinkId: next });
}
