import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../ledger/index.js';
import type { SmsProvider } from '../platform/notifications.js';
import { outbox } from '../platform/tables.js';
import type { WalletDeps } from '../services/wallet/deps.js';
import { collectDueLoans } from '../services/wallet/loans.service.js';
import { runDueSavings } from '../services/wallet/savings.service.js';
import { loanInstalments, loans, savingsRuns, savingsTargets } from '../services/wallet/tables.js';
import { users } from '../services/user/index.js';
import {
  auth,
  balancesOf,
  createTestApp,
  json,
  payer,
  secondApp,
  type SecondApp,
  type TestContext,
  closeCheckingLedger,
} from './harness.js';

/**
 * Two server processes on one database, each running the background work (as with WORKERS above 1,
 * or several hosts on one PostgreSQL): every message, savings slot and loan instalment is handled
 * by one of them, once. On PostgreSQL the second app has a pool of its own.
 */

/** An SMS gateway that records what it sends, taking a moment per text so that two drains overlap. */
function countingSms(): SmsProvider & { sent: string[] } {
  const sent: string[] = [];
  return {
    name: 'counting',
    sent,
    async send(to, body) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(`${to}|${body}`);
    },
  };
}

const smsA = countingSms();
const smsB = countingSms();
let t: TestContext;
let other: SecondApp;
let depsA: WalletDeps;
let depsB: WalletDeps;
beforeAll(async () => {
  t = await createTestApp({ providers: { sms: smsA } });
  other = await secondApp(t, { providers: { sms: smsB } });
  depsA = { db: t.db, config: t.config, providers: t.providers };
  depsB = { db: other.db, config: t.config, providers: other.providers };
});
afterAll(() => closeCheckingLedger(t));

const apps = (): [FastifyInstance, FastifyInstance] => [t.app, other.app];
const ofTest = (marker: string) => [...smsA.sent, ...smsB.sent].filter((s) => s.includes(marker));

