import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancesOf, fileApp, fundWallet, historyOf } from '../../test/harness.js';
import { kycKit } from './kyc-test-kit.js';

// The electronic money transfer levy: ₦50 on each credit of ₦10,000 or more from someone else,
// posted to the 'levy' system account with the credit and shown in history.

const t = fileApp({ env: { EMT_LEVY: '50', EMT_LEVY_THRESHOLD: '10000' }, ledgerChecked: true });
const kit = kycKit(() => t);
const levyCollected = async () => {
  const r = (await t.db.execute(
    sql`SELECT coalesce(sum(credits_posted - debits_posted), 0)::text AS b FROM ledger_accounts WHERE owner_id IS NULL AND code = 'levy'`,
  )) as unknown;
  return Number(((Array.isArray(r) ? r : (r as { rows: { b: string }[] }).rows) as { b: string }[])[0]!.b);
};

describe('the EMT levy', () => {
  it('a transfer of ₦10,000 received pays ₦50 to the levy account', async () => {
    const [a, b] = [await kit.person(2, 3_000_000), await kit.person(2)];
    const before = await levyCollected();
    expect((await kit.send(a, b, 1_000_000)).statusCode).toBe(200);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(1_000_000 - 5_000);
    expect((await levyCollected()) - before).toBe(5_000);
  });

  it('the levy is a line of its own in the receiver’s history', async () => {
    const [a, b] = [await kit.person(2, 3_000_000), await kit.person(2)];
    await kit.send(a, b, 2_000_000);
    const { data } = await historyOf(t.app, b);
    expect(data.find((h) => h.type === 'levy')).toMatchObject({
      direction: 'debit',
      amount: 5_000,
      status: 'successful',
      counterparty: { name: 'EMT levy' },
    });
  });

  it('a transfer under ₦10,000 pays no levy', async () => {
    const [a, b] = [await kit.person(2, 3_000_000), await kit.person(2)];
    await kit.send(a, b, 999_999);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(999_999);
  });

  it('the sender pays no levy', async () => {
    const [a, b] = [await kit.person(2, 3_000_000), await kit.person(2)];
    await kit.send(a, b, 1_000_000);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(2_000_000);
  });

  it('funding your own wallet by card pays no levy', async () => {
    const a = await kit.person(2);
    await fundWallet(t.app, a, 2_000_000);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(2_000_000);
  });

  it('a held credit pays no levy while it is held', async () => {
    const [a, b] = [await kit.person(2, 8_000_000), await kit.person(1)];
    const before = await levyCollected();
    await kit.send(a, b, 6_000_000);
    expect(await levyCollected()).toBe(before);
  });
});
