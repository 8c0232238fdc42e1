import { toast } from '../../lib/toast';
import type { Call, ChatUser, IceServer, ServerEvents } from '../../api/chat';
import { errorMessage } from '../../api/client';
import { FALLBACK_ERROR, ask } from './ask';
import { fullName } from './cache';
import { type CallKind, type CallState, idleCall, useCall } from './call-state';
import { useGroupCall } from './group-call-state';
import { listen } from './socket';
import { canChooseSpeaker, nextSpeaker } from './speaker';

/**
 * 1:1 calls over WebRTC, signalled through the chat socket. The caller rings (`call:start`); the
 * callee's devices all ring (`call:incoming`) and the first to answer wins (`call:update` active,
 * the others stop). The caller then sends the offer, the callee the answer, and both their ICE
 * candidates (`call:signal`). The server marks an unanswered call missed after 30 s.
 */

let pc: RTCPeerConnection | null = null;
let iceServers: IceServer[] = [];
let pendingIce: RTCIceCandidateInit[] = [];
let answeredHere = false;
let resetTimer: ReturnType<typeof setTimeout> | undefined;

const set = (change: Partial<CallState>) => useCall.setState(change);
const state = () => useCall.getState();
/** In a call here already (a 1:1 call not yet over, or a group call). */
const busy = () => {
  const p = state().phase;
  return (p !== 'idle' && p !== 'ended') || useGroupCall.getState().phase !== 'idle';
};

function media(kind: CallKind, facing: 'user' | 'environment' = 'user'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new Error('This browser cannot make calls'));
  return navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true },
    video: kind === 'video' ? { facingMode: facing, width: { ideal: 640 }, height: { ideal: 480 } } : false,
  });
}

const mediaProblem = (kind: CallKind, err: unknown) =>
  err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'SecurityError')
    ? `Allow Owo to use your microphone${kind === 'video' ? ' and camera' : ''} to make calls.`
    : err instanceof DOMException && err.name === 'NotFoundError'
      ? `No microphone${kind === 'video' ? ' or camera' : ''} was found on this device.`
      : err instanceof Error && err.message
        ? err.message
        : FALLBACK_ERROR;

function stopMedia() {
  state()
    .local?.getTracks()
    .forEach((t) => t.stop());
  pc?.getSenders().forEach((s) => s.track?.stop());
  pc?.close();
  pc = null;
  pendingIce = [];
  answeredHere = false;
}

/** Ends the call on this device: media stopped, the reason shown a moment, then nothing. */
function finish(reason: string) {
  stopMedia();
  set({ phase: 'ended', endedReason: reason, local: null, remote: null });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    if (state().phase === 'ended') useCall.setState(idleCall, true);
  }, 2_500);
}

function connection(): RTCPeerConnection {
  if (pc) return pc;
  const c = new RTCPeerConnection({ iceServers: iceServers as RTCIceServer[] });
  pc = c;
  state()
    .local?.getTracks()
    .forEach((t) => c.addTrack(t, state().local!));
  c.onicecandidate = (e) => {
    const callId = state().call?.id;
    if (e.candidate && callId)
      void ask('call:signal', { callId, data: { type: 'ice', candidate: e.candidate.toJSON() } }).catch(() => undefined);
  };
  c.ontrack = (e) => {
    const stream = e.streams[0] ?? new MediaStream([e.track]);
    set({ remote: stream });
  };
  c.onconnectionstatechange = () => {
    if (pc !== c) return;
    if (c.connectionState === 'connected' && state().phase !== 'active') set({ phase: 'active', connectedAt: Date.now() });
    if (c.connectionState === 'failed') {
      const callId = state().call?.id;
      if (callId) void ask('call:end', { callId }).catch(() => undefined);
      finish('The call dropped. Check your connection.');
    }
  };
  return c;
}

async function flushIce(c: RTCPeerConnection) {
  const queued = pendingIce;
  pendingIce = [];
  for (const cand of queued) await c.addIceCandidate(cand).catch(() => undefined);
}

