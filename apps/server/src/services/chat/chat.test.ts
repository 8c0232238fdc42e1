import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { auth, json, newUser, type TestUser } from '../../test/harness.js';
import { chatTestApp, confirmPayment, pause, startedPayment, text } from './chat-fixtures.js';

const chat = chatTestApp();
const { person, rest } = chat;

describe('the chat socket', () => {
  it('needs a live session: no token, an unknown token, and a token revoked while connected', async () => {
    await expect(chat.sockets.connect(null)).rejects.toThrow('Authorization failed, no token!');
    await expect(chat.sockets.connect('not-a-token')).rejects.toThrow('Your session has ended. Please log in again.');
    const [a, b] = [await person(), await person()];
    const s = await chat.sockets.connect(a.token);
    const gone = chat.sockets.next(s, 'disconnect');
    expect((await chat.t.app.inject({ method: 'GET', url: '/api/user/auth/logout', headers: auth(a) })).statusCode).toBe(200);
    const r = await chat.sockets.emit(s, 'message:send', text(b, 'still there?'));
    expect(r).toMatchObject({ status: false, code: 'SESSION_INVALID' });
    await gone;
    expect((await rest(b, 'GET', `/conversations/${a.id}/messages`)).json().data.messages).toEqual([]);
  });

  it('delivers a message to the other person and to the sender’s other devices', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb, sa2] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token), await chat.sockets.connect(a.token)];
    const onB = chat.sockets.next<ChatMessage>(sb, 'message:new');
    const onOtherDevice = chat.sockets.next<ChatMessage>(sa2, 'message:new');
    const m = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Hello B', 'tmp-1'));
    expect(m).toMatchObject({
      msgId: 'tmp-1',
      seq: 1,
      fromUserId: a.id,
      toUserId: b.id,
      msgType: 'text',
      msgBody: { text: 'Hello B', replyTo: null },
    });
    expect((await onB).id).toBe(m.id);
    expect((await onOtherDevice).id).toBe(m.id);
  });

  it('stores a message resent with its temporary id once, on the socket or over HTTP', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token)];
    const onB = chat.sockets.collect<ChatMessage>(sb, 'message:new');
    const m = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Hello B', 'tmp-1'));
    const again = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Hello B', 'tmp-1'));
    expect(again.id).toBe(m.id);
    const viaRest = await rest(a, 'POST', '/messages', text(b, 'Hello B', 'tmp-1'));
    expect(viaRest.statusCode).toBe(200);
    expect(json(viaRest).data).toMatchObject({ id: m.id });
    await pause(200);
    expect(onB.map((x) => x.id)).toEqual([m.id]);
    const hist = json(await rest(b, 'GET', `/conversations/${a.id}/messages`)).data as { messages: ChatMessage[] };
    expect(hist.messages.map((x) => x.id)).toEqual([m.id]);
  });

  it.each([
    ['to oneself', (a: TestUser) => text(a, 'me'), { message: 'You can’t message yourself' }],
    [
      'to nobody',
      (_a: TestUser, b: TestUser) => ({ ...text(b, 'hi'), toUserId: '0198a7b2-0000-7000-8000-000000000000' }),
      { message: 'User not found' },
    ],
    ['without text', (_a: TestUser, b: TestUser) => ({ ...text(b, ''), msgId: 'x' }), { code: 'VALIDATION_ERROR' }],
  ])('refuses a message %s on the socket, storing nothing', async (_case, body, refusal) => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    expect(await chat.sockets.emit(sa, 'message:send', body(a, b))).toMatchObject({ status: false, ...refusal });
    expect((await rest(a, 'GET', `/conversations/${b.id}/messages`)).json().data.messages).toEqual([]);
  });

  it('refuses a message over HTTP without a session (401) or without its text (400)', async () => {
    const [a, b] = [await person(), await person()];
    expect((await rest(null, 'POST', '/messages', text(b, 'hi'))).statusCode).toBe(401);
    expect((await rest(a, 'POST', '/messages', { toUserId: b.id })).statusCode).toBe(400);
  });

  it('numbers a conversation’s messages without gaps when both people send at once and resends race', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token)];
    const sends = [
      ...Array.from({ length: 6 }, (_, i) => chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, `a${i}`, `ra-${i}`))),
      ...Array.from({ length: 6 }, (_, i) => chat.sockets.must<ChatMessage>(sb, 'message:send', text(a, `b${i}`, `rb-${i}`))),
      // The same temporary ids again, at the same time: each must come back as the one stored message.
      ...Array.from({ length: 3 }, (_, i) => chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, `a${i}`, `ra-${i}`))),
    ];
    const sent = await Promise.all(sends);
    for (let i = 0; i < 3; i++) expect(sent[12 + i]!.id).toBe(sent[i]!.id);
    expect(new Set(sent.map((m) => m.id)).size).toBe(12);
    const seqs = (ms: ChatMessage[]) => ms.map((m) => m.seq).sort((x, y) => x - y);
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(seqs(sent.slice(0, 12))).toEqual(upTo(12));
    const next = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'after', 'ra-next'));
    expect(next.seq).toBe(13);
    const hist = json(await rest(a, 'GET', `/conversations/${b.id}/messages`)).data as { messages: ChatMessage[] };
    expect(seqs(hist.messages)).toEqual(upTo(13));
  });

  /** A asked B something and B replied: the conversation's second message. */
  const replied = async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token)];
    const m = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'Lunch at 1?'));
    const reply = await chat.sockets.must<ChatMessage>(sb, 'message:send', text(a, 'Yes!', undefined, m.id));
    return { a, b, sa, sb, m, reply };
  };

  it('quotes the message a reply answers', async () => {
    const { a, m, reply } = await replied();
    expect(reply.msgBody.replyTo).toEqual({ id: m.id, fromUserId: a.id, msgType: 'text', text: 'Lunch at 1?' });
    expect(reply.seq).toBe(2);
  });

  it('refuses a reply to a message of another conversation', async () => {
    const { a, sa, sb } = await replied();
    const stranger = await person();
    const other = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(stranger, 'hi'));
    expect(await chat.sockets.emit(sb, 'message:send', text(a, 'x', undefined, other.id))).toMatchObject({
      status: false,
      code: 'REPLY_NOT_FOUND',
    });
  });

  it('moves the delivered and seen marks, never past the last message, and shows them to the other person', async () => {
    const { a, b, sa, sb, m } = await replied();
    const receipts = chat.sockets.collect<{ userId: string; deliveredSeq: number; seenSeq: number }>(sa, 'receipt');
    await chat.sockets.must(sb, 'message:delivered', { conversationId: m.conversationId, upToSeq: 1 });
    await chat.sockets.must(sb, 'message:seen', { conversationId: m.conversationId, upToSeq: 99 });
    await pause(150);
    expect(receipts.filter((r) => r.userId === b.id).map((r) => [r.deliveredSeq, r.seenSeq])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    const hist = json(await rest(a, 'GET', `/conversations/${b.id}/messages`)).data as { marks: { theirs: { seenSeq: number } } };
    expect(hist.marks.theirs.seenSeq).toBe(2);
  });

  it('neither marks nor reads someone else’s conversation', async () => {
    const { a, m } = await replied();
    const c = await person();
    const sc = await chat.sockets.connect(c.token);
    expect(await chat.sockets.emit(sc, 'message:seen', { conversationId: m.conversationId, upToSeq: 1 })).toMatchObject({
      status: false,
      message: 'Conversation not found',
    });
    const cView = json(await rest(c, 'GET', `/conversations/${a.id}/messages`)).data as { messages: unknown[] };
    expect(cView.messages).toEqual([]);
  });

  /** A sent B four messages, the last three while B was away. */
  const fourWhileAway = async () => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    const sb = await chat.sockets.connect(b.token);
    const first = await chat.sockets.must<ChatMessage>(sa, 'message:send', text(b, 'one'));
    sb.close();
    for (const w of ['two', 'three', 'four']) await chat.sockets.must(sa, 'message:send', text(b, w));
    return { a, b, first };
  };

  it('catches up after a reconnect from the last message the client has, in order, each once', async () => {
    const { a, b, first } = await fourWhileAway();
    const sb = await chat.sockets.connect(b.token);
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
    sb.close();
  });

  it('pages back through older messages, saying whether there are more', async () => {
    const { a, b } = await fourWhileAway();
    const older = json(await rest(b, 'GET', `/conversations/${a.id}/messages?before=3&limit=1`)).data as {
      messages: ChatMessage[];
      hasMore: boolean;
    };
    expect(older).toMatchObject({ hasMore: true, messages: [{ seq: 2 }] });
  });

  it('counts a recent chat’s unread messages until they are seen', async () => {
    const { a, b } = await fourWhileAway();
    const recent = (await rest(b, 'GET', '/recent-chats')).json() as {
      data: { user: { id: string }; unreadCount: number; lastSeq: number; lastMessage: ChatMessage }[];
    };
    expect(recent.data[0]).toMatchObject({ user: { id: a.id }, unreadCount: 4, lastSeq: 4, lastMessage: { msgBody: { text: 'four' } } });
    await rest(b, 'PUT', `/conversations/${a.id}/seen`, { upToSeq: 4 });
    expect(((await rest(b, 'GET', '/recent-chats')).json() as { data: { unreadCount: number }[] }).data[0]!.unreadCount).toBe(0);
  });

  it.each([
    ['both after and before', (other: TestUser) => `/conversations/${other.id}/messages?after=1&before=3`],
    ['a conversation with oneself', (_other: TestUser, me: TestUser) => `/conversations/${me.id}/messages`],
  ])('refuses to read a conversation page asked with %s (400)', async (_case, url) => {
    const { a, b } = await fourWhileAway();
    expect((await rest(b, 'GET', url(a, b))).statusCode).toBe(400);
  });

  it('lists only people with a nickname in the directory, never the caller', async () => {
    const a = await person();
    const plain = await newUser(chat.t.app);
    const dir = (await rest(a, 'GET', '/directory?limit=50')).json() as { data: { id: string; nickName: string | null }[] };
    expect(dir.data.every((p) => p.nickName)).toBe(true);
    expect(dir.data.map((p) => p.id)).not.toContain(plain.id);
    expect(dir.data.map((p) => p.id)).not.toContain(a.id);
  });

  it('tells a watcher when the person watched comes online and goes offline, with their last seen', async () => {
    const [a, b] = [await person(), await person()];
    const sa = await chat.sockets.connect(a.token);
    const watched = await chat.sockets.must<{ fromUserJid: string; status: string }[]>(sa, 'presence:watch', { userIds: [b.id] });
    expect(watched).toEqual([{ fromUserJid: b.id, status: 'offline', lastSeen: null }]);
    const online = chat.sockets.next<{ status: string }>(sa, 'presence');
    const sb = await chat.sockets.connect(b.token);
    expect((await online).status).toBe('online');
    const offline = chat.sockets.next<{ status: string; lastSeen: string | null }>(sa, 'presence');
    sb.close();
    expect(await offline).toMatchObject({ status: 'offline', lastSeen: expect.any(String) });
  });

  it('passes typing on to the other person', async () => {
    const [a, b] = [await person(), await person()];
    const [sa, sb] = [await chat.sockets.connect(a.token), await chat.sockets.connect(b.token)];
    const typing = chat.sockets.next(sa, 'typing');
    await chat.sockets.must(sb, 'typing', { toUserId: a.id, typing: true });
    expect(await typing).toEqual({ fromUserId: b.id, typing: true });
  });

  /** A payment of ₦500 from `a` to `b`, started (confirmed too when `confirmed`), and a's socket. */
  async function paymentToShare(confirmed: boolean) {
    const [a, b] = [await person(), await person()];
    const reference = await startedPayment(chat.t.app, a, b, 50_000);
    if (confirmed) await confirmPayment(chat.t.app, a, reference);
    const pay = (msgId: string, to = b) => ({ msgId, toUserId: to.id, msgType: 'payment', msgBody: { paymentReference: reference } });
    return { a, b, reference, pay, sa: await chat.sockets.connect(a.token) };
  }

  it('refuses to share a payment not yet completed', async () => {
    const { sa, pay } = await paymentToShare(false);
    expect(await chat.sockets.emit(sa, 'message:send', pay('p0'))).toMatchObject({ status: false, code: 'PAYMENT_NOT_CONFIRMED' });
  });

  it('shares a completed payment in the conversation with its amount and status, once', async () => {
    const { sa, pay, reference } = await paymentToShare(true);
    const m = await chat.sockets.must<ChatMessage>(sa, 'message:send', pay('p1'));
    // In a conversation of two, the payee is the other person: not named again.
    expect(m.msgBody.payment).toEqual({ reference, amount: 50_000, status: 'completed' });
    expect(await chat.sockets.emit(sa, 'message:send', pay('p2'))).toMatchObject({ status: false, code: 'PAYMENT_ALREADY_SHARED' });
  });

  it('refuses to share a payment by its payee, who did not make it', async () => {
    const { a, b, pay } = await paymentToShare(true);
    const sb = await chat.sockets.connect(b.token);
    expect(await chat.sockets.emit(sb, 'message:send', pay('p3', a))).toMatchObject({ status: false, code: 'PAYMENT_NOT_FOUND' });
  });

  it('refuses to share a payment with someone it was not made to', async () => {
    const { sa, pay } = await paymentToShare(true);
    const c = await person();
    expect(await chat.sockets.emit(sa, 'message:send', pay('p4', c))).toMatchObject({ status: false, code: 'PAYMENT_NOT_FOUND' });
  });
});
