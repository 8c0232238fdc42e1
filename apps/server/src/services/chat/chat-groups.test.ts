import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, GroupInfo } from '@owo/contracts';
import { json, newUser, type TestUser } from '../../test/harness.js';
import { chatTestApp, pause } from './chat-fixtures.js';

// Groups (groups.service.ts): membership rules, admins' rights, invite links, mentions, receipts.

const chat = chatTestApp();
const { person } = chat;
const G = '/groups';

const call = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  chat.t.app.inject({
    method,
    url: `/api/chat${url}`,
    headers: u ? { authorization: `Bearer ${u.token}` } : {},
    ...(payload ? { payload } : {}),
  });
const must = async <T = GroupInfo>(u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const r = await call(u, method, url, payload);
  expect(r.statusCode, r.body).toBeLessThan(300);
  return json(r).data as T;
};
let n = 0;
const say = (textBody: string, extra: object = {}) => ({ msgId: `g-${n++}`, msgType: 'text', msgBody: { text: textBody }, ...extra });

async function groupOf(...others: TestUser[]) {
  const admin = await person();
  const g = await must(admin, 'POST', G, { name: 'Estate 4', memberIds: others.map((o) => o.id) });
  return { admin, g };
}

describe('chat groups', () => {
  it('creates a group whose members all receive its messages live, the creator its admin', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    expect(g).toMatchObject({ name: 'Estate 4', memberCount: 3, myRole: 'admin' });
    expect(g.members[0]).toMatchObject({ user: { id: admin.id }, role: 'admin' });
    expect(new Set(g.members.slice(1).map((m) => `${m.user.id}:${m.role}`))).toEqual(new Set([`${b.id}:member`, `${c.id}:member`]));
    const [sb, sc] = [await chat.sockets.connect(b.token), await chat.sockets.connect(c.token)];
    const onC = chat.sockets.next<ChatMessage>(sc, 'message:new');
    const m = await chat.sockets.must<ChatMessage>(sb, 'group:send', { ...say('Light is back'), groupId: g.id });
    expect(m).toMatchObject({ groupId: g.id, toUserId: g.id, fromUserId: b.id, seq: 2 });
    expect((await onC).id).toBe(m.id);
    const hist = await must<{ messages: ChatMessage[] }>(c, 'GET', `${G}/${g.id}/messages`);
    expect(hist.messages.map((x) => x.msgType)).toEqual(['event', 'text']);
    expect(hist.messages[0]!.msgBody.event).toMatchObject({ type: 'created', name: 'Estate 4' });
  });

  it('refuses a non-member reading, sending or seeing the group', async () => {
    const { g } = await groupOf(await person());
    const stranger = await person();
    expect((await call(stranger, 'GET', `${G}/${g.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `${G}/${g.id}/messages`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `${G}/${g.id}/messages`, say('let me in'))).statusCode).toBe(404);
    const s = await chat.sockets.connect(stranger.token);
    expect(await chat.sockets.emit(s, 'group:send', { ...say('hi'), groupId: g.id })).toMatchObject({
      status: false,
      code: 'GROUP_NOT_FOUND',
    });
    expect(await chat.sockets.emit(s, 'group:seen', { groupId: g.id, upToSeq: 1 })).toMatchObject({
      status: false,
      code: 'GROUP_NOT_FOUND',
    });
  });

  it('stops delivering to a removed member at once, who reads nothing sent after', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    const sc = await chat.sockets.connect(c.token);
    const got = chat.sockets.collect<ChatMessage>(sc, 'message:new');
    await must(admin, 'POST', `${G}/${g.id}/messages`, say('before'));
    await must(admin, 'DELETE', `${G}/${g.id}/members/${c.id}`);
    await must(admin, 'POST', `${G}/${g.id}/messages`, say('after'));
    await pause(200);
    expect(got.map((m) => m.msgBody.text || m.msgBody.event?.type)).toEqual(['before', 'removed']);
    const hist = await must<{ messages: ChatMessage[] }>(c, 'GET', `${G}/${g.id}/messages`);
    expect(hist.messages.map((m) => m.msgBody.text || m.msgBody.event?.type)).toEqual(['created', 'before', 'removed']);
    expect((await call(c, 'POST', `${G}/${g.id}/messages`, say('still here?'))).statusCode).toBe(404);
    expect((await call(c, 'GET', `${G}/${g.id}`)).statusCode).toBe(404);
  });

  it('lets only admins add, remove, make admins, rename and reset the invite link', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b);
    for (const [method, url, body] of [
      ['POST', `${G}/${g.id}/members`, { userIds: [c.id] }],
      ['DELETE', `${G}/${g.id}/members/${admin.id}`, undefined],
      ['PUT', `${G}/${g.id}/members/${b.id}/role`, { role: 'admin' }],
      ['PATCH', `${G}/${g.id}`, { name: 'Mine now' }],
      ['POST', `${G}/${g.id}/invite`, undefined],
    ] as const) {
      const r = await call(b, method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(json(r)).toMatchObject({ code: 'NOT_GROUP_ADMIN', message: 'Only group admins can do that' });
    }
    expect((await must(admin, 'GET', `${G}/${g.id}`)).memberCount).toBe(2);
    const made = await must(admin, 'PUT', `${G}/${g.id}/members/${b.id}/role`, { role: 'admin' });
    expect(made.members.find((m) => m.user.id === b.id)?.role).toBe('admin');
    expect((await must(b, 'POST', `${G}/${g.id}/members`, { userIds: [c.id] })).memberCount).toBe(3);
  });

  it('hands the admin role to the longest member when the last admin leaves', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    await must(admin, 'POST', `${G}/${g.id}/leave`);
    const info = await must(b, 'GET', `${G}/${g.id}`);
    expect(info.members.filter((m) => m.role === 'admin')).toHaveLength(1);
    expect(info.memberCount).toBe(2);
    const events = (await must<{ messages: ChatMessage[] }>(c, 'GET', `${G}/${g.id}/messages`)).messages.map((m) => m.msgBody.event?.type);
    expect(events).toEqual(['created', 'left', 'made_admin']);
  });

  it('adds only people who may message the admin', async () => {
    const [b, blocker] = [await person(), await person()];
    const { admin, g } = await groupOf(b);
    await must(blocker, 'PUT', `/blocks/${admin.id}`);
    const r = await call(admin, 'POST', `${G}/${g.id}/members`, { userIds: [blocker.id] });
    expect(r.statusCode).toBe(403);
    expect(json(r)).toMatchObject({ code: 'CANNOT_MESSAGE' });
    expect((await call(admin, 'POST', G, { name: 'x', memberIds: [blocker.id] })).statusCode).toBe(403);
  });

  it('joins by the invite link, which stops working once an admin resets it', async () => {
    const { admin, g } = await groupOf(await person());
    const [c, d] = [await person(), await person()];
    expect(g.inviteCode).toBeTruthy();
    const joined = await must(c, 'POST', `${G}/join/${g.inviteCode}`);
    expect(joined).toMatchObject({ id: g.id, memberCount: 3, myRole: 'member', inviteCode: null });
    const { inviteCode } = await must<{ inviteCode: string }>(admin, 'POST', `${G}/${g.id}/invite`);
    expect(inviteCode).not.toBe(g.inviteCode);
    const old = await call(d, 'POST', `${G}/join/${g.inviteCode}`);
    expect(old.statusCode).toBe(404);
    expect(json(old)).toMatchObject({ code: 'INVITE_NOT_FOUND' });
    expect((await must(d, 'POST', `${G}/join/${inviteCode}`)).memberCount).toBe(4);
  });

  it('keeps a member an admin removed out by the old invite link (403 REMOVED_FROM_GROUP) until an admin adds them back; one who left may rejoin', async () => {
    const [b, c] = [await person(), await person()];
    const { admin, g } = await groupOf(b, c);
    await must(admin, 'DELETE', `${G}/${g.id}/members/${b.id}`);
    const removed = { status: false, code: 'REMOVED_FROM_GROUP', message: 'An admin removed you from this group' };
    for (const [method, url] of [
      ['POST', `${G}/join/${g.inviteCode}`],
      ['GET', `${G}/invite/${g.inviteCode}`],
    ] as const) {
      const r = await call(b, method, url);
      expect(r.statusCode, r.body).toBe(403);
      expect(json(r)).toMatchObject(removed);
    }
    expect((await must(admin, 'GET', `${G}/${g.id}`)).memberCount).toBe(2);
    // Added back by an admin, then leaving on their own: the link lets them in again.
    await must(admin, 'POST', `${G}/${g.id}/members`, { userIds: [b.id] });
    await must(b, 'POST', `${G}/${g.id}/leave`);
    expect((await must(b, 'POST', `${G}/join/${g.inviteCode}`)).memberCount).toBe(3);
    await must(c, 'POST', `${G}/${g.id}/leave`);
    expect((await must(c, 'POST', `${G}/join/${g.inviteCode}`)).memberCount).toBe(3);
  });

  it('refuses the invite link (403 CANNOT_JOIN_GROUP) to someone an admin could not add: a block either way with an admin', async () => {
    const { admin, g } = await groupOf(await person());
    const [blocked, blocker, other] = [await person(), await person(), await person()];
    expect((await call(admin, 'PUT', `/blocks/${blocked.id}`)).statusCode).toBe(200);
    expect((await call(blocker, 'PUT', `/blocks/${admin.id}`)).statusCode).toBe(200);
    for (const who of [blocked, blocker])
      for (const [method, url] of [
        ['GET', `${G}/invite/${g.inviteCode}`],
        ['POST', `${G}/join/${g.inviteCode}`],
      ] as const) {
        const r = await call(who, method, url);
        expect(r.statusCode, r.body).toBe(403);
        expect(json(r)).toMatchObject({ code: 'CANNOT_JOIN_GROUP', message: 'You can’t join this group' });
      }
    expect((await call(admin, 'POST', `${G}/${g.id}/members`, { userIds: [blocked.id] })).statusCode).toBe(403);
    expect((await must(admin, 'GET', `${G}/${g.id}`)).memberCount).toBe(2);
    expect((await must(other, 'POST', `${G}/join/${g.inviteCode}`)).memberCount).toBe(3);
  });

  it('keeps mentions of members only, and replies within the group', async () => {
    const [b, outsider] = [await person(), await person()];
    const { admin, g } = await groupOf(b);
    const first = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('@Bola meeting at 6', { mentions: [b.id] }));
    expect(first.msgBody.mentions).toEqual([b.id]);
    const bad = await call(admin, 'POST', `${G}/${g.id}/messages`, say('@who', { mentions: [outsider.id] }));
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'MENTION_NOT_MEMBER' });
    const reply = await must<ChatMessage>(b, 'POST', `${G}/${g.id}/messages`, {
      ...say('I will come'),
      msgBody: { text: 'I will come', replyTo: first.id },
    });
    expect(reply.msgBody.replyTo).toMatchObject({ id: first.id, text: '@Bola meeting at 6' });
  });

  it('says who saw a message and who has it delivered, from the members’ marks', async () => {
    const [b, c, d] = [await person(), await person(), await person()];
    const { admin, g } = await groupOf(b, c, d);
    const m = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('Dues are due'));
    const sb = await chat.sockets.connect(b.token);
    await chat.sockets.must(sb, 'group:delivered', { groupId: g.id, upToSeq: m.seq });
    await must(c, 'PUT', `${G}/${g.id}/seen`, { upToSeq: m.seq });
    const r = await must<{ seenBy: { id: string }[]; deliveredTo: { id: string }[]; waiting: { id: string }[] }>(
      admin,
      'GET',
      `${G}/${g.id}/messages/${m.id}/receipts`,
    );
    expect([r.seenBy.map((u) => u.id), r.deliveredTo.map((u) => u.id), r.waiting.map((u) => u.id)]).toEqual([[c.id], [b.id], [d.id]]);
    const list = await must<{ id: string; unreadCount: number }[]>(d, 'GET', G);
    expect(list.find((x) => x.id === g.id)?.unreadCount).toBe(2);
  });

  it('mutes for 8 hours, a week or always, and unmutes', async () => {
    const b = await person();
    const { g } = await groupOf(b);
    const eight = await must(b, 'PUT', `${G}/${g.id}/mute`, { for: '8h' });
    expect(Date.parse(eight.mutedUntil!) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    expect((await must(b, 'PUT', `${G}/${g.id}/mute`, { for: 'always' })).mutedUntil).toMatch(/^9999/);
    expect((await must(b, 'PUT', `${G}/${g.id}/mute`, { for: 'off' })).mutedUntil).toBeNull();
    expect((await call(b, 'PUT', `${G}/${g.id}/mute`, { for: 'forever' })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and no token with 401, writing nothing', async () => {
    const a = await person();
    const noName = await call(a, 'POST', G, { name: ' ', memberIds: [] });
    expect(noName.statusCode).toBe(400);
    expect(json(noName).message).toContain('Give the group a name');
    expect((await call(null, 'POST', G, { name: 'x' })).statusCode).toBe(401);
    expect(await must<unknown[]>(a, 'GET', G)).toEqual([]);
  });

  it('finds any Owo user by their exact phone number, nickname or not', async () => {
    const [a, b] = [await person(), await newUser(chat.t.app)];
    const found = await must<{ id: string; nickName: string | null }>(a, 'GET', `/people/by-phone?phone=${encodeURIComponent(b.e164)}`);
    expect(found).toMatchObject({ id: b.id });
    expect((await must<{ id: string }>(a, 'GET', `/people/by-phone?phone=${b.phone}`)).id).toBe(b.id);
    const nobody = await call(a, 'GET', `/people/by-phone?phone=0809${String(Date.now()).slice(-7)}`);
    expect(nobody.statusCode).toBe(404);
    expect(json(nobody).message).toBe('No one on Owo has this number');
    expect((await call(a, 'GET', '/people/by-phone?phone=12')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/people/by-phone?phone=${b.phone}`)).statusCode).toBe(401);
  });

  it('deletes a message for everyone within an hour, by its sender only, and tells the group', async () => {
    const b = await person();
    const { admin, g } = await groupOf(b);
    const m = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('wrong group, sorry'));
    const sb = await chat.sockets.connect(b.token);
    const told = chat.sockets.next<ChatMessage>(sb, 'message:deleted');
    expect((await call(b, 'DELETE', `/messages/${m.id}`)).statusCode).toBe(403);
    expect((await call(await person(), 'DELETE', `/messages/${m.id}`)).statusCode).toBe(404);
    const gone = await must<ChatMessage>(admin, 'DELETE', `/messages/${m.id}`);
    expect(gone.msgBody).toMatchObject({ text: '', deleted: true });
    expect((await told).id).toBe(m.id);
    const hist = await must<{ messages: ChatMessage[] }>(b, 'GET', `${G}/${g.id}/messages`);
    expect(hist.messages.find((x) => x.id === m.id)?.msgBody).toMatchObject({ text: '', deleted: true });
    const old = await must<ChatMessage>(admin, 'POST', `${G}/${g.id}/messages`, say('an hour ago'));
    await chat.t.app.db.execute(sql`UPDATE chat_messages SET created_at = now() - interval '61 minutes' WHERE id = ${old.id}`);
    const late = await call(admin, 'DELETE', `/messages/${old.id}`);
    expect(late.statusCode).toBe(409);
    expect(json(late).code).toBe('TOO_LATE_TO_DELETE');
  });
});