/** Rings `other` for a voice or video call. */
export async function startCall(other: ChatUser, kind: CallKind): Promise<void> {
  if (busy()) {
    toast.error('You are already in a call');
    return;
  }
  clearTimeout(resetTimer);
  useCall.setState({ ...idleCall, phase: 'outgoing', other, kind }, true);
  let local: MediaStream;
  try {
    local = await media(kind);
  } catch (err) {
    useCall.setState(idleCall, true);
    toast.error(mediaProblem(kind, err));
    return;
  }
  if (state().phase !== 'outgoing') {
    local.getTracks().forEach((t) => t.stop()); // hung up while the browser asked
    return;
  }
  set({ local });
  try {
    const res = await ask('call:start', { toUserId: other.id, kind }, 15_000);
    iceServers = res.iceServers;
    if (state().phase !== 'outgoing') {
      void ask('call:end', { callId: res.call.id }).catch(() => undefined);
      return;
    }
    set({ call: res.call });
    if (res.call.status === 'busy') return finish(`${other.firstName} is on another call`);
    connection();
  } catch (err) {
    stopMedia();
    useCall.setState(idleCall, true);
    toast.error(errorMessage(err, FALLBACK_ERROR));
  }
}

/** A call ringing on this device. */
export function incoming(p: ServerEvents['call:incoming']): void {
  if (busy()) return;
  clearTimeout(resetTimer);
  iceServers = p.iceServers;
  answeredHere = false;
  // The incoming call sheet rings and vibrates while the phase is 'incoming' (ringer.ts).
  useCall.setState({ ...idleCall, phase: 'incoming', call: p.call, other: p.call.other, kind: p.call.kind }, true);
  actOnPushChoice();
}

/** The calls whose push choice was already carried out (a choice is made once). */
const chosen = new Set<string>();

/**
 * A call's push offers Answer and Decline on the lock screen; the service worker opens the app at
 * the push's address with the choice (`/chat/<caller>?call=<id>&action=answer`, public/push-sw.js).
 * Once that call rings here (its `call:incoming` comes as the chat connects, or came already when
 * the app was open), the choice is carried out, once.
 */
export function actOnPushChoice(search: string = window.location.search): void {
  const q = new URLSearchParams(search);
  const callId = q.get('call');
  const action = q.get('action');
  const { call, phase } = state();
  if (!callId || call?.id !== callId || phase !== 'incoming' || chosen.has(callId)) return;
  if (action !== 'answer' && action !== 'decline') return;
  chosen.add(callId);
  void (action === 'answer' ? accept() : decline());
}

export async function accept(): Promise<void> {
  const { call, kind } = state();
  if (!call || state().phase !== 'incoming') return;
  // Quiet the vibration at the tap: the phase stays 'incoming' while the camera or microphone is asked for.
  navigator.vibrate?.(0);
  let local: MediaStream;
  try {
    local = await media(kind);
  } catch (err) {
    toast.error(mediaProblem(kind, err));
    return;
  }
  answeredHere = true;
  set({ local, phase: 'connecting' });
  connection();
  try {
    set({ call: await ask('call:answer', { callId: call.id }) });
  } catch (err) {
    finish(errorMessage(err, FALLBACK_ERROR));
  }
}

export async function decline(): Promise<void> {
  const call = state().call;
  useCall.setState(idleCall, true);
  if (call) await ask('call:decline', { callId: call.id }).catch((err: unknown) => toast.error(errorMessage(err, FALLBACK_ERROR)));
}

export async function hangUp(): Promise<void> {
  const call = state().call;
  const outgoingRinging = state().phase === 'outgoing';
  finish(outgoingRinging ? 'Cancelled' : 'Call ended');
  if (call) await ask('call:end', { callId: call.id }).catch(() => undefined);
}

function ended(c: Call): string {
  const name = c.other.firstName;
  switch (c.status) {
    case 'missed':
      return c.direction === 'outgoing' ? `${name} didn't answer` : 'Missed call';
    case 'declined':
      return c.direction === 'outgoing' ? `${name} declined the call` : 'Call declined';
    case 'busy':
      return `${name} is on another call`;
    default:
      return 'Call ended';
  }
}

