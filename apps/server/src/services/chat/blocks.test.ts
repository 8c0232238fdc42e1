import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, ChatMessage } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { chatSockets, listenOn, pause } from './chat-fixtures.js';

let t: TestContext;
let sockets: ReturnType<typeof chatSockets>;
let n = 0;
const person = () => newUser(t.app, { nickName: `blk${Date.now().toString(36)}${n++}` });
const rest = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url: `/api/chat${url}`, headers: { ...(u ? auth(u) : {}), ...headers }, ...(payload ? { payload } : {}) });
const text = (to: TestUser, body: string) => ({
  msgId: `m-${Math.random().toString(36).slice(2)}`,
  toUserId: to.id,
  msgType: 'text',
  msgBody: { text: body },
});
const block = (by: TestUser, who: TestUser) => rest(by, 'PUT', `/blocks/${who.id}`);
const unblock = (by: TestUser, who: TestUser) => rest(by, 'DELETE', `/blocks/${who.id}`);
const rows = async (q: ReturnType<typeof sql>) => (await executeRows<{ n: number }>(t.db, q))[0]!.n;
/** What exists between two people: messages, conversations, calls. */
const between = async (a: TestUser, b: TestUser) => ({
  messages: await rows(
    sql`SELECT count(*)::int AS n FROM chat_messages WHERE (from_user_id = ${a.id} AND to_user_id = ${b.id}) OR (from_user_id = ${b.id} AND to_user_id = ${a.id})`,
  ),
  conversations: await rows(
    sql`SELECT count(*)::int AS n FROM chat_conversations WHERE (user_a = ${a.id} AND user_b = ${b.id}) OR (user_a = ${b.id} AND user_b = ${a.id})`,
  ),
  calls: await rows(
    sql`SELECT count(*)::int AS n FROM chat_calls WHERE (caller_id = ${a.id} AND callee_id = ${b.id}) OR (caller_id = ${b.id} AND callee_id = ${a.id})`,
  ),
});
const CANNOT_MESSAGE = { status: false, code: 'CANNOT_MESSAGE', message: 'You can’t message this person' };
const CANNOT_CALL = { status: false, code: 'CANNOT_CALL', message: 'You can’t call this person' };

