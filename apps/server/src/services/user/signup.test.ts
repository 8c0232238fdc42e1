import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { otps, sessions, users } from './tables.js';
import { codeIn, fileApp, json, lastMessage, newPhone, signup, toE164Ng } from '../../test/harness.js';

const t = fileApp();

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/user${url}`, payload });

describe('POST /users/signup', () => {
  it('creates an unverified user with a normalised phone, hashed password, and texts a 6-digit code', async () => {
    const { res, body, phone } = await signup(t.app, { nickName: 'Ngozi_1' });
    expect(res.statusCode).toBe(201);
    const data = json(res).data as { id: string; phoneNumber: string; email: string };
    expect(data.phoneNumber).toBe(toE164Ng(phone));
    expect(data.email).toBe(body.email);
    const [row] = await t.db.select().from(users).where(eq(users.id, data.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(body.password);
    expect(row!.phoneVerifiedAt).toBeNull();
    const text = await lastMessage(t.app, data.phoneNumber);
    const code = codeIn(text);
    expect(code).toMatch(/^\d{6}$/);
    const [otp] = await t.db.select().from(otps).where(eq(otps.userId, data.id));
    expect(otp!.codeHash).not.toContain(code);
    expect(otp!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(otp!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('accepts the phone in any usual Nigerian form', async () => {
    const local = newPhone();
    const { res } = await signup(t.app, { phoneNumber: `+234 ${local.slice(1, 4)} ${local.slice(4)}` });
    expect(res.statusCode).toBe(201);
    expect((json(res).data as { phoneNumber: string }).phoneNumber).toBe(toE164Ng(local));
  });

  it.each([
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ phoneNumber: '0123' }, 'Enter a valid Nigerian phone number'],
    [{ phoneNumber: '08031234' }, 'Enter a valid Nigerian phone number'],
    [{ phoneNumber: '08001234567' }, 'Enter a valid Nigerian phone number'],
    [{ password: 'short1' }, 'Password must be at least 8 characters'],
    [{ password: 'lettersonly' }, 'Password must contain a number'],
    [{ firstName: '' }, 'firstName is required'],
    [{ nickName: 'a b' }, 'nickName may only contain letters, numbers, _ and .'],
  ])('rejects %o with a clear 400 and writes nothing', async (over, message) => {
    const before = await userCount();
    const { res } = await signup(t.app, over as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(json(res).status).toBe(false);
    expect(json(res).message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The request body is not valid JSON');
  });

  it('refuses a second account with the same email, phone or nickname (any case)', async () => {
    const first = await signup(t.app, { nickName: 'Chike' });
    expect(first.res.statusCode).toBe(201);
    const before = await userCount();
    const byEmail = await signup(t.app, { email: first.body.email.toUpperCase() });
    expect(byEmail.res.statusCode).toBe(409);
    expect(json(byEmail.res).message).toBe('An account with this email already exists');
    const byPhone = await signup(t.app, { phoneNumber: toE164Ng(first.phone) });
    expect(byPhone.res.statusCode).toBe(409);
    expect(json(byPhone.res).message).toBe('An account with this phone number already exists');
    const byNick = await signup(t.app, { nickName: 'chike' });
    expect(byNick.res.statusCode).toBe(409);
    expect(json(byNick.res).message).toBe('That nickname is taken');
    expect(await userCount()).toBe(before);
  });
});

describe('POST /users/verify-mobile', () => {
  it('verifies the phone with the texted code, once', async () => {
    const { phone } = await signup(t.app);
    const code = codeIn(await lastMessage(t.app, toE164Ng(phone)));
    const res = await post('/users/verify-mobile', { phoneNumber: phone, otp: code });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      phoneNumber: toE164Ng(phone),
      isVerified: true,
      id: expect.any(String),
      accessToken: expect.any(String),
    });
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, toE164Ng(phone)));
    expect(row!.phoneVerifiedAt).not.toBeNull();
    const again = await post('/users/verify-mobile', { phoneNumber: phone, otp: code });
    expect(again.statusCode).toBe(400);
  });

  it('signs the person in on this device, as a login does: the token works and the device is their first, trusted', async () => {
    const { phone, body } = await signup(t.app);
    const code = codeIn(await lastMessage(t.app, toE164Ng(phone)));
    const device = { 'x-device-id': 'a1b2c3d4-first-phone', 'x-device-name': 'Chrome on Android' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/verify-mobile',
      headers: device,
      payload: { phoneNumber: phone, otp: code },
    });
    expect(res.statusCode).toBe(200);
    const { id, accessToken } = json(res).data as { id: string; accessToken: string };
    const [row] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, toE164Ng(phone)));
    expect(id).toBe(row!.id);

    const bearer = { authorization: `Bearer ${accessToken}` };
    const me = await t.app.inject({ method: 'GET', url: `/api/user/users/${id}`, headers: bearer });
    expect(me.statusCode).toBe(200);
    expect((json(me).data as { email: string }).email).toBe(body.email);
    const devices = await t.app.inject({ method: 'GET', url: '/api/user/devices', headers: bearer });
    expect(json(devices).data).toEqual([expect.objectContaining({ label: 'Chrome on Android', current: true })]);

    // The same device logs in later without a code; another device is asked for one.
    const login = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/user/users/login', headers, payload: { username: body.email, password: body.password } });
    const again = await login(device);
    expect(again.statusCode).toBe(200);
    expect((json(again).data as { id: string }).id).toBe(id);
    const other = await login({ 'x-device-id': 'ffee0011-other-phone' });
    expect(other.statusCode).toBe(403);
    expect(json(other).code).toBe('NEW_DEVICE');
  });

  it('makes no session for a wrong code', async () => {
    const { phone } = await signup(t.app);
    const code = codeIn(await lastMessage(t.app, toE164Ng(phone)));
    const res = await post('/users/verify-mobile', { phoneNumber: phone, otp: code === '000000' ? '111111' : '000000' });
    expect(res.statusCode).toBe(400);
    expect(json(res).data ?? null).toBeNull();
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.phoneNumber, toE164Ng(phone)));
    const made = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, row!.id));
    expect(made[0]!.n).toBe(0);
    expect(row!.phoneVerifiedAt).toBeNull();
  });

  it('counts wrong codes and stops accepting any after five', async () => {
    const { phone } = await signup(t.app);
    const code = codeIn(await lastMessage(t.app, toE164Ng(phone)));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const r = await post('/users/verify-mobile', { phoneNumber: phone, otp: wrong });
      expect(r.statusCode).toBe(400);
      expect(json(r).message).toBe(`Incorrect code. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`);
    }
    const fifth = await post('/users/verify-mobile', { phoneNumber: phone, otp: wrong });
    expect(fifth.statusCode).toBe(429);
    const right = await post('/users/verify-mobile', { phoneNumber: phone, otp: code });
    expect(right.statusCode).toBe(429);
    expect(json(right).message).toBe('Too many wrong codes. Request a new one.');
  });

  it('refuses an expired code', async () => {
    const { phone } = await signup(t.app);
    const e164 = toE164Ng(phone);
    const code = codeIn(await lastMessage(t.app, e164));
    await t.db
      .update(otps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(otps.phoneNumber, e164));
    const res = await post('/users/verify-mobile', { phoneNumber: phone, otp: code });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('This code has expired. Request a new one.');
  });

  it('rejects malformed input', async () => {
    const res = await post('/users/verify-mobile', { phoneNumber: newPhone(), otp: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('The code is 6 digits');
  });
});

describe('POST /users/resend-otp', () => {
  it('is throttled to one a minute, and a new code replaces the old one', async () => {
    const { phone } = await signup(t.app);
    const e164 = toE164Ng(phone);
    const first = codeIn(await lastMessage(t.app, e164));
    const soon = await post('/users/resend-otp', { phoneNumber: phone });
    expect(soon.statusCode).toBe(429);
    expect(json(soon).message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);

    await t.db
      .update(otps)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(otps.phoneNumber, e164));
    const later = await post('/users/resend-otp', { phoneNumber: phone });
    expect(later.statusCode).toBe(200);
    const second = codeIn(await lastMessage(t.app, e164));
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const old = await post('/users/verify-mobile', { phoneNumber: phone, otp: first });
      expect(old.statusCode).toBe(400);
    }
    const ok = await post('/users/verify-mobile', { phoneNumber: phone, otp: second });
    expect(ok.statusCode).toBe(200);
  });

  it('allows at most five codes an hour', async () => {
    const { phone } = await signup(t.app);
    const e164 = toE164Ng(phone);
    for (let i = 0; i < 4; i++) {
      await t.db
        .update(otps)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(otps.phoneNumber, e164));
      expect((await post('/users/resend-otp', { phoneNumber: phone })).statusCode).toBe(200);
    }
    await t.db
      .update(otps)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(otps.phoneNumber, e164));
    const sixth = await post('/users/resend-otp', { phoneNumber: phone });
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).message).toBe('Too many codes requested. Try again in an hour.');
  });

  it('answers the same for an unknown number and sends nothing', async () => {
    const phone = newPhone();
    const res = await post('/users/resend-otp', { phoneNumber: phone });
    expect(res.statusCode).toBe(200);
    expect(await lastMessage(t.app, toE164Ng(phone))).toBe('');
  });
});

describe('POST /user/auth/verify-otp', () => {
  it('verifies a sign-up code and reports isValidOTP and the verified number', async () => {
    const { phone } = await signup(t.app);
    const code = codeIn(await lastMessage(t.app, toE164Ng(phone)));
    const res = await post('/user/auth/verify-otp', { phoneNumber: phone, otp: code, purpose: 'verify_mobile' });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ isValidOTP: true, verifiedNumber: toE164Ng(phone) });
  });

  it('rejects an unknown purpose', async () => {
    const res = await post('/user/auth/verify-otp', { phoneNumber: newPhone(), otp: '123456', purpose: 'anything' });
    expect(res.statusCode).toBe(400);
  });
});
