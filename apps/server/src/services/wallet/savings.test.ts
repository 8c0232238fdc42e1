import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../ledger/index.js';
import { auth, balancesOf, createTestApp, json, newUser, payer, TEST_PIN, type TestContext, type TestUser } from '../../test/harness.js';
import type { WalletDeps } from './deps.js';
import { nextSlot, runDueSavings } from './savings.service.js';
import { lockedFunds, savingsTargets } from './tables.js';

let t: TestContext;
let deps: WalletDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, config: t.config, providers: t.providers };
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toMatchObject({ ok: true });
  await t.close();
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const req = (u: TestUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/wallet${url}`, headers: u ? auth(u, headers) : headers, ...(payload ? { payload } : {}) });
type Target = {
  id: string;
  savedAmount: number;
  progress: number;
  status: string;
  autoSave: { nextRunAt: string } | null;
  lastRun: { status: string; reason: string | null } | null;
};
const create = async (u: TestUser, body: object) => {
  const res = await req(u, 'POST', '/savings-target', body);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data as Target;
};

describe('savings targets', () => {
  it('create, top up with the PIN, list with progress, withdraw back to the wallet', async () => {
    const u = await payer(t.app, 1_000_000);
    const target = await create(u, { name: 'New phone', targetAmount: 400_000, targetDate: inDays(90) });
    expect(target).toMatchObject({ savedAmount: 0, progress: 0, status: 'active', autoSave: null });

    const top = await req(u, 'POST', '/savings-target/top-up', { targetId: target.id, amount: 100_000 }, { transactionPin: TEST_PIN });
    expect(top.statusCode).toBe(200);
    expect(json(top).data).toMatchObject({ savedAmount: 100_000, progress: 25 });
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 900_000, savingsBalance: 100_000 });

    const list = json(await req(u, 'GET', '/savings-target')).data as Target[];
    expect(list.map((x) => x.id)).toEqual([target.id]);
    const txs = await req(u, 'GET', `/savings-target/transactions?targetId=${target.id}`);
    expect((txs.json() as { data: { direction: string; amount: number }[] }).data).toEqual([
      expect.objectContaining({ direction: 'debit', amount: 100_000 }),
    ]);

    const part = await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`, { amount: 40_000 });
    expect(json(part).data).toMatchObject({ savedAmount: 60_000, status: 'active' });
    const all = await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`);
    expect(json(all).data).toMatchObject({ savedAmount: 0, status: 'withdrawn' });
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_000_000, savingsBalance: 0 });
  });

  it("refuses bad input, a wrong PIN, too little money, someone else's target, and no token", async () => {
    const u = await payer(t.app, 50_000);
    const other = await payer(t.app, 50_000);
    expect(json(await req(u, 'POST', '/savings-target', { name: 'x', targetAmount: 100, targetDate: inDays(9) })).message).toBe(
      'Give the target a name of at least 2 characters',
    );
    expect(json(await req(u, 'POST', '/savings-target', { name: 'Rent', targetAmount: 100_000, targetDate: inDays(-1) })).message).toBe(
      'The target date must be in the future',
    );
    expect(json(await req(u, 'POST', '/savings-target', { name: 'Rent', targetAmount: 100_000, targetDate: '2026-13-01' })).message).toBe(
      'targetDate must be a date (YYYY-MM-DD)',
    );
    const target = await create(u, { name: 'Rent', targetAmount: 100_000, targetDate: inDays(30) });
    expect(
      (await req(u, 'POST', '/savings-target/top-up', { targetId: target.id, amount: 10_000 }, { transactionPin: '0000' })).statusCode,
    ).toBe(403);
    expect(
      json(await req(u, 'POST', '/savings-target/top-up', { targetId: target.id, amount: 60_000 }, { transactionPin: TEST_PIN })).code,
    ).toBe('INSUFFICIENT_FUNDS');
    expect(
      (await req(other, 'POST', '/savings-target/top-up', { targetId: target.id, amount: 1_000 }, { transactionPin: TEST_PIN })).statusCode,
    ).toBe(404);
    expect((await req(other, 'PATCH', `/savingtarget/withdraw/${target.id}`)).statusCode).toBe(404);
    expect(json(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`)).message).toBe('There is nothing saved in this target yet');
    expect((await req(null, 'GET', '/savings-target')).statusCode).toBe(401);
    expect(json(await req(other, 'GET', '/savings-target')).data).toEqual([]);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 50_000, savingsBalance: 0 });
  });

  it('automatic saving runs on schedule by a controllable clock; a shortfall is recorded, shown, and not retried', async () => {
    const u = await payer(t.app, 25_000);
    const target = await create(u, {
      name: 'School fees',
      targetAmount: 1_000_000,
      targetDate: inDays(60),
      autoSave: { amount: 10_000, frequency: 'weekly' },
    });
    const first = new Date(target.autoSave!.nextRunAt);
    expect(first.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect(await runDueSavings(deps, new Date(first.getTime() - 1000))).toBe(0);
    expect(await runDueSavings(deps, first)).toBe(1);
    expect(await runDueSavings(deps, first)).toBe(0); // the same slot never runs twice
    const second = nextSlot(first, 'weekly');
    await runDueSavings(deps, second);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 5_000, savingsBalance: 20_000 });

    const third = nextSlot(second, 'weekly');
    expect(await runDueSavings(deps, third)).toBe(1);
    const [shown] = json(await req(u, 'GET', '/savings-target')).data as Target[];
    expect(shown!.lastRun).toMatchObject({ status: 'failed', reason: 'Not enough money in your wallet' });
    expect(shown!.savedAmount).toBe(20_000);
    expect(new Date(shown!.autoSave!.nextRunAt).getTime()).toBe(nextSlot(third, 'weekly').getTime());
    expect(await runDueSavings(deps, third)).toBe(0);
  });

  it('after downtime, missed slots are not replayed one by one', async () => {
    const u = await payer(t.app, 500_000);
    const target = await create(u, {
      name: 'Holiday',
      targetAmount: 1_000_000,
      targetDate: inDays(200),
      autoSave: { amount: 1_000, frequency: 'daily' },
    });
    const later = new Date(Date.now() + 10 * 86_400_000);
    expect(await runDueSavings(deps, later)).toBe(1);
    const [row] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(later.getTime());
    expect((await balancesOf(t.app, u)).savingsBalance).toBe(1_000);
  });
});

