import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, balancesOf, GOOD_CARD, json, payer, TEST_PIN, type TestUser, fileApp } from '../../test/harness.js';
import { users } from '../user/index.js';
import type { WalletDeps } from './deps.js';
import { collectDueLoans } from './loans.service.js';
import { loanInstalments } from './tables.js';

const t = fileApp({ ledgerChecked: true });
let deps: WalletDeps;
beforeAll(() => {
  deps = { db: t.db, config: t.config, providers: t.providers };
});

type Loan = {
  id: string;
  principal: number;
  interest: number;
  totalDue: number;
  repaid: number;
  outstanding: number;
  status: string;
  schedule: { dueDate: string; amount: number; paid: number; status: string }[];
};
const apply = (u: TestUser, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/wallet/e-comm/api/loan/create', headers: auth(u), payload: body });
const myLoans = async (u: TestUser) =>
  json(await t.app.inject({ method: 'GET', url: '/api/wallet/e-comm/api/loan', headers: auth(u) })).data as Loan[];
const repay = (u: TestUser, id: string, body?: object, pin = TEST_PIN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/wallet/e-comm/api/loan/${id}/repay`,
    headers: auth(u, { transactionPin: pin }),
    ...(body ? { payload: body } : {}),
  });
/** An account old enough to borrow. */
const aged = async (u: TestUser, days = 40) =>
  t.db
    .update(users)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(users.id, u.id));

describe('loan types', () => {
  it('lists limits, tenor and interest', async () => {
    const u = await payer(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/e-comm/api/loan/types', headers: auth(u) });
    const types = json(res).data as { id: string; minAmount: number; maxAmount: number; tenorDays: number; interestRate: number }[];
    expect(types.map((x) => x.id)).toEqual(['quick', 'salary', 'business']);
    expect(types[0]).toMatchObject({ minAmount: 100_000, maxAmount: 2_000_000, tenorDays: 30, interestRate: 5 });
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/e-comm/api/loan/types' })).statusCode).toBe(401);
  });
});

describe('applying', () => {
  it('refuses an account younger than 7 days, with the reason in description', async () => {
    const young = await payer(t.app, 2_000_000);
    const r1 = await apply(young, { loanTypeId: 'quick', amount: 500_000 });
    expect(r1.statusCode).toBe(422);
    expect(json(r1)).toMatchObject({
      message: 'You are not eligible for this loan yet',
      description: 'Your account must be at least 7 days old. Keep using Owo and try again soon.',
    });
    expect(await myLoans(young)).toEqual([]);
  });

  it('refuses when the last 28 days brought in less than half of the loan', async () => {
    const quiet = await payer(t.app, 100_000);
    await aged(quiet);
    const r2 = await apply(quiet, { loanTypeId: 'quick', amount: 500_000 });
    expect((r2.json() as { description: string }).description).toMatch(
      /^Money coming into your wallet over the last 28 days must be at least half of the loan/,
    );
    expect(await myLoans(quiet)).toEqual([]);
  });

  it.each([
    ['an amount under ₦1', { loanTypeId: 'quick', amount: 50 }, 'The smallest amount is ₦1.00'],
    ["an amount beyond the type's range", { loanTypeId: 'quick', amount: 5_000_000 }, 'A Quick loan is between ₦1,000 and ₦20,000'],
    ['an unknown loan type', { loanTypeId: 'mortgage', amount: 500_000 }, 'Unknown loan type'],
  ])('refuses %s and opens nothing', async (_, body, message) => {
    const u = await payer(t.app, 100_000);
    await aged(u);
    expect(json(await apply(u, body)).message).toBe(message);
    expect(await myLoans(u)).toEqual([]);
  });

  it('disburses into the wallet with a schedule', async () => {
    const u = await payer(t.app, 1_000_000);
    await aged(u);
    const res = await apply(u, { loanTypeId: 'quick', amount: 1_000_000 });
    expect(res.statusCode).toBe(201);
    const loan = json(res).data as Loan;
    expect(loan).toMatchObject({ principal: 1_000_000, interest: 50_000, totalDue: 1_050_000, outstanding: 1_050_000, status: 'active' });
    expect(loan.schedule).toHaveLength(1);
    expect(loan.schedule[0]).toMatchObject({ amount: 1_050_000, paid: 0, status: 'upcoming' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });

  it('refuses a second loan while one is open', async () => {
    const u = await payer(t.app, 1_000_000);
    await aged(u);
    expect((await apply(u, { loanTypeId: 'quick', amount: 1_000_000 })).statusCode).toBe(201);
    const again = await apply(u, { loanTypeId: 'quick', amount: 100_000 });
    expect((again.json() as { description: string }).description).toBe('You already have a loan open. Repay it first.');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });

  it('concurrent applications open at most one loan', async () => {
    const u = await payer(t.app, 4_000_000);
    await aged(u);
    const results = await Promise.all(Array.from({ length: 4 }, () => apply(u, { loanTypeId: 'quick', amount: 1_000_000 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await myLoans(u)).toHaveLength(1);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(5_000_000);
  });
});

describe('applying with an Idempotency-Key', () => {
  const keyed = (u: TestUser, body: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/wallet/e-comm/api/loan/create',
      headers: auth(u, key ? { 'Idempotency-Key': key } : {}),
      payload: body,
    });
  const codeOf = (r: Awaited<ReturnType<typeof keyed>>) => [r.statusCode, (r.json() as { code?: string }).code];

  const body = { loanTypeId: 'quick', amount: 1_000_000 };
  const appliedWithKey = async (key: string) => {
    const u = await payer(t.app, 1_000_000);
    await aged(u);
    const first = await keyed(u, body, key);
    expect(first.statusCode, first.body).toBe(201);
    return { u, first };
  };

  it('replays the same answer for the same key and pays out once', async () => {
    const { u, first } = await appliedWithKey('loan-apply-1');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await keyed(u, body, 'loan-apply-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await myLoans(u)).toHaveLength(1);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });

  it('refuses the same key with another body', async () => {
    const { u } = await appliedWithKey('loan-apply-1b');
    expect(codeOf(await keyed(u, { ...body, amount: 500_000 }, 'loan-apply-1b'))).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });

  it('without a key, a second application is refused as before: one open loan at a time', async () => {
    const { u } = await appliedWithKey('loan-apply-1c');
    const plain = await keyed(u, body);
    expect(codeOf(plain)).toEqual([422, 'LOAN_NOT_ELIGIBLE']);
    expect((plain.json() as { description: string }).description).toBe('You already have a loan open. Repay it first.');
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });

  it('a refusal stores nothing: the same key applies afresh once eligible', async () => {
    const u = await payer(t.app, 1_000_000);
    const body = { loanTypeId: 'quick', amount: 500_000 };
    expect(codeOf(await keyed(u, body, 'loan-apply-2'))).toEqual([422, 'LOAN_NOT_ELIGIBLE']);
    await aged(u);
    const res = await keyed(u, body, 'loan-apply-2');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_500_000);
  });

  it('concurrent sends of the same key open one loan and all get its answer', async () => {
    const u = await payer(t.app, 1_000_000);
    await aged(u);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => keyed(u, { loanTypeId: 'quick', amount: 1_000_000 }, 'loan-apply-3')),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => (json(r).data as Loan).id)).size).toBe(1);
    expect(await myLoans(u)).toHaveLength(1);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000);
  });
});

type Eligibility = { eligible: boolean; reason: string | null; code: string | null; maxAmount: number; inflow: number; inflowDays: number };
const eligibility = (u: TestUser | null, loanTypeId?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/wallet/e-comm/api/loan/eligibility${loanTypeId ? `?loanTypeId=${loanTypeId}` : ''}`,
    headers: u ? auth(u) : {},
  });
