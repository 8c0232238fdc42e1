import type { GroupCall } from './groups-api';
import type { PeerState } from './group-call-state';

/**
 * A group call's mesh: one RTCPeerConnection (audio only) to each other person in the call. Who
 * offers is decided from the server's list alone, the same on both sides, so two never offer to
 * each other at once (no glare): the one who joined later offers to the one already in (on the same
 * instant, the greater userId offers). The other waits for the offer and answers it. ICE candidates
 * that come before the remote description are kept until it is set.
 */
export type Participant = GroupCall['participants'][number];
export interface SignalData {
  type: 'offer' | 'answer' | 'ice';
  sdp?: string;
  candidate?: RTCIceCandidateInit;
}

export interface MeshOptions {
  me: string;
  local: MediaStream | null;
  iceServers: RTCIceServer[];
  /** Sends a signal to one person in the call (`groupcall:signal`). */
  signal: (toUserId: string, data: SignalData) => Promise<unknown>;
  /** A person's link changed (state), or their sound arrived (stream). */
  onPeer: (userId: string, change: { state?: PeerState; stream?: MediaStream; gone?: true }) => void;
  /** Makes a connection (tests pass a fake). */
  createPeer?: (config: RTCConfiguration) => RTCPeerConnection;
}

/** Whether `me` makes the offer to `other`: the later of the two to join offers. */
export function offersTo(me: Participant, other: Participant): boolean {
  const a = Date.parse(me.joinedAt);
  const b = Date.parse(other.joinedAt);
  return a !== b ? a > b : me.userId > other.userId;
}

interface Peer {
  pc: RTCPeerConnection;
  /** Candidates that came before the remote description. */
  pending: RTCIceCandidateInit[];
  state: PeerState;
}

export class Mesh {
  private peers = new Map<string, Peer>();
  /** Candidates from someone whose offer has not come yet (the server may pass them on first). */
  private early = new Map<string, RTCIceCandidateInit[]>();
  private closed = false;

  constructor(private readonly o: MeshOptions) {}

  /** The people with a connection now. */
  get userIds(): string[] {
    return [...this.peers.keys()];
  }

  /**
   * The server's list of who is in the call: a connection to each new person (offered to when they
   * joined earlier than oneself), and the connection to anyone no longer listed closed.
   */
  sync(participants: Participant[]): void {
    if (this.closed) return;
    const mine = participants.find((p) => p.userId === this.o.me);
    const others = participants.filter((p) => p.userId !== this.o.me);
    for (const id of this.userIds) if (!others.some((p) => p.userId === id)) this.remove(id);
    if (!mine) return;
    for (const p of others) {
      if (this.peers.has(p.userId)) continue;
      this.open(p.userId);
      if (offersTo(mine, p)) void this.offer(p.userId);
    }
  }

  /** A signal from another person in the call. */
  async handle(fromUserId: string, data: SignalData): Promise<void> {
    if (this.closed || fromUserId === this.o.me) return;
    try {
      if (data.type === 'offer') {
        // An offer on a link that already had one is a new start (they left and came back): a fresh connection.
        let peer = this.peers.get(fromUserId);
        if (peer?.pc.remoteDescription) {
          this.remove(fromUserId, false);
          peer = undefined;
        }
        peer ??= this.open(fromUserId);
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: data.sdp });
        await this.flush(peer);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        await this.o.signal(fromUserId, { type: 'answer', sdp: answer.sdp });
      } else if (data.type === 'answer') {
        const peer = this.peers.get(fromUserId);
        if (!peer || peer.pc.signalingState !== 'have-local-offer') return;
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
        await this.flush(peer);
      } else if (data.type === 'ice' && data.candidate) {
        const peer = this.peers.get(fromUserId);
        if (!peer) this.early.set(fromUserId, [...(this.early.get(fromUserId) ?? []), data.candidate]);
        else if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(data.candidate).catch(() => undefined);
        else peer.pending.push(data.candidate);
      }
    } catch {
      this.setState(fromUserId, 'failed');
    }
  }

  /** Closes the connection to one person (they left). */
  remove(userId: string, tell = true): void {
    this.early.delete(userId);
    const peer = this.peers.get(userId);
    if (!peer) return;
    this.peers.delete(userId);
    peer.pc.close();
    if (tell) this.o.onPeer(userId, { gone: true });
  }

  /** Closes every connection (one left, or the call ended). */
  close(): void {
    this.closed = true;
    for (const id of this.userIds) this.remove(id, false);
    this.early.clear();
  }

  private open(userId: string): Peer {
    const make = this.o.createPeer ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));
    const pc = make({ iceServers: this.o.iceServers });
    const peer: Peer = { pc, pending: this.early.get(userId) ?? [], state: 'connecting' };
    this.early.delete(userId);
    this.peers.set(userId, peer);
    const local = this.o.local;
    local?.getAudioTracks().forEach((t) => pc.addTrack(t, local));
    pc.onicecandidate = (e) => {
      if (e.candidate && this.peers.get(userId) === peer)
        void this.o.signal(userId, { type: 'ice', candidate: e.candidate.toJSON() }).catch(() => undefined);
    };
    pc.ontrack = (e) => {
      if (this.peers.get(userId) === peer) this.o.onPeer(userId, { stream: e.streams[0] ?? new MediaStream([e.track]) });
    };
    pc.onconnectionstatechange = () => {
      if (this.peers.get(userId) !== peer) return;
      if (pc.connectionState === 'connected') this.setState(userId, 'connected');
      else if (pc.connectionState === 'failed') this.setState(userId, 'failed');
      else if (pc.connectionState === 'connecting' || pc.connectionState === 'disconnected') this.setState(userId, 'connecting');
    };
    this.o.onPeer(userId, { state: 'connecting' });
    return peer;
  }

  private async offer(userId: string): Promise<void> {
    const peer = this.peers.get(userId);
    if (!peer) return;
    try {
      const offer = await peer.pc.createOffer();
      await peer.pc.setLocalDescription(offer);
      await this.o.signal(userId, { type: 'offer', sdp: offer.sdp });
    } catch {
      if (this.peers.get(userId) === peer) this.setState(userId, 'failed');
    }
  }

  private async flush(peer: Peer): Promise<void> {
    const queued = peer.pending;
    peer.pending = [];
    for (const c of queued) await peer.pc.addIceCandidate(c).catch(() => undefined);
  }

  private setState(userId: string, state: PeerState): void {
    const peer = this.peers.get(userId);
    if (!peer || peer.state === state) return;
    peer.state = state;
    this.o.onPeer(userId, { state });
  }
}
