import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, fileApp, json, type TestUser } from '../../test/harness.js';
// eslint-disable-next-line owo/service-boundaries -- the KYC test kit makes people at a tier and verifies them through the API only
import { kycKit } from '../kyc/kyc-test-kit.js';

// A payment's preview (before the PIN) is refused by the KYC rule the posting applies
// (owo_kyc_check), with the same words, and counts nothing against the day.

const t = fileApp({ ledgerChecked: true });
const kit = kycKit(() => t);

const preview = (from: TestUser, to: TestUser, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/initiate',
    headers: auth(from),
    payload: { type: 'sendMoney', recipientId: to.id, amount },
  });
const usedToday = async (u: TestUser) =>
  (await executeRows<{ n: string }>(t.db, sql`SELECT coalesce(sum(out_kobo), 0)::text AS n FROM kyc_usage WHERE user_id = ${u.id}`))[0]!.n;

describe('the KYC day limit at the preview', () => {
  it('₦55,000 at Tier 1 is refused at the preview with the limit, what is left and where to raise it', async () => {
    const [a, b] = [await kit.person(1, 6_000_000), await kit.person(2)];
    const res = await preview(a, b, 5_500_000);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'KYC_LIMIT',
      message:
        'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦50,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.',
    });
    expect(await usedToday(a)).toBe('0');
  });

  it('a preview within the limit counts nothing against the day: only the posted payment does', async () => {
    const [a, b] = [await kit.person(1, 6_000_000), await kit.person(2)];
    expect((await preview(a, b, 4_000_000)).statusCode).toBe(200);
    expect((await preview(a, b, 4_000_000)).statusCode).toBe(200);
    expect(await usedToday(a)).toBe('0');
    expect((await kit.send(a, b, 3_000_000)).statusCode).toBe(200);
    const res = await preview(a, b, 2_500_000);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toContain('You can send ₦20,000.00 more today.');
  });

  it('after verification to Tier 2 the same ₦55,000 is allowed', async () => {
    const [a, b] = [await kit.person(1, 6_000_000), await kit.person(2)];
    expect((await preview(a, b, 5_500_000)).statusCode).toBe(403);
    expect((await kit.verifyToTier2(a)).tier).toBe(2);
    expect((await preview(a, b, 5_500_000)).statusCode).toBe(200);
    expect((await kit.send(a, b, 5_500_000)).statusCode).toBe(200);
  });
});
