import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, newPhone, type TestContext } from '../test/harness.js';
import { randomDigits } from './crypto.js';

// Small limits so a few calls reach them; every limited call is counted per client address.
const LIMIT = 3;
const limits = { RATE_LIMIT_LOGIN: `${LIMIT}`, RATE_LIMIT_SIGNUP: `${LIMIT}`, RATE_LIMIT_OTP: `${LIMIT}`, RATE_LIMIT_RESET: `${LIMIT}` };

type Case = { what: string; url: string; body: () => Record<string, string> };

/** The unauthenticated, rate-limited calls: each case names one account (or none) for all its attempts. */
const cases = (): Case[] => {
  const loginUser = `nobody${randomDigits(8)}@example.ng`;
  const verifyPhone = newPhone();
  const resendPhone = newPhone();
  const resetPhone = newPhone();
  return [
    { what: 'login', url: '/api/user/users/login', body: () => ({ username: loginUser, password: 'wrongpass9' }) },
    {
      what: 'sign-up',
      url: '/api/user/users/signup',
      body: () => ({
        firstName: 'Ngozi',
        lastName: 'Adebayo',
        email: `user${randomDigits(10)}@example.ng`,
        phoneNumber: newPhone(),
        password: 'goodpass1',
      }),
    },
    { what: 'code check (verify-mobile)', url: '/api/user/users/verify-mobile', body: () => ({ phoneNumber: verifyPhone, otp: '123456' }) },
    { what: 'code resend', url: '/api/user/users/resend-otp', body: () => ({ phoneNumber: resendPhone }) },
    { what: 'reset code request', url: '/api/user/users/initiate-password-reset', body: () => ({ phoneNumber: resetPhone }) },
    {
      what: 'password reset',
      url: '/api/user/users/reset-password',
      body: () => ({ resetToken: 'not-a-real-reset-token', password: 'newpass123' }),
    },
  ];
};

const attempt = (t: TestContext, c: Case, forwardedFor: string | undefined, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: c.url,
    payload: c.body(),
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const rateLimited = (res: Awaited<ReturnType<typeof attempt>>) => res.statusCode === 429 && json(res).code === 'RATE_LIMITED';

/** A made-up client address per attempt, as a client dodging the limit would send. */
let forged = 0;
const forgedAddress = () => `203.0.113.${(forged++ % 250) + 1}`;

describe('by default (TRUST_PROXY unset) X-Forwarded-For is ignored', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: limits });
  });
  afterAll(() => t.close());

  it('uses the connection address', async () => {
    expect(t.config.trustProxy).toBe(false);
  });

  for (const c of cases()) {
    it(`${c.what}: a new forged address on every attempt does not dodge the limit`, async () => {
      for (let i = 0; i < LIMIT; i++) {
        const res = await attempt(t, c, forgedAddress());
        expect(rateLimited(res), `attempt ${i + 1}: ${res.statusCode} ${res.body}`).toBe(false);
      }
      const past = await attempt(t, c, forgedAddress());
      expect(past.statusCode).toBe(429);
      expect(json(past).code).toBe('RATE_LIMITED');
      expect(json(past).message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
      // Another real client (another connection address) has its own count.
      expect(rateLimited(await attempt(t, c, undefined, '192.0.2.77'))).toBe(false);
    });
  }
});

describe('TRUST_PROXY=1 (one proxy in front): the forwarded address is the client', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...limits, TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  for (const c of cases()) {
    it(`${c.what}: different forwarded addresses are counted separately, the same one together`, async () => {
      for (let i = 0; i <= LIMIT; i++) {
        const res = await attempt(t, c, forgedAddress());
        expect(rateLimited(res), `attempt ${i + 1}: ${res.statusCode} ${res.body}`).toBe(false);
      }
      const client = '198.51.100.7';
      for (let i = 0; i < LIMIT; i++) expect(rateLimited(await attempt(t, c, client))).toBe(false);
      expect(rateLimited(await attempt(t, c, client))).toBe(true);
      // Only the hop the proxy added counts: addresses the client put in front of it are ignored.
      expect(rateLimited(await attempt(t, c, `${forgedAddress()}, ${client}`))).toBe(true);
    });
  }
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  let t: TestContext;
  const c = cases()[0]!; // login
  beforeAll(async () => {
    t = await createTestApp({ env: { ...limits, TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' } });
  });
  afterAll(() => t.close());

  it('honours the header from a listed proxy', async () => {
    for (let i = 0; i <= LIMIT; i++) expect(rateLimited(await attempt(t, c, forgedAddress(), '10.1.2.3'))).toBe(false);
  });

  it('ignores it from anyone else', async () => {
    for (let i = 0; i < LIMIT; i++) expect(rateLimited(await attempt(t, c, forgedAddress(), '192.0.2.10'))).toBe(false);
    expect(rateLimited(await attempt(t, c, forgedAddress(), '192.0.2.10'))).toBe(true);
  });
});
