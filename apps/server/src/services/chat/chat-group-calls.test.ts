import { describe, expect, it } from 'vitest';
import type { Call, ChatMessage, GroupCall, GroupInfo } from '@owo/contracts';
import { auth, json, type TestUser } from '../../test/harness.js';
import { chatTestApp, pause } from './chat-fixtures.js';

// A group's voice call (group-calls.ts): one live call per group, four people at most; the others
// ring when it starts; signals go only between two people both in the call; leaving the group
// leaves its call; the last one to leave ends it.

const chat = chatTestApp();
const { person } = chat;
type Started = { call: GroupCall; iceServers: { urls: unknown }[] };
const ids = (c: GroupCall) => c.participants.map((p) => p.userId);

async function groupOf(size: number) {
  const people = [] as TestUser[];
  for (let i = 0; i < size; i++) people.push(await person());
  const [admin, ...others] = people;
  const res = await chat.t.app.inject({
    method: 'POST',
    url: '/api/chat/groups',
    headers: auth(admin!),
    payload: { name: 'Estate call', memberIds: others.map((o) => o.id) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const g = json(res).data as GroupInfo;
  const sockets = [] as Awaited<ReturnType<typeof chat.sockets.connect>>[];
  for (const p of people) sockets.push(await chat.sockets.connect(p.token));
  return { g, people, sockets };
}

describe('group voice calls', () => {
  it('rings the other members when one starts it, and gives the caller ICE servers', async () => {
    const { g, people, sockets } = await groupOf(3);
    const rings = [
      chat.sockets.next<{ call: GroupCall }>(sockets[1]!, 'groupcall:incoming'),
      chat.sockets.next<{ call: GroupCall }>(sockets[2]!, 'groupcall:incoming'),
    ];
    const started = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    expect(started.call).toMatchObject({ groupId: g.id, startedBy: people[0]!.id, endedAt: null });
    expect(ids(started.call)).toEqual([people[0]!.id]);
    expect(started.iceServers[0]).toEqual({ urls: ['stun:stun.example.ng:3478'] });
    for (const r of await Promise.all(rings)) expect(r.call.id).toBe(started.call.id);
  });

  it('lets members join, relays signals only between two people in the call, and refuses the rest', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const [sa, sb, sc] = sockets as [(typeof sockets)[number], (typeof sockets)[number], (typeof sockets)[number]];
    const { call } = await chat.sockets.must<Started>(sa, 'groupcall:start', { groupId: g.id });
    // C sees the start ([a]) and then the join ([a, b]); the start's may arrive after its ack.
    const seenByC = chat.sockets.nextWhere<GroupCall>(sc, 'groupcall:update', (u) => u.participants.length === 2);
    const joined = await chat.sockets.must<Started>(sb, 'groupcall:join', { callId: call.id });
    expect(ids(joined.call)).toEqual([a.id, b.id]);
    expect(ids(await seenByC)).toEqual([a.id, b.id]);

    const offer = chat.sockets.next<{ callId: string; fromUserId: string; data: { type: string } }>(sb, 'groupcall:signal');
    await chat.sockets.must(sa, 'groupcall:signal', { callId: call.id, toUserId: b.id, data: { type: 'offer', sdp: 'v=0' } });
    expect(await offer).toEqual({ callId: call.id, fromUserId: a.id, data: { type: 'offer', sdp: 'v=0' } });
    // C is in the group but not in the call: neither sends nor receives its signals.
    expect(await chat.sockets.emit(sa, 'groupcall:signal', { callId: call.id, toUserId: c.id, data: { type: 'offer' } })).toMatchObject({
      status: false,
      code: 'NOT_IN_CALL',
    });
    expect(await chat.sockets.emit(sc, 'groupcall:signal', { callId: call.id, toUserId: a.id, data: { type: 'offer' } })).toMatchObject({
      status: false,
      code: 'CALL_NOT_FOUND',
    });
  });

  it('tells a device that connects after the call started that it is live, and who is in it (its Join banner)', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    let told: Promise<GroupCall> | undefined;
    await chat.sockets.connect(c.token, (s) => {
      told = chat.sockets.next<GroupCall>(s, 'groupcall:update');
    });
    expect(await told!).toMatchObject({ id: call.id, groupId: g.id, endedAt: null });
    expect(ids(await told!)).toEqual([a.id, b.id]);
    // Someone outside the group learns nothing; nor does anyone once the call has ended.
    const outsider = await person();
    let outsiders: unknown[] = [];
    await chat.sockets.connect(outsider.token, (s) => (outsiders = chat.sockets.collect(s, 'groupcall:update')));
    await chat.sockets.must(sockets[0]!, 'groupcall:leave', { callId: call.id });
    await chat.sockets.must(sockets[1]!, 'groupcall:leave', { callId: call.id });
    let late: unknown[] = [];
    await chat.sockets.connect(c.token, (s) => (late = chat.sockets.collect(s, 'groupcall:update')));
    await new Promise((r) => setTimeout(r, 400));
    expect(outsiders).toEqual([]);
    expect(late).toEqual([]);
  });

  it('holds four people: a fifth is refused', async () => {
    const { g, sockets } = await groupOf(5);
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    for (const s of sockets.slice(1, 4)) await chat.sockets.must(s, 'groupcall:join', { callId: call.id });
    expect(await chat.sockets.emit(sockets[4]!, 'groupcall:join', { callId: call.id })).toMatchObject({
      status: false,
      code: 'GROUP_CALL_FULL',
      message: 'This call is full (4 people)',
    });
  });

  it('is one call per group: a second start joins it, also when two start at once', async () => {
    const { g, sockets } = await groupOf(3);
    const [one, two] = await Promise.all([
      chat.sockets.must<Started>(sockets[1]!, 'groupcall:start', { groupId: g.id }),
      chat.sockets.must<Started>(sockets[2]!, 'groupcall:start', { groupId: g.id }),
    ]);
    expect(one.call.id).toBe(two.call.id);
    const third = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    expect(third.call.id).toBe(one.call.id);
    expect(third.call.participants).toHaveLength(3);
  });

  it('refuses a non-member starting, joining or signalling', async () => {
    const { g, sockets } = await groupOf(2);
    const stranger = await person();
    const ss = await chat.sockets.connect(stranger.token);
    expect(await chat.sockets.emit(ss, 'groupcall:start', { groupId: g.id })).toMatchObject({ status: false, code: 'CALL_NOT_FOUND' });
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    expect(await chat.sockets.emit(ss, 'groupcall:join', { callId: call.id })).toMatchObject({ status: false, code: 'CALL_NOT_FOUND' });
    expect(
      await chat.sockets.emit(ss, 'groupcall:signal', { callId: call.id, toUserId: g.members[0]!.user.id, data: { type: 'ice' } }),
    ).toMatchObject({
      status: false,
      code: 'CALL_NOT_FOUND',
    });
    expect(await chat.sockets.emit(ss, 'groupcall:join', { callId: 'not-an-id' })).toMatchObject({
      status: false,
      code: 'VALIDATION_ERROR',
    });
  });

  it('takes a removed member out of the call at once; the last one to leave ends it', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b] = people as [TestUser, TestUser];
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    await chat.sockets.must(sockets[2]!, 'groupcall:join', { callId: call.id });
    const update = chat.sockets.nextWhere<GroupCall>(sockets[0]!, 'groupcall:update', (u) => u.participants.length === 2);
    const removed = await chat.t.app.inject({ method: 'DELETE', url: `/api/chat/groups/${g.id}/members/${b.id}`, headers: auth(a) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ids(await update)).toEqual([a.id, people[2]!.id]);
    expect(
      await chat.sockets.emit(sockets[1]!, 'groupcall:signal', { callId: call.id, toUserId: a.id, data: { type: 'ice' } }),
    ).toMatchObject({
      status: false,
      code: 'CALL_NOT_FOUND',
    });
    await chat.sockets.must(sockets[2]!, 'groupcall:leave', { callId: call.id });
    const ended = await chat.sockets.must<GroupCall>(sockets[0]!, 'groupcall:leave', { callId: call.id });
    expect(ended.endedAt).not.toBeNull();
    expect(ended.participants).toEqual([]);
    expect(await chat.sockets.emit(sockets[2]!, 'groupcall:join', { callId: call.id })).toMatchObject({
      status: false,
      code: 'CALL_ENDED',
    });
    // A new call can start after it.
    const again = await chat.sockets.must<Started>(sockets[2]!, 'groupcall:start', { groupId: g.id });
    expect(again.call.id).not.toBe(call.id);
  });

  it('tells a non-member nothing of a live call (leave, join, signal): the answer of a call that does not exist, and no update to the members', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b] = people as [TestUser, TestUser];
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    const joinSeen = sockets.map((s) => chat.sockets.nextWhere<GroupCall>(s, 'groupcall:update', (u) => u.participants.length === 2));
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    await Promise.all(joinSeen);
    const heard = sockets.map((s) => chat.sockets.collect<GroupCall>(s, 'groupcall:update'));
    const stranger = await person();
    const ss = await chat.sockets.connect(stranger.token);
    const strangerHeard = chat.sockets.collect<GroupCall>(ss, 'groupcall:update');
    const none = { status: false, code: 'CALL_NOT_FOUND', message: 'Call not found' };
    const noCall = '00000000-0000-4000-8000-000000000000';
    expect(await chat.sockets.emit(ss, 'groupcall:leave', { callId: noCall })).toEqual(none);
    expect(await chat.sockets.emit(ss, 'groupcall:leave', { callId: call.id })).toEqual(none);
    expect(await chat.sockets.emit(ss, 'groupcall:join', { callId: call.id })).toEqual(none);
    expect(await chat.sockets.emit(ss, 'groupcall:signal', { callId: call.id, toUserId: a.id, data: { type: 'offer' } })).toEqual(none);
    await pause(300);
    expect(heard.map((h) => h.length)).toEqual([0, 0, 0]);
    expect(strangerHeard).toEqual([]);
    // The call is as it was.
    const again = await chat.sockets.must<Started>(sockets[2]!, 'groupcall:join', { callId: call.id });
    expect(ids(again.call)).toEqual([a.id, b.id, people[2]!.id]);
  });

  it('tells a removed member nothing of the call either: leave and join are answered as no call, and nobody is told', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, , c] = people as [TestUser, TestUser, TestUser];
    const removed = await chat.t.app.inject({ method: 'DELETE', url: `/api/chat/groups/${g.id}/members/${c.id}`, headers: auth(a) });
    expect(removed.statusCode, removed.body).toBe(200);
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    const joinSeen = sockets
      .slice(0, 2)
      .map((s) => chat.sockets.nextWhere<GroupCall>(s, 'groupcall:update', (u) => u.participants.length === 2));
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    await Promise.all(joinSeen);
    const heard = sockets.slice(0, 2).map((s) => chat.sockets.collect<GroupCall>(s, 'groupcall:update'));
    const none = { status: false, code: 'CALL_NOT_FOUND', message: 'Call not found' };
    expect(await chat.sockets.emit(sockets[2]!, 'groupcall:leave', { callId: call.id })).toEqual(none);
    expect(await chat.sockets.emit(sockets[2]!, 'groupcall:join', { callId: call.id })).toEqual(none);
    expect(await chat.sockets.emit(sockets[2]!, 'groupcall:start', { groupId: g.id })).toEqual(none);
    await pause(300);
    expect(heard.map((h) => h.length)).toEqual([0, 0]);
  });

  it('shows who muted: groupcall:mute marks the person muted for everyone in the group, and back', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b] = people as [TestUser, TestUser];
    expect(await chat.sockets.emit(sockets[1]!, 'groupcall:mute', { groupId: g.id, muted: true })).toEqual({
      status: false,
      code: 'CALL_NOT_FOUND',
      message: 'Call not found',
    });
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    expect(call.participants[0]).toMatchObject({ userId: a.id, muted: false });
    const joinSeen = [sockets[0]!, sockets[2]!].map((s) =>
      chat.sockets.nextWhere<GroupCall>(s, 'groupcall:update', (u) => u.participants.length === 2),
    );
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    await Promise.all(joinSeen);
    const seenByA = chat.sockets.next<GroupCall>(sockets[0]!, 'groupcall:update');
    const seenByC = chat.sockets.next<GroupCall>(sockets[2]!, 'groupcall:update');
    const muted = await chat.sockets.must<GroupCall>(sockets[1]!, 'groupcall:mute', { groupId: g.id, muted: true });
    expect(muted.participants.map((p) => [p.userId, p.muted])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
    for (const seen of await Promise.all([seenByA, seenByC])) expect(seen.participants.find((p) => p.userId === b.id)?.muted).toBe(true);
    const back = await chat.sockets.must<GroupCall>(sockets[1]!, 'groupcall:mute', { groupId: g.id, muted: false });
    expect(back.participants.every((p) => !p.muted)).toBe(true);
    // A member not in the call has nothing to mute; a payload without `muted` is refused.
    expect(await chat.sockets.emit(sockets[2]!, 'groupcall:mute', { groupId: g.id, muted: true })).toMatchObject({
      status: false,
      code: 'NOT_IN_CALL',
    });
    expect(await chat.sockets.emit(sockets[1]!, 'groupcall:mute', { groupId: g.id })).toMatchObject({
      status: false,
      code: 'VALIDATION_ERROR',
    });
  });

  it('ends the call for the one left alone when the caller leaves, and leaves its record in the group and in the Calls tabs', async () => {
    const { g, people, sockets } = await groupOf(3);
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    const joinSeen = chat.sockets.nextWhere<GroupCall>(sockets[1]!, 'groupcall:update', (u) => u.participants.length === 2);
    await chat.sockets.must(sockets[1]!, 'groupcall:join', { callId: call.id });
    await joinSeen;
    const endedForB = chat.sockets.next<GroupCall>(sockets[1]!, 'groupcall:update');
    const recordForC = chat.sockets.next<ChatMessage>(sockets[2]!, 'message:new');
    await chat.sockets.must(sockets[0]!, 'groupcall:leave', { callId: call.id });
    const ended = await endedForB;
    expect(ended).toMatchObject({ id: call.id, participants: [] });
    expect(ended.endedAt).not.toBeNull();
    // B's own leave afterwards changes nothing.
    expect((await chat.sockets.must<GroupCall>(sockets[1]!, 'groupcall:leave', { callId: call.id })).endedAt).toBe(ended.endedAt);

    const record = await recordForC;
    expect(record).toMatchObject({ groupId: g.id, fromUserId: a.id, msgType: 'event' });
    expect(record.msgBody.event).toMatchObject({
      type: 'call',
      userIds: [a.id, b.id],
      call: { callId: call.id, startedAt: call.startedAt },
    });
    expect(record.msgBody.event?.call?.durationMs).toBeGreaterThanOrEqual(0);
    const history = await chat.t.app.inject({ method: 'GET', url: `/api/chat/groups/${g.id}/messages`, headers: auth(c) });
    expect((json(history).data as { messages: ChatMessage[] }).messages.at(-1)?.id).toBe(record.id);

    const logOf = async (u: TestUser) =>
      (json(await chat.t.app.inject({ method: 'GET', url: '/api/chat/calls', headers: auth(u) })) as { data: Call[] }).data;
    const group = { id: g.id, name: 'Estate call', photoUrl: null };
    expect((await logOf(a))[0]).toMatchObject({ id: call.id, group, direction: 'outgoing', status: 'ended', kind: 'voice' });
    expect((await logOf(b))[0]).toMatchObject({ id: call.id, group, direction: 'incoming', status: 'ended', other: { id: a.id } });
    expect((await logOf(c))[0]).toMatchObject({ id: call.id, group, direction: 'incoming', status: 'missed', durationMs: null });
    // Someone who joined the group after the call sees nothing of it.
    const later = await person();
    const added = await chat.t.app.inject({
      method: 'POST',
      url: `/api/chat/groups/${g.id}/members`,
      headers: auth(a),
      payload: { userIds: [later.id] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await logOf(later)).toEqual([]);
  });

  it('records a call nobody answered as missed', async () => {
    const { g, people, sockets } = await groupOf(2);
    const [a] = people as [TestUser];
    const { call } = await chat.sockets.must<Started>(sockets[0]!, 'groupcall:start', { groupId: g.id });
    const record = chat.sockets.next<ChatMessage>(sockets[1]!, 'message:new');
    await chat.sockets.must(sockets[0]!, 'groupcall:leave', { callId: call.id });
    expect((await record).msgBody.event).toMatchObject({ type: 'call', userIds: [a.id], call: { callId: call.id, durationMs: null } });
    const log = json(await chat.t.app.inject({ method: 'GET', url: '/api/chat/calls', headers: auth(a) })) as { data: Call[] };
    expect(log.data[0]).toMatchObject({ id: call.id, direction: 'outgoing', status: 'missed' });
  });
});
