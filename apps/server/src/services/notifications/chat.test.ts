import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@owo/contracts';
import { auth, json, newUser, type TestUser } from '../../test/harness.js';
import { pushNewMessages } from '../chat/index.js';
import { centreOf, drainPushes, lagosTime, NIGHT, pushTestApp, setSettings, subscribeDevice } from './push-fixtures.js';
import { pushDeliveries } from './tables.js';

// A chat message's push: one per chat on each device of the recipient, never to its sender, and
// not when the message was already seen on another device.

const w = pushTestApp();
const { push } = w;

let n = 0;
const msgId = () => `m-${Date.now().toString(36)}-${n++}`;

async function send(from: TestUser, to: TestUser, text: string): Promise<ChatMessage> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/chat/messages',
    headers: auth(from),
    payload: { msgId: msgId(), toUserId: to.id, msgType: 'text', msgBody: { text } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as ChatMessage;
}

/** The recipient reads the chat up to this message (on another device). */
async function seeDirect(reader: TestUser, other: TestUser, m: ChatMessage) {
  const res = await w.t.app.inject({
    method: 'PUT',
    url: `/api/chat/conversations/${other.id}/seen`,
    headers: auth(reader),
    payload: { upToSeq: m.seq },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The jobs' turn: queued messages become notifications, then the pushes go out. */
async function runJobs(now?: Date) {
  await pushNewMessages(w.t.db, now);
  await drainPushes(w.t);
}

/** Two people, the second with a subscribed phone. */
async function pair() {
  const [a, b] = [await newUser(w.t.app, { firstName: 'Ada', lastName: 'Obi' }), await newUser(w.t.app)];
  await subscribeDevice(w.t.app, b, push.device(`${b.id}-phone`));
  return { a, b, phone: `${b.id}-phone` };
}

describe('a message in a direct chat', () => {
  it('pushes the sender’s name and the text to each device of the recipient', async () => {
    const { a, b } = await pair();
    await subscribeDevice(w.t.app, b, push.device(`${b.id}-laptop`));
    const m = await send(a, b, 'Are you coming today?');
    await runJobs();
    expect(push.received.map((r) => r.device).sort()).toEqual([`${b.id}-laptop`, `${b.id}-phone`]);
    expect(push.for(`${b.id}-phone`)[0]!.payload).toMatchObject({
      kind: 'message',
      title: 'Ada Obi',
      body: 'Are you coming today?',
      url: `/chat/${a.id}`,
      tag: `chat:${m.conversationId}`,
    });
  });

  it('pushes nothing to the sender’s devices', async () => {
    const { a, b } = await pair();
    await subscribeDevice(w.t.app, a, push.device(`${a.id}-phone`));
    await send(a, b, 'hello');
    await runJobs();
    expect(push.for(`${a.id}-phone`)).toHaveLength(0);
  });

  it('is pushed once when the jobs run twice', async () => {
    const { a, b, phone } = await pair();
    await send(a, b, 'once');
    await runJobs();
    await runJobs();
    expect(push.for(phone)).toHaveLength(1);
  });

  it('sends one push for messages that arrive together, with the newest text', async () => {
    const { a, b, phone } = await pair();
    await send(a, b, 'first');
    await send(a, b, 'second');
    await runJobs();
    expect(push.for(phone).map((r) => r.payload.body)).toEqual(['second']);
  });

  it('gives each later message of the chat the same tag, so it replaces the earlier one on the device', async () => {
    const { a, b, phone } = await pair();
    await send(a, b, 'first');
    await runJobs();
    await send(a, b, 'second');
    await runJobs();
    const [first, second] = push.for(phone);
    expect([second!.payload.body, second!.payload.tag, second!.headers.topic]).toEqual([
      'second',
      first!.payload.tag,
      first!.headers.topic,
    ]);
  });

  it('keeps one unread notice per chat in the centre, with the newest text', async () => {
    const { a, b } = await pair();
    await send(a, b, 'first');
    await runJobs();
    await send(a, b, 'second');
    await runJobs();
    const messages = (await centreOf(w.t.app, b)).filter((x) => x.kind === 'message');
    expect(messages.map((x) => [x.body, x.link])).toEqual([['second', `/chat/${a.id}`]]);
  });

  it('says “New message” instead of the text to a person who hid message text', async () => {
    const { a, b, phone } = await pair();
    await setSettings(w.t.app, b, { hideMessageText: true });
    await send(a, b, 'the code is 1234');
    await runJobs();
    expect(push.for(phone)[0]!.payload).toMatchObject({ title: 'Ada Obi', body: 'New message' });
  });

  it('is not pushed when the recipient already saw it on another device', async () => {
    const { a, b, phone } = await pair();
    const m = await send(a, b, 'seen already');
    await seeDirect(b, a, m);
    await runJobs();
    expect(push.for(phone)).toHaveLength(0);
  });

  it('is skipped at sending when the recipient saw it on another device after the push was written', async () => {
    const { a, b, phone } = await pair();
    const m = await send(a, b, 'seen in between');
    await pushNewMessages(w.t.db);
    await seeDirect(b, a, m);
    await drainPushes(w.t);
    expect(push.for(phone)).toHaveLength(0);
    const rows = await w.t.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, b.id));
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
  });

  it('is not pushed to a person who turned messages off', async () => {
    const { a, b, phone } = await pair();
    await setSettings(w.t.app, b, { kinds: { message: false } });
    await send(a, b, 'hello');
    await runJobs();
    expect(push.for(phone)).toHaveLength(0);
  });

  it('waits out quiet hours in Lagos time, listed in the centre only', async () => {
    const { a, b, phone } = await pair();
    await setSettings(w.t.app, b, NIGHT);
    await send(a, b, 'late');
    await runJobs(lagosTime(23));
    expect(push.for(phone)).toHaveLength(0);
    expect((await centreOf(w.t.app, b)).map((x) => x.body)).toEqual(['late']);
  });
});

describe('a message in a group', () => {
  async function group(admin: TestUser, members: TestUser[]): Promise<string> {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/chat/groups',
      headers: auth(admin),
      payload: { name: 'Yaba Runners', memberIds: members.map((m) => m.id) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (json(res).data as { id: string }).id;
  }
  const sendToGroup = async (from: TestUser, groupId: string, text: string) => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/chat/groups/${groupId}/messages`,
      headers: auth(from),
      payload: { msgId: msgId(), msgType: 'text', msgBody: { text } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data as ChatMessage;
  };

  async function groupOfThree() {
    const [a, b, c] = [await newUser(w.t.app, { firstName: 'Ada', lastName: 'Obi' }), await newUser(w.t.app), await newUser(w.t.app)];
    for (const u of [a, b, c]) await subscribeDevice(w.t.app, u, push.device(u.id));
    const groupId = await group(a, [b, c]);
    await runJobs();
    push.received.length = 0;
    return { a, b, c, groupId };
  }

  it('pushes to every member but the sender, titled with the group and the sender’s name before the text', async () => {
    const { a, b, c, groupId } = await groupOfThree();
    await sendToGroup(a, groupId, 'Run at 6');
    await runJobs();
    expect(push.received.map((r) => r.device).sort()).toEqual([b.id, c.id].sort());
    expect(push.for(b.id)[0]!.payload).toMatchObject({
      kind: 'message',
      title: 'Yaba Runners',
      body: 'Ada: Run at 6',
      url: `/chat/groups/${groupId}`,
      tag: `chat:${groupId}`,
    });
  });

  it('pushes nothing to a member who muted the group', async () => {
    const { a, b, c, groupId } = await groupOfThree();
    const mute = await w.t.app.inject({ method: 'PUT', url: `/api/chat/groups/${groupId}/mute`, headers: auth(b), payload: { for: '8h' } });
    expect(mute.statusCode, mute.body).toBe(200);
    await sendToGroup(a, groupId, 'Run at 6');
    await runJobs();
    expect([push.for(b.id).length, push.for(c.id).length]).toEqual([0, 1]);
  });

  it('is skipped at sending for a member who saw it on another device after the push was written', async () => {
    const { a, b, groupId } = await groupOfThree();
    const m = await sendToGroup(a, groupId, 'Run at 6');
    await pushNewMessages(w.t.db);
    const seen = await w.t.app.inject({
      method: 'PUT',
      url: `/api/chat/groups/${groupId}/seen`,
      headers: auth(b),
      payload: { upToSeq: m.seq },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    await drainPushes(w.t);
    expect(push.for(b.id)).toHaveLength(0);
  });
});
