import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, newUser, secondApp, type TestContext } from '../../test/harness.js';
import { sendDuePushes } from './deliver.js';
import { notify, type Notification } from './notify.service.js';
import { drainPushes, pushTestApp, subscribeDevice } from './push-fixtures.js';
import { PushStandIn } from './push-stand-in.js';
import { pushDeliveries, pushSubscriptions } from './tables.js';

const fixture = pushTestApp();
const push = fixture.push;
let t: TestContext;
beforeAll(() => {
  t = fixture.t;
});

const money: Notification = { kind: 'money', title: 'You received ₦5,000.00', body: 'From Ada Obi', link: '/history' };
const tell = (userIds: string[], n: Notification = money, now?: Date) => t.db.transaction((tx) => notify(tx, userIds, n, now));

describe('a push to each device', () => {
  it('sends one encrypted request to each subscribed device of the person, which its keys decrypt', async () => {
    const u = await newUser(t.app);
    const [phone, laptop] = [push.device('phone'), push.device('laptop')];
    await subscribeDevice(t.app, u, phone);
    await subscribeDevice(t.app, u, laptop);
    await tell([u.id]);
    await drainPushes(t);
    expect(push.received.map((r) => r.device).sort()).toEqual(['laptop', 'phone']);
    expect(push.for('phone')[0]!.payload).toMatchObject({ kind: 'money', title: 'You received ₦5,000.00', url: '/history' });
  });

  it('sends nothing to another person’s devices', async () => {
    const [u, other] = [await newUser(t.app), await newUser(t.app)];
    await subscribeDevice(t.app, other, push.device('other'));
    await tell([u.id]);
    await drainPushes(t);
    expect(push.for('other')).toHaveLength(0);
  });

  it('signs the request with the VAPID key and carries TTL, urgency and topic', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    await tell([u.id], { ...money, urgent: true, tag: 'call:1' });
    await drainPushes(t);
    const h = push.for('phone')[0]!.headers;
    expect([h['content-encoding'], h.urgency, typeof h.topic, h.ttl]).toEqual(['aes128gcm', 'high', 'string', '86400']);
    expect(String(h.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${t.config.push.vapid.publicKey}$`));
  });

  it('is sent once however often the sender runs', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    await tell([u.id]);
    await drainPushes(t);
    await drainPushes(t);
    expect(push.for('phone')).toHaveLength(1);
  });

  it('lists the notification in the centre, opened by the push', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    await tell([u.id]);
    await drainPushes(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/centre?kind=money', headers: auth(u) });
    const [item] = json(res).data as { id: string; link: string }[];
    expect(push.for('phone')[0]!.payload.noticeId).toBe(item!.id);
  });
});

describe('settings and quiet hours', () => {
  const at = (lagosHour: number) => new Date(Date.UTC(2026, 10, 27, lagosHour - 1, 30));
  async function personWith(settings: object) {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device(u.id));
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: auth(u), payload: settings });
    expect(res.statusCode).toBe(200);
    return u;
  }

  it('sends no push of a kind the person turned off', async () => {
    const u = await personWith({ kinds: { money: false } });
    await tell([u.id]);
    await drainPushes(t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('still lists a kind turned off in the centre', async () => {
    const u = await personWith({ kinds: { money: false } });
    await tell([u.id]);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/summary', headers: auth(u) });
    expect(json(res).data).toMatchObject({ unread: 1, byKind: { money: 1 } });
  });

  it('holds an order’s push during quiet hours in Lagos time', async () => {
    const u = await personWith({ quietHours: { start: 22 * 60, end: 7 * 60 } });
    await tell([u.id], { kind: 'order.shipped', title: 'Shipped', body: 'Your order is on its way', link: '/shop/orders/1' }, at(23));
    await drainPushes(t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('sends an order’s push outside quiet hours', async () => {
    const u = await personWith({ quietHours: { start: 22 * 60, end: 7 * 60 } });
    await tell([u.id], { kind: 'order.shipped', title: 'Shipped', body: 'Your order is on its way', link: '/shop/orders/1' }, at(12));
    await drainPushes(t);
    expect(push.for(u.id)).toHaveLength(1);
  });

  it('lets money through quiet hours', async () => {
    const u = await personWith({ quietHours: { start: 22 * 60, end: 7 * 60 } });
    await tell([u.id], money, at(2));
    await drainPushes(t);
    expect(push.for(u.id)).toHaveLength(1);
  });

  it('holds money during quiet hours when the person says so', async () => {
    const u = await personWith({ quietHours: { start: 22 * 60, end: 7 * 60 }, quietAllowsMoney: false });
    await tell([u.id], money, at(2));
    await drainPushes(t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('hides a message’s text for a person who asked', async () => {
    const u = await personWith({ hideMessageText: true });
    await tell([u.id], { kind: 'message', title: 'Ada Obi', body: 'the code is 1234', link: '/chat/1', privateBody: true });
    await drainPushes(t);
    expect(push.for(u.id)[0]!.payload.body).toBe('New message');
  });
});

describe('the push service’s answers', () => {
  it('drops a subscription the push service says is gone (410)', async () => {
    const u = await newUser(t.app);
    const d = push.device('old');
    await subscribeDevice(t.app, u, d);
    d.answer = 410;
    await tell([u.id]);
    await drainPushes(t);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toHaveLength(0);
  });

  it('tries again later when the push service fails (500), and sends once it recovers', async () => {
    const u = await newUser(t.app);
    const d = push.device('flaky');
    await subscribeDevice(t.app, u, d);
    d.answer = 500;
    await tell([u.id]);
    await drainPushes(t);
    const [row] = await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, u.id));
    expect([row!.status, row!.attempts, row!.nextAt.getTime() > Date.now()]).toEqual(['pending', 1, true]);
    d.answer = 201;
    await t.db
      .update(pushDeliveries)
      .set({ nextAt: new Date(0) })
      .where(eq(pushDeliveries.id, row!.id));
    await drainPushes(t);
    expect(push.for('flaky')).toHaveLength(1);
  });
});

describe('a crash between the event and the send', () => {
  it('sends once, from another process, after the first died holding the claim', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    await tell([u.id]);
    // The first process claims the push and dies before sending it: its claim runs out.
    const dying = { db: t.db, log: t.app.log, push: { name: 'dies', send: () => new Promise<never>(() => {}) } };
    void sendDuePushes(dying);
    await new Promise((r) => setTimeout(r, 200));
    await t.db
      .update(pushDeliveries)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(pushDeliveries.userId, u.id));
    const other = await secondApp(t);
    await sendDuePushes({ db: other.db, push: other.providers.push, log: other.app.log });
    await sendDuePushes({ db: other.db, push: other.providers.push, log: other.app.log });
    expect(push.for('phone')).toHaveLength(1);
  });
});

describe('where pushes may go', () => {
  // A push service nobody named in PUSH_EXTRA_SERVICES: the server must never send to it.
  const elsewhere = new PushStandIn();
  beforeAll(async () => {
    await elsewhere.start();
    return () => elsewhere.stop();
  });

  it('never follows a push service’s redirect to another host', async () => {
    const u = await newUser(t.app);
    const phone = push.device('phone');
    phone.redirectTo = elsewhere.device('target').endpoint;
    await subscribeDevice(t.app, u, phone);
    await tell([u.id]);
    await drainPushes(t);
    expect(elsewhere.received).toHaveLength(0);
    const [row] = await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, u.id));
    expect([row!.status, row!.lastError]).toEqual(['pending', 'push service answered 307; redirects are not followed']);
  });

  it('drops a stored subscription whose endpoint the rule refuses, sending nothing to it', async () => {
    const u = await newUser(t.app);
    const d = elsewhere.device('stored-before-the-rule');
    await t.db
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), userId: u.id, sessionId: randomUUID(), endpoint: d.endpoint, ...d.keys });
    await tell([u.id]);
    await drainPushes(t);
    expect(elsewhere.received).toHaveLength(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, u.id))).toHaveLength(0);
    const [row] = await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.userId, u.id));
    expect(row!.status).toBe('gone');
  });
});
