import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '@owo/contracts';
import { newUser, type TestUser } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- the chat's socket clients start, answer and end calls as the app does
import { CHAT_ENV, chatSockets, listenOn, pause } from '../chat/chat-fixtures.js';
import { centreOf, drainPushes, pushTestApp, quietHoursNow, setSettings, subscribeDevice } from './push-fixtures.js';

// A call's pushes: the callee's devices ring (urgent, with Answer and Decline), the ringing stops
// by a push of the same tag when the call is answered elsewhere or ends, and a call not taken is a
// missed call. Calls ring for 1 s here (CHAT_ENV).

const w = pushTestApp(CHAT_ENV);
const { push } = w;
let sockets: ReturnType<typeof chatSockets>;
beforeAll(async () => {
  sockets = chatSockets(await listenOn(w.t.app));
});
afterAll(() => sockets.closeAll());

/** A caller online, and a callee with two subscribed devices (one also connected to chat). */
async function caller() {
  const a = await newUser(w.t.app, { firstName: 'Ada', lastName: 'Obi' });
  const b = await newUser(w.t.app);
  await subscribeDevice(w.t.app, b, push.device(`${b.id}-phone`));
  await subscribeDevice(w.t.app, b, push.device(`${b.id}-laptop`));
  const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
  return { a, b, sa, sb, phone: `${b.id}-phone`, laptop: `${b.id}-laptop` };
}

const start = async (s: Awaited<ReturnType<typeof caller>>['sa'], to: TestUser, kind: 'voice' | 'video' = 'voice') =>
  (await sockets.must<{ call: Call }>(s, 'call:start', { toUserId: to.id, kind })).call;

/** The kinds of push a device received (sorted: the pushes of one turn go out together, in no set order). */
const kinds = (device: string) =>
  push
    .for(device)
    .map((r) => r.payload.kind)
    .sort();

describe('an incoming call', () => {
  it('rings each device of the callee with an urgent push offering Answer and Decline', async () => {
    const { a, b, sa, phone, laptop } = await caller();
    const call = await start(sa, b);
    await drainPushes(w.t);
    expect([push.for(phone).length, push.for(laptop).length]).toEqual([1, 1]);
    expect(push.for(phone)[0]!.payload).toEqual({
      kind: 'call.incoming',
      title: 'Ada Obi',
      body: 'Incoming voice call',
      url: `/chat/${a.id}?call=${call.id}`,
      tag: `call:${call.id}`,
      urgent: true,
      actions: [
        { action: 'answer', title: 'Answer' },
        { action: 'decline', title: 'Decline' },
      ],
    });
  });

  it('asks the push service to hurry and keep it only while the call rings', async () => {
    const { b, sa, phone } = await caller();
    await start(sa, b);
    await drainPushes(w.t);
    const h = push.for(phone)[0]!.headers;
    expect([h.urgency, h.ttl]).toEqual(['high', '1']);
  });

  it('pushes nothing to the caller', async () => {
    const { a, b, sa } = await caller();
    await subscribeDevice(w.t.app, a, push.device(`${a.id}-phone`));
    await start(sa, b);
    await drainPushes(w.t);
    expect(push.for(`${a.id}-phone`)).toHaveLength(0);
  });

  it('does not ring a person who turned incoming calls off', async () => {
    const { b, sa, phone } = await caller();
    await setSettings(w.t.app, b, { kinds: { call: false } });
    await start(sa, b);
    await drainPushes(w.t);
    expect(push.for(phone)).toHaveLength(0);
  });

  it('rings through quiet hours', async () => {
    const { b, sa, phone } = await caller();
    await setSettings(w.t.app, b, quietHoursNow());
    await start(sa, b);
    await drainPushes(w.t);
    expect(push.for(phone)).toHaveLength(1);
  });

  it('does not ring in quiet hours for a person who said calls wait too', async () => {
    const { b, sa, phone } = await caller();
    await setSettings(w.t.app, b, { ...quietHoursNow(), quietAllowsCalls: false });
    await start(sa, b);
    await drainPushes(w.t);
    expect(push.for(phone)).toHaveLength(0);
  });
});

describe('the ringing stops', () => {
  it('on every device, by a push of the same tag, when the call is answered on one', async () => {
    const { b, sa, sb, phone, laptop } = await caller();
    const call = await start(sa, b);
    await drainPushes(w.t);
    await sockets.must(sb, 'call:answer', { callId: call.id });
    await drainPushes(w.t);
    for (const device of [phone, laptop]) {
      const [ring, close] = push.for(device);
      expect(close!.payload).toMatchObject({ kind: 'call.ended', tag: `call:${call.id}`, close: true });
      expect(close!.headers.topic).toBe(ring!.headers.topic);
    }
  });

  it('when the callee declines', async () => {
    const { b, sa, sb, phone } = await caller();
    const call = await start(sa, b);
    await drainPushes(w.t);
    await sockets.must(sb, 'call:decline', { callId: call.id });
    await drainPushes(w.t);
    expect(push.for(phone).map((r) => [r.payload.kind, r.payload.close ?? false])).toEqual([
      ['call.incoming', false],
      ['call.ended', true],
    ]);
  });

  it('before the ring went out, which then never goes', async () => {
    const { b, sa, sb, phone } = await caller();
    const call = await start(sa, b);
    await sockets.must(sb, 'call:answer', { callId: call.id });
    await drainPushes(w.t);
    expect(push.for(phone)).toHaveLength(0);
  });
});

describe('a missed call', () => {
  it('stops the ringing and tells a missed call when the caller hangs up first', async () => {
    const { b, sa, phone } = await caller();
    const call = await start(sa, b, 'video');
    await drainPushes(w.t);
    await sockets.must(sa, 'call:end', { callId: call.id });
    await drainPushes(w.t);
    expect(kinds(phone)).toEqual(['call.ended', 'call.incoming', 'missedCall']);
    expect(push.for(phone).find((r) => r.payload.kind === 'missedCall')!.payload).toMatchObject({
      title: 'Missed video call',
      body: 'From Ada Obi',
      url: '/chat/calls',
    });
  });

  it('is told when nobody answers within the ring time', async () => {
    const { b, sa, phone } = await caller();
    await start(sa, b);
    await drainPushes(w.t);
    await pause(1_500);
    await drainPushes(w.t);
    expect(kinds(phone)).toEqual(['call.ended', 'call.incoming', 'missedCall']);
  });

  it('is listed in the callee’s notification centre, opening the call log', async () => {
    const { b, sa } = await caller();
    const call = await start(sa, b);
    await sockets.must(sa, 'call:end', { callId: call.id });
    expect((await centreOf(w.t.app, b)).map((x) => [x.kind, x.link])).toEqual([['missedCall', '/chat/calls']]);
  });

  it('closes nothing on devices the ringing never reached', async () => {
    const { b, sa, phone } = await caller();
    await setSettings(w.t.app, b, { kinds: { call: false } });
    const call = await start(sa, b);
    await drainPushes(w.t);
    await sockets.must(sa, 'call:end', { callId: call.id });
    await drainPushes(w.t);
    expect(kinds(phone)).toEqual(['missedCall']);
  });

  it('waits out quiet hours, while the ringing came through', async () => {
    const { b, sa, phone } = await caller();
    await setSettings(w.t.app, b, quietHoursNow());
    const call = await start(sa, b);
    await drainPushes(w.t);
    await sockets.must(sa, 'call:end', { callId: call.id });
    await drainPushes(w.t);
    expect(kinds(phone)).toEqual(['call.ended', 'call.incoming']);
  });
});