async function onUpdate(c: Call) {
  const cur = state();
  if (!cur.call || cur.call.id !== c.id || cur.phase === 'ended' || cur.phase === 'idle') return;
  set({ call: c });
  if (c.status === 'ringing') return;
  if (cur.phase === 'incoming' && c.status !== 'active') {
    // Rang here and stopped (the caller gave up, or it rang out): no call screen, just a note.
    useCall.setState(idleCall, true);
    if (c.status === 'missed') toast.info(`Missed ${c.kind} call from ${fullName(c.other)}`);
    return;
  }
  if (c.status !== 'active') return finish(ended(c));
  if (c.direction === 'outgoing') {
    // Answered: the caller makes the offer.
    if (cur.phase !== 'outgoing') return;
    set({ phase: 'connecting' });
    const conn = connection();
    try {
      const offer = await conn.createOffer();
      await conn.setLocalDescription(offer);
      await ask('call:signal', { callId: c.id, data: { type: 'offer', sdp: offer.sdp } });
    } catch (err) {
      finish(errorMessage(err, 'The call could not connect'));
    }
  } else if (!answeredHere) {
    // Answered on another of my devices: stop ringing here.
    useCall.setState(idleCall, true);
  }
}

async function onSignal(s: ServerEvents['call:signal']) {
  if (state().call?.id !== s.callId) return;
  const data = s.data as { type?: string; sdp?: string; candidate?: RTCIceCandidateInit };
  try {
    if (data.type === 'offer' && answeredHere) {
      const conn = connection();
      await conn.setRemoteDescription({ type: 'offer', sdp: data.sdp });
      await flushIce(conn);
      const answer = await conn.createAnswer();
      await conn.setLocalDescription(answer);
      await ask('call:signal', { callId: s.callId, data: { type: 'answer', sdp: answer.sdp } });
    } else if (data.type === 'answer' && pc) {
      await pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      await flushIce(pc);
    } else if (data.type === 'ice' && data.candidate) {
      if (pc?.remoteDescription) await pc.addIceCandidate(data.candidate).catch(() => undefined);
      else pendingIce.push(data.candidate);
    }
  } catch (err) {
    finish(errorMessage(err, 'The call could not connect'));
  }
}

listen('call:update', (c) => void onUpdate(c));
listen('call:signal', (s) => void onSignal(s));

export function toggleMute(): void {
  const muted = !state().muted;
  state()
    .local?.getAudioTracks()
    .forEach((t) => (t.enabled = !muted));
  set({ muted });
}

export function toggleCamera(): void {
  const cameraOff = !state().cameraOff;
  state()
    .local?.getVideoTracks()
    .forEach((t) => (t.enabled = !cameraOff));
  set({ cameraOff });
}

/** Front to back camera and back: a new video track replaces the one being sent. */
export async function switchCamera(): Promise<void> {
  const { local, facing, kind } = state();
  if (!local || kind !== 'video') return;
  const next = facing === 'user' ? 'environment' : 'user';
  try {
    const fresh = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { exact: next }, width: { ideal: 640 } } });
    const track = fresh.getVideoTracks()[0];
    if (!track) return;
    track.enabled = !state().cameraOff;
    await pc
      ?.getSenders()
      .find((s) => s.track?.kind === 'video')
      ?.replaceTrack(track);
    local.getVideoTracks().forEach((t) => {
      t.stop();
      local.removeTrack(t);
    });
    local.addTrack(track);
    set({ facing: next, local: new MediaStream(local.getTracks()) });
  } catch {
    toast.error('This device has no other camera');
  }
}

export { canChooseSpeaker };

/** "Speaker": moves the call's sound to the next audio output (setSinkId, where the browser has it). */
export async function cycleSpeaker(): Promise<void> {
  const next = await nextSpeaker(state().sinkId);
  if (next) set({ sinkId: next });
}

export const callTitle = (s: Pick<CallState, 'other'>) => (s.other ? fullName(s.other) : 'Call');
