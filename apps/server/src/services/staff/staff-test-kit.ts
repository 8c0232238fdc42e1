import type { StaffRole } from '@owo/contracts';
import type { FastifyInstance } from 'fastify';
import { randomDigits } from '../../platform/crypto.js';
import { lastMessage, payer, payWithPin, type TestContext } from '../../test/harness.js';
import { createAdmin } from './accounts.service.js';
import { totpCode } from './second-factor.js';

// Factories for the staff service's tests: the first admin (made as the command makes it) and staff
// members of each role, invited by that admin and enrolled through the real calls.

export type TestStaff = {
  id: string;
  token: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  /** The TOTP secret (base32). */
  secret: string;
  recoveryCodes: string[];
};

export const STAFF_PASSWORD = 'correct horse battery staple';
export const staffAuth = (s: { token: string }, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${s.token}`, ...extra });

/** A TOTP code not yet used for this secret: each call takes the next step (the server accepts one step either side of now). */
const used = new Map<string, number>();
export function freshCode(secret: string): string {
  const n = used.get(secret) ?? 0;
  used.set(secret, n + 1);
  if (n > 1) throw new Error('freshCode: no unused TOTP step left in this window; sign in with a recovery code');
  return totpCode(secret, Date.now() + n * 30_000);
}

export async function staffLogin(app: FastifyInstance, email: string, password: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/staff/auth/login', payload: { email, password, code } });
}

/** The first admin, made by the command's function, then signed in with a TOTP code. */
export async function firstAdmin(t: TestContext, name = 'Adaeze Admin'): Promise<TestStaff> {
  const email = `admin${randomDigits(8)}@staff.owo.ng`;
  const made = await createAdmin(t.db, t.config.secret, { email, name, password: STAFF_PASSWORD });
  const res = await staffLogin(t.app, email, STAFF_PASSWORD, freshCode(made.totpSecret));
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  const token = (res.json() as { data: { token: string } }).data.token;
  return {
    id: made.id,
    token,
    email,
    name,
    role: 'admin',
    password: STAFF_PASSWORD,
    secret: made.totpSecret,
    recoveryCodes: made.recoveryCodes,
  };
}

/** The enrolment token in the newest invitation emailed to this address. */
export async function inviteTokenFor(app: FastifyInstance, email: string): Promise<string> {
  const text = await lastMessage(app, email);
  const token = /enroll#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation in the outbox for ${email}: ${text}`);
  return token;
}

/** A staff member of `role`: added by the admin, enrolled with a password and a first TOTP code. */
export async function staffMember(t: TestContext, admin: TestStaff, role: StaffRole, name?: string): Promise<TestStaff> {
  const email = `${role}${randomDigits(8)}@staff.owo.ng`;
  const fullName = name ?? `${role[0]!.toUpperCase()}${role.slice(1)} Person`;
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/staff/staff',
    headers: staffAuth(admin),
    payload: { email, name: fullName, role },
  });
  if (add.statusCode !== 201) throw new Error(`add staff failed: ${add.body}`);
  const id = (add.json() as { data: { id: string } }).data.id;
  const invite = await inviteTokenFor(t.app, email);
  const opened = await t.app.inject({ method: 'POST', url: '/api/staff/auth/enrollment', payload: { token: invite } });
  if (opened.statusCode !== 200) throw new Error(`enrollment failed: ${opened.body}`);
  const secret = (opened.json() as { data: { secret: string } }).data.secret;
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/staff/auth/enroll',
    payload: { token: invite, password: STAFF_PASSWORD, code: freshCode(secret) },
  });
  if (done.statusCode !== 200) throw new Error(`enroll failed: ${done.body}`);
  const data = (done.json() as { data: { token: string; recoveryCodes: string[] } }).data;
  return { id, token: data.token, email, name: fullName, role, password: STAFF_PASSWORD, secret, recoveryCodes: data.recoveryCodes };
}

/** One member of every role, the admin first. */
export async function staffOfEveryRole(t: TestContext): Promise<Record<StaffRole, TestStaff>> {
  const admin = await firstAdmin(t);
  const out = { admin } as Record<StaffRole, TestStaff>;
  for (const role of ['support', 'compliance', 'moderator', 'finance'] as const) out[role] = await staffMember(t, admin, role);
  return out;
}

/** A customer with money who bought airtime (₦100) and sent ₦200 to another customer: the references to refund or reverse. */
export async function customerWithPayments(t: TestContext) {
  const customer = await payer(t.app, 500_000);
  const other = await payer(t.app, 0);
  const pay = (payload: object) => payWithPin(t.app, customer, payload);
  const airtime = await pay({
    type: 'airtime',
    billerId: 'mtn-airtime',
    billerGroupId: 'airtime',
    customerNumber: '08034445566',
    amount: 10_000,
  });
  const send = await pay({ type: 'sendMoney', recipientId: other.id, amount: 20_000 });
  return { customer, other, airtime, send };
}
