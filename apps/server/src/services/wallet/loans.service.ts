import { and, asc, desc, eq, exists, inArray, lte, sql } from 'drizzle-orm';
import { formatNaira } from '@owo/contracts';
import { system, transfer, userAccount, userBalances } from '../../ledger/index.js';
import { derivedId, newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import type { Page } from '../../platform/pagination.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { AppError, badRequest, notFound, unprocessable } from '../../platform/errors.js';
import { inflowSince, newReference, recordHistory } from '../transaction/index.js';
import { userById } from '../user/index.js';
import type { WalletDeps } from './deps.js';
import { loanInstalments, loans } from './tables.js';

export const LOAN_TYPES = [
  {
    id: 'quick',
    name: 'Quick loan',
    description: 'A small loan for the month, repaid once after 30 days.',
    minAmount: 100_000,
    maxAmount: 2_000_000,
    tenorDays: 30,
    instalments: 1,
    interestRate: 5,
  },
  {
    id: 'salary',
    name: 'Salary advance',
    description: 'Up to ₦100,000 until payday, repaid in one go after 30 days.',
    minAmount: 1_000_000,
    maxAmount: 10_000_000,
    tenorDays: 30,
    instalments: 1,
    interestRate: 7,
  },
  {
    id: 'business',
    name: 'Business boost',
    description: 'Stock up your shop and repay in three monthly instalments.',
    minAmount: 5_000_000,
    maxAmount: 50_000_000,
    tenorDays: 90,
    instalments: 3,
    interestRate: 12,
  },
] as const;

/** What a person must have for a loan; each failure says which rule and why. */
function notEligible(description: string): never {
  throw new AppError(422, 'LOAN_NOT_ELIGIBLE', 'You are not eligible for this loan yet', description);
}

type LoanRow = typeof loans.$inferSelect;
type InstalmentRow = typeof loanInstalments.$inferSelect;

const instalmentStatus = (i: InstalmentRow, now: Date) =>
  i.paid >= i.amount
    ? ('paid' as const)
    : i.dueDate.getTime() < now.getTime() - 86_400_000
      ? ('overdue' as const)
      : i.dueDate <= now
        ? ('due' as const)
        : ('upcoming' as const);

function toLoan(l: LoanRow, schedule: InstalmentRow[], now = new Date()) {
  const totalDue = l.principal + l.interest;
  return {
    id: l.id,
    loanTypeId: l.loanTypeId,
    name: l.name,
    principal: Number(l.principal),
    interest: Number(l.interest),
    totalDue: Number(totalDue),
    repaid: Number(l.repaid),
    outstanding: Number(totalDue - l.repaid),
    status: l.status,
    schedule: schedule
      .sort((a, b) => a.seq - b.seq)
      .map((i) => ({ dueDate: i.dueDate.toISOString(), amount: Number(i.amount), paid: Number(i.paid), status: instalmentStatus(i, now) })),
    createdAt: l.createdAt.toISOString(),
  };
}

async function withSchedules(tx: Tx, rows: LoanRow[]) {
  if (rows.length === 0) return [];
  const inst = await tx
    .select()
    .from(loanInstalments)
    .where(
      inArray(
        loanInstalments.loanId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) =>
    toLoan(
      r,
      inst.filter((i) => i.loanId === r.id),
    ),
  );
}

export async function listLoans(deps: WalletDeps, userId: string, page: Page) {
  const where = eq(loans.userId, userId);
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(loans)
      .where(where)
      .orderBy(desc(loans.createdAt))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.$count(loans, where),
  ]);
  return { items: await withSchedules(deps.db, rows), total };
}

type LoanTypeDef = (typeof LOAN_TYPES)[number];
const naira = (kobo: bigint | number) => formatNaira(kobo, { trimZeroKobo: true });

export type EligibilityCode = 'PHONE_UNVERIFIED' | 'ACCOUNT_TOO_NEW' | 'LOAN_OPEN' | 'INFLOW_TOO_LOW';
export type Eligibility = {
  eligible: boolean;
  reason: string | null;
  code: EligibilityCode | null;
  maxAmount: number;
  inflow: number;
  inflowDays: number;
};

function loanType(loanTypeId: string): LoanTypeDef {
  const type = LOAN_TYPES.find((t) => t.id === loanTypeId);
  if (!type) throw badRequest('Unknown loan type', 'LOAN_TYPE_UNKNOWN');
  return type;
}

/**
 * The loan rules, in order: a verified phone, an account at least LOAN_MIN_ACCOUNT_DAYS old, no
 * open loan, and money in (funding and money received) over the last LOAN_INFLOW_DAYS of at least
 * half the loan. With an `amount` it judges that amount; without one it judges the smallest loan
 * on offer (of `type`, or of any type) and reports the most the inflows allow. Both the
 * eligibility call and createLoan decide through here.
 */
