import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, GroupInfo } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { json, type TestUser } from '../../test/harness.js';
import { uploadPng } from '../../test/upload-fixture.js';
import { chatTestApp, confirmPayment, startedPayment, text } from './chat-fixtures.js';

// Message actions (docs/chat.md "Message actions"): star, delete for me, forward. Search, pin and
// archive are in chat-actions-lists.test.ts.

const chat = chatTestApp();
const { person } = chat;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (u: TestUser | null, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  chat.t.app.inject({
    method,
    url: `/api/chat${url}`,
    headers: { ...(u ? { authorization: `Bearer ${u.token}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
const must = async <T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: object) => {
  const r = await call(u, method, url, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return json(r).data as T;
};
const send = (from: TestUser, to: TestUser, body: string) => must<ChatMessage>(from, 'POST', '/messages', text(to, body));
const count = async (table: string, where = sql`true`) =>
  (await executeRows<{ n: number }>(chat.t.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`))[0]!.n;
type Starred = { message: ChatMessage; chat: { conversationId: string; user: { id: string } | null; group: { name: string } | null } };
const starred = (u: TestUser, q = '') => must<Starred[]>(u, 'GET', `/starred${q}`);
const historyOf = async (u: TestUser, other: TestUser) =>
  (await must<{ messages: ChatMessage[] }>(u, 'GET', `/conversations/${other.id}/messages`)).messages.map((m) => m.msgBody.text);
let keys = 0;
const key = () => ({ 'idempotency-key': `fwd-key-${Date.now()}-${keys++}` });
const forward = (u: TestUser, messageId: string, body: object, headers: Record<string, string> = key()) =>
  call(u, 'POST', `/messages/${messageId}/forward`, body, headers);
type Forwarded = {
  messageId: string;
  results: {
    toUserId: string | null;
    groupId: string | null;
    status: string;
    message: ChatMessage | null;
    error: { code: string } | null;
  }[];
};

describe('starred messages', () => {
  it('stars a message of either side, lists the latest starred first with its chat, and unstars', async () => {
    const [a, b] = [await person(), await person()];
    const m1 = await send(a, b, 'Meet at Yaba');
    const m2 = await send(b, a, 'Bring the receipt');
    const s1 = await must<{ starred: boolean; starredAt: string }>(b, 'PUT', `/messages/${m1.id}/star`);
    expect(s1).toMatchObject({ messageId: m1.id, starred: true });
    await must(b, 'PUT', `/messages/${m2.id}/star`);
    expect((await must<{ starredAt: string }>(b, 'PUT', `/messages/${m1.id}/star`)).starredAt).toBe(s1.starredAt);
    const list = await starred(b);
    expect(list.map((x) => x.message.id)).toEqual([m2.id, m1.id]);
    expect(list[0]!.chat).toMatchObject({ conversationId: m1.conversationId, user: { id: a.id }, group: null });
    const page = await call(b, 'GET', '/starred?limit=1&page=2');
    expect(json(page)).toMatchObject({ data: [{ message: { id: m1.id } }], pagination: { total: 2 } });
    expect(await starred(a)).toEqual([]);
    expect(await must(b, 'DELETE', `/messages/${m2.id}/star`)).toMatchObject({ starred: false, starredAt: null });
    expect((await starred(b)).map((x) => x.message.id)).toEqual([m1.id]);
  });

  it('stars a group message within the membership, with the group as its chat', async () => {
    const [admin, b] = [await person(), await person()];
    const g = await must<GroupInfo>(admin, 'POST', '/groups', { name: 'Estate 9', memberIds: [b.id] });
    const m = await must<ChatMessage>(admin, 'POST', `/groups/${g.id}/messages`, { msgId: 'gs-1', msgBody: { text: 'Dues' } });
    await must(b, 'PUT', `/messages/${m.id}/star`);
    expect((await starred(b))[0]!.chat).toMatchObject({ conversationId: g.id, user: null, group: { name: 'Estate 9' } });
  });

  it('refuses an outsider (404), bad input (400), no token (401), writing nothing', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const m = await send(a, b, 'private');
    const before = await count('chat_stars');
    const out = await call(outsider, 'PUT', `/messages/${m.id}/star`);
    expect(out.statusCode).toBe(404);
    expect(json(out)).toMatchObject({ code: 'MESSAGE_NOT_FOUND', message: 'Message not found' });
    const bad = await call(b, 'PUT', '/messages/not-an-id/star');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('messageId must be a valid id');
    expect((await call(null, 'PUT', `/messages/${m.id}/star`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/starred')).statusCode).toBe(401);
    expect((await call(outsider, 'DELETE', `/messages/${m.id}/star`)).statusCode).toBe(404);
    expect(await count('chat_stars')).toBe(before);
  });

  it('drops a message deleted for everyone from the starred list, and will not star it', async () => {
    const [a, b] = [await person(), await person()];
    const m = await send(a, b, 'oops');
    await must(b, 'PUT', `/messages/${m.id}/star`);
    await must(a, 'DELETE', `/messages/${m.id}`);
    expect(await starred(b)).toEqual([]);
    const again = await call(b, 'PUT', `/messages/${m.id}/star`);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'MESSAGE_DELETED', message: 'This message was deleted' });
  });
});

describe('delete for me', () => {
  it('hides a message from the caller’s history, preview and starred only; the other keeps it', async () => {
    const [a, b] = [await person(), await person()];
    await send(a, b, 'first');
    const m = await send(a, b, 'second');
    await must(b, 'PUT', `/messages/${m.id}/star`);
    expect(await must(b, 'DELETE', `/messages/${m.id}/for-me`)).toEqual({ messageId: m.id, deletedForMe: true });
    expect(await must(b, 'DELETE', `/messages/${m.id}/for-me`)).toEqual({ messageId: m.id, deletedForMe: true });
    expect(await historyOf(b, a)).toEqual(['first']);
    expect(await historyOf(a, b)).toEqual(['first', 'second']);
    const recent = (who: TestUser) => must<{ lastMessage: ChatMessage }[]>(who, 'GET', '/recent-chats');
    expect((await recent(b))[0]!.lastMessage.msgBody.text).toBe('first');
    expect((await recent(a))[0]!.lastMessage.msgBody.text).toBe('second');
    expect(await starred(b)).toEqual([]);
    expect((await call(b, 'PUT', `/messages/${m.id}/star`)).statusCode).toBe(404);
  });

  it('refuses an outsider (404), bad input (400), no token (401), writing nothing', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const m = await send(a, b, 'mine');
    const before = await count('chat_hidden_messages');
    expect((await call(outsider, 'DELETE', `/messages/${m.id}/for-me`)).statusCode).toBe(404);
    const bad = await call(a, 'DELETE', '/messages/123/for-me');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('messageId must be a valid id');
    expect((await call(null, 'DELETE', `/messages/${m.id}/for-me`)).statusCode).toBe(401);
    expect(await count('chat_hidden_messages')).toBe(before);
  });
});

describe('forward', () => {
  it('forwards to people and groups as new messages marked forwarded, delivered live', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const g = await must<GroupInfo>(a, 'POST', '/groups', { name: 'Family', memberIds: [c.id] });
    const m = await send(b, a, 'The landlord called');
    const sc = await chat.sockets.connect(c.token);
    const live = chat.sockets.collect<ChatMessage>(sc, 'message:new');
    const r = await forward(a, m.id, { toUserIds: [c.id], groupIds: [g.id] });
    expect(r.statusCode, r.body).toBe(201);
    const out = json(r).data as Forwarded;
    expect(out.results.map((x) => [x.toUserId, x.groupId, x.status])).toEqual([
      [c.id, null, 'sent'],
      [null, g.id, 'sent'],
    ]);
    for (const x of out.results)
      expect(x.message).toMatchObject({ fromUserId: a.id, msgBody: { text: 'The landlord called', forwarded: true } });
    await expect.poll(() => live.length).toBe(2);
    expect(live.every((x) => x.msgBody.forwarded)).toBe(true);
    expect(await historyOf(c, a)).toEqual(['The landlord called']);
  });

  it('forwards a photo with its media, and stores nothing twice on a retry', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const { url } = await uploadPng(chat.t.app, b);
    const photo = await must<ChatMessage>(b, 'POST', '/messages', {
      msgId: 'p-1',
      toUserId: a.id,
      msgType: 'image',
      msgBody: { mediaUrl: url },
    });
    const headers = key();
    const first = await forward(a, photo.id, { toUserIds: [c.id] }, headers);
    expect(first.statusCode, first.body).toBe(201);
    const sent = (json(first).data as Forwarded).results[0]!.message!;
    expect(sent).toMatchObject({ msgType: 'image', msgBody: { media: { url }, forwarded: true } });
    const replay = await forward(a, photo.id, { toUserIds: [c.id] }, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Without the key's stored answer (a server killed after the commit), the derived msgId finds the message.
    const withId = await forward(a, photo.id, { toUserIds: [c.id], msgId: 'fw-1' }, {});
    const again = await forward(a, photo.id, { toUserIds: [c.id], msgId: 'fw-1' }, {});
    expect([withId.statusCode, again.statusCode]).toEqual([201, 200]);
    expect((json(again).data as Forwarded).results[0]!.message!.id).toBe((json(withId).data as Forwarded).results[0]!.message!.id);
    expect(await count('chat_messages', sql`from_user_id = ${a.id}`)).toBe(2);
  });

  it('fails the target that blocked the sender or a group they are not in, and sends to the others', async () => {
    const [a, b, c, d, admin] = [await person(), await person(), await person(), await person(), await person()];
    const other = await must<GroupInfo>(admin, 'POST', '/groups', { name: 'Not yours', memberIds: [] });
    const m = await send(b, a, 'Pass it on');
    await must(c, 'PUT', `/blocks/${a.id}`);
    const r = await forward(a, m.id, { toUserIds: [c.id, d.id], groupIds: [other.id] });
    expect(r.statusCode).toBe(201);
    const out = json(r).data as Forwarded;
    expect(out.results.map((x) => [x.status, x.error?.code ?? null])).toEqual([
      ['failed', 'CANNOT_MESSAGE'],
      ['sent', null],
      ['failed', 'GROUP_NOT_FOUND'],
    ]);
    const only = await forward(a, m.id, { toUserIds: [c.id] });
    expect(only.statusCode).toBe(403);
    expect(json(only)).toMatchObject({ code: 'CANNOT_MESSAGE', message: 'You can’t message this person' });
    expect(await historyOf(c, a)).toEqual([]);
  });

  it('refuses more than 5 chats, a payment, no key, an outsider and no token, writing nothing', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const m = await send(b, a, 'hello');
    const six = await Promise.all(Array.from({ length: 6 }, () => person()));
    const before = await count('chat_messages');
    const many = await forward(a, m.id, { toUserIds: six.map((p) => p.id) });
    expect(many.statusCode).toBe(400);
    expect(json(many).message).toBe('You can forward to up to 5 chats');
    const split = await forward(a, m.id, { toUserIds: six.slice(0, 3).map((p) => p.id), groupIds: six.slice(3).map((p) => p.id) });
    expect(json(split).message).toBe('You can forward to up to 5 chats');
    expect(json(await forward(a, m.id, {})).message).toBe('Choose a chat to forward to');
    const noKey = await forward(a, m.id, { toUserIds: [outsider.id] }, {});
    expect(noKey.statusCode).toBe(400);
    expect(json(noKey).code).toBe('FORWARD_KEY_REQUIRED');
    const out = await forward(outsider, m.id, { toUserIds: [a.id] });
    expect(out.statusCode).toBe(404);
    expect((await call(null, 'POST', `/messages/${m.id}/forward`, { toUserIds: [a.id] }, key())).statusCode).toBe(401);
    expect(await count('chat_messages')).toBe(before);
  });

  it('refuses to forward a payment with a clear message', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const reference = await startedPayment(chat.t.app, a, b, 50_000);
    await confirmPayment(chat.t.app, a, reference);
    const pay = await must<ChatMessage>(a, 'POST', '/messages', {
      msgId: 'pay-1',
      toUserId: b.id,
      msgType: 'payment',
      msgBody: { paymentReference: reference },
    });
    const r = await forward(a, pay.id, { toUserIds: [c.id] });
    expect(r.statusCode).toBe(400);
    expect(json(r)).toMatchObject({ code: 'CANNOT_FORWARD', message: 'Payments can’t be forwarded: send the money again instead' });
  });
});

