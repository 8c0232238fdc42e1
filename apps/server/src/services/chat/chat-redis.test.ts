import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { createTestApp, newUser, secondApp, type TestContext } from '../../test/harness.js';
import { chatSockets, listenOn, pause } from './chat-fixtures.js';

// Two server processes sharing Redis (the Socket.IO Redis adapter): needs REDIS_URL, so it runs in
// CI's PostgreSQL + Redis pass (`.ci/run`); without Redis there is nothing for two processes to share.
describe.skipIf(!process.env.REDIS_URL)('chat across two server processes sharing Redis', () => {
  let t: TestContext;
  let one: ReturnType<typeof chatSockets>;
  let two: ReturnType<typeof chatSockets>;
  beforeAll(async () => {
    t = await createTestApp();
    const other = await secondApp(t);
    one = chatSockets(await listenOn(t.app));
    two = chatSockets(await listenOn(other.app));
  });
  afterAll(async () => {
    one.closeAll();
    two.closeAll();
    // Each server asks the other whether the person is still online when a socket closes: let
    // those cross-process requests finish before the Redis connections close.
    await pause(1000);
    await t.close();
  });

  it('a message from a client of one process reaches a client of the other, and so does a call’s ringing', async () => {
    const [a, b] = [await newUser(t.app, { nickName: `ra${Date.now()}` }), await newUser(t.app, { nickName: `rb${Date.now()}` })];
    const sa = await one.connect(a.token);
    const sb = await two.connect(b.token);
    const got = two.next<ChatMessage>(sb, 'message:new');
    const sent = await one.must<ChatMessage>(sa, 'message:send', {
      msgId: 'r-1',
      toUserId: b.id,
      msgType: 'text',
      msgBody: { text: 'Across processes' },
    });
    expect((await got).id).toBe(sent.id);
    const ring = two.next<{ call: { id: string } }>(sb, 'call:incoming');
    const call = await one.must<{ call: { id: string } }>(sa, 'call:start', { toUserId: b.id, kind: 'voice' });
    expect((await ring).call.id).toBe(call.call.id);
    // Presence is answered across processes too.
    const seen = await one.must<{ status: string }[]>(sa, 'presence:watch', { userIds: [b.id] });
    expect(seen[0]!.status).toBe('online');
  });

  it('a group message reaches members on either process, and a member removed on one process stops receiving on the other', async () => {
    const [a, b, c] = [
      await newUser(t.app, { nickName: `ga${Date.now()}` }),
      await newUser(t.app, { nickName: `gb${Date.now()}` }),
      await newUser(t.app, { nickName: `gc${Date.now()}` }),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/groups',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { name: 'Two processes', memberIds: [b.id, c.id] },
    });
    const groupId = (res.json() as { data: { id: string } }).data.id;
    const sa = await one.connect(a.token);
    const [sb, sc] = [await two.connect(b.token), await two.connect(c.token)];
    const toB = two.next<ChatMessage>(sb, 'message:new');
    const toC = two.next<ChatMessage>(sc, 'message:new');
    const sent = await one.must<ChatMessage>(sa, 'group:send', { groupId, msgId: 'rg-1', msgBody: { text: 'Hello all' } });
    expect([(await toB).id, (await toC).id]).toEqual([sent.id, sent.id]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/groups/${groupId}/members/${c.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(removed.statusCode).toBe(200);
    await pause(300);
    const afterC = two.collect<ChatMessage>(sc, 'message:new');
    const toB2 = two.next<ChatMessage>(sb, 'message:new');
    const later = await one.must<ChatMessage>(sa, 'group:send', { groupId, msgId: 'rg-2', msgBody: { text: 'Without C' } });
    expect((await toB2).id).toBe(later.id);
    await pause(300);
    expect(afterC).toEqual([]);
  });
});