describe('savings calls with an Idempotency-Key', () => {
  const keyed = (key: string) => ({ 'Idempotency-Key': key });
  const codeOf = (r: Awaited<ReturnType<typeof req>>) => [r.statusCode, (r.json() as { code?: string }).code];

  it('a withdrawal retried with its key replays its answer and moves the money once', async () => {
    const u = await payer(t.app, 500_000);
    const target = await create(u, { name: 'Car', targetAmount: 400_000, targetDate: inDays(60) });
    const other = await create(u, { name: 'Bike', targetAmount: 400_000, targetDate: inDays(60) });
    for (const id of [target.id, other.id])
      await req(u, 'POST', '/savings-target/top-up', { targetId: id, amount: 100_000 }, { transactionPin: TEST_PIN });

    const part = () => req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`, { amount: 30_000 }, keyed('withdraw-key-1'));
    const first = await part();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(json(first).data).toMatchObject({ savedAmount: 70_000, status: 'active' });
    const again = await part();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 330_000, savingsBalance: 170_000 });
    const moves = (await req(u, 'GET', `/savings-target/transactions?targetId=${target.id}`)).json() as { data: { direction: string }[] };
    expect(moves.data.filter((m) => m.direction === 'credit')).toHaveLength(1);

    // The same key with another amount, or for another target, is another request; a malformed key is refused.
    expect(codeOf(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`, { amount: 20_000 }, keyed('withdraw-key-1')))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(codeOf(await req(u, 'PATCH', `/savingtarget/withdraw/${other.id}`, { amount: 30_000 }, keyed('withdraw-key-1')))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(codeOf(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`, { amount: 30_000 }, keyed('no')))).toEqual([
      400,
      'IDEMPOTENCY_KEY_INVALID',
    ]);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 330_000, savingsBalance: 170_000 });

    // Everything, with a key: closed once; without a key the call runs afresh, as before.
    const all = () => req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`, undefined, keyed('withdraw-key-2'));
    const closed = await all();
    expect(json(closed).data).toMatchObject({ savedAmount: 0, status: 'withdrawn' });
    expect((await all()).json()).toEqual(closed.json());
    expect(json(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`)).code).toBe('TARGET_EMPTY');
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 400_000, savingsBalance: 100_000 });
  });

  it('a target created with a key is created once; its retry replays the 201', async () => {
    const u = await payer(t.app, 0);
    const body = { name: 'Wedding', targetAmount: 900_000, targetDate: inDays(120) };
    const first = await req(u, 'POST', '/savings-target', body, keyed('create-target-1'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await req(u, 'POST', '/savings-target', body, keyed('create-target-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((json(await req(u, 'GET', '/savings-target')).data as Target[]).map((x) => x.id)).toEqual([(json(first).data as Target).id]);
    expect(codeOf(await req(u, 'POST', '/savings-target', { ...body, name: 'Party' }, keyed('create-target-1')))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    await create(u, body);
    expect(json(await req(u, 'GET', '/savings-target')).data).toHaveLength(2);
  });
});

const lock = (u: TestUser, body: object, pin = TEST_PIN) => req(u, 'POST', '/lockedfund', body, { transactionPin: pin });

describe('locked funds', () => {
  it('previews the rate for the duration, interest and tax; locks; refuses early withdrawal; pays at maturity', async () => {
    const u = await payer(t.app, 2_000_000);
    const p = await req(u, 'POST', '/lock/initiate', { amount: 1_000_000, durationDays: 90 });
    expect(p.statusCode).toBe(200);
    const preview = json(p).data as { interestRate: number; interest: number; tax: number; payout: number; maturityDate: string };
    // ₦10,000 at 10% a year for 90 days: ₦246.57 interest, 10% tax.
    expect(preview).toMatchObject({ interestRate: 10, interest: 24_657, tax: 2_465, payout: 1_022_192 });
    expect(new Date(preview.maturityDate).getTime() - Date.now()).toBeGreaterThan(89.9 * 86_400_000);

    const res = await lock(u, { amount: 1_000_000, durationDays: 90, title: 'Rent 2027' });
    expect(res.statusCode).toBe(201);
    const fund = json(res).data as { id: string; maturityDate: string };
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_000_000, lockedBalance: 1_000_000 });

    const early = await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`);
    expect(early.statusCode).toBe(422);
    expect(json(early).message).toMatch(/^This fund is locked until \d{1,2} \w{3} \d{4}\. You can withdraw it from then\.$/);
    expect(await balancesOf(t.app, u)).toMatchObject({ lockedBalance: 1_000_000 });

    await t.db
      .update(lockedFunds)
      .set({ maturityDate: sql`now() - interval '1 minute'` })
      .where(eq(lockedFunds.id, fund.id));
    const paid = await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`);
    expect(paid.statusCode).toBe(200);
    expect(json(paid).data).toMatchObject({ status: 'paid' });
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 2_022_192, lockedBalance: 0 });
    expect((await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`)).statusCode).toBe(422);
  });

  it("refuses an unconfigured duration, a wrong PIN, too little money, someone else's fund, and no token", async () => {
    const u = await payer(t.app, 100_000);
    const other = await payer(t.app);
    expect(json(await req(u, 'POST', '/lock/initiate', { amount: 10_000, durationDays: 45 })).message).toBe(
      'Choose a duration of 30, 60, 90, 180 or 365 days',
    );
    expect((await lock(u, { amount: 10_000, durationDays: 30 }, '0000')).statusCode).toBe(403);
    expect(json(await lock(u, { amount: 200_000, durationDays: 30 })).code).toBe('INSUFFICIENT_FUNDS');
    const fund = json(await lock(u, { amount: 10_000, durationDays: 30 })).data as { id: string };
    expect((await req(other, 'POST', `/lockedfund/withdraw/${fund.id}`)).statusCode).toBe(404);
    expect(json(await req(other, 'GET', '/lockedfund')).data).toEqual([]);
    expect((json(await req(u, 'GET', '/lockedfund')).data as unknown[]).length).toBe(1);
    expect((await req(null, 'POST', '/lock/initiate', { amount: 10_000, durationDays: 30 })).statusCode).toBe(401);
  });
});

