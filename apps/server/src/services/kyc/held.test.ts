import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, fileApp, fundWallet, historyOf, json } from '../../test/harness.js';
import { tier3Body } from '../../test/upload-fixture.js';
import { decideTier3 } from './kyc.service.js';
import { returnExpiredHolds } from './held.service.js';
import { kycKit } from './kyc-test-kit.js';
import { kycHeldCredits } from './tables.js';

// A credit over the person's caps waits as a held credit: released on upgrade, returned after KYC_HOLD_DAYS.

const t = fileApp({ ledgerChecked: true });
const kit = kycKit(() => t);
const heldAccount = async (userId: string) => {
  const rows = (await t.db.execute(
    sql`SELECT (credits_posted - debits_posted)::text AS b FROM ledger_accounts WHERE owner_id = ${userId} AND code = 'held'`,
  )) as unknown;
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { b: string }[] }).rows) as { b: string }[];
  return Number(list[0]?.b ?? 0);
};

describe('held credits', () => {
  it('a transfer over the Tier 1 deposit cap waits as a held credit', async () => {
    const [a, b] = [await kit.person(2, 8_000_000), await kit.person(1)];
    expect((await kit.send(a, b, 6_000_000)).statusCode).toBe(200);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(0);
    expect(await heldAccount(b.id)).toBe(6_000_000);
    expect(await kit.held(b)).toMatchObject([{ amount: 6_000_000, from: 'Ngozi Adebayo', reason: 'deposit_cap', status: 'held' }]);
    expect((await kit.status(b)).held).toEqual({ count: 1, total: 6_000_000 });
  });

  it('a card funding over the Tier 1 deposit cap waits as a held credit', async () => {
    const b = await kit.person(1);
    await fundWallet(t.app, b, 5_000_100);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(0);
    expect(await kit.held(b)).toMatchObject([{ amount: 5_000_100, from: 'A card or bank payment', reason: 'deposit_cap' }]);
  });

  it('a credit that would take the wallet over the balance cap waits as a held credit', async () => {
    const b = await kit.person(1, 28_000_000);
    await fundWallet(t.app, b, 3_000_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(28_000_000);
    expect(await kit.held(b)).toMatchObject([{ amount: 3_000_000, reason: 'balance_cap' }]);
  });

  it('held credits are credited the moment the person reaches Tier 2', async () => {
    const [a, b] = [await kit.person(2, 8_000_000), await kit.person(1)];
    await kit.send(a, b, 7_000_000);
    const after = await kit.verifyToTier2(b);
    expect(after).toMatchObject({ tier: 2, held: { count: 0, total: 0 } });
    expect((await balancesOf(t.app, b)).walletBalance).toBe(7_000_000);
    expect(await kit.held(b)).toMatchObject([{ status: 'released' }]);
  });

  it('a held credit still over the new tier’s caps stays held after the upgrade', async () => {
    const [a, b] = [await kit.person(3, 20_000_000), await kit.person(1)];
    await kit.send(a, b, 15_000_000);
    await kit.verifyToTier2(b);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(0);
    expect(await kit.held(b)).toMatchObject([{ status: 'held' }]);
  });

  it('Tier 3 approval credits what Tier 2 could not take', async () => {
    const [a, b] = [await kit.person(3, 20_000_000), await kit.person(2)];
    await kit.send(a, b, 15_000_000);
    const submitted = await kit.call(b, 'POST', '/api/kyc/tier3', await tier3Body(t.app, b));
    expect(json(submitted).data).toMatchObject({ tier: 2, tier3: 'pending', nextStep: 'Your ID and proof of address are being reviewed.' });
    await t.db.transaction((tx) => decideTier3(tx, t.config.kyc, b.id, true));
    expect(await kit.status(b)).toMatchObject({ tier: 3, tier3: 'approved' });
    expect((await balancesOf(t.app, b)).walletBalance).toBe(15_000_000);
  });

  it('a held credit goes back to its sender after the hold days', async () => {
    const [a, b] = [await kit.person(2, 8_000_000), await kit.person(1)];
    const res = await kit.send(a, b, 6_000_000);
    const { reference } = json(res).data as { reference: string };
    expect(await returnExpiredHolds(kit.deps(), new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await returnExpiredHolds(kit.deps(), new Date(Date.now() + 8 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(8_000_000);
    expect(await heldAccount(b.id)).toBe(0);
    expect(await kit.held(b)).toMatchObject([{ status: 'returned' }]);
    expect((await historyOf(t.app, a)).data.find((h) => h.reference === reference)).toMatchObject({ status: 'reversed' });
  });

  it('a held credit is returned once, however often the job runs', async () => {
    const [a, b] = [await kit.person(2, 8_000_000), await kit.person(1)];
    await kit.send(a, b, 6_000_000);
    const later = new Date(Date.now() + 8 * 86_400_000);
    await Promise.all([returnExpiredHolds(kit.deps(), later), returnExpiredHolds(kit.deps(), later)]);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(8_000_000);
    const rows = await t.db.select().from(kycHeldCredits).where(eq(kycHeldCredits.userId, b.id));
    expect(rows.map((r) => r.status)).toEqual(['returned']);
  });
});
