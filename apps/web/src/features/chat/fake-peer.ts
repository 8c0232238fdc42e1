/**
 * Tests only: a stand-in for RTCPeerConnection that records what the app did with it (offers,
 * answers, candidates, tracks, close) and lets a test move its connection state.
 */
export class FakePeer {
  static made: FakePeer[] = [];
  config: RTCConfiguration;
  tracks: MediaStreamTrack[] = [];
  local: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  candidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: ((e: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null = null;
  ontrack: ((e: { streams: MediaStream[]; track: MediaStreamTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(config: RTCConfiguration = {}) {
    this.config = config;
    FakePeer.made.push(this);
  }
  addTrack(track: MediaStreamTrack) {
    this.tracks.push(track);
  }
  createOffer() {
    return Promise.resolve({ type: 'offer' as const, sdp: `offer-${FakePeer.made.indexOf(this)}` });
  }
  createAnswer() {
    return Promise.resolve({ type: 'answer' as const, sdp: `answer-${FakePeer.made.indexOf(this)}` });
  }
  setLocalDescription(d: RTCSessionDescriptionInit) {
    this.local = d;
    this.signalingState = d.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(d: RTCSessionDescriptionInit) {
    this.remoteDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(c: RTCIceCandidateInit) {
    this.candidates.push(c);
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
  /** The connection reaching a state (as the browser would tell it). */
  reach(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  /** A local ICE candidate found. */
  find(candidate: RTCIceCandidateInit) {
    this.onicecandidate?.({ candidate: { toJSON: () => candidate } });
  }
}

export const asPeer = (config: RTCConfiguration) => new FakePeer(config) as unknown as RTCPeerConnection;
