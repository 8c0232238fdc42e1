import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { createTestApp, json, type TestContext } from '../../test/harness.js';
import { createAdmin } from './accounts.service.js';
import { SECOND_FACTOR_UNREADABLE, totpCode } from './second-factor.js';
import { OTHER_SECRET_MESSAGE, sameAppSecret } from '../../platform/secret-check.js';
import { MAX_FAILED_LOGINS } from './sessions.service.js';
import {
  firstAdmin,
  freshCode,
  inviteTokenFor,
  STAFF_PASSWORD,
  staffAuth,
  staffLogin,
  staffMember,
  type TestStaff,
} from './staff-test-kit.js';

let t: TestContext;
let admin: TestStaff;
const me = (s: { token: string }) => t.app.inject({ method: 'GET', url: '/api/staff/me', headers: staffAuth(s) });
const count = async (q: ReturnType<typeof sql>) => (await executeRows<{ n: number }>(t.db, q))[0]!.n;
const sessionsOf = (s: TestStaff) => count(sql`SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = ${s.id}`);
const auditKinds = async (s: TestStaff) =>
  (await executeRows<{ kind: string }>(t.db, sql`SELECT kind FROM staff_audit_log WHERE staff_id = ${s.id} ORDER BY seq`)).map(
    (r) => r.kind,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await firstAdmin(t);
});
afterAll(() => t?.close());

describe('staff sign-in', () => {
  it('signs the first admin in with the password and a TOTP code, with the role and its permissions', async () => {
    const res = await me(admin);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: admin.id,
      email: admin.email,
      role: 'admin',
      permissions: expect.arrayContaining(['staff.manage', 'audit.read']),
      session: { expiresAt: expect.any(String), idleMinutes: 15 },
    });
    expect(await auditKinds(admin)).toEqual(['staff.login']);
  });

  it('refuses a wrong password with the same answer as a wrong code or an unknown email', async () => {
    const s = await staffMember(t, admin, 'support');
    const answers = [
      await staffLogin(t.app, s.email, 'wrong password here', freshCode(s.secret)),
      await staffLogin(t.app, s.email, STAFF_PASSWORD, '000000'),
      await staffLogin(t.app, 'nobody@staff.owo.ng', STAFF_PASSWORD, '123456'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toMatchObject({ code: 'STAFF_LOGIN_FAILED', message: 'Incorrect email, password or code' });
    }
  });

  it('accepts a TOTP code once: the same code again is refused', async () => {
    const s = await staffMember(t, admin, 'finance');
    const code = freshCode(s.secret);
    expect((await staffLogin(t.app, s.email, STAFF_PASSWORD, code)).statusCode).toBe(200);
    expect((await staffLogin(t.app, s.email, STAFF_PASSWORD, code)).statusCode).toBe(401);
  });

  it('accepts a recovery code once, typed in any case', async () => {
    const s = await staffMember(t, admin, 'compliance');
    const code = s.recoveryCodes[3]!;
    expect(s.recoveryCodes).toHaveLength(10);
    expect((await staffLogin(t.app, s.email, STAFF_PASSWORD, code.toUpperCase())).statusCode).toBe(200);
    expect((await staffLogin(t.app, s.email, STAFF_PASSWORD, code)).statusCode).toBe(401);
  });

  it(`locks an account for 15 minutes after ${MAX_FAILED_LOGINS} failed sign-ins in a row, and logs each failure`, async () => {
    const s = await staffMember(t, admin, 'moderator');
    for (let i = 0; i < MAX_FAILED_LOGINS; i++)
      expect((await staffLogin(t.app, s.email, 'not the password!', '123456')).statusCode).toBe(401);
    const locked = await staffLogin(t.app, s.email, STAFF_PASSWORD, s.recoveryCodes[0]!);
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe('STAFF_LOCKED');
    expect((await auditKinds(s)).filter((k) => k === 'staff.login-failed')).toHaveLength(MAX_FAILED_LOGINS);
  });

  it('fails closed, with a clear 503 and no session, when the authenticator key was sealed under another APP_SECRET', async () => {
    // As an admin made by the command run with another secret than the server's.
    const email = `othersecret${Date.now()}@staff.owo.ng`;
    const made = await createAdmin(t.db, 'another-app-secret-of-at-least-32-characters', {
      email,
      name: 'Oge Other',
      password: STAFF_PASSWORD,
    });
    const before = await count(sql`SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = ${made.id}`);
    const res = await staffLogin(t.app, email, STAFF_PASSWORD, freshCode(made.totpSecret));
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ code: 'STAFF_SECOND_FACTOR_UNREADABLE', message: SECOND_FACTOR_UNREADABLE });
    expect(await count(sql`SELECT count(*)::int AS n FROM staff_sessions WHERE staff_id = ${made.id}`)).toBe(before);
    // A wrong password still gets the same 401 as always: the 503 tells nothing to someone without it.
    const wrong = await staffLogin(t.app, email, 'not the password at all', freshCode(made.totpSecret));
    expect(wrong.statusCode).toBe(401);
  });

  it('the database knows the APP_SECRET it was set up with, so the admin command can refuse another', async () => {
    expect(await sameAppSecret(t.db, t.config.secret)).toBe(true);
    expect(await sameAppSecret(t.db, t.config.secret)).toBe(true);
    expect(await sameAppSecret(t.db, 'another-app-secret-of-at-least-32-characters')).toBe(false);
    expect(OTHER_SECRET_MESSAGE).toMatch(/same APP_SECRET as the server/);
  });

  it('refuses a login without a code (400) and writes nothing', async () => {
    const before = await sessionsOf(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      payload: { email: admin.email, password: STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('code is required');
    expect(await sessionsOf(admin)).toBe(before);
  });
});