const eligible = async (u: TestUser, loanTypeId?: string) => json(await eligibility(u, loanTypeId)).data as Eligibility;

describe('eligibility', () => {
  const wellFunded = async () => {
    const u = await payer(t.app, 1_500_000);
    await aged(u);
    return u;
  };

  it('says yes with the most twice the inflows allow, for any type', async () => {
    const res = await eligibility(await wellFunded());
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('You can apply for a loan');
    expect(json(res).data).toEqual({ eligible: true, reason: null, code: null, maxAmount: 3_000_000, inflow: 1_500_000, inflowDays: 28 });
  });

  it("caps the most at one type's top: the quick loan at ₦20,000 whatever came in", async () => {
    expect(await eligible(await wellFunded(), 'quick')).toMatchObject({ eligible: true, maxAmount: 2_000_000 });
  });

  it("says no to a type whose smallest loan the inflows do not cover: half of the business loan's ₦50,000", async () => {
    expect(await eligible(await wellFunded(), 'business')).toMatchObject({
      eligible: false,
      code: 'INFLOW_TOO_LOW',
      maxAmount: 0,
      reason: 'Money coming into your wallet over the last 28 days must be at least half of the loan (₦25,000).',
    });
  });

  it('refuses an unknown loan type', async () => {
    expect(json(await eligibility(await wellFunded(), 'mortgage'))).toMatchObject({ status: false, message: 'Unknown loan type' });
  });

  it('an unverified phone is the first reason', async () => {
    const unverified = await payer(t.app, 1_000_000);
    await aged(unverified);
    await t.db.update(users).set({ phoneVerifiedAt: null }).where(eq(users.id, unverified.id));
    expect(await eligible(unverified)).toEqual({
      eligible: false,
      reason: 'Verify your phone number first.',
      code: 'PHONE_UNVERIFIED',
      maxAmount: 0,
      inflow: 0,
      inflowDays: 28,
    });
  });

  it('an account too new is a reason, in the words an application is refused with', async () => {
    const young = await payer(t.app, 1_000_000);
    const tooNew = await eligible(young);
    expect(tooNew).toMatchObject({
      eligible: false,
      code: 'ACCOUNT_TOO_NEW',
      reason: 'Your account must be at least 7 days old. Keep using Owo and try again soon.',
    });
    expect(((await apply(young, { loanTypeId: 'quick', amount: 500_000 })).json() as { description: string }).description).toBe(
      tooNew.reason,
    );
  });

  it('inflows too low are a reason, with the least that must come in', async () => {
    const quiet = await payer(t.app, 0);
    await aged(quiet);
    expect(await eligible(quiet)).toMatchObject({
      eligible: false,
      code: 'INFLOW_TOO_LOW',
      maxAmount: 0,
      inflow: 0,
      reason: 'Money coming into your wallet over the last 28 days must be at least half of the loan (₦500).',
    });
  });

  it('an open loan is a reason, in the words an application is refused with', async () => {
    const borrower = await payer(t.app, 1_000_000);
    await aged(borrower);
    expect((await apply(borrower, { loanTypeId: 'quick', amount: 1_000_000 })).statusCode).toBe(201);
    const open = await eligible(borrower, 'quick');
    expect(open).toMatchObject({
      eligible: false,
      code: 'LOAN_OPEN',
      reason: 'You already have a loan open. Repay it first.',
      maxAmount: 0,
    });
    expect(((await apply(borrower, { loanTypeId: 'quick', amount: 100_000 })).json() as { description: string }).description).toBe(
      open.reason,
    );
  });

  it('needs a token', async () => {
    const res = await eligibility(null);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ status: false });
  });

  it('is in the API documentation', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: '/api/docs/json' })) as unknown as {
      paths: Record<string, { get?: { tags?: string[]; security?: unknown[] } }>;
    };
    const op = doc.paths['/api/wallet/e-comm/api/loan/eligibility']?.get;
    expect(op?.tags).toEqual(['loans']);
    expect(op?.security).toBeTruthy();
  });
});

