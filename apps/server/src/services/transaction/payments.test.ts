import { receiptResponse } from '@owo/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userBalances } from '../../ledger/index.js';
import { auth, balancesOf, fundWallet, historyOf, json, newUser, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { paymentIntents } from './tables.js';

const t = fileApp({ ledgerChecked: true });

const initiate = (u: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/initiate', headers: auth(u), payload });
const complete = (u: TestUser, reference: string, headers: Record<string, string> = { transactionPin: TEST_PIN }) =>
  t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/complete', headers: auth(u, headers), payload: { reference } });
const preview = async (u: TestUser, to: TestUser, amount: number, narration?: string) => {
  const res = await initiate(u, { type: 'sendMoney', recipientId: to.id, amount, narration });
  expect(res.statusCode).toBe(200);
  return json(res).data as {
    reference: string;
    amount: number;
    fee: number;
    total: number;
    recipient: { id: string; name: string };
    expiresAt: string;
  };
};
const setLimit = (u: TestUser, dailyLimit: number | null, pin = TEST_PIN) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/spending-limit', headers: auth(u, { transactionPin: pin }), payload: { dailyLimit } });

describe('send money', () => {
  it('previews, then posts with the PIN: the recipient sees the credit, both histories agree', async () => {
    const ada = await payer(t.app, 1_000_000);
    const tunde = await newUser(t.app, { firstName: 'Tunde' });
    const p = await preview(ada, tunde, 250_000, 'Rent share');
    expect(p).toMatchObject({ amount: 250_000, fee: 0, total: 250_000, recipient: { id: tunde.id, name: 'Tunde Adebayo' } });
    expect(new Date(p.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);

    const res = await complete(ada, p.reference);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      reference: p.reference,
      status: 'successful',
      amount: 250_000,
      total: 250_000,
      narration: 'Rent share',
    });
    expect((await balancesOf(t.app, ada)).walletBalance).toBe(750_000);
    expect((await balancesOf(t.app, tunde)).walletBalance).toBe(250_000);
    const theirs = await historyOf(t.app, tunde);
    expect(theirs.data[0]).toMatchObject({
      reference: p.reference,
      type: 'sendMoney',
      direction: 'credit',
      amount: 250_000,
      counterparty: { name: 'Ngozi Adebayo' },
    });
    // The receipt the payment answered with (built in SQL) is the one the history shows.
    const read = await t.app.inject({ method: 'GET', url: `/api/transaction/api/v1/transactions/${p.reference}`, headers: auth(ada) });
    expect(json(read).data).toEqual(json(res).data);
    // Sent as PostgreSQL wrote it, so checked against the contract here rather than per request.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(receiptResponse.strict().parse(json(res))).toEqual(json(res));
  });

  it('an Idempotency-Key replays the stored answer, refuses a different request, and is released when the payment fails', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const first = await preview(a, b, 60_000);
    const key = { transactionPin: TEST_PIN, 'idempotency-key': `k-${first.reference}` };
    const paid = await complete(a, first.reference, key);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
    const replay = await complete(a, first.reference, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(json(replay)).toEqual(json(paid));

    // The same key for another payment is refused, and that payment is not made.
    const second = await preview(a, b, 10_000);
    const reused = await complete(a, second.reference, key);
    expect(reused.statusCode).toBe(422);
    expect(json(reused).message).toBe('This Idempotency-Key was already used for a different request');
    const [left] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.reference, second.reference));
    expect(left!.status).toBe('initiated');

    // Too little money: refused, nothing kept for the key, so the same key works once funded.
    const third = await preview(a, b, 40_000);
    await complete(a, second.reference);
    const short = await complete(a, third.reference, { transactionPin: TEST_PIN, 'idempotency-key': `k-${third.reference}` });
    expect(short.statusCode).toBe(422);
    expect(json(short).message).toBe('Insufficient balance for this transaction');
    await fundWallet(t.app, a, 50_000);
    const retried = await complete(a, third.reference, { transactionPin: TEST_PIN, 'idempotency-key': `k-${third.reference}` });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 60_000 - 10_000 - 40_000 + 50_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(110_000);
  });

  it('completing again, with or without an Idempotency-Key, or many times at once, pays once', async () => {
    const a = await payer(t.app, 500_000);
    const b = await newUser(t.app);
    const p = await preview(a, b, 100_000);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        complete(a, p.reference, { transactionPin: TEST_PIN, 'idempotency-key': `send-${p.reference}-${i % 2}` }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const again = await complete(a, p.reference);
    expect(json(again).data).toMatchObject({ reference: p.reference, status: 'successful' });
    expect((await balancesOf(t.app, a)).walletBalance).toBe(400_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(100_000);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    expect(json(await initiate(a, { type: 'sendMoney', recipientId: 'nope', amount: 100 })).message).toBe('recipientId must be a user id');
    expect(json(await initiate(a, { type: 'sendMoney', recipientId: b.id, amount: -5 })).message).toBe('The smallest amount is ₦1.00');
    expect((await initiate(a, { type: 'teleport', recipientId: b.id, amount: 100 })).statusCode).toBe(400);
    const self = await initiate(a, { type: 'sendMoney', recipientId: a.id, amount: 100 });
    expect(json(self).message).toBe('You cannot send money to yourself');
    const ghost = await initiate(a, { type: 'sendMoney', recipientId: '01900000-0000-7000-8000-000000000000', amount: 100 });
    expect(ghost.statusCode).toBe(404);
    // (The payer's funding is an intent of its own.)
    expect(
      (
        await t.db
          .select()
          .from(paymentIntents)
          .where(and(eq(paymentIntents.userId, a.id), ne(paymentIntents.type, 'funding')))
      ).length,
    ).toBe(0);
    expect((await complete(a, '')).statusCode).toBe(400);
  });

  it('needs a token to initiate, complete and read history', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/initiate', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(json(none).message).toBe('Authorization failed, no token!');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/transaction/api/v1/complete',
          headers: { transactionPin: TEST_PIN },
          payload: { reference: 'OWO2026' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/transaction/api/v1/transactions', payload: {} })).statusCode).toBe(401);
  });

  it('refuses when the wallet is short, at preview and at completion', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const short = await initiate(a, { type: 'sendMoney', recipientId: b.id, amount: 100_001 });
    expect(short.statusCode).toBe(422);
    expect(json(short).message).toBe('Insufficient balance for this transaction');
    const p1 = await preview(a, b, 80_000);
    const p2 = await preview(a, b, 80_000);
    expect((await complete(a, p1.reference)).statusCode).toBe(200);
    const second = await complete(a, p2.reference);
    expect(second.statusCode).toBe(422);
    expect(json(second).code).toBe('INSUFFICIENT_FUNDS');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(20_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(80_000);
  });

  it('a wrong PIN moves nothing and says how many tries are left', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const p = await preview(a, b, 10_000);
    const wrong = await complete(a, p.reference, { transactionPin: '9999' });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).message).toBe('Incorrect transaction PIN. 4 attempts left.');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000);
  });

  it('a complete without a PIN is bad input', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const p = await preview(a, b, 10_000);
    expect((await complete(a, p.reference, {})).statusCode).toBe(400);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000);
  });

  it('five wrong PINs lock PIN use, even for the right one', async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const p = await preview(a, b, 10_000);
    for (let i = 0; i < 5; i++) await complete(a, p.reference, { transactionPin: '9999' });
    const locked = await complete(a, p.reference);
    expect(locked.statusCode).toBe(429);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000);
  });

  /** A payer whose token and PIN were verified together by two payments (the checks then deferred to the statement). */
  const repeatPayer = async () => {
    const a = await payer(t.app, 100_000);
    const b = await newUser(t.app);
    const pay = async (pin = TEST_PIN) => complete(a, (await preview(a, b, 1_000)).reference, { transactionPin: pin });
    expect((await pay()).statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200);
    return { a, b, pay };
  };

  it("a repeat payer's wrong try still counts, and the right PIN after it pays and resets the count", async () => {
    const { a, pay } = await repeatPayer();
    expect(json(await pay('1111')).message).toBe('Incorrect transaction PIN. 4 attempts left.');
    expect((await pay()).statusCode).toBe(200);
    expect(json(await pay('1111')).message).toBe('Incorrect transaction PIN. 4 attempts left.');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 3 * 1_000);
  });

  it("a repeat payer's old PIN no longer pays once the PIN is changed", async () => {
    const { a, pay } = await repeatPayer();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/user/users/update-pin',
      headers: auth(a, { transactionPin: '7395', oldTransactionPin: TEST_PIN }),
    });
    expect(json(changed).message).toBe('Transaction PIN updated');
    const old = await pay();
    expect(old.statusCode).toBe(403);
    expect(json(old).message).toBe('Incorrect transaction PIN. 4 attempts left.');
    expect((await pay('7395')).statusCode).toBe(200);
    expect((await pay('7395')).statusCode).toBe(200);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 4 * 1_000);
  });

  it("a repeat payer's recently verified PIN is refused once five wrong tries lock it", async () => {
    const { a, pay } = await repeatPayer();
    for (let i = 0; i < 5; i++) await pay('1111');
    expect((await pay()).statusCode).toBe(429);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000 - 2 * 1_000);
  });

  it("a repeat payer's token no longer pays after a logout", async () => {
    const { a, b } = await repeatPayer();
    const p = await preview(a, b, 1_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/auth/logout', headers: auth(a) })).statusCode).toBe(200);
    const gone = await complete(a, p.reference);
    expect(gone.statusCode).toBe(401);
    expect(json(gone).message).toBe('Your session has ended. Please log in again.');
    expect((await userBalances(t.db, a.id)).get('wallet')?.available).toBe(BigInt(100_000 - 2 * 1_000));
  });

  it('an expired preview cannot be completed', async () => {
    const a = await payer(t.app, 100_000);
    const b = await payer(t.app, 100_000);
    const p = await preview(a, b, 10_000);
    await t.db
      .update(paymentIntents)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(paymentIntents.reference, p.reference));
    const res = await complete(a, p.reference);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('This payment has expired. Start again.');
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000);
  });

  it("someone else's reference is not found, and nothing moves", async () => {
    const a = await payer(t.app, 100_000);
    const b = await payer(t.app, 100_000);
    const p = await preview(a, b, 10_000);
    expect((await complete(b, p.reference)).statusCode).toBe(404);
    expect((await balancesOf(t.app, a)).walletBalance).toBe(100_000);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(100_000);
  });
});

