import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, json, newUser, type TestContext } from '../../test/harness.js';
import { PushStandIn } from './push-stand-in.js';
import { subscribeDevice } from './push-fixtures.js';
import { pushSubscriptions } from './tables.js';

let t: TestContext;
const push = new PushStandIn();
beforeAll(async () => {
  await push.start();
  t = await createTestApp({ env: push.env });
});
afterAll(async () => {
  await t.close();
  await push.stop();
});

const subsOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const URL = '/api/notifications/push/subscriptions';

describe('notifications.pushKey', () => {
  it('gives the VAPID public key, a 65-byte P-256 point', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/push/key', headers: auth(u) });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from((json(res).data as { publicKey: string }).publicKey, 'base64url')).toHaveLength(65);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/push/key' });
    expect(res.statusCode).toBe(401);
  });
});

describe('notifications.subscribe', () => {
  it('keeps the device for the caller', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    expect(await subsOf(u.id)).toHaveLength(1);
  });

  it('keeps an endpoint once, for the latest person who gave it', async () => {
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    const d = push.device('shared');
    await subscribeDevice(t.app, a, d);
    const again = await t.app.inject({ method: 'POST', url: URL, headers: auth(b), payload: PushStandIn.body(d) });
    expect(again.statusCode).toBe(200);
    expect([(await subsOf(a.id)).length, (await subsOf(b.id)).length]).toEqual([0, 1]);
  });

  it('refuses keys that are not a P-256 key and auth secret, writing nothing', async () => {
    const u = await newUser(t.app);
    const d = push.device('bad');
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth(u),
      payload: { endpoint: d.endpoint, keys: { p256dh: 'abc', auth: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('keys.p256dh must be the browser’s P-256 public key in base64url');
    expect(await subsOf(u.id)).toHaveLength(0);
  });

  it.each([
    ['a cloud metadata address', 'http://169.254.169.254/latest/meta-data/', 'endpoint must be an https address'],
    ['Redis on the loopback', 'http://127.0.0.1:6379', 'endpoint must be an https address'],
    ['a file', 'file:///etc/passwd', 'endpoint must be an https address'],
    ['a script', 'javascript:alert(document.cookie)', 'endpoint must be an https address'],
    ['a data address', 'data:text/plain,hello', 'endpoint must be an https address'],
    [
      'another https host',
      'https://evil.example/push/1',
      'endpoint must be an address of a browser push service (FCM, Mozilla, Apple or Microsoft)',
    ],
    [
      'a look-alike host',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'endpoint must be an address of a browser push service (FCM, Mozilla, Apple or Microsoft)',
    ],
    [
      'a push service on another port',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'endpoint must be a push service address without a port or credentials',
    ],
    [
      'credentials in the address',
      'https://user:pass@fcm.googleapis.com/fcm/send/1',
      'endpoint must be a push service address without a port or credentials',
    ],
  ])('refuses %s with a clear 400, writing nothing', async (_what, endpoint, message) => {
    const u = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth(u),
      payload: { ...PushStandIn.body(push.device('x')), endpoint },
    });
    expect([res.statusCode, json(res).message]).toEqual([400, message]);
    expect(await subsOf(u.id)).toHaveLength(0);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dXNlcjE:APA91b',
    'https://android.googleapis.com/gcm/send/dXNlcjE',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGz8hXj',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('accepts the browsers’ push services: %s', async (endpoint) => {
    const u = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth(u),
      payload: { ...PushStandIn.body(push.device('x')), endpoint },
    });
    expect(res.statusCode).toBe(201);
    expect((await subsOf(u.id)).map((s) => s.endpoint)).toEqual([endpoint]);
  });

  it('refuses a local push service that PUSH_EXTRA_SERVICES does not name', async () => {
    const other = await createTestApp();
    try {
      const u = await newUser(other.app);
      const res = await other.app.inject({ method: 'POST', url: URL, headers: auth(u), payload: PushStandIn.body(push.device('x')) });
      expect([res.statusCode, json(res).message]).toEqual([400, 'endpoint must be an https address']);
    } finally {
      await other.close();
    }
  });

  it('answers 401 without a token, writing nothing', async () => {
    const d = push.device('anon');
    const res = await t.app.inject({ method: 'POST', url: URL, payload: PushStandIn.body(d) });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, d.endpoint))).toHaveLength(0);
  });

  it('is removed at logout', async () => {
    const u = await newUser(t.app);
    await subscribeDevice(t.app, u, push.device('phone'));
    const out = await t.app.inject({ method: 'GET', url: '/api/user/auth/logout', headers: auth(u) });
    expect(out.statusCode).toBe(200);
    expect(await subsOf(u.id)).toHaveLength(0);
  });
});

describe('notifications.unsubscribe', () => {
  it('removes the caller’s own subscription', async () => {
    const u = await newUser(t.app);
    const d = push.device('phone');
    await subscribeDevice(t.app, u, d);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push/unsubscribe',
      headers: auth(u),
      payload: { endpoint: d.endpoint },
    });
    expect(json(res).data).toEqual({ removed: 1 });
    expect(await subsOf(u.id)).toHaveLength(0);
  });

  it('leaves another person’s subscription alone', async () => {
    const [a, b] = [await newUser(t.app), await newUser(t.app)];
    const d = push.device('phone');
    await subscribeDevice(t.app, a, d);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/push/unsubscribe',
      headers: auth(b),
      payload: { endpoint: d.endpoint },
    });
    expect(json(res).data).toEqual({ removed: 0 });
    expect(await subsOf(a.id)).toHaveLength(1);
  });

  it('refuses a body without an endpoint', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/push/unsubscribe', headers: auth(u), payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('notifications.settings', () => {
  it('has every kind on and no quiet hours at first', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: auth(u) });
    const s = json(res).data as { kinds: Record<string, boolean>; quietHours: unknown };
    expect(Object.values(s.kinds).every(Boolean)).toBe(true);
    expect(s.quietHours).toBeNull();
  });

  it('changes only the settings given', async () => {
    const u = await newUser(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: auth(u), payload: { kinds: { message: false } } });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: auth(u),
      payload: { quietHours: { start: 22 * 60, end: 7 * 60 } },
    });
    const s = json(res).data as { kinds: Record<string, boolean>; quietHours: unknown };
    expect([s.kinds.message, s.kinds.money, s.quietHours]).toEqual([false, true, { start: 1320, end: 420 }]);
  });

  it('refuses an unknown kind', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: auth(u),
      payload: { kinds: { spam: false } },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an empty change', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: auth(u), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Say which setting to change');
  });
});
