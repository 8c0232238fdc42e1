import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/crypto.js';
import { transfer, userAccount } from '../../ledger/index.js';
import { balancesOf, fileApp, historyOf, json } from '../../test/harness.js';
import { kycKit } from './kyc-test-kit.js';
import { kycUsage } from './tables.js';

// The tiers' day limits on money leaving a wallet, enforced in the posting path (owo_kyc_check).

const t = fileApp({ ledgerChecked: true });
const kit = kycKit(() => t);

describe('day limits by tier', () => {
  it('a Tier 1 person may send up to ₦50,000 in a day', async () => {
    const [a, b] = [await kit.person(1, 8_000_000), await kit.person(2)];
    expect((await kit.send(a, b, 3_000_000)).statusCode).toBe(200);
    expect((await kit.send(a, b, 2_000_000)).statusCode).toBe(200);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(5_000_000);
  });

  it('a Tier 1 payment over the day limit is refused with the limit, what is left and how to raise it', async () => {
    const [a, b] = [await kit.person(1, 8_000_000), await kit.person(2)];
    await kit.send(a, b, 3_000_000);
    const res = await kit.send(a, b, 2_500_000);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ code: 'KYC_LIMIT' });
    expect(json(res).message).toBe(
      'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦20,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.',
    );
  });

  it('a refused payment writes nothing', async () => {
    const [a, b] = [await kit.person(1, 8_000_000), await kit.person(2)];
    await kit.send(a, b, 4_000_000);
    const [usage] = await t.db.select().from(kycUsage).where(eq(kycUsage.userId, a.id));
    const before = { a: await balancesOf(t.app, a), b: await balancesOf(t.app, b), history: (await historyOf(t.app, a)).pagination.total };
    expect((await kit.send(a, b, 2_000_000)).statusCode).toBe(403);
    expect(await balancesOf(t.app, a)).toEqual(before.a);
    expect(await balancesOf(t.app, b)).toEqual(before.b);
    expect((await historyOf(t.app, a)).pagination.total).toBe(before.history);
    expect((await t.db.select().from(kycUsage).where(eq(kycUsage.userId, a.id)))[0]).toEqual(usage);
  });

  it('one posting with two payers counts each against their own day, and refuses all of it when one is over', async () => {
    const [a, b, c] = [await kit.person(1, 8_000_000), await kit.person(2, 8_000_000), await kit.person(3)];
    const legs = async (fromA: number, fromB: number) => {
      const [wa, wb, wc] = await Promise.all([a, b, c].map((u) => userAccount(t.db, u.id, 'wallet')));
      return [
        { id: newId(), debitAccountId: wa!, creditAccountId: wc!, amount: BigInt(fromA), kind: 'test', reference: `two-payers-${newId()}` },
        { id: newId(), debitAccountId: wb!, creditAccountId: wc!, amount: BigInt(fromB), kind: 'test', reference: `two-payers-${newId()}` },
      ];
    };
    const used = async () =>
      Object.fromEntries(
        (
          await t.db
            .select()
            .from(kycUsage)
            .where(inArray(kycUsage.userId, [a.id, b.id]))
        ).map((u) => [u.userId, u.outKobo]),
      );
    // The legs are made first: on the embedded database a transaction holds its one connection.
    const first = await legs(1_000_000, 2_000_000);
    await t.db.transaction(async (tx) => void (await transfer(tx, first)));
    expect(await used()).toEqual({ [a.id]: 1_000_000n, [b.id]: 2_000_000n });

    // a (Tier 1, ₦50,000 a day) goes over with ₦45,000 more; b's leg in the same posting is refused with it.
    const before = { a: await balancesOf(t.app, a), b: await balancesOf(t.app, b), c: await balancesOf(t.app, c) };
    const second = await legs(4_500_000, 1_000_000);
    const refused = await t.db
      .transaction(async (tx) => void (await transfer(tx, second)))
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toMatchObject({ statusCode: 403, code: 'KYC_LIMIT' });
    expect((refused as Error).message).toContain('Tier 1 daily limit of ₦50,000.00. You can send ₦40,000.00 more today.');
    expect(await used()).toEqual({ [a.id]: 1_000_000n, [b.id]: 2_000_000n });
    expect({ a: await balancesOf(t.app, a), b: await balancesOf(t.app, b), c: await balancesOf(t.app, c) }).toEqual(before);
  });

  it('a Tier 2 person may send up to ₦200,000 in a day and no more', async () => {
    const [a, b] = [await kit.person(2, 25_000_000), await kit.person(3)];
    expect((await kit.send(a, b, 20_000_000)).statusCode).toBe(200);
    const res = await kit.send(a, b, 100);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toContain('Tier 2 daily limit of ₦200,000.00. You can send ₦0.00 more today. Upgrade to Tier 3');
  });

  it('a Tier 3 person may send more than Tier 2 allows', async () => {
    const [a, b] = [await kit.person(3, 30_000_000), await kit.person(3)];
    expect((await kit.send(a, b, 25_000_000)).statusCode).toBe(200);
  });

  it('a bank transfer counts against the same day limit: refused at its preview, before the PIN', async () => {
    const a = await kit.person(1, 8_000_000);
    const init = await kit.call(a, 'POST', '/api/wallet/initiate', {
      bankCode: '058',
      accountNumber: '0123456789',
      amount: 6_000_000,
      narration: 'Rent',
    });
    expect(init.statusCode).toBe(403);
    expect(json(init).code).toBe('KYC_LIMIT');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(8_000_000);
  });

  it('the limits screen shows what was used and is left today', async () => {
    const [a, b] = [await kit.person(1, 8_000_000), await kit.person(2)];
    await kit.send(a, b, 1_500_000);
    expect(await kit.status(a)).toMatchObject({
      tier: 1,
      limits: { tier: 1, perDeposit: 5_000_000, balanceCap: 30_000_000, dailyOut: 5_000_000 },
      usedToday: 1_500_000,
      leftToday: 3_500_000,
      bvn: { status: 'missing', masked: null },
      nextStep: 'To reach Tier 2: verify your BVN, verify your NIN and add your address.',
    });
  });
});