describe('balances report savings and locked sums', () => {
  it('across several targets and funds', async () => {
    const u = await payer(t.app, 300_000);
    const a = await create(u, { name: 'One', targetAmount: 100_000, targetDate: inDays(10) });
    const b = await create(u, { name: 'Two', targetAmount: 100_000, targetDate: inDays(10) });
    for (const id of [a.id, b.id])
      await req(u, 'POST', '/savings-target/top-up', { targetId: id, amount: 30_000 }, { transactionPin: TEST_PIN });
    await lock(u, { amount: 50_000, durationDays: 30 });
    await lock(u, { amount: 20_000, durationDays: 60 });
    expect(await balancesOf(t.app, u)).toEqual({
      walletBalance: 170_000,
      savingsBalance: 60_000,
      lockedBalance: 70_000,
      businessWalletBalance: 0,
    });
    // Lists are paginated.
    const first = (await req(u, 'GET', '/savings-target?limit=1')).json() as {
      data: { id: string }[];
      pagination: { total: number; next: { page: number } | null };
    };
    expect(first.data.map((x) => x.id)).toEqual([b.id]);
    expect(first.pagination).toMatchObject({ total: 2, next: { page: 2 } });
    const second = (await req(u, 'GET', '/savings-target?limit=1&page=2')).json() as typeof first;
    expect(second.data.map((x) => x.id)).toEqual([a.id]);
    const funds = (await req(u, 'GET', '/lockedfund?limit=1')).json() as typeof first;
    expect(funds.pagination).toMatchObject({ total: 2, next: { page: 2 } });
    expect((await req(u, 'GET', '/lockedfund?limit=500')).statusCode).toBe(400);
    await newUser(t.app);
  });
});
