import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerTransfers, transfer, userAccount } from '../../ledger/index.js';
import { auth, balancesOf, json, newUser, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { paymentIntents } from './tables.js';

// The send-money statement posts its legs through the ledger's posting function
// (owo_post_transfers); these cover what payments.test.ts cannot reach through the API: a fee leg
// (send money is free today) and a transfer id already taken.

const t = fileApp({ ledgerChecked: true });

const preview = async (u: TestUser, to: TestUser, amount: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/initiate',
    headers: auth(u),
    payload: { type: 'sendMoney', recipientId: to.id, amount },
  });
  expect(res.statusCode).toBe(200);
  return (json(res).data as { reference: string }).reference;
};
const complete = (u: TestUser, reference: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/complete',
    headers: auth(u, { transactionPin: TEST_PIN }),
    payload: { reference },
  });
const intentOf = async (reference: string) => (await t.db.select().from(paymentIntents).where(eq(paymentIntents.reference, reference)))[0]!;
const one = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.db.execute(q)) as unknown;
  return ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[])[0]!;
};

describe('send money through the ledger posting function', () => {
  /** A payment of 30,000 with a fee of 1,500, previewed, the fee leg's id and its shard of the fees account. */
  const withFee = async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const reference = await preview(a, b, 30_000);
    await t.db.update(paymentIntents).set({ fee: 1_500n }).where(eq(paymentIntents.reference, reference));
    const intent = await intentOf(reference);
    const { id: feeLeg } = await one<{ id: string }>(sql`SELECT md5(${intent.id} || ':fee')::uuid AS id`);
    const { id: feeShard } = await one<{ id: string }>(sql`SELECT owo_system_account('fees', ${feeLeg}) AS id`);
    return { a, b, reference, intent, feeLeg, feeShard };
  };

  it('a payment with a fee takes the amount and the fee from the payer, the amount alone to the recipient', async () => {
    const { a, b, reference } = await withFee();
    const res = await complete(a, reference);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ reference, amount: 30_000, fee: 1_500, total: 31_500, status: 'successful' });
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 31_500);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(30_000);
  });

  it("a fee is a second leg to a shard of the fees account, picked by the leg's id", async () => {
    const { a, b, reference, intent, feeLeg, feeShard } = await withFee();
    const [shardBefore] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, feeShard));
    await complete(a, reference);
    const legs = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference));
    const [from, to] = [await userAccount(t.db, a.id, 'wallet'), await userAccount(t.db, b.id, 'wallet')];
    expect(legs.sort((x, y) => x.seq - y.seq).map((l) => [l.id, l.kind, l.debitAccountId, l.creditAccountId, l.amount, l.status])).toEqual([
      [intent.id, 'send_money', from, to, 30_000n, 'posted'],
      [feeLeg, 'fee', from, feeShard, 1_500n, 'posted'],
    ]);
    const [shardAfter] = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, feeShard));
    expect(shardAfter!.creditsPosted - shardBefore!.creditsPosted).toBe(1_500n);
  });

  it('completing a payment with a fee again replays the receipt and moves nothing', async () => {
    const { a, reference } = await withFee();
    const res = await complete(a, reference);
    const again = await complete(a, reference);
    expect(json(again).data).toEqual(json(res).data);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 31_500);
  });

  it('the fee counts against the balance: short by the fee, nothing moves', async () => {
    const a = await payer(t.app, 10_000);
    const b = await newUser(t.app);
    const reference = await preview(a, b, 10_000);
    await t.db.update(paymentIntents).set({ fee: 1n }).where(eq(paymentIntents.reference, reference));
    const res = await complete(a, reference);
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('INSUFFICIENT_FUNDS');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(10_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(0);
    expect((await intentOf(reference)).status).toBe('initiated');
    expect(await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, reference))).toEqual([]);
  });

  it('an intent whose transfer id is already taken is refused (409) and nothing more moves', async () => {
    const a = await payer(t.app, 50_000);
    const b = await newUser(t.app);
    const reference = await preview(a, b, 20_000);
    const intent = await intentOf(reference);
    const [from, to] = [await userAccount(t.db, a.id, 'wallet'), await userAccount(t.db, b.id, 'wallet')];
    // The same transfer, posted behind the payment's back.
    await t.db.transaction((tx) =>
      transfer(tx, [{ id: intent.id, debitAccountId: from, creditAccountId: to, amount: 20_000n, kind: 'send_money', reference }]),
    );
    const res = await complete(a, reference);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('TRANSFER_EXISTS');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(30_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(20_000);
    expect((await intentOf(reference)).status).toBe('initiated');
  });
});