export async function checkEligibility(
  deps: WalletDeps,
  userId: string,
  opts: { type?: LoanTypeDef; amount?: bigint; tx?: Tx } = {},
  now = new Date(),
): Promise<Eligibility> {
  const db = opts.tx ?? deps.db;
  const { minAccountDays, inflowDays } = deps.config.loans;
  const types = opts.type ? [opts.type] : LOAN_TYPES;
  const ceiling = BigInt(Math.max(...types.map((t) => t.maxAmount)));
  const floor = opts.amount ?? BigInt(Math.min(...types.map((t) => t.minAmount)));
  let inflow = 0n;
  const no = (code: EligibilityCode, reason: string): Eligibility => ({
    eligible: false,
    reason,
    code,
    maxAmount: 0,
    inflow: Number(inflow),
    inflowDays,
  });

  const user = await userById(db, userId);
  if (!user?.phoneVerifiedAt) return no('PHONE_UNVERIFIED', 'Verify your phone number first.');
  const ageDays = (now.getTime() - user.createdAt.getTime()) / 86_400_000;
  if (ageDays < minAccountDays)
    return no('ACCOUNT_TOO_NEW', `Your account must be at least ${minAccountDays} days old. Keep using Owo and try again soon.`);
  const since = new Date(now.getTime() - inflowDays * 86_400_000);
  const [[open], cameIn] = await Promise.all([
    db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.status, 'active')))
      .limit(1),
    inflowSince(db, userId, since, ['funding', 'sendMoney']),
  ]);
  inflow = cameIn;
  if (open) return no('LOAN_OPEN', 'You already have a loan open. Repay it first.');
  if (inflow * 2n < floor) {
    return no(
      'INFLOW_TOO_LOW',
      `Money coming into your wallet over the last ${inflowDays} days must be at least half of the loan (${naira(Number(floor) / 2)}).`,
    );
  }
  const allowed = inflow * 2n < ceiling ? inflow * 2n : ceiling;
  return { eligible: true, reason: null, code: null, maxAmount: Number(allowed), inflow: Number(inflow), inflowDays };
}

/** GET …/loan/eligibility: for one loan type or any. */
export function loanEligibility(deps: WalletDeps, userId: string, loanTypeId?: string, now = new Date()): Promise<Eligibility> {
  return checkEligibility(deps, userId, loanTypeId ? { type: loanType(loanTypeId) } : {}, now);
}

/**
 * Decides eligibility by clear rules (verified phone, account age, money that came in recently,
 * no open loan; see checkEligibility), then disburses into the wallet with a repayment schedule,
 * in the caller's transaction (the route's `withIdempotency`). No outside system is called.
 */
export async function createLoan(deps: WalletDeps, tx: Tx, userId: string, body: { loanTypeId: string; amount: number }, now = new Date()) {
  const type = loanType(body.loanTypeId);
  if (body.amount < type.minAmount || body.amount > type.maxAmount) {
    throw badRequest(`A ${type.name} is between ${naira(type.minAmount)} and ${naira(type.maxAmount)}`, 'LOAN_AMOUNT');
  }
  const amount = BigInt(body.amount);
  const verdict = await checkEligibility(deps, userId, { type, amount, tx }, now);
  if (!verdict.eligible) notEligible(verdict.reason ?? 'You are not eligible for this loan yet.');

  const interest = (amount * BigInt(Math.round(type.interestRate * 100))) / 10_000n;
  const total = amount + interest;
  const id = newId();
  // One open loan per person (a unique index): a concurrent application that opened one first wins.
  const row = await tx
    .insert(loans)
    .values({ id, userId, loanTypeId: type.id, name: type.name, principal: amount, interest, repaid: 0n })
    .returning()
    .then(
      ([r]) => r!,
      (err: unknown) => {
        if (uniqueViolation(err)) notEligible('You already have a loan open. Repay it first.');
        throw err;
      },
    );
  const part = total / BigInt(type.instalments);
  const step = type.tenorDays / type.instalments;
  await tx.insert(loanInstalments).values(
    Array.from({ length: type.instalments }, (_, i) => ({
      id: newId(),
      loanId: id,
      seq: i + 1,
      dueDate: new Date(now.getTime() + Math.round(step * (i + 1)) * 86_400_000),
      amount: i === type.instalments - 1 ? total - part * BigInt(type.instalments - 1) : part,
      paid: 0n,
    })),
  );
  const wallet = await userAccount(tx, userId, 'wallet');
  const reference = newReference();
  await transfer(tx, [
    {
      id: derivedId(id, 'disburse'),
      debitAccountId: system('loans'),
      creditAccountId: wallet,
      amount,
      kind: 'loan.disburse',
      reference,
    },
  ]);
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'loan',
      direction: 'credit',
      amount,
      status: 'successful',
      narration: `${type.name} disbursed`,
      counterparty: { id, name: type.name, bankName: null, accountNumber: null },
    },
  ]);
  return (await withSchedules(tx, [row]))[0]!;
}

