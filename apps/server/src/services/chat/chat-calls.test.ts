import { describe, expect, it } from 'vitest';
import type { Call } from '@owo/contracts';

import { chatTestApp, pause } from './chat-fixtures.js';

const chat = chatTestApp();
const { person, rest } = chat;

describe('calls', () => {
  type Started = { call: Call; iceServers: { urls: unknown; username?: string; credential?: string }[] };

  /** A calls B, who has two devices: both ring. */
  const ringing = async () => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    const [b1, b2] = [await chat.sockets.connect(b.token), await chat.sockets.connect(b.token)];
    const rings = [chat.sockets.next<Started>(b1, 'call:incoming'), chat.sockets.next<Started>(b2, 'call:incoming')];
    const started = await chat.sockets.must<Started>(sa, 'call:start', { toUserId: b.id, kind: 'video' });
    return { a, b, sa, b1, b2, started, rings: Promise.all(rings) };
  };

  /** A's call, answered on B's first device. */
  const answered = async () => {
    const r = await ringing();
    await r.rings;
    await chat.sockets.must<Call>(r.b1, 'call:answer', { callId: r.started.call.id });
    return r;
  };

  it('rings every device of the person called, and gives the caller STUN and TURN servers', async () => {
    const { a, b, started, rings } = await ringing();
    expect(started.call).toMatchObject({ status: 'ringing', kind: 'video', direction: 'outgoing', other: { id: b.id } });
    expect(started.iceServers[0]).toEqual({ urls: ['stun:stun.example.ng:3478'] });
    expect(started.iceServers[1]).toMatchObject({
      urls: ['turn:turn.example.ng:3478'],
      username: expect.stringMatching(new RegExp(`:${a.id}$`)),
    });
    const [incoming, other] = await rings;
    expect(incoming!.call).toMatchObject({ id: started.call.id, direction: 'incoming' });
    expect(other!.call.id).toBe(started.call.id);
  });

  it('is answered on one device: the others stop ringing and a second answer is refused', async () => {
    const { b1, b2, started, rings } = await ringing();
    await rings;
    const stopRinging = chat.sockets.next<Call>(b2, 'call:update');
    const answer = await chat.sockets.must<Call>(b1, 'call:answer', { callId: started.call.id });
    expect(answer.status).toBe('active');
    expect((await stopRinging).status).toBe('active');
    expect(await chat.sockets.emit(b2, 'call:answer', { callId: started.call.id })).toMatchObject({
      status: false,
      message: 'This call is no longer ringing',
    });
  });

  it('relays signals between the two people in the call', async () => {
    const { a, sa, b1, started } = await answered();
    const offer = chat.sockets.next<{ callId: string; fromUserId: string; data: { type: string } }>(b1, 'call:signal');
    await chat.sockets.must(sa, 'call:signal', { callId: started.call.id, data: { type: 'offer', sdp: 'v=0' } });
    expect(await offer).toEqual({ callId: started.call.id, fromUserId: a.id, data: { type: 'offer', sdp: 'v=0' } });
  });

  it('refuses a signal from someone outside the call', async () => {
    const { started } = await answered();
    const stranger = await chat.sockets.connect((await person()).token);
    expect(await chat.sockets.emit(stranger, 'call:signal', { callId: started.call.id, data: { type: 'ice' } })).toMatchObject({
      status: false,
      message: 'Call not found',
    });
  });

  it('ends with its duration, shown in both people’s call logs', async () => {
    const { a, b, sa, started } = await answered();
    await pause(30);
    const ended = await chat.sockets.must<Call>(sa, 'call:end', { callId: started.call.id });
    expect(ended).toMatchObject({ status: 'ended', durationMs: expect.any(Number) });
    for (const u of [a, b]) {
      const log = (await rest(u, 'GET', '/calls')).json() as { data: Call[] };
      expect(log.data[0]).toMatchObject({ id: started.call.id, status: 'ended' });
    }
  });

  it('rings a device that connects while the call is ringing, and no longer once it is answered', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    const started = await chat.sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    let ring: Promise<{ call: Call }> | undefined;
    const b1 = await chat.sockets.connect(b.token, (s) => {
      ring = chat.sockets.next<{ call: Call }>(s, 'call:incoming');
    });
    expect((await ring!).call).toMatchObject({ id: started.call.id, status: 'ringing', direction: 'incoming', other: { id: a.id } });
    await chat.sockets.must(b1, 'call:answer', { callId: started.call.id });
    let lateRings: unknown[] = [];
    await chat.sockets.connect(b.token, (s) => (lateRings = chat.sockets.collect(s, 'call:incoming')));
    await pause(500);
    expect(lateRings).toEqual([]);
    await chat.sockets.must(sa, 'call:end', { callId: started.call.id });
  });

  it('records declined, busy and missed calls', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const [sa, sb, sc] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token), await chat.sockets.connect(c.token)];
    const first = await chat.sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    const declinedForA = chat.sockets.next<Call>(sa, 'call:update');
    await chat.sockets.must(sb, 'call:decline', { callId: first.call.id });
    expect((await declinedForA).status).toBe('declined');

    const second = await chat.sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    const busy = await chat.sockets.must<{ call: Call }>(sc, 'call:start', { toUserId: b.id, kind: 'video' });
    expect(busy.call.status).toBe('busy');
    expect(await chat.sockets.emit(sa, 'call:start', { toUserId: c.id, kind: 'voice' })).toMatchObject({
      status: false,
      code: 'ALREADY_IN_CALL',
    });
    expect(await chat.sockets.emit(sa, 'call:start', { toUserId: a.id, kind: 'voice' })).toMatchObject({
      status: false,
      code: 'CALL_SELF',
    });
    // Unanswered for CALL_RING_SECONDS (1 s here): missed, told to both.
    const missed = await chat.sockets.next<Call>(sb, 'call:update', 4000);
    expect(missed).toMatchObject({ id: second.call.id, status: 'missed', direction: 'incoming' });
    const log = (await rest(b, 'GET', '/calls')).json() as { data: Call[] };
    expect(new Set(log.data.map((x) => x.status))).toEqual(new Set(['busy', 'missed', 'declined']));
    expect((await rest(null, 'GET', '/calls')).statusCode).toBe(401);
  });
});
