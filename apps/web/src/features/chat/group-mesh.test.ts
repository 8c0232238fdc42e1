import { beforeEach, describe, expect, it } from 'vitest';
import { FakePeer, asPeer } from './fake-peer';
import { Mesh, type Participant, type SignalData, offersTo } from './group-mesh';

const A = '0198a7b2-0000-7000-8000-00000000000a';
const B = '0198a7b2-0000-7000-8000-00000000000b';
const C = '0198a7b2-0000-7000-8000-00000000000c';
const D = '0198a7b2-0000-7000-8000-00000000000d';
const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s)).toISOString();
const p = (userId: string, s: number): Participant => ({ userId, joinedAt: at(s), muted: false });
const flush = () => new Promise((r) => setTimeout(r, 0));

function meshOf(me: string) {
  const sent: { to: string; data: SignalData }[] = [];
  const changes: { userId: string; state?: string; stream?: MediaStream; gone?: true }[] = [];
  const track = { kind: 'audio' } as MediaStreamTrack;
  const local = { getAudioTracks: () => [track] } as unknown as MediaStream;
  const mesh = new Mesh({
    me,
    local,
    iceServers: [{ urls: 'stun:stun.example.ng:3478' }],
    signal: (to, data) => {
      sent.push({ to, data });
      return Promise.resolve(null);
    },
    onPeer: (userId, change) => changes.push({ userId, ...change }),
    createPeer: asPeer,
  });
  return { mesh, sent, changes, track };
}

beforeEach(() => {
  FakePeer.made = [];
});

describe('who offers in a group call', () => {
  it('is the later of two to join, or on the same instant the greater id, and never both', () => {
    expect(offersTo(p(B, 5), p(A, 1))).toBe(true);
    expect(offersTo(p(A, 1), p(B, 5))).toBe(false);
    expect(offersTo(p(B, 1), p(A, 1))).toBe(true);
    expect(offersTo(p(A, 1), p(B, 1))).toBe(false);
    for (const [x, y] of [
      [p(A, 1), p(B, 2)],
      [p(C, 3), p(A, 3)],
      [p(D, 9), p(B, 0)],
    ] as const)
      expect(offersTo(x, y)).not.toBe(offersTo(y, x));
  });
});

