import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, fileApp, json, type TestUser } from '../../test/harness.js';
import { kycKit } from './kyc-test-kit.js';
import { kycProfiles } from './tables.js';

// Neither BVN nor NIN KYC_VERIFY_DAYS after sign-up: the account may receive but not send.

const t = fileApp();
const kit = kycKit(() => t);
const signedUpDaysAgo = (u: TestUser, days: number) =>
  t.db
    .update(kycProfiles)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(kycProfiles.userId, u.id));

describe('restriction without BVN or NIN', () => {
  it('a person 31 days without BVN or NIN cannot send, and is told why and how to lift it', async () => {
    const [a, b] = [await kit.person(1, 2_000_000), await kit.person(2)];
    await signedUpDaysAgo(a, 31);
    const res = await kit.send(a, b, 100_000);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'KYC_RESTRICTED',
      message:
        'Your account can receive money but not send it: no BVN or NIN has been verified. Verify your BVN or NIN in Account › Limits and verification to lift this.',
    });
    expect((await balancesOf(t.app, a)).walletBalance).toBe(2_000_000);
  });

  it('a restricted person can still receive', async () => {
    const [a, b] = [await kit.person(2, 2_000_000), await kit.person(1)];
    await signedUpDaysAgo(b, 31);
    expect((await kit.send(a, b, 100_000)).statusCode).toBe(200);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(100_000);
  });

  it('the limits screen says a restriction is in force and how to lift it', async () => {
    const a = await kit.person(1);
    await signedUpDaysAgo(a, 31);
    expect((await kit.status(a)).restriction).toEqual({
      reason: 'No BVN or NIN was verified within 30 days of sign-up, so your account can receive money but not send it.',
      howToLift: 'Verify your BVN or your NIN: sending works again at once.',
    });
  });

  it('a person inside the 30 days may send', async () => {
    const [a, b] = [await kit.person(1, 2_000_000), await kit.person(2)];
    await signedUpDaysAgo(a, 29);
    expect((await kit.send(a, b, 100_000)).statusCode).toBe(200);
  });

  it('verifying a BVN lifts the restriction at once', async () => {
    const [a, b] = [await kit.person(1, 2_000_000), await kit.person(2)];
    await signedUpDaysAgo(a, 31);
    const v = await kit.call(a, 'POST', '/api/kyc/bvn', { bvn: `2${String(Date.now()).slice(-9)}1`, dateOfBirth: '1990-01-01' });
    expect(v.statusCode, v.body).toBe(200);
    expect(json(v).data).toMatchObject({ restriction: null, verifyBy: null });
    expect((await kit.send(a, b, 100_000)).statusCode).toBe(200);
  });
});