describe('spending limit', () => {
  it('is read, set with the PIN, enforced on every outflow, and removable', async () => {
    const a = await payer(t.app, 2_000_000);
    const b = await newUser(t.app);
    const get = async () => json(await t.app.inject({ method: 'GET', url: '/api/wallet/spending-limit', headers: auth(a) })).data;
    expect(await get()).toEqual({ dailyLimit: null, spentToday: 0, remainingToday: null });
    const beforeLimit = await preview(a, b, 600_000); // previewed with no limit set

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/wallet/spending-limit', headers: auth(a), payload: { dailyLimit: 500_000 } }))
        .statusCode,
    ).toBe(400);
    expect((await setLimit(a, 500_000, '9999')).statusCode).toBe(403);
    expect(json(await setLimit(a, 50)).message).toBe('The smallest daily limit is ₦1.00');
    const set = await setLimit(a, 500_000);
    expect(set.statusCode).toBe(200);
    expect(json(set).data).toEqual({ dailyLimit: 500_000, spentToday: 0, remainingToday: 500_000 });
    // A limit set after the preview still holds at completion.
    expect(json(await complete(a, beforeLimit.reference)).code).toBe('SPENDING_LIMIT');

    const p1 = await preview(a, b, 300_000);
    const p2 = await preview(a, b, 300_000); // allowed at preview: nothing spent yet
    expect((await complete(a, p1.reference)).statusCode).toBe(200);
    const over = await complete(a, p2.reference);
    expect(over.statusCode).toBe(422);
    expect(json(over).message).toBe('This payment is over your daily spending limit of ₦5,000.00. You can spend ₦2,000.00 more today.');
    const atPreview = await initiate(a, { type: 'sendMoney', recipientId: b.id, amount: 200_001 });
    expect(json(atPreview).code).toBe('SPENDING_LIMIT');
    const bank = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/initiate',
      headers: auth(a),
      payload: { bankCode: '058', accountNumber: '0123456789', amount: 199_500 },
    });
    expect(json(bank).code).toBe('SPENDING_LIMIT'); // ₦1,995 + ₦10 fee + ₦3,000 spent > ₦5,000: fees count
    expect(await get()).toEqual({ dailyLimit: 500_000, spentToday: 300_000, remainingToday: 200_000 });

    expect(json(await setLimit(a, null)).data).toMatchObject({ dailyLimit: null });
    expect((await complete(a, p2.reference)).statusCode).toBe(200);
  });

  it('two payments at once cannot both slip under the limit', async () => {
    const a = await payer(t.app, 2_000_000);
    const b = await newUser(t.app);
    await setLimit(a, 500_000);
    const ps = await Promise.all([preview(a, b, 300_000), preview(a, b, 300_000), preview(a, b, 300_000)]);
    const results = await Promise.all(ps.map((p) => complete(a, p.reference)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await balancesOf(t.app, b)).walletBalance).toBe(300_000);
  });
});