beforeAll(async () => {
  t = await createTestApp({ env: { CALL_RING_SECONDS: '30' } });
  sockets = chatSockets(await listenOn(t.app));
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

/** A blocked B, then C a moment later. */
async function blockedTwo() {
  const [a, b, c] = [await person(), await person(), await person()];
  const first = await block(a, b);
  expect(first.statusCode).toBe(200);
  await pause(5);
  expect((await block(a, c)).statusCode).toBe(200);
  return { a, b, c, first };
}

describe('blocking a person', () => {
  it('blocks a person and says since when', async () => {
    const { b, first } = await blockedTwo();
    expect(json(first)).toMatchObject({ status: true, data: { userId: b.id, blocked: true, blockedAt: expect.any(String) } });
  });

  it('keeps the first block when a person is blocked again', async () => {
    const { a, b, first } = await blockedTwo();
    expect(json(await block(a, b)).data).toEqual(json(first).data);
  });

  it('lists the people blocked, the latest first, by page', async () => {
    const { a, b, c } = await blockedTwo();
    const page1 = (await rest(a, 'GET', '/blocks?limit=1')).json() as {
      data: { user: { id: string }; blockedAt: string }[];
      pagination: { total: number; next: { page: number } | null };
    };
    expect(page1.data.map((x) => x.user.id)).toEqual([c.id]);
    expect(page1.pagination).toMatchObject({ total: 2, next: { page: 2 } });
    const page2 = (await rest(a, 'GET', '/blocks?limit=1&page=2')).json() as { data: { user: { id: string } }[] };
    expect(page2.data.map((x) => x.user.id)).toEqual([b.id]);
    expect(json(await rest(a, 'GET', `/blocks/${b.id}`)).data).toMatchObject({ blocked: true });
  });

  it('tells only the blocker: the person blocked sees no block in their lists or their view of it', async () => {
    const { a, b } = await blockedTwo();
    expect(json(await rest(b, 'GET', `/blocks/${a.id}`)).data).toEqual({ userId: a.id, blocked: false, blockedAt: null });
    expect(json(await rest(b, 'GET', '/blocks')).data).toEqual([]);
  });

  it('unblocks a person, who leaves the list', async () => {
    const { a, b, c } = await blockedTwo();
    const undone = await unblock(a, b);
    expect(undone.statusCode).toBe(200);
    expect(json(undone).data).toEqual({ userId: b.id, blocked: false, blockedAt: null });
    expect((json(await rest(a, 'GET', '/blocks')).data as { user: { id: string } }[]).map((x) => x.user.id)).toEqual([c.id]);
    expect(await rows(sql`SELECT count(*)::int AS n FROM chat_blocks WHERE blocker_id = ${a.id}`)).toBe(1);
  });

  it.each([
    ['a block of a malformed id', (a: TestUser) => rest(a, 'PUT', '/blocks/not-an-id'), 400, undefined],
    ['an unblock of a malformed id', (a: TestUser) => rest(a, 'DELETE', '/blocks/not-an-id'), 400, undefined],
    ['a page of more than the most', (a: TestUser) => rest(a, 'GET', '/blocks?limit=500'), 400, undefined],
    ['a block of oneself', (a: TestUser) => block(a, a), 400, 'BLOCK_SELF'],
    ['a block of nobody', (a: TestUser) => rest(a, 'PUT', '/blocks/0198a7b2-0000-7000-8000-000000000000'), 404, undefined],
  ])('refuses %s, blocking no one', async (_case, call, status, code) => {
    const a = await person();
    const r = await call(a);
    expect(r.statusCode).toBe(status);
    if (code) expect(json(r)).toMatchObject({ code });
    expect(await rows(sql`SELECT count(*)::int AS n FROM chat_blocks WHERE blocker_id = ${a.id}`)).toBe(0);
  });

  it.each([
    ['PUT', (b: TestUser) => `/blocks/${b.id}`],
    ['DELETE', (b: TestUser) => `/blocks/${b.id}`],
    ['GET', () => '/blocks'],
    ['GET', (b: TestUser) => `/blocks/${b.id}`],
  ] as const)('needs a session for %s %s (401)', async (method, url) => {
    const b = await person();
    expect((await rest(null, method, url(b))).statusCode).toBe(401);
  });

  /** A blocked B with an Idempotency-Key. */
  const blockedWithKey = async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const key = { 'idempotency-key': `block-${Date.now()}-${n}` };
    const one = await rest(a, 'PUT', `/blocks/${b.id}`, undefined, key);
    expect(one.statusCode).toBe(200);
    return { a, b, c, key, one };
  };

  it('replays the first answer for the same Idempotency-Key', async () => {
    const { a, b, key, one } = await blockedWithKey();
    const again = await rest(a, 'PUT', `/blocks/${b.id}`, undefined, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(one.json());
  });

  it('refuses the same Idempotency-Key for another person (422), blocking no one', async () => {
    const { a, c, key } = await blockedWithKey();
    expect((await rest(a, 'PUT', `/blocks/${c.id}`, undefined, key)).statusCode).toBe(422);
    expect(json(await rest(a, 'GET', `/blocks/${c.id}`)).data).toMatchObject({ blocked: false });
  });

  it('refuses a malformed Idempotency-Key (400), blocking no one', async () => {
    const { a, c } = await blockedWithKey();
    expect((await rest(a, 'PUT', `/blocks/${c.id}`, undefined, { 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
    expect(json(await rest(a, 'GET', `/blocks/${c.id}`)).data).toMatchObject({ blocked: false });
  });
});

describe('what a block refuses', () => {
  /** A blocked B; both are connected. */
  const blockedConnected = async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
    expect((await block(a, b)).statusCode).toBe(200);
    return { a, b, sa, sb };
  };

  it('refuses messages both ways, by socket and REST, writing and delivering nothing', async () => {
    const { a, b, sa, sb } = await blockedConnected();
    const onA = sockets.collect<ChatMessage>(sa, 'message:new');
    expect(await sockets.emit(sb, 'message:send', text(a, 'hello?'))).toEqual(CANNOT_MESSAGE);
    expect(await sockets.emit(sa, 'message:send', text(b, 'hi'))).toEqual(CANNOT_MESSAGE);
    const viaRest = await rest(b, 'POST', '/messages', text(a, 'hello over REST'));
    expect(viaRest.statusCode).toBe(403);
    expect(viaRest.json()).toMatchObject({ code: 'CANNOT_MESSAGE', message: 'You can’t message this person' });
    expect(await between(a, b)).toEqual({ messages: 0, conversations: 0, calls: 0 });
    await pause(100);
    expect(onA).toEqual([]);
  });

  it('is lifted only by the blocker: the other person’s unblock changes nothing', async () => {
    const { a, b, sa, sb } = await blockedConnected();
    const onA = sockets.collect<ChatMessage>(sa, 'message:new');
    // B's unblock of A lifts nothing (B blocked no one).
    expect((await unblock(b, a)).statusCode).toBe(200);
    expect(await sockets.emit(sb, 'message:send', text(a, 'still?'))).toEqual(CANNOT_MESSAGE);
    await pause(100);
    expect(onA).toEqual([]);
  });

  it('lets messages through again once the blocker unblocks', async () => {
    const { a, b, sb } = await blockedConnected();
    expect((await unblock(a, b)).statusCode).toBe(200);
    const m = await sockets.must<ChatMessage>(sb, 'message:send', text(a, 'back again'));
    expect(m.msgBody.text).toBe('back again');
    expect(await between(a, b)).toEqual({ messages: 1, conversations: 1, calls: 0 });
  });

  it('refuses a call both ways (no call row, no ringing), ends a live one, and refuses its signalling', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
    const live = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    await sockets.must(sb, 'call:answer', { callId: live.call.id });
    const endedForA = sockets.next<Call>(sa, 'call:update');
    const endedForB = sockets.next<Call>(sb, 'call:update');
    expect((await block(b, a)).statusCode).toBe(200);
    expect(await endedForA).toMatchObject({ id: live.call.id, status: 'ended' });
    expect(await endedForB).toMatchObject({ id: live.call.id, status: 'ended' });
    expect(await sockets.emit(sa, 'call:signal', { callId: live.call.id, data: { type: 'offer', sdp: 'v=0' } })).toMatchObject({
      status: false,
    });

    const rings = sockets.collect(sb, 'call:incoming');
    expect(await sockets.emit(sa, 'call:start', { toUserId: b.id, kind: 'video' })).toEqual(CANNOT_CALL);
    expect(await sockets.emit(sb, 'call:start', { toUserId: a.id, kind: 'voice' })).toEqual(CANNOT_CALL);
    await pause(100);
    expect(rings).toEqual([]);
    expect((await between(a, b)).calls).toBe(1);

    expect((await unblock(b, a)).statusCode).toBe(200);
    const again = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    expect(again.call.status).toBe('ringing');
    await sockets.must(sa, 'call:end', { callId: again.call.id });
  });

  it('refuses signalling and answering in a call already live when the block lands', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
    const active = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'video' });
    await sockets.must(sb, 'call:answer', { callId: active.call.id });
    // The block row alone (as if written between the call's checks): the rule itself must refuse.
    await t.db.execute(sql`INSERT INTO chat_blocks (blocker_id, blocked_id) VALUES (${a.id}, ${b.id})`);
    const signals = sockets.collect(sa, 'call:signal');
    for (const type of ['offer', 'answer', 'ice'] as const)
      expect(await sockets.emit(sb, 'call:signal', { callId: active.call.id, data: { type, sdp: 'v=0' } })).toEqual(CANNOT_CALL);
    expect(await sockets.emit(sa, 'call:signal', { callId: active.call.id, data: { type: 'ice', candidate: {} } })).toEqual(CANNOT_CALL);
    await pause(100);
    expect(signals).toEqual([]);
    await sockets.must(sa, 'call:end', { callId: active.call.id });

    await t.db.execute(sql`DELETE FROM chat_blocks WHERE blocker_id = ${a.id}`);
    const ringing = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    await t.db.execute(sql`INSERT INTO chat_blocks (blocker_id, blocked_id) VALUES (${a.id}, ${b.id})`);
    expect(await sockets.emit(sb, 'call:answer', { callId: ringing.call.id })).toEqual(CANNOT_CALL);
    // Hanging up stays possible.
    expect((await sockets.must<Call>(sb, 'call:decline', { callId: ringing.call.id })).status).toBe('declined');
  });

  /** A watched B's presence, then blocked B; both are connected. */
  const blockedWhileWatching = async () => {
    const [a, b] = [await person(), await person()];
    const sa = await sockets.connect(a.token);
    const sb = await sockets.connect(b.token);
    // A watched B before the block: the block stops that too.
    expect(await sockets.must<{ status: string }[]>(sa, 'presence:watch', { userIds: [b.id] })).toMatchObject([{ status: 'online' }]);
    expect((await block(a, b)).statusCode).toBe(200);
    return { a, b, sa, sb };
  };

  it('passes on no presence or typing either way', async () => {
    const { a, b, sa, sb: first } = await blockedWhileWatching();
    const toA = sockets.collect(sa, 'presence');
    const typingToA = sockets.collect(sa, 'typing');
    const typingToB = sockets.collect(first, 'typing');
    expect(await sockets.must(first, 'typing', { toUserId: a.id, typing: true })).toBeNull();
    expect(await sockets.must(sa, 'typing', { toUserId: b.id, typing: true })).toBeNull();
    const hidden = { status: 'offline', lastSeen: null };
    expect(await sockets.must(sa, 'presence:watch', { userIds: [b.id] })).toEqual([{ fromUserJid: b.id, ...hidden }]);
    expect(await sockets.must(first, 'presence:watch', { userIds: [a.id] })).toEqual([{ fromUserJid: a.id, ...hidden }]);
    expect(json(await rest(b, 'GET', `/presence?userIds=${a.id}`)).data).toEqual([{ fromUserJid: a.id, ...hidden }]);
    expect(json(await rest(a, 'GET', `/presence?userIds=${b.id}`)).data).toEqual([{ fromUserJid: b.id, ...hidden }]);
    first.close();
    await pause(300);
    await sockets.connect(b.token);
    await pause(200);
    expect(toA).toEqual([]);
    expect(typingToA).toEqual([]);
    expect(typingToB).toEqual([]);
  });

  it('passes presence and typing on again once the blocker unblocks', async () => {
    const { a, b, sa, sb } = await blockedWhileWatching();
    expect((await unblock(a, b)).statusCode).toBe(200);
    expect(await sockets.must<{ status: string }[]>(sa, 'presence:watch', { userIds: [b.id] })).toMatchObject([{ status: 'online' }]);
    const typing = sockets.next(sa, 'typing');
    await sockets.must(sb, 'typing', { toUserId: a.id, typing: true });
    expect(await typing).toEqual({ fromUserId: b.id, typing: true });
    const offline = sockets.next<{ status: string }>(sa, 'presence');
    sb.close();
    expect((await offline).status).toBe('offline');
  });
});

/** A wrote to B: they have a conversation. */
async function talking() {
  const [a, b] = [await person(), await person()];
  expect((await rest(a, 'POST', '/messages', text(b, 'buy my coins'))).statusCode).toBe(201);
  return { a, b };
}
const reports = (a: TestUser, b: TestUser) =>
  rows(sql`SELECT count(*)::int AS n FROM conversation_reports WHERE reported_user_id IN (${a.id}, ${b.id})`);

describe('reporting a conversation', () => {
  it('stores a report with its reason and note', async () => {
    const { a, b } = await talking();
    const r = await rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'scam', note: 'Asked for my PIN' });
    expect(r.statusCode).toBe(201);
    expect(json(r).data).toMatchObject({ reportedUserId: a.id, reason: 'scam', createdAt: expect.any(String) });
    const stored = await executeRows<{ reporter_id: string; reported_user_id: string; reason: string; note: string }>(
      t.db,
      sql`SELECT reporter_id, reported_user_id, reason, note FROM conversation_reports WHERE reporter_id = ${b.id}`,
    );
    expect(stored).toEqual([{ reporter_id: b.id, reported_user_id: a.id, reason: 'scam', note: 'Asked for my PIN' }]);
  });

  it('takes one report per person and conversation (409 the second time)', async () => {
    const { a, b } = await talking();
    expect((await rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'scam' })).statusCode).toBe(201);
    const twice = await rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'spam' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_REPORTED', message: 'You already reported this conversation' });
    expect(await reports(a, b)).toBe(1);
  });

  it('lets the other person report the conversation too, even after a block', async () => {
    const { a, b } = await talking();
    expect((await rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'scam' })).statusCode).toBe(201);
    expect((await block(a, b)).statusCode).toBe(200);
    expect((await rest(a, 'POST', `/conversations/${b.id}/report`, { reason: 'harassment' })).statusCode).toBe(201);
    expect(await reports(a, b)).toBe(2);
  });

  type Refusal = [string, (a: TestUser, b: TestUser, c: TestUser) => ReturnType<typeof rest>, number, string | undefined];
  it.each<Refusal>([
    ['an unknown reason', (a, b) => rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'because' }), 400, undefined],
    ['no reason', (a, b) => rest(b, 'POST', `/conversations/${a.id}/report`, {}), 400, undefined],
    ['a malformed id', (_a, b) => rest(b, 'POST', '/conversations/not-an-id/report', { reason: 'spam' }), 400, undefined],
    [
      'a note over 500 characters',
      (a, b) => rest(b, 'POST', `/conversations/${a.id}/report`, { reason: 'other', note: 'x'.repeat(501) }),
      400,
      undefined,
    ],
    ['no session', (a) => rest(null, 'POST', `/conversations/${a.id}/report`, { reason: 'spam' }), 401, undefined],
    ['no conversation', (a, _b, c) => rest(c, 'POST', `/conversations/${a.id}/report`, { reason: 'spam' }), 404, undefined],
    ['a report of oneself', (_a, _b, c) => rest(c, 'POST', `/conversations/${c.id}/report`, { reason: 'spam' }), 400, 'REPORT_SELF'],
  ])('refuses a report with %s, storing nothing', async (_case, call, status, code) => {
    const { a, b } = await talking();
    const c = await person();
    const r = await call(a, b, c);
    expect(r.statusCode).toBe(status);
    if (code) expect(json(r)).toMatchObject({ code });
    expect(await reports(a, b)).toBe(0);
  });
});
