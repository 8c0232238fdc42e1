import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { codeIn, fileApp, json, lastMessage, logInOnNewDevice, newUser, type TestUser } from '../../test/harness.js';
import { deviceActivity } from './devices.service.js';
import { otps, sessions, userDevices } from './tables.js';

const t = fileApp();

/** A browser on another phone: the id it keeps and the name it shows. */
const phoneB = { 'x-device-id': 'b7c1e0a4-phone-b', 'x-device-name': 'Chrome on Android' };
const phoneC = { 'x-device-id': 'c2d9f3aa-phone-c', 'x-device-name': 'Firefox on Android' };

const login = (u: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/users/login', headers, payload: { username: u.email, password: u.password } });
const confirm = (u: TestUser, headers: Record<string, string>, otp: string, password = u.password) =>
  t.app.inject({ method: 'POST', url: '/api/user/users/login/device', headers, payload: { username: u.email, password, otp } });
const devices = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/user/devices${query}`, headers: { authorization: `Bearer ${token}` } });
const signOut = (token: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/devices/${id}`, headers: { authorization: `Bearer ${token}` } });
type DeviceRow = { id: string; label: string; current: boolean };
const listed = async (token: string) => json(await devices(token)).data as DeviceRow[];
const codesSent = async (u: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(u.e164)}` });
  return (res.json() as { data: { body: string }[] }).data.filter((m) => m.body.includes('new device')).length;
};

/** Logs in on a new device with its texted code: the new session's token. */
async function onNewDevice(u: TestUser, headers: Record<string, string>): Promise<string> {
  // Codes are one a minute: a code sent earlier is made a minute old, as if this login came later.
  await t.db
    .update(otps)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(otps.userId, u.id));
  return logInOnNewDevice(t.app, u, headers);
}

describe('logging in on a device', () => {
  it('trusts the first device a person logs in from, without a code', async () => {
    const u = await newUser(t.app);
    const rows = await listed(u.token);
    expect(rows).toEqual([expect.objectContaining({ label: 'Unknown device', current: true })]);
    expect(await codesSent(u)).toBe(0);
  });

  it('logs in again on a device it knows without a code', async () => {
    const u = await newUser(t.app);
    const again = await login(u);
    expect(again.statusCode).toBe(200);
    expect(await codesSent(u)).toBe(0);
  });

  it('answers NEW_DEVICE from a device not seen before and texts a code naming the device, with no session made', async () => {
    const u = await newUser(t.app);
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const res = await login(u, phoneB);
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('NEW_DEVICE');
    expect(json(res).message).toBe(
      `This is a new device. Enter the code we texted to +234 ••• ••• ${u.e164.slice(-4)} to confirm it is you.`,
    );
    const text = await lastMessage(t.app, u.e164);
    expect(text).toContain('new device (Chrome on Android)');
    expect(codeIn(text)).toMatch(/^\d{6}$/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(before.length);
  });

  it('answers 429 for another new device within the minute of a code used', async () => {
    const u = await newUser(t.app);
    await login(u, phoneB);
    expect((await confirm(u, phoneB, codeIn(await lastMessage(t.app, u.e164)))).statusCode).toBe(200);
    const res = await login(u, phoneC);
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
  });

  it('keeps the code already sent when the login is repeated within the minute', async () => {
    const u = await newUser(t.app);
    await login(u, phoneB);
    const code = codeIn(await lastMessage(t.app, u.e164));
    expect((await login(u, phoneB)).statusCode).toBe(403);
    expect(await codesSent(u)).toBe(1);
    expect((await confirm(u, phoneB, code)).statusCode).toBe(200);
  });

  it('does not text a code for a wrong password', async () => {
    const u = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/login',
      headers: phoneB,
      payload: { username: u.email, password: 'not-my-pass1' },
    });
    expect(res.statusCode).toBe(401);
    expect(await codesSent(u)).toBe(0);
  });

  it('refuses a device id outside 8 to 128 characters with 400', async () => {
    const u = await newUser(t.app);
    const res = await login(u, { 'x-device-id': 'short' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('x-device-id is 8 to 128 characters');
  });
});

describe('POST /users/login/device', () => {
  it('logs in with the code, lists the device as this session’s and trusts it next time', async () => {
    const u = await newUser(t.app);
    const token = await onNewDevice(u, phoneB);
    const rows = await listed(token);
    expect(rows.map((d) => [d.label, d.current])).toEqual(
      expect.arrayContaining([
        ['Chrome on Android', true],
        ['Unknown device', false],
      ]),
    );
    expect((await login(u, phoneB)).statusCode).toBe(200);
  });

  it('does not confirm another device with the code texted for this one', async () => {
    const u = await newUser(t.app);
    await login(u, phoneB);
    const code = codeIn(await lastMessage(t.app, u.e164));
    const res = await confirm(u, phoneC, code);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('OTP_INCORRECT');
    const rows = await t.db.select().from(userDevices).where(eq(userDevices.userId, u.id));
    expect(rows.map((d) => d.label)).toEqual(['Unknown device']);
  });

  it('refuses a wrong password before looking at the code, writing nothing', async () => {
    const u = await newUser(t.app);
    await login(u, phoneB);
    const code = codeIn(await lastMessage(t.app, u.e164));
    const res = await confirm(u, phoneB, code, 'wrong-pass-9');
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe('Incorrect username or password');
    expect(await t.db.select().from(userDevices).where(eq(userDevices.userId, u.id))).toHaveLength(1);
    expect((await confirm(u, phoneB, code)).statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits with 400', async () => {
    const u = await newUser(t.app);
    const res = await confirm(u, phoneB, '12ab');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The code is 6 digits');
  });
});

describe('GET /devices', () => {
  it('pages the devices, the most recently used first', async () => {
    const u = await newUser(t.app);
    await onNewDevice(u, phoneB);
    const token = await onNewDevice(u, phoneC);
    const first = json(await devices(token, '?page=1&limit=2'));
    expect((first.data as DeviceRow[]).map((d) => d.label)).toEqual(['Firefox on Android', 'Chrome on Android']);
    expect(first.pagination).toMatchObject({ page: 1, limit: 2, total: 3, next: { page: 2 } });
    const second = json(await devices(token, '?page=2&limit=2')).data as DeviceRow[];
    expect(second.map((d) => d.label)).toEqual(['Unknown device']);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/devices' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a page size above 100 with 400', async () => {
    const u = await newUser(t.app);
    const res = await devices(u.token, '?limit=500');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('limit is at most 100');
  });
});

describe('DELETE /devices/:id', () => {
  it('ends the device’s sessions, drops it from the list and asks it for a code again', async () => {
    const u = await newUser(t.app);
    const tokenB = await onNewDevice(u, phoneB);
    const b = (await listed(u.token)).find((d) => d.label === 'Chrome on Android')!;
    const res = await signOut(u.token, b.id);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Device signed out');
    expect((await devices(tokenB)).statusCode).toBe(401);
    expect((await listed(u.token)).map((d) => d.label)).toEqual(['Unknown device']);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.deviceId, b.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    await t.db
      .update(otps)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(otps.userId, u.id));
    expect(json(await login(u, phoneB)).code).toBe('NEW_DEVICE');
  });

  it('refuses to sign out the device this session is on', async () => {
    const u = await newUser(t.app);
    const [mine] = await listed(u.token);
    const res = await signOut(u.token, mine!.id);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('This is the device you are using. Use Log out to sign it out.');
    expect((await devices(u.token)).statusCode).toBe(200);
  });

  it('does not find another person’s device, and changes nothing', async () => {
    const owner = await newUser(t.app);
    const stranger = await newUser(t.app);
    const [device] = await listed(owner.token);
    const res = await signOut(stranger.token, device!.id);
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Device not found');
    expect(await listed(owner.token)).toHaveLength(1);
    expect((await devices(owner.token)).statusCode).toBe(200);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const u = await newUser(t.app);
    const bad = await signOut(u.token, 'not-a-device');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Device not found');
  });

  it('answers 401 without a token', async () => {
    const none = await t.app.inject({ method: 'DELETE', url: `/api/user/devices/${crypto.randomUUID()}` });
    expect(none.statusCode).toBe(401);
  });

  it('signs out a device already signed out as a no-op', async () => {
    const u = await newUser(t.app);
    await onNewDevice(u, phoneB);
    const b = (await listed(u.token)).find((d) => d.label === 'Chrome on Android')!;
    expect((await signOut(u.token, b.id)).statusCode).toBe(200);
    const again = await signOut(u.token, b.id);
    expect(again.statusCode).toBe(200);
    expect((await listed(u.token)).map((d) => d.label)).toEqual(['Unknown device']);
  });
});

describe('"Last active"', () => {
  const twoHoursAgo = () => new Date(Date.now() - 2 * 3600_000);
  const lastSeen = async (userId: string) =>
    (await t.db.select({ at: userDevices.lastSeenAt }).from(userDevices).where(eq(userDevices.userId, userId)))[0]!.at.getTime();
  const call = (u: TestUser) =>
    t.app.inject({ method: 'GET', url: `/api/user/users/${u.id}`, headers: { authorization: `Bearer ${u.token}` } });

  it('moves when the device’s session is used, at most once a minute (no write per request)', async () => {
    const u = await newUser(t.app);
    await t.db.update(userDevices).set({ lastSeenAt: twoHoursAgo() }).where(eq(userDevices.userId, u.id));
    expect((await call(u)).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await lastSeen(u.id)).toBeGreaterThan(Date.now() - 10_000));
    const shown = (await listed(u.token))[0] as DeviceRow & { lastSeenAt: string };
    expect(Date.parse(shown.lastSeenAt)).toBeGreaterThan(Date.now() - 10_000);

    // Used again within the minute: nothing is written (the value set here stays).
    const stale = twoHoursAgo();
    await t.db.update(userDevices).set({ lastSeenAt: stale }).where(eq(userDevices.userId, u.id));
    for (let i = 0; i < 5; i++) expect((await call(u)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastSeen(u.id)).toBe(stale.getTime());
  });

  it('sends one statement a minute per session, and writes only a device last seen over a minute ago', async () => {
    const u = await newUser(t.app);
    const [session] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, u.id));
    let clock = Date.now();
    const seen = deviceActivity(t.db, 60_000, () => clock);

    // Seen just now (the login): the statement writes nothing.
    const loginAt = await lastSeen(u.id);
    await seen(session!.id);
    expect(await lastSeen(u.id)).toBe(loginAt);

    await t.db.update(userDevices).set({ lastSeenAt: twoHoursAgo() }).where(eq(userDevices.userId, u.id));
    clock += 30_000;
    expect(seen(session!.id)).toBeNull();
    clock += 31_000;
    await seen(session!.id);
    expect(await lastSeen(u.id)).toBe(clock);
  });
});
