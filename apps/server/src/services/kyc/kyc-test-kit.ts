import type { HeldCredit, KycStatus } from '@owo/contracts';
import { expect } from 'vitest';
import { auth, fundWallet, json, newUser, setPin, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import type { KycDeps } from './deps.js';

/** Test helpers for the KYC rules: people at a tier, payments, and what the limits screen says. */
export function kycKit(ctx: () => TestContext) {
  const t = () => ctx();
  const deps = (): KycDeps => ({ db: t().db, config: t().config, identity: t().providers.identity });

  /** A person with a PIN at a tier (Tier 1: a new person; 2 and 3: verified), funded in deposits within Tier 1's cap. */
  const person = async (tier: 1 | 2 | 3, kobo = 0, over: Record<string, string> = {}): Promise<TestUser> => {
    const u = await newUser(t().app, { ...over, kycTier: String(tier) });
    await setPin(t().app, u);
    for (let left = kobo; left > 0; left -= 4_000_000) await fundWallet(t().app, u, Math.min(left, 4_000_000));
    return u;
  };

  /** Send money, previewed and completed with the PIN: the completion's answer, or the preview's refusal (a KYC limit is said there). */
  const send = async (from: TestUser, to: TestUser, amount: number) => {
    const p = await t().app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/initiate',
      headers: auth(from),
      payload: { type: 'sendMoney', recipientId: to.id, amount },
    });
    if (p.statusCode === 403) return p;
    expect(p.statusCode).toBe(200);
    const { reference } = json(p).data as { reference: string };
    return t().app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/complete',
      headers: auth(from, { transactionPin: TEST_PIN }),
      payload: { reference },
    });
  };

  const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t().app.inject({ method, url, headers: auth(u), ...(payload ? { payload } : {}) });

  const status = async (u: TestUser) => {
    const res = await call(u, 'GET', '/api/kyc/status');
    expect(res.statusCode).toBe(200);
    return json(res).data as unknown as KycStatus;
  };

  const held = async (u: TestUser) => {
    const res = await call(u, 'GET', '/api/kyc/held-credits');
    expect(res.statusCode).toBe(200);
    return json(res).data as unknown as HeldCredit[];
  };

  /** BVN, NIN (sandbox numbers that match Ngozi Adebayo, born 1990-01-01) and an address: Tier 2. */
  const verifyToTier2 = async (u: TestUser, seed = Math.floor(Math.random() * 1e8)) => {
    const n = (prefix: string) => `${prefix}${String(seed).padStart(8, '0')}1`.slice(0, 11);
    for (const [url, body] of [
      ['/api/kyc/bvn', { bvn: n('22'), dateOfBirth: '1990-01-01' }],
      ['/api/kyc/nin', { nin: n('11'), dateOfBirth: '1990-01-01' }],
    ] as const) {
      const res = await call(u, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await call(u, 'PUT', '/api/kyc/address', { line1: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos' });
    expect(res.statusCode).toBe(200);
    return json(res).data as unknown as KycStatus;
  };

  return { deps, person, send, call, status, held, verifyToTier2 };
}