describe('staff sessions', () => {
  it('end after the idle limit without a successful call', async () => {
    const s = await staffMember(t, admin, 'support');
    expect((await me(s)).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE staff_sessions SET last_seen_at = now() - interval '16 minutes' WHERE staff_id = ${s.id}`);
    const res = await me(s);
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('STAFF_SESSION_INVALID');
  });

  it('end at their absolute end, however busy', async () => {
    const s = await staffMember(t, admin, 'support');
    await t.db.execute(sql`UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = ${s.id}`);
    expect((await me(s)).statusCode).toBe(401);
  });

  it('count idle time from the last successful call, not from a refused one', async () => {
    const s = await staffMember(t, admin, 'support');
    const seen = () => executeRows<{ at: Date }>(t.db, sql`SELECT last_seen_at AS at FROM staff_sessions WHERE staff_id = ${s.id}`);
    await t.db.execute(sql`UPDATE staff_sessions SET last_seen_at = now() - interval '10 minutes' WHERE staff_id = ${s.id}`);
    const old = String((await seen())[0]!.at);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/staff', headers: staffAuth(s) })).statusCode).toBe(403);
    expect(String((await seen())[0]!.at)).toBe(old);
    expect((await me(s)).statusCode).toBe(200);
    expect(String((await seen())[0]!.at)).not.toBe(old);
  });

  it('end at sign-out', async () => {
    const s = await staffMember(t, admin, 'finance');
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/auth/logout', headers: staffAuth(s) })).statusCode).toBe(200);
    expect((await me(s)).statusCode).toBe(401);
  });

  it('refuse a call with no token (401 NO_TOKEN)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/me' });
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('NO_TOKEN');
  });
});

describe('staff accounts', () => {
  it('an invitation is emailed, opened with the authenticator secret, and finished with a password and a first code', async () => {
    const s = await staffMember(t, admin, 'support', 'Bola Support');
    const res = await me(s);
    expect(json(res).data).toMatchObject({ name: 'Bola Support', role: 'support' });
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/staff', headers: staffAuth(admin) });
    expect((json(list).data as { email: string; status: string; createdBy: string }[]).find((m) => m.email === s.email)).toMatchObject({
      status: 'active',
      createdBy: admin.name,
    });
  });

  it('an invitation works once', async () => {
    const email = `once${Date.now()}@staff.owo.ng`;
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/staff',
      headers: staffAuth(admin),
      payload: { email, name: 'Once Only', role: 'support' },
    });
    const token = await inviteTokenFor(t.app, email);
    const opened = await t.app.inject({ method: 'POST', url: '/api/staff/auth/enrollment', payload: { token } });
    const secret = (json(opened).data as { secret: string }).secret;
    const finish = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/auth/enroll',
        payload: { token, password: STAFF_PASSWORD, code: freshCode(secret) },
      });
    expect((await finish()).statusCode).toBe(200);
    const again = await finish();
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('STAFF_INVITE_INVALID');
  });

  it('a wrong first code is refused (422) and leaves the member invited', async () => {
    const email = `wrong${Date.now()}@staff.owo.ng`;
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/staff',
      headers: staffAuth(admin),
      payload: { email, name: 'Wrong Code', role: 'finance' },
    });
    const token = await inviteTokenFor(t.app, email);
    const opened = await t.app.inject({ method: 'POST', url: '/api/staff/auth/enrollment', payload: { token } });
    const secret = (json(opened).data as { secret: string }).secret;
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/auth/enroll',
      payload: { token, password: STAFF_PASSWORD, code: wrong },
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('STAFF_CODE_INCORRECT');
    expect(await count(sql`SELECT count(*)::int AS n FROM staff WHERE email = ${email} AND status = 'invited'`)).toBe(1);
  });

  it('an expired invitation is refused', async () => {
    const email = `late${Date.now()}@staff.owo.ng`;
    await t.app.inject({
      method: 'POST',
      url: '/api/staff/staff',
      headers: staffAuth(admin),
      payload: { email, name: 'Late Comer', role: 'support' },
    });
    const token = await inviteTokenFor(t.app, email);
    await t.db.execute(sql`UPDATE staff SET invite_expires_at = now() - interval '1 minute' WHERE email = ${email}`);
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/auth/enrollment', payload: { token } })).statusCode).toBe(404);
  });

  it('the same email cannot be added twice (409)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/staff',
      headers: staffAuth(admin),
      payload: { email: admin.email, name: 'Again', role: 'support' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('STAFF_EMAIL_TAKEN');
  });

  it('a disabled member is signed out at once and cannot sign in again', async () => {
    const s = await staffMember(t, admin, 'finance');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/staff/${s.id}/disable`,
      headers: staffAuth(admin),
      payload: { reason: 'Left the company' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ status: 'disabled', disabledAt: expect.any(String) });
    expect((await me(s)).statusCode).toBe(401);
    expect((await staffLogin(t.app, s.email, STAFF_PASSWORD, s.recoveryCodes[0]!)).statusCode).toBe(401);
  });

  it('an admin cannot disable themselves', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/staff/${admin.id}/disable`,
      headers: staffAuth(admin),
      payload: { reason: 'Testing the rule' },
    });
    expect(res.statusCode).toBe(403);
    expect(json(res).code).toBe('STAFF_SELF');
  });
});