describe('repaying', () => {
  const borrowed = async () => {
    const u = await payer(t.app, 1_000_000);
    await aged(u);
    const loan = json(await apply(u, { loanTypeId: 'quick', amount: 400_000 })).data as Loan;
    return { u, loan };
  };

  it('repays part of a loan with the PIN', async () => {
    const { u, loan } = await borrowed();
    const part = json(await repay(u, loan.id, { amount: 100_000 })).data as Loan;
    expect(part).toMatchObject({ repaid: 100_000, outstanding: 320_000, status: 'active' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000 + 400_000 - 100_000);
  });

  it('repays the rest when no amount is given, and the loan is repaid', async () => {
    const { u, loan } = await borrowed();
    await repay(u, loan.id, { amount: 100_000 });
    const all = json(await repay(u, loan.id)).data as Loan;
    expect(all).toMatchObject({ repaid: 420_000, outstanding: 0, status: 'repaid' });
    expect(all.schedule[0]).toMatchObject({ status: 'paid' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000 + 400_000 - 420_000);
  });

  it('refuses to repay a loan already repaid', async () => {
    const { u, loan } = await borrowed();
    await repay(u, loan.id);
    expect(json(await repay(u, loan.id)).code).toBe('LOAN_REPAID');
  });

  it('refuses more than is owed', async () => {
    const { u, loan } = await borrowed();
    expect(json(await repay(u, loan.id, { amount: 500_000 })).code).toBe('LOAN_OVERPAY');
    expect((await myLoans(u))[0]).toMatchObject({ repaid: 0 });
  });

  it('refuses a wrong PIN (403)', async () => {
    const { u, loan } = await borrowed();
    expect((await repay(u, loan.id, { amount: 1_000 }, '0000')).statusCode).toBe(403);
    expect((await myLoans(u))[0]).toMatchObject({ repaid: 0 });
  });

  it("someone else's loan is not found", async () => {
    const { u, loan } = await borrowed();
    const other = await payer(t.app, 1_000_000);
    expect((await repay(other, loan.id, { amount: 1_000 })).statusCode).toBe(404);
    expect((await myLoans(u))[0]).toMatchObject({ repaid: 0 });
  });

  /** A business loan of ₦60,000 in three instalments of ₦22,400, its borrower's wallet down to ₦19,950. */
  const businessLoanShortOfMoney = async () => {
    const u = await payer(t.app, 10_000_000);
    await aged(u);
    const loan = json(await apply(u, { loanTypeId: 'business', amount: 6_000_000 })).data as Loan;
    const spend = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/initiate',
      headers: auth(u),
      payload: { bankCode: '058', accountNumber: '0123456789', amount: 14_000_000 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/complete',
      headers: auth(u, { transactionPin: TEST_PIN }),
      payload: { reference: (json(spend).data as { reference: string }).reference },
    });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_995_000);
    return { u, loan, firstDue: new Date(loan.schedule[0]!.dueDate) };
  };

  it('a business loan is paid in three equal instalments', async () => {
    const { loan } = await businessLoanShortOfMoney();
    expect(loan.schedule.map((s) => s.amount)).toEqual([2_240_000, 2_240_000, 2_240_000]);
  });

  it('the scheduler collects nothing before an instalment falls due', async () => {
    const { u, firstDue } = await businessLoanShortOfMoney();
    await collectDueLoans(deps, new Date(firstDue.getTime() - 60_000));
    expect((await myLoans(u))[0]!.repaid).toBe(0);
  });

  it('the scheduler collects what the wallet holds of a due instalment, and the rest stays owed', async () => {
    const { u, firstDue } = await businessLoanShortOfMoney();
    expect(await collectDueLoans(deps, firstDue)).toBeGreaterThanOrEqual(1);
    expect((await balancesOf(t.app, u)).walletBalance).toBe(0);
    const [now] = await myLoans(u);
    expect(now).toMatchObject({ repaid: 1_995_000, outstanding: 6_720_000 - 1_995_000 });
    expect(now!.schedule[0]).toMatchObject({ paid: 1_995_000 });
    await collectDueLoans(deps, new Date(firstDue.getTime() + 2 * 86_400_000));
    expect((await myLoans(u))[0]!.repaid).toBe(1_995_000);
  });

  /** The business loan above after its first collection, the first instalment seen three days late. */
  const overdue = async () => {
    const { u, loan, firstDue } = await businessLoanShortOfMoney();
    await collectDueLoans(deps, firstDue);
    await t.db
      .update(loanInstalments)
      .set({ dueDate: sql`now() - interval '3 days'` })
      .where(and(eq(loanInstalments.loanId, loan.id), eq(loanInstalments.seq, 1)));
    return u;
  };

  it('an instalment due three days ago and not fully paid shows overdue', async () => {
    const u = await overdue();
    const [now] = await myLoans(u);
    expect(now!.schedule.map((s) => s.status)).toEqual(['overdue', 'upcoming', 'upcoming']);
  });

  it('the scheduler takes the rest of an overdue instalment once money comes in', async () => {
    const u = await overdue();
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/fund/card',
      headers: auth(u),
      payload: { amount: 1_000_000, card: GOOD_CARD },
    });
    expect(await collectDueLoans(deps, new Date())).toBeGreaterThanOrEqual(1);
    const [now] = await myLoans(u);
    expect(now!.schedule[0]).toMatchObject({ paid: 2_240_000, status: 'paid' });
    expect((await balancesOf(t.app, u)).walletBalance).toBe(1_000_000 - 245_000);
  });
});
