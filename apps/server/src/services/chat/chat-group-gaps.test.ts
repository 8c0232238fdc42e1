import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chatEvents, groupEvents, type ChatMessage, type GroupInfo } from '@owo/contracts';
import { json, type TestUser } from '../../test/harness.js';
import { chatTestApp, confirmPayment, pause, startedPayment } from './chat-fixtures.js';

// What the group screens needed of the server: a group payment names its payee, the history carries
// the other members' marks (two ticks, blue ticks), an invite link's preview before joining, typing
// in a group, and every socket event the server emits declared in the contracts.

const chat = chatTestApp();
const { person } = chat;
const G = '/groups';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Marks = { deliveredSeq: number; seenSeq: number };
type History = { messages: ChatMessage[]; mine: Marks; others: Marks };
type Preview = { groupId: string; name: string; photoUrl: string | null; memberCount: number; isMember: boolean };

const call = (u: TestUser | null, method: Method, url: string, payload?: object) =>
  chat.t.app.inject({
    method,
    url: `/api/chat${url}`,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    ...(payload ? { payload } : {}),
  });
const must = async <T = GroupInfo>(u: TestUser, method: Method, url: string, payload?: object) => {
  const r = await call(u, method, url, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return json(r).data as T;
};
let n = 0;
const say = (text: string) => ({ msgId: `gg-${n++}`, msgType: 'text', msgBody: { text } });
async function groupOf(...others: TestUser[]) {
  const admin = await person();
  const g = await must(admin, 'POST', G, { name: 'Family', memberIds: others.map((o) => o.id) });
  return { admin, g };
}

describe('chat groups: what the group screens need', () => {
  it('names the member paid in a group payment, for the whole group', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    const reference = await startedPayment(chat.t.app, admin, b, 50_000);
    await confirmPayment(chat.t.app, admin, reference);
    const sc = await chat.sockets.connect(c.token);
    const toC = chat.sockets.next<ChatMessage>(sc, 'message:new');
    const m = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, {
      msgId: `pay-${n++}`,
      msgType: 'payment',
      msgBody: { paymentReference: reference },
    });
    const payee = { toUserId: b.id, toName: expect.stringContaining(b.firstName) as string };
    expect(m.msgBody.payment).toMatchObject({ reference, amount: 50_000, status: 'completed', ...payee });
    expect((await toC).msgBody.payment).toMatchObject(payee);
    const hist = await must<History>(c, 'GET', `${G}/${g.id}/messages`);
    expect(hist.messages.at(-1)?.msgBody.payment).toMatchObject(payee);
  });

  it('gives the other members’ lowest marks with the history: two ticks and blue ticks when all have it', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    const m1 = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('Sunday lunch at mine'));
    const m2 = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('Bring drinks'));
    const others = async () => (await must<History>(admin, 'GET', `${G}/${g.id}/messages`)).others;
    // No one has anything yet.
    expect(await others()).toEqual({ deliveredSeq: 0, seenSeq: 0 });
    const sb = await chat.sockets.connect(b.token);
    await chat.sockets.must(sb, 'group:delivered', { groupId: g.id, upToSeq: m2.seq });
    expect(await others()).toEqual({ deliveredSeq: 0, seenSeq: 0 });
    await must(c, 'PUT', `${G}/${g.id}/seen`, { upToSeq: m1.seq });
    expect(await others()).toEqual({ deliveredSeq: m1.seq, seenSeq: 0 });
    await must(b, 'PUT', `${G}/${g.id}/seen`, { upToSeq: m2.seq });
    await must(c, 'PUT', `${G}/${g.id}/seen`, { upToSeq: m2.seq });
    expect(await others()).toEqual({ deliveredSeq: m2.seq, seenSeq: m2.seq });
    // Someone added later counts from where they joined: what came before is not theirs to receive.
    const d = await person();
    await must(admin, 'POST', `${G}/${g.id}/members`, { userIds: [d.id] });
    expect(await others()).toEqual({ deliveredSeq: m2.seq, seenSeq: m2.seq });
    // b's own view: the admin's marks moved with their sends.
    const fromB = await must<History>(b, 'GET', `${G}/${g.id}/messages`);
    expect(fromB.others.seenSeq).toBe(m2.seq);
    // Alone in a group: everything is everyone's.
    const loner = await person();
    const solo = await must(loner, 'POST', G, { name: 'Just me', memberIds: [] });
    await must(loner, 'POST', `${G}/${solo.id}/messages`, say('Notes to self'));
    expect((await must<History>(loner, 'GET', `${G}/${solo.id}/messages`)).others).toEqual({ deliveredSeq: 2, seenSeq: 2 });
  });

  it('previews an invite link without joining, shows no member, and answers 404 once reset', async () => {
    const b = await person();
    const { admin, g } = await groupOf(b);
    const [c, stranger] = [await person(), await person()];
    const r = await call(c, 'GET', `${G}/invite/${g.inviteCode}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).data).toEqual({ groupId: g.id, name: 'Family', photoUrl: null, memberCount: 2, isMember: false });
    for (const who of [admin, b]) expect(r.body).not.toContain(who.phone.slice(-7));
    expect(r.body).not.toContain(b.id);
    expect((await must<Preview>(b, 'GET', `${G}/invite/${g.inviteCode}`)).isMember).toBe(true);
    // Looking did not join.
    expect((await must(admin, 'GET', `${G}/${g.id}`)).memberCount).toBe(2);
    expect((await call(c, 'GET', `${G}/${g.id}`)).statusCode).toBe(404);
    await must(admin, 'POST', `${G}/${g.id}/invite`);
    const old = await call(stranger, 'GET', `${G}/invite/${g.inviteCode}`);
    expect(old.statusCode).toBe(404);
    expect(json(old)).toMatchObject({ code: 'INVITE_NOT_FOUND', message: 'This invite link was reset or is not valid' });
    const bad = await call(c, 'GET', `${G}/invite/no!`);
    expect(bad.statusCode).toBe(400);
    expect((await call(null, 'GET', `${G}/invite/${g.inviteCode}`)).statusCode).toBe(401);
  });

  it('tells a group’s other members who is typing, members only, and stops at once for someone removed', async () => {
    const [b, c, outsider] = [await person(), await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    const [sa, sa2, sb, sc, so] = await Promise.all([admin, admin, b, c, outsider].map((u) => chat.sockets.connect(u.token)));
    const [onA, onA2, onB, onC, onO] = [sa!, sa2!, sb!, sc!, so!].map((s) => chat.sockets.collect<Record<string, unknown>>(s, 'typing'));
    expect(await chat.sockets.must(sa!, 'typing', { groupId: g.id, typing: true })).toBeNull();
    await pause(200);
    const told = { fromUserId: admin.id, typing: true, groupId: g.id };
    expect([onB, onC]).toEqual([[told], [told]]);
    expect([onA2, onO]).toEqual([[], []]);
    expect(await chat.sockets.emit(so!, 'typing', { groupId: g.id, typing: true })).toMatchObject({
      status: false,
      code: 'GROUP_NOT_FOUND',
    });
    const both = await chat.sockets.emit(sa!, 'typing', { groupId: g.id, toUserId: b.id, typing: true });
    expect(both).toMatchObject({ status: false, code: 'VALIDATION_ERROR', message: 'Say who you are typing to: toUserId or groupId' });
    await must(admin, 'DELETE', `${G}/${g.id}/members/${c.id}`);
    await chat.sockets.must(sb!, 'typing', { groupId: g.id, typing: false });
    await pause(200);
    expect(onA).toEqual([{ fromUserId: b.id, typing: false, groupId: g.id }]);
    expect(onC).toHaveLength(1);
    expect(onB).toHaveLength(1);
    expect(await chat.sockets.emit(sc!, 'typing', { groupId: g.id, typing: true })).toMatchObject({
      status: false,
      code: 'GROUP_NOT_FOUND',
    });
  });
});

describe('chat socket events', () => {
  it('declares in the contracts every event the server emits', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const emitted = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts') && !x.endsWith('.test.ts')))
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/\.emit\(\s*'([^']+)'/g)) emitted.add(m[1]!);
    expect(emitted.size).toBeGreaterThan(10);
    const declared = new Set([...Object.keys(chatEvents.serverToClient), ...Object.keys(groupEvents.serverToClient)]);
    expect([...emitted].filter((e) => !declared.has(e))).toEqual([]);
  });
});
