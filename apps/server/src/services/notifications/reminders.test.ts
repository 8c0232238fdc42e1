import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, json, newUser, payer, TEST_PIN, type TestUser } from '../../test/harness.js';
import { users } from '../user/index.js';
import { remindLoansDueTomorrow, runDueSavings, type WalletProviders } from '../wallet/index.js';
import { centreOf, drainPushes, pushTestApp, setSettings, subscribeDevice } from './push-fixtures.js';

// The money reminders: a loan's repayment due tomorrow (a job over the instalments due the next
// Lagos day, each claimed once), and an automatic saving the wallet could not pay.

const w = pushTestApp({}, { ledgerChecked: true });
const { push } = w;
const deps = () => ({ db: w.t.db, config: w.t.config, providers: w.t.providers as WalletProviders });

type Loan = { id: string; schedule: { dueDate: string; amount: number }[] };

/** A borrower with a subscribed phone and a ₦5,000 quick loan (one instalment, due in 30 days). */
async function borrower(): Promise<{ u: TestUser; loan: Loan }> {
  const u = await payer(w.t.app, 2_000_000);
  // Old enough to borrow.
  await w.t.db
    .update(users)
    .set({ createdAt: sql`now() - make_interval(days => 40)` })
    .where(eq(users.id, u.id));
  await subscribeDevice(w.t.app, u, push.device(u.id));
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/wallet/e-comm/api/loan/create',
    headers: auth(u),
    payload: { loanTypeId: 'quick', amount: 500_000 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { u, loan: json(res).data as Loan };
}

/** The given hour of the Lagos day `daysBefore` days before the instalment's due day. */
function lagosDayBefore(dueDate: string, daysBefore: number, hour: number): Date {
  const lagos = new Date(new Date(dueDate).getTime() + 3_600_000);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - daysBefore, hour - 1));
}

describe('a loan repayment due tomorrow', () => {
  it('pushes the borrower the day before, opening their loans', async () => {
    const { u, loan } = await borrower();
    await remindLoansDueTomorrow(deps(), lagosDayBefore(loan.schedule[0]!.dueDate, 1, 10));
    await drainPushes(w.t);
    expect(push.for(u.id).map((r) => r.payload)).toMatchObject([
      {
        kind: 'loan.due',
        title: 'Loan repayment due tomorrow',
        body: '₦5,250 of your Quick loan is due tomorrow. Keep it in your wallet: it is collected automatically.',
        url: '/loans',
      },
    ]);
  });

  it('is pushed once when the job runs twice', async () => {
    const { u, loan } = await borrower();
    const due = loan.schedule[0]!.dueDate;
    await remindLoansDueTomorrow(deps(), lagosDayBefore(due, 1, 10));
    await remindLoansDueTomorrow(deps(), lagosDayBefore(due, 1, 15));
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(1);
  });

  it('waits until 09:00 Lagos time the day before', async () => {
    const { u, loan } = await borrower();
    await remindLoansDueTomorrow(deps(), lagosDayBefore(loan.schedule[0]!.dueDate, 1, 8));
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it.each([
    ['two days before', 2],
    ['on the day itself', 0],
  ])('is not pushed %s', async (_when, daysBefore) => {
    const { u, loan } = await borrower();
    await remindLoansDueTomorrow(deps(), lagosDayBefore(loan.schedule[0]!.dueDate, daysBefore, 10));
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('is not pushed for a loan already repaid', async () => {
    const { u, loan } = await borrower();
    const repaid = await w.t.app.inject({
      method: 'POST',
      url: `/api/wallet/e-comm/api/loan/${loan.id}/repay`,
      headers: auth(u, { transactionPin: TEST_PIN }),
    });
    expect(repaid.statusCode, repaid.body).toBe(200);
    await remindLoansDueTomorrow(deps(), lagosDayBefore(loan.schedule[0]!.dueDate, 1, 10));
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('is held in quiet hours, listed in the centre only', async () => {
    const { u, loan } = await borrower();
    await setSettings(w.t.app, u, { quietHours: { start: 9 * 60, end: 12 * 60 } });
    await remindLoansDueTomorrow(deps(), lagosDayBefore(loan.schedule[0]!.dueDate, 1, 10));
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
    expect((await centreOf(w.t.app, u)).map((x) => x.kind)).toContain('loan.due');
  });
});

describe('an automatic saving that fell short', () => {
  /** A daily ₦100 saving for this person, and the moment it is first due. */
  async function dailySaving(u: TestUser): Promise<{ id: string; due: Date }> {
    await subscribeDevice(w.t.app, u, push.device(u.id));
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/wallet/savings-target',
      headers: auth(u),
      payload: { name: 'Rent', targetAmount: 1_000_000, targetDate: '2099-12-31', autoSave: { amount: 10_000, frequency: 'daily' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = json(res).data as { id: string; autoSave: { nextRunAt: string } };
    return { id: t.id, due: new Date(t.autoSave.nextRunAt) };
  }

  it('pushes the saver when the wallet could not pay it, opening the target', async () => {
    const u = await newUser(w.t.app);
    const s = await dailySaving(u);
    await runDueSavings(deps(), s.due);
    await drainPushes(w.t);
    expect(push.for(u.id).map((r) => r.payload)).toMatchObject([
      {
        kind: 'saving.short',
        title: 'Your automatic saving to Rent fell short',
        body: '₦100 could not be saved: there was not enough money in your wallet.',
        url: `/savings/targets/${s.id}`,
      },
    ]);
  });

  it('pushes nothing when the saving went through', async () => {
    const u = await payer(w.t.app, 100_000);
    const s = await dailySaving(u);
    await runDueSavings(deps(), s.due);
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
  });

  it('is pushed once when the job runs twice', async () => {
    const u = await newUser(w.t.app);
    const s = await dailySaving(u);
    await runDueSavings(deps(), s.due);
    await runDueSavings(deps(), s.due);
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(1);
  });

  it('is not pushed to a person who turned automatic savings off', async () => {
    const u = await newUser(w.t.app);
    await setSettings(w.t.app, u, { kinds: { saving: false } });
    const s = await dailySaving(u);
    await runDueSavings(deps(), s.due);
    await drainPushes(w.t);
    expect(push.for(u.id)).toHaveLength(0);
  });
});