describe('POST /api/v1/transactions (history)', () => {
  it('filters by type, direction, status and dates, paginates, and shows only your own', async () => {
    const a = await payer(t.app, 1_000_000);
    const b = await newUser(t.app);
    for (const amount of [10_000, 20_000, 30_000]) {
      const p = await preview(a, b, amount);
      await complete(a, p.reference);
    }
    const all = await historyOf(t.app, a);
    expect(all.pagination.total).toBe(4);
    expect(all.data.map((x) => x.amount)).toEqual([30_000, 20_000, 10_000, 1_000_000]);
    expect((await historyOf(t.app, a, { type: 'sendMoney' })).pagination.total).toBe(3);
    expect((await historyOf(t.app, a, { direction: 'credit' })).data.map((x) => x.type)).toEqual(['funding']);
    expect((await historyOf(t.app, a, { status: 'failed' })).pagination.total).toBe(0);
    const page = await historyOf(t.app, a, { limit: 2, page: 2 });
    expect(page.data.map((x) => x.amount)).toEqual([10_000, 1_000_000]);
    expect(page.pagination.next).toBeNull();
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await historyOf(t.app, a, { from: future })).pagination.total).toBe(0);
    expect((await historyOf(t.app, b)).pagination.total).toBe(3);

    const one = all.data[0]!;
    const single = await t.app.inject({ method: 'GET', url: `/api/transaction/api/v1/transactions/${one.reference}`, headers: auth(a) });
    expect(json(single).data).toMatchObject({ reference: one.reference, direction: 'debit', amount: 30_000 });
    const theirSide = await t.app.inject({ method: 'GET', url: `/api/transaction/api/v1/transactions/${one.reference}`, headers: auth(b) });
    expect(json(theirSide).data).toMatchObject({ direction: 'credit' });
    const stranger = await payer(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/transaction/api/v1/transactions/${one.reference}`, headers: auth(stranger) }))
        .statusCode,
    ).toBe(404);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/transactions',
      headers: auth(a),
      payload: { status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    const badDate = await t.app.inject({
      method: 'POST',
      url: '/api/transaction/api/v1/transactions',
      headers: auth(a),
      payload: { from: 'yesterday' },
    });
    expect(json(badDate).message).toBe('from must be an ISO date-time');
  });
});