type Found = { message: ChatMessage; chat: { conversationId: string; groupId: string | null } };
const search = async (u: TestUser, q: string, convo?: string) =>
  (await must<Found[]>(u, 'GET', `${convo ? `/chats/${convo}` : ''}/search?q=${encodeURIComponent(q)}`)).map((x) => x.message.msgBody.text);

describe('search', () => {
  it('finds words (the last a prefix) in all the caller’s chats or in one, the latest first', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const g = await must<GroupInfo>(a, 'POST', '/groups', { name: 'Estate', memberIds: [c.id] });
    const one = await send(a, b, 'The generator is fixed');
    await send(b, a, 'Pay the generator man');
    await send(b, a, 'Nothing to see');
    await must(c, 'POST', `/groups/${g.id}/messages`, { msgId: 's-1', msgBody: { text: 'Generator levy is due' } });
    expect(await search(a, 'gener')).toEqual(['Generator levy is due', 'Pay the generator man', 'The generator is fixed']);
    expect(await search(a, 'generator man')).toEqual(['Pay the generator man']);
    expect(await search(a, 'gener', one.conversationId)).toEqual(['Pay the generator man', 'The generator is fixed']);
    expect(await search(c, 'generator', g.id)).toEqual(['Generator levy is due']);
    expect(await search(c, 'generator')).toEqual(['Generator levy is due']);
    const page = json(await call(a, 'GET', '/search?q=generator&limit=1&page=3'));
    expect(page).toMatchObject({
      data: [{ message: { id: one.id }, chat: { conversationId: one.conversationId } }],
      pagination: { total: 3 },
    });
  });

  it('leaves out what was deleted for everyone, and what the caller deleted for themselves', async () => {
    const [a, b] = [await person(), await person()];
    const gone = await send(a, b, 'secret plan one');
    const mine = await send(b, a, 'secret plan two');
    await must(a, 'DELETE', `/messages/${gone.id}`);
    await must(a, 'DELETE', `/messages/${mine.id}/for-me`);
    expect(await search(a, 'secret')).toEqual([]);
    expect(await search(b, 'secret')).toEqual(['secret plan two']);
  });

  it('takes any text as words (operators, other scripts, accents), never failing', async () => {
    const [a, b] = [await person(), await person()];
    await send(a, b, 'Ẹ kú àárọ̀ ọ̀rẹ́ mi, ١٢٣ naira');
    expect(await search(a, 'àárọ̀')).toEqual(['Ẹ kú àárọ̀ ọ̀rẹ́ mi, ١٢٣ naira']);
    for (const q of ["a' & !b | c:*", 'foo<->bar', '١٢٣', 'x'.repeat(100), 'ẹ̀']) {
      const r = await call(a, 'GET', `/search?q=${encodeURIComponent(q)}`);
      expect(r.statusCode, `${q}: ${r.body}`).toBe(200);
    }
    expect((await call(a, 'GET', `/search?q=${encodeURIComponent('(((')}`)).statusCode).toBe(400);
  });

  it('shows a removed member nothing sent after the removal', async () => {
    const [admin, c] = [await person(), await person()];
    const g = await must<GroupInfo>(admin, 'POST', '/groups', { name: 'Club', memberIds: [c.id] });
    await must(admin, 'POST', `/groups/${g.id}/messages`, { msgId: 'r-1', msgBody: { text: 'Match on Saturday' } });
    await must(admin, 'DELETE', `/groups/${g.id}/members/${c.id}`);
    await must(admin, 'POST', `/groups/${g.id}/messages`, { msgId: 'r-2', msgBody: { text: 'Match moved to Sunday' } });
    expect(await search(c, 'match')).toEqual(['Match on Saturday']);
    expect(await search(c, 'match', g.id)).toEqual(['Match on Saturday']);
    expect(await search(admin, 'match')).toEqual(['Match moved to Sunday', 'Match on Saturday']);
  });

  it('refuses an outsider’s chat (404), bad input (400) and no token (401)', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const m = await send(a, b, 'our words');
    const out = await call(outsider, 'GET', `/chats/${m.conversationId}/search?q=words`);
    expect(out.statusCode).toBe(404);
    expect(json(out).code).toBe('CONVERSATION_NOT_FOUND');
    expect(await search(outsider, 'words')).toEqual([]);
    expect(json(await call(a, 'GET', '/search?q=%20')).message).toBe('Type something to search for');
    expect(json(await call(a, 'GET', '/search?q=%21%21')).message).toBe('Type a word to search for');
    expect(json(await call(a, 'GET', '/chats/nope/search?q=x')).message).toBe('conversationId must be a valid id');
    expect((await call(null, 'GET', '/search?q=words')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/chats/${m.conversationId}/search?q=words`)).statusCode).toBe(401);
  });
});

type Recent = { conversationId: string; user: { id: string }; pinned: boolean; archived: boolean };
const recent = (u: TestUser, q = '') => must<Recent[]>(u, 'GET', `/recent-chats${q}`);

describe('pinned and archived chats', () => {
  it('pins up to 3 chats (groups included), listed first; the 4th is refused', async () => {
    const a = await person();
    const others = [await person(), await person(), await person()];
    const convos: string[] = [];
    for (const o of others) convos.push((await send(o, a, 'hi')).conversationId);
    const g = await must<GroupInfo>(a, 'POST', '/groups', { name: 'Pinned group', memberIds: [] });
    const latest = await send(await person(), a, 'newest');
    for (const c of [convos[0]!, g.id]) expect(await must(a, 'PUT', `/chats/${c}/pin`)).toMatchObject({ conversationId: c, pinned: true });
    await must(a, 'PUT', `/chats/${convos[1]}/pin`);
    expect(await must(a, 'PUT', `/chats/${convos[1]}/pin`)).toMatchObject({ pinned: true });
    const fourth = await call(a, 'PUT', `/chats/${latest.conversationId}/pin`);
    expect(fourth.statusCode).toBe(409);
    expect(json(fourth)).toMatchObject({ code: 'PIN_LIMIT', message: 'You can pin up to 3 chats' });
    const list = await recent(a);
    expect(list.map((x) => [x.conversationId, x.pinned])).toEqual([
      [convos[1], true],
      [convos[0], true],
      [latest.conversationId, false],
      [convos[2], false],
    ]);
    expect((await must<{ id: string; pinned: boolean }[]>(a, 'GET', '/groups'))[0]).toMatchObject({ id: g.id, pinned: true });
    expect(await must(a, 'DELETE', `/chats/${g.id}/pin`)).toMatchObject({ pinned: false, pinnedAt: null });
    expect(await must(a, 'PUT', `/chats/${latest.conversationId}/pin`)).toMatchObject({ pinned: true });
  });

  it('archives a chat, which stays archived when a new message arrives, and unarchives it', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const ab = (await send(b, a, 'hello')).conversationId;
    const ac = (await send(c, a, 'hey')).conversationId;
    await must(a, 'PUT', `/chats/${ab}/pin`);
    expect(await must(a, 'PUT', `/chats/${ab}/archive`)).toMatchObject({ archived: true, pinned: false });
    await send(b, a, 'are you there?');
    expect((await recent(a, '?archived=true')).map((x) => [x.conversationId, x.archived])).toEqual([[ab, true]]);
    expect((await recent(a, '?archived=false')).map((x) => x.conversationId)).toEqual([ac]);
    expect((await recent(a)).map((x) => x.conversationId)).toEqual([ab, ac]);
    expect((await recent(b))[0]).toMatchObject({ archived: false, pinned: false });
    const g = await must<GroupInfo>(a, 'POST', '/groups', { name: 'Quiet', memberIds: [] });
    await must(a, 'PUT', `/chats/${g.id}/archive`);
    expect(await must<unknown[]>(a, 'GET', '/groups?archived=false')).toEqual([]);
    expect(await must(a, 'DELETE', `/chats/${ab}/archive`)).toMatchObject({ archived: false });
    expect((await recent(a, '?archived=false')).map((x) => x.conversationId)).toEqual([ab, ac]);
  });

  it('refuses an outsider (404), bad input (400) and no token (401), writing nothing', async () => {
    const [a, b, outsider] = [await person(), await person(), await person()];
    const convo = (await send(a, b, 'x')).conversationId;
    const before = await count('chat_states');
    for (const [method, what] of [
      ['PUT', 'pin'],
      ['DELETE', 'pin'],
      ['PUT', 'archive'],
      ['DELETE', 'archive'],
    ] as const) {
      const out = await call(outsider, method, `/chats/${convo}/${what}`);
      expect(out.statusCode, `${method} ${what}`).toBe(404);
      expect(json(out).code).toBe('CONVERSATION_NOT_FOUND');
      expect((await call(null, method, `/chats/${convo}/${what}`)).statusCode).toBe(401);
      expect(json(await call(a, method, `/chats/bad/${what}`)).message).toBe('conversationId must be a valid id');
    }
    expect(json(await call(a, 'GET', '/recent-chats?archived=maybe')).message).toBe('archived is true or false');
    expect(await count('chat_states')).toBe(before);
  });
});
