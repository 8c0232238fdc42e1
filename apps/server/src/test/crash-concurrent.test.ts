import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, userBalances } from '../ledger/index.js';
import { idempotencyKeys } from '../platform/tables.js';
import { paymentIntents, transactions } from '../services/transaction/index.js';
import { GOOD_CARD, killAndRestart, procUser, ServerProcess, settled, type ProcUser, type Reply } from './server-process.js';

/**
 * Concurrent send-money, wallet-to-bank and bill payments while the server process is killed
 * (SIGKILL) several times and started again. Afterwards every payment whose answer the client
 * saw, and every one it retried, exists exactly once with the outcome the client was told; no
 * Idempotency-Key is left in progress; no payment is left waiting; the ledger holds.
 */
const KILLS = 4;
const WORKERS = 6;
const FUNDS = 50_000_000;

type Kind = 'send' | 'bank' | 'bill';
type Op = { kind: Kind; payer: ProcUser; key: string; reference: string; answer: Reply | null };

let s: ServerProcess;
let payers: ProcUser[];
let airtime: { billerId: string; billerGroupId: string };
const ops: Op[] = [];
let stopping = false;
let serial = 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

beforeAll(async () => {
  // The payers are new (KYC Tier 1) and move more than its caps allow: the caps are lifted here, as
  // this test is about kills; services/kyc/limits.test.ts holds every cap at its default.
  s = new ServerProcess({
    PAYOUT_RECONCILE_SECONDS: '2',
    SCHEDULER_SECONDS: '3600',
    DATABASE_POOL_SIZE: '8',
    KYC_TIERS: '-:-:100000000,-:-:100000000,-:-:100000000',
  });
  await s.start();
  payers = [];
  for (let i = 0; i < 4; i++) {
    const p = await procUser(s);
    const f = await s.must('POST', '/api/wallet/fund/card', { token: p.token, body: { amount: FUNDS, card: GOOD_CARD } });
    expect(f.status).toBe(200);
    payers.push(p);
  }
  airtime = (
    (await s.must('GET', '/api/bills/bills/airtime-providers', { token: payers[0]!.token })).body.data as {
      billerId: string;
      billerGroupId: string;
    }[]
  )[0]!;
}, 180_000);

afterAll(async () => {
  await s.dispose();
}, 60_000);

/** Initiates one payment; null while the server is down. */
async function initiate(kind: Kind, payer: ProcUser): Promise<{ reference: string; url: string } | null> {
  const amount = 100 * (1 + Math.floor(Math.random() * 50));
  const r =
    kind === 'bank'
      ? await s.call('POST', '/api/wallet/initiate', {
          token: payer.token,
          body: { bankCode: '058', accountNumber: '0123456789', amount: amount + 100_000 },
        })
      : kind === 'bill'
        ? await s.call('POST', '/api/transaction/api/v1/initiate', {
            token: payer.token,
            body: { type: 'airtime', ...airtime, customerNumber: '08031234567', amount: amount + 5_000 },
          })
        : await s.call('POST', '/api/transaction/api/v1/initiate', {
            token: payer.token,
            body: { type: 'sendMoney', recipientId: pick(payers.filter((p) => p !== payer)).id, amount },
          });
  if (!r) return null;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return {
    reference: (r.body.data as { reference: string }).reference,
    url: kind === 'bank' ? '/api/wallet/complete' : '/api/transaction/api/v1/complete',
  };
}

const complete = (op: Op) =>
  s.call('POST', op.kind === 'bank' ? '/api/wallet/complete' : '/api/transaction/api/v1/complete', {
    token: op.payer.token,
    body: { reference: op.reference },
    headers: { transactionPin: '2580', 'idempotency-key': op.key },
  });

async function worker(): Promise<void> {
  while (!stopping) {
    const kind = pick<Kind>(['send', 'bank', 'bill']);
    const payer = pick(payers);
    const started = await initiate(kind, payer);
    if (!started) {
      await sleep(100);
      continue;
    }
    const op: Op = { kind, payer, key: `crash-${serial++}-${started.reference}`, reference: started.reference, answer: null };
    ops.push(op);
    op.answer = await complete(op);
  }
}

describe('payments while the server is killed and restarted', () => {
  it('every payment exists once with the outcome its client was told, and the ledger holds', async () => {
    const workers = Array.from({ length: WORKERS }, () => worker());
    await killAndRestart(s, KILLS);
    stopping = true;
    await Promise.all(workers);

    const lost = ops.filter((o) => o.answer === null);
    expect(ops.length).toBeGreaterThan(20);
    expect(lost.length, 'no payment was in flight at any kill').toBeGreaterThan(0);

    // Retry every payment with its key: a lost answer is recovered, a seen one replayed unchanged.
    for (const op of ops) {
      const r = await settled(() => complete(op));
      expect(r, `retry of ${op.reference}`).not.toBeNull();
      expect(r!.status, JSON.stringify(r!.body)).toBe(200);
      expect((r!.body.data as { reference: string }).reference).toBe(op.reference);
      if (op.answer?.status === 200) expect(r!.body).toEqual(op.answer.body);
      op.answer = r;
    }
    await s.kill();

    const database = await s.openDb();
    try {
      const { db } = database;
      expect(await db.select().from(idempotencyKeys).where(isNull(idempotencyKeys.statusCode))).toEqual([]);
      expect(
        await db.select({ reference: paymentIntents.reference }).from(paymentIntents).where(eq(paymentIntents.status, 'processing')),
      ).toEqual([]);
      const references = ops.map((o) => o.reference);
      const debits = await db
        .select()
        .from(transactions)
        .where(and(inArray(transactions.reference, references), eq(transactions.direction, 'debit')));
      expect(debits.length).toBe(ops.length);
      for (const op of ops) {
        const row = debits.find((d) => d.reference === op.reference)!;
        expect(row.userId).toBe(op.payer.id);
        expect(row.status).toBe((op.answer!.body.data as { status: string }).status);
      }
      // Each wallet holds what its history says: the funding, minus what left, plus what came in.
      for (const p of payers) {
        const history = await db.select().from(transactions).where(eq(transactions.userId, p.id));
        const expected = history.reduce(
          (sum, h) =>
            h.status === 'successful' || (h.status === 'pending' && h.direction === 'debit')
              ? sum + (h.direction === 'credit' ? h.amount : -(h.amount + h.fee))
              : sum,
          0n,
        );
        expect((await userBalances(db, p.id)).get('wallet')?.available).toBe(expected);
      }
      expect((await checkLedger(db)).ok).toBe(true);
    } finally {
      await database.close();
    }
  }, 240_000);
});
