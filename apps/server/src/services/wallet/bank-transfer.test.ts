import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../../ledger/index.js';
import { auth, balancesOf, historyOf, json, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { paymentIntents } from '../transaction/index.js';
import { reconcileBankTransfers } from './bank-transfer.service.js';
import type { WalletDeps } from './deps.js';
import { SANDBOX_ACCOUNTS, sandboxBankRail } from './providers/banks.js';

let railDown = false;
const t = fileApp({
  ledgerChecked: true,
  providers: {
    bank: {
      ...sandboxBankRail,
      payout: (p) => (railDown && p.accountNumber === '1111111111' ? Promise.reject(new Error('timeout')) : sandboxBankRail.payout(p)),
    },
  },
});

const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url: `/api/wallet${url}`, headers: auth(u) });
const initiate = (u: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/wallet/initiate', headers: auth(u), payload });
const complete = (u: TestUser, reference: string, headers: Record<string, string> = { transactionPin: TEST_PIN }) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/complete', headers: auth(u, headers), payload: { reference } });
const send = async (u: TestUser, accountNumber: string, amount: number) => {
  const p = await initiate(u, { bankCode: '058', accountNumber, amount, narration: 'School fees' });
  expect(p.statusCode).toBe(200);
  const { reference } = json(p).data as { reference: string };
  return { reference, res: await complete(u, reference) };
};

describe('banks and name enquiry', () => {
  it('lists Nigerian banks by category with their codes', async () => {
    const u = await payer(t.app);
    const res = await get(u, '/wallet/api/v1/get-banks-category');
    const cats = json(res).data as { category: string; banks: { code: string; name: string }[] }[];
    expect(cats.map((c) => c.category)).toEqual(['Commercial banks', 'Microfinance and fintech banks']);
    expect(cats[0]!.banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(cats[1]!.banks).toContainEqual({ code: '50515', name: 'Moniepoint Microfinance Bank' });
  });

  it('resolves an account to its holder, and says clearly when it cannot', async () => {
    const u = await payer(t.app);
    const ok = await get(u, '/verify-account/bankcode/058/accountNumber/0123456789');
    expect(json(ok).data).toMatchObject({ accountNumber: '0123456789', bankCode: '058', bankName: 'Guaranty Trust Bank' });
    expect((json(ok).data as { accountName: string }).accountName.length).toBeGreaterThan(3);
    const missing = await get(u, `/verify-account/bankcode/058/accountNumber/${SANDBOX_ACCOUNTS.notFound}`);
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('We could not find this account. Check the number and the bank.');
    expect(json(await get(u, '/verify-account/bankcode/058/accountNumber/123')).message).toBe('Account number is 10 digits');
    expect(json(await get(u, '/verify-account/bankcode/999/accountNumber/0123456789')).message).toBe('Unknown bank');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/verify-account/bankcode/058/accountNumber/0123456789' })).statusCode,
    ).toBe(401);
  });
});

describe('wallet to bank', () => {
  it('previews the resolved name and fee, then pays out and posts', async () => {
    const u = await payer(t.app, 1_000_000);
    const p = await initiate(u, { bankCode: '058', accountNumber: '0123456789', amount: 400_000 });
    expect(json(p).data).toMatchObject({
      amount: 400_000,
      fee: 1_000,
      total: 401_000,
      recipient: { bankName: 'Guaranty Trust Bank', accountNumber: '0123456789' },
    });
    const res = await complete(u, (json(p).data as { reference: string }).reference);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Transfer successful');
    expect(json(res).data).toMatchObject({ status: 'successful', amount: 400_000, fee: 1_000, total: 401_000 });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(599_000);
  });

  it('a failed payout returns the money by itself and the history says why', async () => {
    const u = await payer(t.app, 1_000_000);
    const { reference, res } = await send(u, SANDBOX_ACCOUNTS.payoutFails, 300_000);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      status: 'reversed',
      failureReason: 'The beneficiary bank is not available. Your money has been returned.',
    });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000);
    const h = (await historyOf(t.app, u, { type: 'bankTransfer' })).data[0]!;
    expect(h).toMatchObject({
      reference,
      status: 'reversed',
      failureReason: 'The beneficiary bank is not available. Your money has been returned.',
    });
    const legs = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
    expect(legs.map((l) => l.status)).toEqual(['voided', 'voided']);
    // A second complete changes nothing.
    expect(json(await complete(u, reference)).data).toMatchObject({ status: 'reversed' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000);
  });

  it('a payout that stays pending holds the money until a status check settles it', async () => {
    const u = await payer(t.app, 1_000_000);
    const { reference, res } = await send(u, SANDBOX_ACCOUNTS.payoutPending, 200_000);
    expect(json(res).data).toMatchObject({ status: 'pending' });
    expect(json(res).message).toBe('Transfer is processing');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(799_000);
    const checked = await get(u, `/transfer-status/${reference}`);
    expect(json(checked).data).toMatchObject({ status: 'successful' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(799_000);
    expect((await historyOf(t.app, u, { type: 'bankTransfer' })).data[0]).toMatchObject({ status: 'successful' });
  });

  it('an outcome lost to a provider error stays pending and the reconciler settles it', async () => {
    const u = await payer(t.app, 1_000_000);
    railDown = true;
    const { reference, res } = await send(u, '1111111111', 100_000);
    railDown = false;
    expect(json(res).data).toMatchObject({ status: 'pending' });
    await t.db
      .update(paymentIntents)
      .set({ processingSince: sql`now() - interval '1 minute'` })
      .where(eq(paymentIntents.reference, reference));
    const deps: WalletDeps = { db: t.db, config: t.config, providers: t.providers };
    expect(await reconcileBankTransfers(deps)).toBeGreaterThanOrEqual(1);
    expect((await historyOf(t.app, u, { type: 'bankTransfer' })).data[0]).toMatchObject({ reference, status: 'successful' });
    // Settled: no longer waiting, so the reconciler's index no longer lists it.
    const [intent] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference));
    expect(intent).toMatchObject({ status: 'completed', processingSince: null });
    expect(await reconcileBankTransfers(deps)).toBe(0);
  });

  it('two processes reconciling at once check each waiting transfer once', async () => {
    const u = await payer(t.app, 1_000_000);
    const references: string[] = [];
    railDown = true;
    for (let i = 0; i < 3; i++) references.push((await send(u, '1111111111', 50_000)).reference);
    railDown = false;
    await t.db
      .update(paymentIntents)
      .set({ processingSince: sql`now() - interval '1 minute'` })
      .where(inArray(paymentIntents.reference, references));
    const asked: string[] = [];
    const counting = {
      ...sandboxBankRail,
      status: (reference: string, account: string) => (asked.push(reference), sandboxBankRail.status(reference, account)),
    };
    const deps: WalletDeps = { db: t.db, config: t.config, providers: { ...t.providers, bank: counting } };
    const [a, b] = await Promise.all([reconcileBankTransfers(deps, 10_000), reconcileBankTransfers(deps, 10_000)]);
    expect(a + b).toBe(3);
    expect(asked.sort()).toEqual([...references].sort());
    for (const reference of references)
      expect((await historyOf(t.app, u, { type: 'bankTransfer' })).data.find((h) => h.reference === reference)).toMatchObject({
        status: 'successful',
      });
  });

  const previewed = async (u: TestUser) => {
    const p = await initiate(u, { bankCode: '058', accountNumber: '0123456789', amount: 50_000 });
    return (json(p).data as { reference: string }).reference;
  };

  it('refuses a transfer larger than the wallet at the preview', async () => {
    const u = await payer(t.app, 100_000);
    expect(json(await initiate(u, { bankCode: '058', accountNumber: '0123456789', amount: 99_500 })).code).toBe('INSUFFICIENT_FUNDS');
  });

  it('refuses an account number that is not 10 digits (400)', async () => {
    const u = await payer(t.app, 100_000);
    const res = await initiate(u, { bankCode: '058', accountNumber: 'abc', amount: 100 });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Account number is 10 digits');
  });

  it('a wrong PIN pays nothing out (403)', async () => {
    const u = await payer(t.app, 100_000);
    expect((await complete(u, await previewed(u), { transactionPin: '0000' })).statusCode).toBe(403);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(100_000);
  });

  it("someone else's transfer is not found, to complete or to check", async () => {
    const u = await payer(t.app, 100_000);
    const other = await payer(t.app, 100_000);
    const reference = await previewed(u);
    expect((await complete(other, reference)).statusCode).toBe(404);
    expect((await get(other, `/transfer-status/${reference}`)).statusCode).toBe(404);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(100_000);
    expect((await balancesOf(t.app, other)).walletBalance).toBe(100_000);
  });

  it('an expired preview cannot be completed', async () => {
    const u = await payer(t.app, 100_000);
    const reference = await previewed(u);
    await t.db
      .update(paymentIntents)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentIntents.reference, reference));
    expect(json(await complete(u, reference)).code).toBe('PAYMENT_EXPIRED');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(100_000);
  });

  it('a complete without a token is refused (401)', async () => {
    const u = await payer(t.app, 100_000);
    const reference = await previewed(u);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/complete',
      headers: { transactionPin: TEST_PIN },
      payload: { reference },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a complete replayed with its Idempotency-Key answers the same receipt and pays out once', async () => {
    const u = await payer(t.app, 1_000_000);
    const p = await initiate(u, { bankCode: '044', accountNumber: '0123456780', amount: 100_000 });
    const { reference } = json(p).data as { reference: string };
    const h = { transactionPin: TEST_PIN, 'idempotency-key': `bank-${reference}` };
    const [a, b] = [await complete(u, reference, h), await complete(u, reference, h)];
    expect(b.json()).toEqual(a.json());
    expect((await balancesOf(t.app, u)).walletBalance).toBe(899_000);
  });
});
