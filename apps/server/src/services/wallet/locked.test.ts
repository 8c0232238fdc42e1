import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, balancesOf, json, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { lockedFunds } from './tables.js';

const t = fileApp({ ledgerChecked: true });

const lock = async (u: TestUser, amount: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/lockedfund',
    headers: auth(u, { transactionPin: TEST_PIN }),
    payload: { amount, durationDays: 90, title: 'Rent' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (json(res).data as { id: string }).id;
};
/** A fund is mature once its maturity date has passed. */
const mature = (id: string) =>
  t.db
    .update(lockedFunds)
    .set({ maturityDate: sql`now() - interval '1 minute'` })
    .where(eq(lockedFunds.id, id));
const withdraw = (u: TestUser, id: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/wallet/lockedfund/withdraw/${id}`,
    headers: auth(u, key ? { 'Idempotency-Key': key } : {}),
  });
const codeOf = (r: Awaited<ReturnType<typeof withdraw>>) => [r.statusCode, (r.json() as { code?: string }).code];

describe('locked fund payout with an Idempotency-Key', () => {
  /** Two locked funds of ₦10,000 from a wallet of ₦20,000, both mature. */
  const twoMatureFunds = async () => {
    const u = await payer(t.app, 2_000_000);
    const a = await lock(u, 1_000_000);
    const b = await lock(u, 1_000_000);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 0, lockedBalance: 2_000_000 });
    await mature(a);
    await mature(b);
    return { u, a, b };
  };

  it('a payout refused before maturity stores nothing: the same key pays once the fund matures', async () => {
    const u = await payer(t.app, 1_000_000);
    const a = await lock(u, 1_000_000);
    expect(codeOf(await withdraw(u, a, 'locked-payout-0'))).toEqual([422, 'LOCKED_NOT_MATURE']);
    await mature(a);
    const paid = await withdraw(u, a, 'locked-payout-0');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays the same answer for the same key and pays once', async () => {
    const { u, a } = await twoMatureFunds();
    const first = await withdraw(u, a, 'locked-payout-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data).toMatchObject({ id: a, status: 'paid', payout: 1_022_192 });
    const again = await withdraw(u, a, 'locked-payout-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_022_192, lockedBalance: 1_000_000 });
  });

  it('the key is tied to its fund: the same key for another fund is refused', async () => {
    const { u, a, b } = await twoMatureFunds();
    await withdraw(u, a, 'locked-payout-1b');
    expect(codeOf(await withdraw(u, b, 'locked-payout-1b'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_022_192, lockedBalance: 1_000_000 });
  });

  it('without a key, a payout is made, then refused as already paid', async () => {
    const { u, a, b } = await twoMatureFunds();
    await withdraw(u, a, 'locked-payout-1c');
    const plain = await withdraw(u, b);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
    expect(codeOf(await withdraw(u, b))).toEqual([422, 'LOCKED_PAID']);
    expect(codeOf(await withdraw(u, a))).toEqual([422, 'LOCKED_PAID']);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 2_044_384, lockedBalance: 0 });
  });

  it('concurrent sends of the same key pay once', async () => {
    const u = await payer(t.app, 1_000_000);
    const a = await lock(u, 1_000_000);
    await mature(a);
    const results = await Promise.all(Array.from({ length: 3 }, () => withdraw(u, a, 'locked-payout-2')));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_022_192, lockedBalance: 0 });
  });
});