describe('the mesh of a group call', () => {
  it('opens one audio connection per other person, offering only to those who joined before', async () => {
    const { mesh, sent, track } = meshOf(C);
    mesh.sync([p(A, 1), p(B, 2), p(C, 3), p(D, 4)]);
    await flush();
    expect(mesh.userIds).toEqual([A, B, D]);
    expect(FakePeer.made).toHaveLength(3);
    expect(FakePeer.made.every((pc) => pc.tracks.length === 1 && pc.tracks[0] === track)).toBe(true);
    expect(FakePeer.made[0]!.config.iceServers).toEqual([{ urls: 'stun:stun.example.ng:3478' }]);
    // C offers to A and B (in before C), and waits for D's offer.
    expect(sent.map((s) => [s.to, s.data.type])).toEqual([
      [A, 'offer'],
      [B, 'offer'],
    ]);
    expect(FakePeer.made[2]!.local).toBeNull();
  });

  it('answers an offer, with the ICE candidates that came before it added after it', async () => {
    const { mesh, sent, changes } = meshOf(A);
    mesh.sync([p(A, 1), p(B, 2)]);
    // B's candidate overtook its offer.
    await mesh.handle(B, { type: 'ice', candidate: { candidate: 'cand-1', sdpMid: '0' } });
    expect(FakePeer.made[0]!.candidates).toEqual([]);
    await mesh.handle(B, { type: 'offer', sdp: 'v=0 from B' });
    const pc = FakePeer.made[0]!;
    expect(FakePeer.made).toHaveLength(1);
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'v=0 from B' });
    expect(pc.candidates).toEqual([{ candidate: 'cand-1', sdpMid: '0' }]);
    expect(sent).toEqual([{ to: B, data: { type: 'answer', sdp: 'answer-0' } }]);
    await mesh.handle(B, { type: 'ice', candidate: { candidate: 'cand-2', sdpMid: '0' } });
    expect(pc.candidates).toHaveLength(2);
    // Its own candidates go to B; the link's state follows the connection.
    pc.find({ candidate: 'mine', sdpMid: '0' });
    expect(sent.at(-1)).toEqual({ to: B, data: { type: 'ice', candidate: { candidate: 'mine', sdpMid: '0' } } });
    pc.reach('connected');
    expect(changes.filter((c) => c.userId === B).map((c) => c.state ?? (c.gone ? 'gone' : 'stream'))).toEqual(['connecting', 'connected']);
  });

  it('takes the answer to its offer, and keeps candidates until then', async () => {
    const { mesh } = meshOf(B);
    mesh.sync([p(A, 1), p(B, 2)]);
    await flush();
    const pc = FakePeer.made[0]!;
    expect(pc.signalingState).toBe('have-local-offer');
    await mesh.handle(A, { type: 'ice', candidate: { candidate: 'a-1' } });
    expect(pc.candidates).toEqual([]);
    await mesh.handle(A, { type: 'answer', sdp: 'v=0 answer' });
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    expect(pc.candidates).toEqual([{ candidate: 'a-1' }]);
    // A second answer (stale) is ignored.
    await mesh.handle(A, { type: 'answer', sdp: 'again' });
    expect(pc.remoteDescription?.sdp).toBe('v=0 answer');
  });

  it('closes the connection of someone who left, opens one for who came, and closes all at the end', async () => {
    const { mesh, changes, sent } = meshOf(A);
    mesh.sync([p(A, 1), p(B, 2), p(C, 3)]);
    const [toB, toC] = FakePeer.made;
    mesh.sync([p(A, 1), p(C, 3), p(D, 4)]);
    expect(toB!.closed).toBe(true);
    expect(changes).toContainEqual({ userId: B, gone: true });
    expect(mesh.userIds).toEqual([C, D]);
    // B comes back (a new joinedAt): a fresh connection, B offers again.
    mesh.sync([p(A, 1), p(C, 3), p(D, 4), p(B, 9)]);
    expect(FakePeer.made).toHaveLength(4);
    await mesh.handle(B, { type: 'offer', sdp: 'again' });
    expect(FakePeer.made[3]!.remoteDescription?.sdp).toBe('again');
    await flush();
    expect(sent.every((s) => s.data.type === 'answer')).toBe(true);
    mesh.close();
    expect(FakePeer.made.every((pc) => pc.closed)).toBe(true);
    expect(toC!.closed).toBe(true);
    // Nothing more after the end.
    mesh.sync([p(A, 1), p(B, 2)]);
    await mesh.handle(C, { type: 'offer', sdp: 'late' });
    expect(FakePeer.made).toHaveLength(4);
  });

  it('replaces a connection when a second offer comes on it (they left and came back between two lists)', async () => {
    const { mesh } = meshOf(A);
    mesh.sync([p(A, 1), p(B, 2)]);
    await mesh.handle(B, { type: 'offer', sdp: 'first' });
    await mesh.handle(B, { type: 'offer', sdp: 'second' });
    expect(FakePeer.made).toHaveLength(2);
    expect(FakePeer.made[0]!.closed).toBe(true);
    expect(FakePeer.made[1]!.remoteDescription?.sdp).toBe('second');
  });

  it('marks a link failed when the connection fails, and opens nothing when it is not in the list itself', async () => {
    const { mesh, changes } = meshOf(A);
    mesh.sync([p(A, 1), p(B, 2)]);
    FakePeer.made[0]!.reach('failed');
    expect(changes.at(-1)).toEqual({ userId: B, state: 'failed' });
    const other = meshOf(D);
    other.mesh.sync([p(A, 1), p(B, 2)]);
    expect(other.mesh.userIds).toEqual([]);
  });
});