describe('the outbox with two processes', () => {
  it('sends every text exactly once when both drain at the same time', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => `twice-test message ${i}`);
    for (const body of bodies) await t.app.notifier.enqueueSms(t.db, '+2348031111111', body);
    for (let round = 0; round < 4; round++) await Promise.all(apps().map((a) => a.notifier.drain()));

    const sent = ofTest('twice-test');
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    expect(sent.sort()).toEqual(bodies.map((b) => `+2348031111111|${b}`).sort());
    // Every row is marked sent once, its claim cleared.
    const rows = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.body} like 'twice-test%'`);
    expect(rows.map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual(bodies.map(() => ['sent', 1, null]));
  });

  it('a row claimed by a process that died is sent by another once the claim has expired', async () => {
    await t.app.notifier.enqueueSms(t.db, '+2348032222222', 'orphan-test message');
    // A process claimed it and died before sending: its claim runs for another minute.
    await t.db
      .update(outbox)
      .set({ claimedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(outbox.body, 'orphan-test message'));
    await Promise.all(apps().map((a) => a.notifier.drain()));
    expect(ofTest('orphan-test')).toEqual([]);

    await t.db
      .update(outbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.body, 'orphan-test message'));
    await Promise.all(apps().map((a) => a.notifier.drain()));
    expect(ofTest('orphan-test')).toEqual(['+2348032222222|orphan-test message']);
  });

  it('a failed send is counted and its claim cleared, so the next round tries again', async () => {
    let failing = true;
    const flaky: SmsProvider = {
      name: 'flaky',
      send: async (to, body) => {
        if (failing) throw new Error('gateway down');
        smsA.sent.push(`${to}|${body}`);
      },
    };
    const third = await secondApp(t, { providers: { sms: flaky } });
    await t.app.notifier.enqueueSms(t.db, '+2348033333333', 'flaky-test message');
    // Only the flaky process drains (the others would send it on their own).
    await third.app.notifier.drain();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.body, 'flaky-test message'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null, lastError: 'gateway down' });
    failing = false;
    await third.app.notifier.drain();
    expect(ofTest('flaky-test')).toEqual(['+2348033333333|flaky-test message']);
    await third.close();
  });
});

/** Holds a row lock in another connection (PostgreSQL only) while `during` runs. */
async function holdingLock<T>(table: 'savings_targets' | 'loans', id: string, during: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.databaseUrl! });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
    return await during();
  } finally {
    await client.query('ROLLBACK');
    await client.end();
  }
}

/** Resolves with the job's result, or 'blocked' if it has not finished within `ms`. */
const within = <T>(ms: number, job: Promise<T>) =>
  Promise.race([job, new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), ms))]);

describe('automatic savings with two processes', () => {
  const slot = new Date(Date.now() + 2 * 86_400_000);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const targetIds: string[] = [];

  it('each due slot runs once: one run and one ledger movement per slot', async () => {
    const savers = await Promise.all([payer(t.app, 100_000), payer(t.app, 100_000), payer(t.app, 100_000)]);
    for (const u of savers) {
      for (const name of ['Rent', 'School', 'Phone']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/wallet/savings-target',
          headers: auth(u),
          payload: { name, targetAmount: 500_000, targetDate: inDays(60), autoSave: { amount: 5_000, frequency: 'daily' } },
        });
        expect(res.statusCode, res.body).toBe(201);
        targetIds.push((json(res).data as { id: string }).id);
      }
    }
    // All nine due at the same slot.
    await t.db.update(savingsTargets).set({ nextRunAt: slot }).where(inArray(savingsTargets.id, targetIds));

    let ran = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all([
        runDueSavings(depsA, slot),
        runDueSavings(depsB, slot),
        runDueSavings(depsA, slot),
        runDueSavings(depsB, slot),
      ]);
      ran += counts.reduce((a, b) => a + b, 0);
    }
    expect(ran).toBe(9);
    const runs = await t.db.select().from(savingsRuns).where(inArray(savingsRuns.targetId, targetIds));
    expect(runs).toHaveLength(9);
    expect(runs.every((r) => r.status === 'successful' && r.scheduledFor.getTime() === slot.getTime())).toBe(true);
    const moves = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'savings.top_up'));
    const perTarget = new Map<string, number>();
    for (const m of moves) {
      const id = (m.metadata as { targetId?: string }).targetId ?? '';
      perTarget.set(id, (perTarget.get(id) ?? 0) + 1);
    }
    expect(targetIds.map((id) => perTarget.get(id))).toEqual(targetIds.map(() => 1));
    for (const u of savers) expect(await balancesOf(t.app, u)).toMatchObject({ walletBalance: 85_000, savingsBalance: 15_000 });
    const rows = await t.db.select().from(savingsTargets).where(inArray(savingsTargets.id, targetIds));
    expect(rows.every((r) => r.nextRunAt!.getTime() === slot.getTime() + 86_400_000)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)('a target another process is running is skipped, not waited for (PostgreSQL)', async () => {
    const next = new Date(slot.getTime() + 86_400_000);
    const [busy, ...rest] = targetIds;
    const result = await holdingLock('savings_targets', busy!, () => within(5_000, runDueSavings(depsB, next)));
    expect(result).toBe(rest.length);
    // Once the other process lets go, the skipped target runs on the next round.
    expect(await runDueSavings(depsA, next)).toBe(1);
    const runs = await t.db
      .select()
      .from(savingsRuns)
      .where(and(inArray(savingsRuns.targetId, targetIds), eq(savingsRuns.scheduledFor, next)));
    expect(runs).toHaveLength(targetIds.length);
  });
});

describe('loan collection with two processes', () => {
  it('each due instalment is collected once', async () => {
    const borrowers = await Promise.all([
      payer(t.app, 1_000_000),
      payer(t.app, 1_000_000),
      payer(t.app, 1_000_000),
      payer(t.app, 1_000_000),
    ]);
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(
        inArray(
          users.id,
          borrowers.map((u) => u.id),
        ),
      );
    const loanIds: string[] = [];
    for (const u of borrowers) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/wallet/e-comm/api/loan/create',
        headers: auth(u),
        payload: { loanTypeId: 'quick', amount: 1_000_000 },
      });
      expect(res.statusCode, res.body).toBe(201);
      loanIds.push((json(res).data as { id: string }).id);
    }
    const [first] = await t.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanIds[0]!));
    const due = new Date(first!.dueDate.getTime() + 60_000);
    // The processes' clocks differ by a minute, so their collections' derived ids differ too: only
    // the claim keeps them from both collecting.
    const later = new Date(due.getTime() + 60_000);
    let touched = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all([
        collectDueLoans(depsA, due),
        collectDueLoans(depsB, later),
        collectDueLoans(depsB, due),
        collectDueLoans(depsA, later),
      ]);
      touched += counts.reduce((a, b) => a + b, 0);
    }
    expect(touched).toBe(4);
    const rows = await t.db.select().from(loans).where(inArray(loans.id, loanIds));
    expect(rows.map((r) => [r.repaid, r.status])).toEqual(loanIds.map(() => [1_050_000n, 'repaid']));
    const repayments = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'loan.repay'));
    expect(repayments).toHaveLength(4);
    for (const u of borrowers) expect((await balancesOf(t.app, u)).walletBalance).toBe(2_000_000 - 1_050_000);
  });

  it.skipIf(!process.env.DATABASE_URL)('a loan another process holds is skipped, not waited for (PostgreSQL)', async () => {
    const borrower = await payer(t.app, 1_000_000);
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(users.id, borrower.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/e-comm/api/loan/create',
      headers: auth(borrower),
      payload: { loanTypeId: 'quick', amount: 500_000 },
    });
    const loanId = (json(res).data as { id: string }).id;
    const due = new Date(Date.now() + 31 * 86_400_000);
    expect(await holdingLock('loans', loanId, () => within(5_000, collectDueLoans(depsB, due)))).toBe(0);
    expect(await collectDueLoans(depsA, due)).toBe(1);
    const [row] = await t.db.select().from(loans).where(eq(loans.id, loanId));
    expect(row).toMatchObject({ repaid: 525_000n, status: 'repaid' });
  });
});