/** Takes `amount` (or less) of what is owed from the wallet, oldest instalment first. Returns what was collected. */
async function collect(deps: WalletDeps, tx: Tx, loan: LoanRow, amount: bigint, transferId: string, narration: string): Promise<bigint> {
  const owed = loan.principal + loan.interest - loan.repaid;
  const take = amount < owed ? amount : owed;
  if (take <= 0n) return 0n;
  const wallet = await userAccount(tx, loan.userId, 'wallet');
  const reference = newReference();
  await transfer(tx, [
    { id: transferId, debitAccountId: wallet, creditAccountId: system('loans'), amount: take, kind: 'loan.repay', reference },
  ]);
  let left = take;
  const inst = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loan.id)).orderBy(asc(loanInstalments.seq));
  for (const i of inst) {
    if (left === 0n) break;
    const need = i.amount - i.paid;
    if (need <= 0n) continue;
    const pay = need < left ? need : left;
    await tx
      .update(loanInstalments)
      .set({ paid: i.paid + pay })
      .where(eq(loanInstalments.id, i.id));
    left -= pay;
  }
  const repaid = loan.repaid + take;
  await tx
    .update(loans)
    .set({ repaid, status: repaid >= loan.principal + loan.interest ? 'repaid' : 'active' })
    .where(eq(loans.id, loan.id));
  await recordHistory(tx, [
    {
      userId: loan.userId,
      reference,
      type: 'loan',
      direction: 'debit',
      amount: take,
      status: 'successful',
      narration,
      counterparty: { id: loan.id, name: loan.name, bankName: null, accountNumber: null },
    },
  ]);
  return take;
}

/** Repays from the wallet in the caller's transaction (which also holds its Idempotency-Key). */
export async function repayLoan(deps: WalletDeps, tx: Tx, userId: string, loanId: string, amount?: number) {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
    .for('update');
  if (!loan) throw notFound('Loan not found', 'LOAN_NOT_FOUND');
  if (loan.status === 'repaid') throw unprocessable('This loan is already repaid', 'LOAN_REPAID');
  const owed = loan.principal + loan.interest - loan.repaid;
  const want = amount === undefined ? owed : BigInt(amount);
  if (want > owed) throw badRequest(`You owe ${formatNaira(owed)} on this loan`, 'LOAN_OVERPAY');
  await collect(deps, tx, loan, want, newId(), 'Loan repayment');
  const [row] = await tx.select().from(loans).where(eq(loans.id, loan.id));
  return (await withSchedules(tx, [row!]))[0]!;
}

/**
 * Collects instalments that have fallen due from the wallet, as much as the wallet holds; what
 * could not be collected stays owed (and shows as overdue). Returns the loans it touched.
 *
 * Several processes may run this at once: each loan is claimed in its own transaction by a lock
 * taken with SKIP LOCKED in the same query that re-checks something is still due, so a loan
 * another process (or a repayment) holds is skipped, not waited for; what is owed and what the
 * wallet holds are read afresh once it is held, so a loan another process has just collected from
 * yields nothing more.
 */
export async function collectDueLoans(deps: WalletDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectDistinct({ loanId: loanInstalments.loanId })
    .from(loanInstalments)
    .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
    .where(and(eq(loans.status, 'active'), lte(loanInstalments.dueDate, now), sql`${loanInstalments.paid} < ${loanInstalments.amount}`))
    .limit(200);
  let touched = 0;
  for (const { loanId } of due) {
    await deps.db.transaction(async (tx) => {
      const stillDue = tx
        .select({ one: sql`1` })
        .from(loanInstalments)
        .where(
          and(
            eq(loanInstalments.loanId, loans.id),
            lte(loanInstalments.dueDate, now),
            sql`${loanInstalments.paid} < ${loanInstalments.amount}`,
          ),
        );
      const [loan] = await tx
        .select()
        .from(loans)
        .where(and(eq(loans.id, loanId), eq(loans.status, 'active'), exists(stillDue)))
        .for('update', { of: loans, skipLocked: true });
      if (!loan) return;
      const inst = await tx
        .select()
        .from(loanInstalments)
        .where(and(eq(loanInstalments.loanId, loanId), lte(loanInstalments.dueDate, now)));
      const dueNow = inst.reduce((s, i) => s + (i.amount - i.paid), 0n);
      const available = (await userBalances(tx, loan.userId)).get('wallet')?.available ?? 0n;
      const take = dueNow < available ? dueNow : available;
      if (take > 0n) {
        // One collection per loan per minute of the clock: a retried run cannot take twice.
        await collect(deps, tx, loan, take, derivedId('collect', loanId, now.toISOString().slice(0, 16)), 'Automatic loan repayment');
        touched++;
      }
    });
  }
  return touched;
}
