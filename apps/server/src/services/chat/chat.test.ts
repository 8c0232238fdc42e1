import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, ChatMessage } from '@owo/contracts';
import { auth, createTestApp, fundWallet, json, newUser, setPin, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import { chatSockets, listenOn, pause } from './chat-fixtures.js';

let t: TestContext;
let sockets: ReturnType<typeof chatSockets>;
let n = 0;
const person = () => newUser(t.app, { nickName: `chat${Date.now().toString(36)}${n++}` });
const rest = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/chat${url}`, headers: u ? auth(u) : {}, ...(payload ? { payload } : {}) });
const text = (to: TestUser, body: string, msgId = `m-${Math.random().toString(36).slice(2)}`, replyTo?: string) => ({
  msgId,
  toUserId: to.id,
  msgType: 'text',
  msgBody: { text: body, ...(replyTo ? { replyTo } : {}) },
});

beforeAll(async () => {
  t = await createTestApp({
    env: {
      CALL_RING_SECONDS: '1',
      STUN_URLS: 'stun:stun.example.ng:3478',
      TURN_URLS: 'turn:turn.example.ng:3478',
      TURN_SECRET: 'turn-secret',
    },
  });
  sockets = chatSockets(await listenOn(t.app));
});
afterAll(async () => {
  sockets.closeAll();
  await t.close();
});

describe('the chat socket', () => {
  it('needs a live session: no token, an unknown token, and a token revoked while connected', async () => {
    await expect(sockets.connect(null)).rejects.toThrow('Authorization failed, no token!');
    await expect(sockets.connect('not-a-token')).rejects.toThrow('Your session has ended. Please log in again.');
    const [a, b] = [await person(), await person()];
    const s = await sockets.connect(a.token);
    const gone = sockets.next(s, 'disconnect');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/auth/logout', headers: auth(a) })).statusCode).toBe(200);
    const r = await sockets.emit(s, 'message:send', text(b, 'still there?'));
    expect(r).toMatchObject({ status: false, code: 'SESSION_INVALID' });
    await gone;
    expect((await rest(b, 'GET', `/conversations/${a.id}/messages`)).json().data.messages).toEqual([]);
  });

  it('sends, delivers to both people, never stores a resent temporary id twice, and refuses oneself or nobody', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb, sa2] = [await sockets.connect(a.token), await sockets.connect(b.token), await sockets.connect(a.token)];
    const onB = sockets.collect<ChatMessage>(sb, 'message:new');
    const onOtherDevice = sockets.next<ChatMessage>(sa2, 'message:new');
    const m = await sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Hello B', 'tmp-1'));
    expect(m).toMatchObject({
      msgId: 'tmp-1',
      seq: 1,
      fromUserId: a.id,
      toUserId: b.id,
      msgType: 'text',
      msgBody: { text: 'Hello B', replyTo: null },
    });
    expect((await onOtherDevice).id).toBe(m.id);
    const again = await sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Hello B', 'tmp-1'));
    expect(again.id).toBe(m.id);
    const viaRest = await rest(a, 'POST', '/messages', text(b, 'Hello B', 'tmp-1'));
    expect(viaRest.statusCode).toBe(200);
    expect(json(viaRest).data).toMatchObject({ id: m.id });
    await pause(200);
    expect(onB.map((x) => x.id)).toEqual([m.id]);
    const hist = json(await rest(b, 'GET', `/conversations/${a.id}/messages`)).data as { messages: ChatMessage[] };
    expect(hist.messages.map((x) => x.id)).toEqual([m.id]);

    expect(await sockets.emit(sa, 'message:send', text(a, 'me'))).toMatchObject({ status: false, message: 'You can’t message yourself' });
    const nobody = { ...text(b, 'hi'), toUserId: '0198a7b2-0000-7000-8000-000000000000' };
    expect(await sockets.emit(sa, 'message:send', nobody)).toMatchObject({ status: false, message: 'User not found' });
    expect(await sockets.emit(sa, 'message:send', { ...text(b, ''), msgId: 'x' })).toMatchObject({
      status: false,
      code: 'VALIDATION_ERROR',
    });
    expect((await rest(null, 'POST', '/messages', text(b, 'hi'))).statusCode).toBe(401);
    expect((await rest(a, 'POST', '/messages', { toUserId: b.id })).statusCode).toBe(400);
  });

  it('numbers a conversation’s messages without gaps when both people send at once and resends race', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
    const sends = [
      ...Array.from({ length: 6 }, (_, i) => sockets.must<ChatMessage>(sa, 'message:send', text(b, `a${i}`, `ra-${i}`))),
      ...Array.from({ length: 6 }, (_, i) => sockets.must<ChatMessage>(sb, 'message:send', text(a, `b${i}`, `rb-${i}`))),
      // The same temporary ids again, at the same time: each must come back as the one stored message.
      ...Array.from({ length: 3 }, (_, i) => sockets.must<ChatMessage>(sa, 'message:send', text(b, `a${i}`, `ra-${i}`))),
    ];
    const sent = await Promise.all(sends);
    for (let i = 0; i < 3; i++) expect(sent[12 + i]!.id).toBe(sent[i]!.id);
    expect(new Set(sent.map((m) => m.id)).size).toBe(12);
    const seqs = (ms: ChatMessage[]) => ms.map((m) => m.seq).sort((x, y) => x - y);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(seqs(sent.slice(0, 12))).toEqual(upTo(12));
    const next = await sockets.must<ChatMessage>(sa, 'message:send', text(b, 'after', 'ra-next'));
    expect(next.seq).toBe(13);
    const hist = json(await rest(a, 'GET', `/conversations/${b.id}/messages`)).data as { messages: ChatMessage[] };
    expect(seqs(hist.messages)).toEqual(upTo(13));
  });

  it('replies quote the message; receipts move delivered and seen marks to the other person', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await sockets.connect(a.token), await sockets.connect(b.token)];
    const m = await sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Lunch at 1?'));
    const reply = await sockets.must<ChatMessage>(sb, 'message:send', text(a, 'Yes!', undefined, m.id));
    expect(reply.msgBody.replyTo).toEqual({ id: m.id, fromUserId: a.id, msgType: 'text', text: 'Lunch at 1?' });
    expect(reply.seq).toBe(2);
    const stranger = await person();
    const other = await sockets.must<ChatMessage>(sa, 'message:send', text(stranger, 'hi'));
    expect(await sockets.emit(sb, 'message:send', text(a, 'x', undefined, other.id))).toMatchObject({
      status: false,
      code: 'REPLY_NOT_FOUND',
    });

    const receipts = sockets.collect<{ userId: string; deliveredSeq: number; seenSeq: number }>(sa, 'receipt');
    await sockets.must(sb, 'message:delivered', { conversationId: m.conversationId, upToSeq: 1 });
    await sockets.must(sb, 'message:seen', { conversationId: m.conversationId, upToSeq: 99 });
    await pause(150);
    expect(receipts.filter((r) => r.userId === b.id).map((r) => [r.deliveredSeq, r.seenSeq])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    const hist = json(await rest(a, 'GET', `/conversations/${b.id}/messages`)).data as { marks: { theirs: { seenSeq: number } } };
    expect(hist.marks.theirs.seenSeq).toBe(2);
    // Someone else's conversation cannot be marked or read.
    const c = await person();
    const sc = await sockets.connect(c.token);
    expect(await sockets.emit(sc, 'message:seen', { conversationId: m.conversationId, upToSeq: 1 })).toMatchObject({
      status: false,
      message: 'Conversation not found',
    });
    const cView = json(await rest(c, 'GET', `/conversations/${a.id}/messages`)).data as { messages: unknown[] };
    expect(cView.messages).toEqual([]);
  });

  it('catches up after a reconnect from the last message the client has, in order, each once; recent chats count unread', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await sockets.connect(a.token);
    let sb = await sockets.connect(b.token);
    const first = await sockets.must<ChatMessage>(sa, 'message:send', text(b, 'one'));
    sb.close();
    for (const w of ['two', 'three', 'four']) await sockets.must(sa, 'message:send', text(b, w));
    sb = await sockets.connect(b.token);
    const caught = json(await rest(b, 'GET', `/conversations/${a.id}/messages?after=${first.seq}`)).data as {
      messages: ChatMessage[];
      hasMore: boolean;
    };
    expect(caught.messages.map((m) => [m.seq, m.msgBody.text])).toEqual([
      [2, 'two'],
      [3, 'three'],
      [4, 'four'],
    ]);
    expect(caught.hasMore).toBe(false);
    const older = json(await rest(b, 'GET', `/conversations/${a.id}/messages?before=3&limit=1`)).data as {
      messages: ChatMessage[];
      hasMore: boolean;
    };
    expect(older).toMatchObject({ hasMore: true, messages: [{ seq: 2 }] });
    const recent = (await rest(b, 'GET', '/recent-chats')).json() as {
      data: { user: { id: string }; unreadCount: number; lastSeq: number; lastMessage: ChatMessage }[];
    };
    expect(recent.data[0]).toMatchObject({ user: { id: a.id }, unreadCount: 4, lastSeq: 4, lastMessage: { msgBody: { text: 'four' } } });
    await rest(b, 'PUT', `/conversations/${a.id}/seen`, { upToSeq: 4 });
    expect(((await rest(b, 'GET', '/recent-chats')).json() as { data: { unreadCount: number }[] }).data[0]!.unreadCount).toBe(0);
    expect((await rest(b, 'GET', `/conversations/${a.id}/messages?after=1&before=3`)).statusCode).toBe(400);
    expect((await rest(b, 'GET', `/conversations/${b.id}/messages`)).statusCode).toBe(400);
    sb.close();
  });

  it('lists only people with a nickname in the directory; typing and presence reach the other person', async () => {
    const a = await person();
    const plain = await newUser(t.app);
    const dir = (await rest(a, 'GET', '/directory?limit=50')).json() as { data: { id: string; nickName: string | null }[] };
    expect(dir.data.every((p) => p.nickName)).toBe(true);
    expect(dir.data.map((p) => p.id)).not.toContain(plain.id);
    expect(dir.data.map((p) => p.id)).not.toContain(a.id);
    const b = await person();
    const sa = await sockets.connect(a.token);
    const watched = await sockets.must<{ fromUserJid: string; status: string }[]>(sa, 'presence:watch', { userIds: [b.id] });
    expect(watched).toEqual([{ fromUserJid: b.id, status: 'offline', lastSeen: null }]);
    const online = sockets.next<{ status: string }>(sa, 'presence');
    const sb = await sockets.connect(b.token);
    expect((await online).status).toBe('online');
    const typing = sockets.next(sa, 'typing');
    await sockets.must(sb, 'typing', { toUserId: a.id, typing: true });
    expect(await typing).toEqual({ fromUserId: b.id, typing: true });
    const offline = sockets.next<{ status: string; lastSeen: string | null }>(sa, 'presence');
    sb.close();
    expect(await offline).toMatchObject({ status: 'offline', lastSeen: expect.any(String) });
  });

  it('shares a completed payment in the conversation, once, and only one’s own to this person', async () => {
    const [a, b] = [await person(), await person()];
    await setPin(t.app, a);
    await fundWallet(t.app, a, 100_000);
    const pre = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(a),
      payload: { type: 'sendMoney', recipientId: b.id, amount: 50_000 },
    });
    const reference = (json(pre).data as { reference: string }).reference;
    const sa = await sockets.connect(a.token);
    const pay = (msgId: string) => ({ msgId, toUserId: b.id, msgType: 'payment', msgBody: { paymentReference: reference } });
    expect(await sockets.emit(sa, 'message:send', pay('p0'))).toMatchObject({ status: false, code: 'PAYMENT_NOT_CONFIRMED' });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/complete',
      headers: auth(a, { transactionPin: TEST_PIN }),
      payload: { reference },
    });
    expect(done.statusCode).toBe(200);
    const m = await sockets.must<ChatMessage>(sa, 'message:send', pay('p1'));
    expect(m.msgBody.payment).toEqual({ reference, amount: 50_000, status: 'completed' });
    expect(await sockets.emit(sa, 'message:send', pay('p2'))).toMatchObject({ status: false, code: 'PAYMENT_ALREADY_SHARED' });
    const sb = await sockets.connect(b.token);
    const c = await person();
    expect(await sockets.emit(sb, 'message:send', { ...pay('p3'), toUserId: a.id })).toMatchObject({
      status: false,
      code: 'PAYMENT_NOT_FOUND',
    });
    expect(await sockets.emit(sa, 'message:send', { ...pay('p4'), toUserId: c.id })).toMatchObject({
      status: false,
      code: 'PAYMENT_NOT_FOUND',
    });
  });
});

describe('calls', () => {
  it('rings every device, is answered once, relays signals, ends; the log shows it for both', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await sockets.connect(a.token);
    const [b1, b2] = [await sockets.connect(b.token), await sockets.connect(b.token)];
    const rings = [
      sockets.next<{ call: Call; iceServers: { urls: unknown; username?: string }[] }>(b1, 'call:incoming'),
      sockets.next(b2, 'call:incoming'),
    ];
    const started = await sockets.must<{ call: Call; iceServers: { urls: unknown; username?: string; credential?: string }[] }>(
      sa,
      'call:start',
      { toUserId: b.id, kind: 'video' },
    );
    expect(started.call).toMatchObject({ status: 'ringing', kind: 'video', direction: 'outgoing', other: { id: b.id } });
    expect(started.iceServers[0]).toEqual({ urls: ['stun:stun.example.ng:3478'] });
    expect(started.iceServers[1]).toMatchObject({
      urls: ['turn:turn.example.ng:3478'],
      username: expect.stringMatching(new RegExp(`:${a.id}$`)),
    });
    const [incoming] = await Promise.all(rings);
    expect(incoming!.call).toMatchObject({ id: started.call.id, direction: 'incoming' });
    const stopRinging = sockets.next<Call>(b2, 'call:update');
    const answered = await sockets.must<Call>(b1, 'call:answer', { callId: started.call.id });
    expect(answered.status).toBe('active');
    expect((await stopRinging).status).toBe('active');
    expect(await sockets.emit(b2, 'call:answer', { callId: started.call.id })).toMatchObject({
      status: false,
      message: 'This call is no longer ringing',
    });
    const offer = sockets.next<{ callId: string; fromUserId: string; data: { type: string } }>(b1, 'call:signal');
    await sockets.must(sa, 'call:signal', { callId: started.call.id, data: { type: 'offer', sdp: 'v=0' } });
    expect(await offer).toEqual({ callId: started.call.id, fromUserId: a.id, data: { type: 'offer', sdp: 'v=0' } });
    const stranger = await sockets.connect((await person()).token);
    expect(await sockets.emit(stranger, 'call:signal', { callId: started.call.id, data: { type: 'ice' } })).toMatchObject({
      status: false,
      message: 'Call not found',
    });
    await pause(30);
    const ended = await sockets.must<Call>(sa, 'call:end', { callId: started.call.id });
    expect(ended).toMatchObject({ status: 'ended', durationMs: expect.any(Number) });
    for (const u of [a, b]) {
      const log = (await rest(u, 'GET', '/calls')).json() as { data: Call[] };
      expect(log.data[0]).toMatchObject({ id: started.call.id, status: 'ended' });
    }
  });

  it('rings a device that connects while the call is ringing, and no longer once it is answered', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await sockets.connect(a.token);
    const started = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    let ring: Promise<{ call: Call }> | undefined;
    const b1 = await sockets.connect(b.token, (s) => {
      ring = sockets.next<{ call: Call }>(s, 'call:incoming');
    });
    expect((await ring!).call).toMatchObject({ id: started.call.id, status: 'ringing', direction: 'incoming', other: { id: a.id } });
    await sockets.must(b1, 'call:answer', { callId: started.call.id });
    let lateRings: unknown[] = [];
    await sockets.connect(b.token, (s) => (lateRings = sockets.collect(s, 'call:incoming')));
    await pause(500);
    expect(lateRings).toEqual([]);
    await sockets.must(sa, 'call:end', { callId: started.call.id });
  });

  it('records declined, busy and missed calls', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const [sa, sb, sc] = [await sockets.connect(a.token), await sockets.connect(b.token), await sockets.connect(c.token)];
    const first = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    const declinedForA = sockets.next<Call>(sa, 'call:update');
    await sockets.must(sb, 'call:decline', { callId: first.call.id });
    expect((await declinedForA).status).toBe('declined');

    const second = await sockets.must<{ call: Call }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    const busy = await sockets.must<{ call: Call }>(sc, 'call:start', { toUserId: b.id, kind: 'video' });
    expect(busy.call.status).toBe('busy');
    expect(await sockets.emit(sa, 'call:start', { toUserId: c.id, kind: 'voice' })).toMatchObject({
      status: false,
      code: 'ALREADY_IN_CALL',
    });
    expect(await sockets.emit(sa, 'call:start', { toUserId: a.id, kind: 'voice' })).toMatchObject({ status: false, code: 'CALL_SELF' });
    // Unanswered for CALL_RING_SECONDS (1 s here): missed, told to both.
    const missed = await sockets.next<Call>(sb, 'call:update', 4000);
    expect(missed).toMatchObject({ id: second.call.id, status: 'missed', direction: 'incoming' });
    const log = (await rest(b, 'GET', '/calls')).json() as { data: Call[] };
    expect(new Set(log.data.map((x) => x.status))).toEqual(new Set(['busy', 'missed', 'declined']));
    expect((await rest(null, 'GET', '/calls')).statusCode).toBe(401);
  });
});

describe('saved media and the rest', () => {
  it('saves a photo from a chat; someone else’s message cannot be saved', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const BOUNDARY = '----owo-chat';
    const sharp = (await import('sharp')).default;
    const img = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload/api/upload/single',
      headers: { ...auth(a), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
        img,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    const url = (json(up).data as { url: string }).url;
    const sent = await rest(a, 'POST', '/messages', { msgId: 'img-1', toUserId: b.id, msgType: 'image', msgBody: { mediaUrl: url } });
    expect(sent.statusCode).toBe(201);
    const msg = json(sent).data as ChatMessage;
    expect(msg.msgBody.media).toMatchObject({ url });
    expect(
      (await rest(b, 'POST', '/messages', { msgId: 'img-2', toUserId: a.id, msgType: 'image', msgBody: { mediaUrl: url } })).statusCode,
    ).toBe(400);
    expect(json(await rest(b, 'POST', '/saved-media', { messageId: msg.id })).data).toMatchObject({
      msgId: 'img-1',
      blobUrl: url,
      msgType: 'image',
      withUserId: a.id,
      status: 'saved',
    });
    expect(((await rest(b, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(1);
    expect(((await rest(a, 'GET', '/saved-media')).json() as { data: unknown[] }).data).toHaveLength(0);
    expect((await rest(c, 'POST', '/saved-media', { messageId: msg.id })).statusCode).toBe(404);
    const ice = json(await rest(a, 'GET', '/ice-servers')).data as { ttlSeconds: number };
    expect(ice.ttlSeconds).toBe(3600);
  });
});
