import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, balancesOf, json, newUser, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import type { WalletDeps } from './deps.js';
import { nextSlot, runDueSavings } from './savings.service.js';
import { lockedFunds, savingsTargets } from './tables.js';

const t = fileApp({ ledgerChecked: true });
let deps: WalletDeps;
beforeAll(() => {
  deps = { db: t.db, config: t.config, providers: t.providers };
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

  it.each([
    [
      'a name under 2 characters',
      { name: 'x', targetAmount: 100, targetDate: inDays(9) },
      'Give the target a name of at least 2 characters',
    ],
    ['a date in the past', { name: 'Rent', targetAmount: 100_000, targetDate: inDays(-1) }, 'The target date must be in the future'],
    [
      'a date that does not exist',
      { name: 'Rent', targetAmount: 100_000, targetDate: '2026-13-01' },
      'targetDate must be a date (YYYY-MM-DD)',
    ],
  ])('refuses a target with %s and creates nothing', async (_, body, message) => {
    const u = await payer(t.app, 50_000);
    const res = await req(u, 'POST', '/savings-target', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
    expect(json(await req(u, 'GET', '/savings-target')).data).toEqual([]);
  });

  /** A target with nothing saved, in a wallet of ₦500. */
  const emptyTarget = async () => {
    const u = await payer(t.app, 50_000);
    const target = await create(u, { name: 'Rent', targetAmount: 100_000, targetDate: inDays(30) });
    const topUp = (who: TestUser, amount: number, pin = TEST_PIN) =>
      req(who, 'POST', '/savings-target/top-up', { targetId: target.id, amount }, { transactionPin: pin });
    const unmoved = async () => expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 50_000, savingsBalance: 0 });
    return { u, target, topUp, unmoved };
  };

  it('refuses a top-up with a wrong PIN (403)', async () => {
    const { u, topUp, unmoved } = await emptyTarget();
    expect((await topUp(u, 10_000, '0000')).statusCode).toBe(403);
    await unmoved();
  });

  it('refuses a top-up larger than the wallet', async () => {
    const { u, topUp, unmoved } = await emptyTarget();
    expect(json(await topUp(u, 60_000)).code).toBe('INSUFFICIENT_FUNDS');
    await unmoved();
  });

  it("someone else's target is not found, to top up or to withdraw from, nor listed", async () => {
    const { target, topUp, unmoved } = await emptyTarget();
    const other = await payer(t.app, 50_000);
    expect((await topUp(other, 1_000)).statusCode).toBe(404);
    expect((await req(other, 'PATCH', `/savingtarget/withdraw/${target.id}`)).statusCode).toBe(404);
    expect(json(await req(other, 'GET', '/savings-target')).data).toEqual([]);
    await unmoved();
  });

  it('refuses a withdrawal from a target with nothing saved', async () => {
    const { u, target, unmoved } = await emptyTarget();
    expect(json(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`)).message).toBe('There is nothing saved in this target yet');
    await unmoved();
  });

  it('the targets need a token (401)', async () => {
    expect((await req(null, 'GET', '/savings-target')).statusCode).toBe(401);
  });

  /** A weekly ₦100 saving into a target from a wallet of ₦250, and its first slot. */
  const weeklySaver = async () => {
    const u = await payer(t.app, 25_000);
    const target = await create(u, {
      name: 'School fees',
      targetAmount: 1_000_000,
      targetDate: inDays(60),
      autoSave: { amount: 10_000, frequency: 'weekly' },
    });
    return { u, first: new Date(target.autoSave!.nextRunAt) };
  };

  it('automatic saving is first due a week after the target is made', async () => {
    const { first } = await weeklySaver();
    expect(first.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });

  it('automatic saving runs on schedule by a controllable clock, each slot once', async () => {
    const { u, first } = await weeklySaver();
    await runDueSavings(deps, new Date(first.getTime() - 1000));
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 25_000, savingsBalance: 0 });
    await runDueSavings(deps, first);
    await runDueSavings(deps, first);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 15_000, savingsBalance: 10_000 });
    await runDueSavings(deps, nextSlot(first, 'weekly'));
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 5_000, savingsBalance: 20_000 });
  });

  it('an automatic saving the wallet cannot cover is recorded as failed, shown, and not retried', async () => {
    const { u, first } = await weeklySaver();
    const second = nextSlot(first, 'weekly');
    await runDueSavings(deps, first);
    await runDueSavings(deps, second);
    const third = nextSlot(second, 'weekly');
    await runDueSavings(deps, third);
    const [shown] = json(await req(u, 'GET', '/savings-target')).data as Target[];
    expect(shown!.lastRun).toMatchObject({ status: 'failed', reason: 'Not enough money in your wallet' });
    expect(shown!.savedAmount).toBe(20_000);
    expect(new Date(shown!.autoSave!.nextRunAt).getTime()).toBe(nextSlot(third, 'weekly').getTime());
    await runDueSavings(deps, third);
    const [again] = json(await req(u, 'GET', '/savings-target')).data as Target[];
    expect(again).toEqual(shown);
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
    expect(await runDueSavings(deps, later)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(savingsTargets).where(eq(savingsTargets.id, target.id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(later.getTime());
    expect((await balancesOf(t.app, u)).savingsBalance).toBe(1_000);
  });
});

describe('savings calls with an Idempotency-Key', () => {
  const keyed = (key: string) => ({ 'Idempotency-Key': key });
  const codeOf = (r: Awaited<ReturnType<typeof req>>) => [r.statusCode, (r.json() as { code?: string }).code];

  /** Two targets with ₦1,000 saved each, from a wallet of ₦5,000. */
  const twoTargets = async () => {
    const u = await payer(t.app, 500_000);
    const target = await create(u, { name: 'Car', targetAmount: 400_000, targetDate: inDays(60) });
    const other = await create(u, { name: 'Bike', targetAmount: 400_000, targetDate: inDays(60) });
    for (const id of [target.id, other.id])
      await req(u, 'POST', '/savings-target/top-up', { targetId: id, amount: 100_000 }, { transactionPin: TEST_PIN });
    const withdraw = (id: string, key: string, amount?: number) =>
      req(u, 'PATCH', `/savingtarget/withdraw/${id}`, amount === undefined ? undefined : { amount }, keyed(key));
    return { u, target, other, withdraw };
  };

  it('a withdrawal retried with its key replays its answer and moves the money once', async () => {
    const { u, target, withdraw } = await twoTargets();
    const first = await withdraw(target.id, 'withdraw-key-1', 30_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(json(first).data).toMatchObject({ savedAmount: 70_000, status: 'active' });
    const again = await withdraw(target.id, 'withdraw-key-1', 30_000);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 330_000, savingsBalance: 170_000 });
    const moves = (await req(u, 'GET', `/savings-target/transactions?targetId=${target.id}`)).json() as { data: { direction: string }[] };
    expect(moves.data.filter((m) => m.direction === 'credit')).toHaveLength(1);
  });

  it.each([
    ['another amount', false, 20_000],
    ['another target', true, 30_000],
  ])('the same withdrawal key with %s is refused', async (_, otherTarget, amount) => {
    const { u, target, other, withdraw } = await twoTargets();
    await withdraw(target.id, 'withdraw-key-1', 30_000);
    expect(codeOf(await withdraw(otherTarget ? other.id : target.id, 'withdraw-key-1', amount))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 330_000, savingsBalance: 170_000 });
  });

  it('a malformed withdrawal key is refused (400)', async () => {
    const { u, target, withdraw } = await twoTargets();
    expect(codeOf(await withdraw(target.id, 'no', 30_000))).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 300_000, savingsBalance: 200_000 });
  });

  it('withdrawing everything with a key closes the target once', async () => {
    const { u, target, withdraw } = await twoTargets();
    const closed = await withdraw(target.id, 'withdraw-key-2');
    expect(json(closed).data).toMatchObject({ savedAmount: 0, status: 'withdrawn' });
    expect((await withdraw(target.id, 'withdraw-key-2')).json()).toEqual(closed.json());
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 400_000, savingsBalance: 100_000 });
  });

  it('without a key a withdrawal runs afresh, as before: refused once the target is empty', async () => {
    const { u, target, withdraw } = await twoTargets();
    await withdraw(target.id, 'withdraw-key-3');
    expect(json(await req(u, 'PATCH', `/savingtarget/withdraw/${target.id}`)).code).toBe('TARGET_EMPTY');
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 400_000, savingsBalance: 100_000 });
  });

  const wedding = { name: 'Wedding', targetAmount: 900_000, targetDate: inDays(120) };

  it('a target created with a key is created once: its retry replays the 201', async () => {
    const u = await payer(t.app, 0);
    const first = await req(u, 'POST', '/savings-target', wedding, keyed('create-target-1'));
    expect(first.statusCode, first.body).toBe(201);
    const again = await req(u, 'POST', '/savings-target', wedding, keyed('create-target-1'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((json(await req(u, 'GET', '/savings-target')).data as Target[]).map((x) => x.id)).toEqual([(json(first).data as Target).id]);
  });

  it('the same creation key with another body is refused', async () => {
    const u = await payer(t.app, 0);
    await req(u, 'POST', '/savings-target', wedding, keyed('create-target-2'));
    expect(codeOf(await req(u, 'POST', '/savings-target', { ...wedding, name: 'Party' }, keyed('create-target-2')))).toEqual([
      422,
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(json(await req(u, 'GET', '/savings-target')).data).toHaveLength(1);
  });

  it('the same target created again without a key is a second target', async () => {
    const u = await payer(t.app, 0);
    await req(u, 'POST', '/savings-target', wedding, keyed('create-target-3'));
    await create(u, wedding);
    expect(json(await req(u, 'GET', '/savings-target')).data).toHaveLength(2);
  });
});

const lock = (u: TestUser, body: object, pin = TEST_PIN) => req(u, 'POST', '/lockedfund', body, { transactionPin: pin });

describe('locked funds', () => {
  it('previews the rate for the duration, the interest and the tax', async () => {
    const u = await payer(t.app, 2_000_000);
    const p = await req(u, 'POST', '/lock/initiate', { amount: 1_000_000, durationDays: 90 });
    expect(p.statusCode).toBe(200);
    const preview = json(p).data as { interestRate: number; interest: number; tax: number; payout: number; maturityDate: string };
    // ₦10,000 at 10% a year for 90 days: ₦246.57 interest, 10% tax.
    expect(preview).toMatchObject({ interestRate: 10, interest: 24_657, tax: 2_465, payout: 1_022_192 });
    expect(new Date(preview.maturityDate).getTime() - Date.now()).toBeGreaterThan(89.9 * 86_400_000);
  });

  const locked = async () => {
    const u = await payer(t.app, 2_000_000);
    const res = await lock(u, { amount: 1_000_000, durationDays: 90, title: 'Rent 2027' });
    expect(res.statusCode).toBe(201);
    return { u, fund: json(res).data as { id: string; maturityDate: string } };
  };
  const matured = (id: string) =>
    t.db
      .update(lockedFunds)
      .set({ maturityDate: sql`now() - interval '1 minute'` })
      .where(eq(lockedFunds.id, id));

  it('locks the money away from the wallet', async () => {
    const { u } = await locked();
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 1_000_000, lockedBalance: 1_000_000 });
  });

  it('refuses a withdrawal before maturity, saying from when', async () => {
    const { u, fund } = await locked();
    const early = await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`);
    expect(early.statusCode).toBe(422);
    expect(json(early).message).toMatch(/^This fund is locked until \d{1,2} \w{3} \d{4}\. You can withdraw it from then\.$/);
    expect(await balancesOf(t.app, u)).toMatchObject({ lockedBalance: 1_000_000 });
  });

  it('pays the money and its interest after tax at maturity, once', async () => {
    const { u, fund } = await locked();
    await matured(fund.id);
    const paid = await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`);
    expect(paid.statusCode).toBe(200);
    expect(json(paid).data).toMatchObject({ status: 'paid' });
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 2_022_192, lockedBalance: 0 });
    expect((await req(u, 'POST', `/lockedfund/withdraw/${fund.id}`)).statusCode).toBe(422);
  });

  it('refuses a duration that is not offered', async () => {
    const u = await payer(t.app, 100_000);
    expect(json(await req(u, 'POST', '/lock/initiate', { amount: 10_000, durationDays: 45 })).message).toBe(
      'Choose a duration of 30, 60, 90, 180 or 365 days',
    );
  });

  it('refuses a lock with a wrong PIN (403)', async () => {
    const u = await payer(t.app, 100_000);
    expect((await lock(u, { amount: 10_000, durationDays: 30 }, '0000')).statusCode).toBe(403);
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 100_000, lockedBalance: 0 });
  });

  it('refuses a lock larger than the wallet', async () => {
    const u = await payer(t.app, 100_000);
    expect(json(await lock(u, { amount: 200_000, durationDays: 30 })).code).toBe('INSUFFICIENT_FUNDS');
    expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 100_000, lockedBalance: 0 });
  });

  it("someone else's fund is neither listed nor paid to them", async () => {
    const u = await payer(t.app, 100_000);
    const other = await payer(t.app);
    const fund = json(await lock(u, { amount: 10_000, durationDays: 30 })).data as { id: string };
    expect((await req(other, 'POST', `/lockedfund/withdraw/${fund.id}`)).statusCode).toBe(404);
    expect(json(await req(other, 'GET', '/lockedfund')).data).toEqual([]);
    expect((json(await req(u, 'GET', '/lockedfund')).data as unknown[]).length).toBe(1);
  });

  it('a lock preview needs a token (401)', async () => {
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
