import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, userBalances } from '../ledger/index.js';
import { idempotencyKeys } from '../platform/tables.js';
import { kycHeldCredits } from '../services/kyc/tables.js';
import { paymentIntents, transactions } from '../services/transaction/index.js';
import { GOOD_CARD, killAndRestart, procUser, ServerProcess, settled, type ProcUser, type Reply } from './server-process.js';

/**
 * Send-money at KYC Tier 1 while the server process is killed (SIGKILL) and started again, with
 * caps small enough that payments keep hitting them: a payer's day limit refuses some (403), and a
 * payee's balance and per-deposit caps park some credits as held credits. Afterwards every payment
 * exists once with the outcome its client was told (a refused one moved nothing), every held credit
 * belongs to one delivered payment and none is held twice, each wallet holds what its history says,
 * no key is left in progress and the ledger holds.
 */
const KILLS = 3;
const WORKERS = 5;
const PAYERS = 6;
// Tier 1: ₦6,000 per deposit, ₦20,000 balance, ₦15,000 a day out (KYC_TIERS is in naira).
const TIERS = '6000:20000:15000,-:-:100000000,-:-:100000000';
/** Tier 1's per-deposit cap, in kobo: a payment over it is parked as a held credit. */
const DEPOSIT_CAP = 600_000;
const FUNDING = DEPOSIT_CAP; // ₦6,000 a card payment, three of them: ₦18,000 each payer

type Op = { payer: ProcUser; payee: ProcUser; amount: number; key: string; reference: string; answer: Reply | null };

let s: ServerProcess;
let payers: ProcUser[];
let payees: ProcUser[];
const ops: Op[] = [];
let stopping = false;
let serial = 0;
/** Payments refused at their start because today's limit was already used. */
let refusedAtStart = 0;
/** Completions sent and not answered yet. */
let completing = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

beforeAll(async () => {
  s = new ServerProcess({ SCHEDULER_SECONDS: '3600', DATABASE_POOL_SIZE: '8', KYC_TIERS: TIERS, EMT_LEVY: '0' });
  await s.start();
  payers = [];
  payees = [];
  // Six payers: a payment over what is left of the day is refused at its preview (before a reference
  // is made), so each payer's day ends after a few payments; six keep payments being completed
  // through the kills.
  for (let i = 0; i < PAYERS; i++) {
    const p = await procUser(s);
    for (let n = 0; n < 3; n++) {
      const f = await s.must('POST', '/api/wallet/fund/card', { token: p.token, body: { amount: FUNDING, card: GOOD_CARD } });
      expect(f.status).toBe(200);
    }
    payers.push(p);
  }
  for (let i = 0; i < 2; i++) payees.push(await procUser(s));
}, 180_000);

afterAll(async () => {
  await s.dispose();
}, 60_000);

const complete = (op: Op) =>
  s.call('POST', '/api/transaction/api/v1/complete', {
    token: op.payer.token,
    body: { reference: op.reference },
    headers: { transactionPin: '2580', 'idempotency-key': op.key },
  });

async function worker(): Promise<void> {
  while (!stopping) {
    const payer = pick(payers);
    const payee = pick(payees);
    // ₦500 to ₦7,500: some over the payee's per-deposit cap, many together over the payer's day.
    const amount = 50_000 * (1 + Math.floor(Math.random() * 15));
    const r = await s.call('POST', '/api/transaction/api/v1/initiate', {
      token: payer.token,
      body: { type: 'sendMoney', recipientId: payee.id, amount },
    });
    if (!r) {
      await sleep(100);
      continue;
    }
    // Refused before a reference is made (the balance is short, or today's limit already used): nothing to complete.
    if (r.status === 422 || r.status === 403) {
      expect(['INSUFFICIENT_FUNDS', 'KYC_LIMIT'], JSON.stringify(r.body)).toContain(r.body.code);
      if (r.body.code === 'KYC_LIMIT') refusedAtStart++;
      await sleep(20);
      continue;
    }
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const reference = (r.body.data as { reference: string }).reference;
    const op: Op = { payer, payee, amount, key: `kyc-crash-${serial++}-${reference}`, reference, answer: null };
    ops.push(op);
    completing++;
    op.answer = await complete(op).finally(() => completing--);
    // Paced, so the payers' day limits (about 22 payments in all) last through the kills.
    await sleep(400 + Math.random() * 600);
  }
}

describe('payments at their KYC limits while the server is killed and restarted', () => {
  it('nothing is lost or doubled: refused payments move nothing, held credits are held once', async () => {
    const workers = Array.from({ length: WORKERS }, () => worker());
    // Kills soon after a start, while completions are in flight and before the day limits are used up.
    await killAndRestart(s, KILLS, () => completing > 0, [200, 600]);
    // The kills may end before any payer's day is used up or any credit is parked: go on (up to 30 s)
    // until a payment has hit the day limit and one over the per-deposit cap has been made.
    const dayHit = () => refusedAtStart > 0 || ops.some((o) => o.answer?.status === 403);
    const overCapPaid = () => ops.some((o) => o.amount > DEPOSIT_CAP && o.answer?.status === 200);
    for (let waited = 0; !(dayHit() && overCapPaid()) && waited < 30_000; waited += 100) await sleep(100);
    stopping = true;
    await Promise.all(workers);

    expect(ops.length).toBeGreaterThan(15);
    expect(
      ops.filter((o) => o.answer === null),
      'a payment was in flight at a kill',
    ).not.toHaveLength(0);

    // Retry each with its key: a lost answer is recovered, a seen one (success or refusal) replayed unchanged.
    for (const op of ops) {
      const r = await settled(() => complete(op));
      expect(r, `retry of ${op.reference}`).not.toBeNull();
      // Made, or refused: over today's limit, or (a payment whose answer was lost, completed later) the balance is short by then.
      expect([200, 403, 422], JSON.stringify(r!.body)).toContain(r!.status);
      if (r!.status !== 200) expect(r!.body.code).toBe(r!.status === 403 ? 'KYC_LIMIT' : 'INSUFFICIENT_FUNDS');
      // A payment made is replayed unchanged. A refusal is not kept under the key (the payment's first
      // transaction rolled back, platform/idempotency.ts): the retry is judged afresh, and is refused
      // again (a payer's balance and today's room only shrink), maybe for the other reason.
      if (op.answer?.status === 200) expect(r!.body).toEqual(op.answer.body);
      else if (op.answer) expect(r!.status, JSON.stringify(r!.body)).not.toBe(200);
      op.answer = r;
    }
    await s.kill();

    const paid = ops.filter((o) => o.answer!.status === 200);
    const refused = ops.filter((o) => o.answer!.status === 403);
    const refusedShort = ops.filter((o) => o.answer!.status === 422);
    expect(refused.length + refusedAtStart, 'some payments hit the day limit').toBeGreaterThan(0);
    expect(paid.length).toBeGreaterThan(0);

    const database = await s.openDb();
    try {
      const { db } = database;
      expect(await db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.statusCode))).toEqual([]);
      expect(
        await db.select({ reference: paymentIntents.reference }).from(paymentIntents).where(eq(paymentIntents.status, 'processing')),
      ).toEqual([]);

      /** The wallet entries of these payments, one way. */
      const rowsOf = (of: Op[], direction: 'debit' | 'credit') =>
        db
          .select()
          .from(transactions)
          .where(
            and(
              inArray(
                transactions.reference,
                of.map((o) => o.reference),
              ),
              eq(transactions.direction, direction),
            ),
          );
      // One debit for each payment made, none for a refused one.
      const debits = await rowsOf(ops, 'debit');
      expect(debits.map((d) => d.reference).sort()).toEqual(paid.map((o) => o.reference).sort());
      expect(refused.length + refusedShort.length + paid.length).toBe(ops.length);

      // Held credits: each from a payment made, to its payee, for its amount; never two for one payment.
      const held = await db.select().from(kycHeldCredits);
      expect(held.length, 'some credits were held').toBeGreaterThan(0);
      expect(new Set(held.map((h) => h.reference)).size).toBe(held.length);
      for (const h of held) {
        const op = paid.find((o) => o.reference === h.reference);
        expect(op, `held credit ${h.reference} comes from a payment made`).toBeDefined();
        expect(h.userId).toBe(op!.payee.id);
        expect(h.amount).toBe(BigInt(op!.amount));
        expect(h.status).toBe('held');
      }

      // Every payment made reached its payee once (a held credit is parked from the wallet it reached).
      const credits = await rowsOf(paid, 'credit');
      for (const op of paid) {
        expect(
          credits.filter((c) => c.reference === op.reference && c.userId === op.payee.id),
          `payment ${op.reference} arrived once`,
        ).toHaveLength(1);
      }

      // Each wallet holds what its history says; a payee's held credits are in their held account, not the wallet.
      const historySum = async (userId: string) =>
        (await db.select().from(transactions).where(eq(transactions.userId, userId))).reduce(
          (sum, h) =>
            h.status === 'successful' || (h.status === 'pending' && h.direction === 'debit')
              ? sum + (h.direction === 'credit' ? h.amount : -(h.amount + h.fee))
              : sum,
          0n,
        );
      for (const p of payers)
        expect((await userBalances(db, p.id)).get('wallet')?.available, `wallet of ${p.email}`).toBe(await historySum(p.id));
      for (const p of payees) {
        const balances = await userBalances(db, p.id);
        const heldFor = held.filter((h) => h.userId === p.id).reduce((sum, h) => sum + h.amount, 0n);
        expect(balances.get('held')?.available ?? 0n, `held for ${p.email}`).toBe(heldFor);
        expect((balances.get('wallet')?.available ?? 0n) + heldFor, `wallet and held of ${p.email}`).toBe(await historySum(p.id));
      }
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      await database.close();
    }
  }, 240_000);
});
