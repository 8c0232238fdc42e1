import { and, desc, eq } from 'drizzle-orm';
import { formatLagosDate } from '@owo/contracts';
import { system, transfer, userAccount } from '../../ledger/index.js';
import { derivedId, newId } from '../../platform/crypto.js';
import { badRequest, notFound, unprocessable } from '../../platform/errors.js';
import type { Page } from '../../platform/pagination.js';
import type { Tx } from '../../platform/db.js';
import { newReference, recordHistory } from '../transaction/index.js';
import type { WalletDeps } from './deps.js';
import { lockedFunds } from './tables.js';

type FundRow = typeof lockedFunds.$inferSelect;

const formatDate = (d: Date) => formatLagosDate(d, 'date');

/** Simple interest for the duration at the yearly rate, and the withholding tax on it; kobo, rounded down. */
export function lockTerms(config: WalletDeps['config'], amount: bigint, durationDays: number, now = new Date()) {
  const rate = config.lockRates.find((r) => r.durationDays === durationDays);
  if (!rate) {
    const options = config.lockRates.map((r) => r.durationDays);
    throw badRequest(`Choose a duration of ${options.slice(0, -1).join(', ')} or ${options.at(-1)} days`, 'DURATION_INVALID');
  }
  const rateBps = Math.round(rate.interestRate * 100);
  const interest = (amount * BigInt(rateBps) * BigInt(durationDays)) / (10_000n * 365n);
  const tax = (interest * BigInt(Math.round(config.lockTaxPercent * 100))) / 10_000n;
  const maturityDate = new Date(now.getTime() + durationDays * 86_400_000);
  return { rateBps, interestRate: rate.interestRate, interest, tax, payout: amount + interest - tax, maturityDate };
}

export function previewLock(deps: WalletDeps, body: { amount: number; durationDays: number }) {
  const t = lockTerms(deps.config, BigInt(body.amount), body.durationDays);
  return {
    amount: body.amount,
    durationDays: body.durationDays,
    maturityDate: t.maturityDate.toISOString(),
    interestRate: t.interestRate,
    interest: Number(t.interest),
    tax: Number(t.tax),
    payout: Number(t.payout),
    rates: deps.config.lockRates,
  };
}

const toFund = (f: FundRow) => ({
  id: f.id,
  title: f.title,
  amount: Number(f.amount),
  durationDays: f.durationDays,
  interestRate: f.rateBps / 100,
  interest: Number(f.interest),
  tax: Number(f.tax),
  payout: Number(f.amount + f.interest - f.tax),
  maturityDate: f.maturityDate.toISOString(),
  status: f.status,
  createdAt: f.createdAt.toISOString(),
  paidAt: f.paidAt?.toISOString() ?? null,
});

/** Locks money from the wallet until maturity, at the rate the preview showed, in the caller's transaction. */
export async function lockFunds(deps: WalletDeps, tx: Tx, userId: string, body: { amount: number; durationDays: number; title: string }) {
  const amount = BigInt(body.amount);
  const t = lockTerms(deps.config, amount, body.durationDays);
  const id = newId();
  const wallet = await userAccount(tx, userId, 'wallet');
  const locked = await userAccount(tx, userId, 'locked', id);
  const reference = newReference();
  await transfer(tx, [{ id, debitAccountId: wallet, creditAccountId: locked, amount, kind: 'locked.lock', reference }]);
  const [row] = await tx
    .insert(lockedFunds)
    .values({
      id,
      userId,
      title: body.title,
      amount,
      rateBps: t.rateBps,
      durationDays: body.durationDays,
      interest: t.interest,
      tax: t.tax,
      maturityDate: t.maturityDate,
    })
    .returning();
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'lockedFund',
      direction: 'debit',
      amount,
      status: 'successful',
      narration: `Locked for ${body.durationDays} days`,
      counterparty: { id, name: body.title, bankName: null, accountNumber: null },
    },
  ]);
  return toFund(row!);
}

export async function listLocked(deps: WalletDeps, userId: string, page: Page) {
  const where = eq(lockedFunds.userId, userId);
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(lockedFunds)
      .where(where)
      .orderBy(desc(lockedFunds.createdAt))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.$count(lockedFunds, where),
  ]);
  return { items: rows.map(toFund), total };
}

/**
 * At or after maturity: principal back from the locked account, net interest from the interest
 * account, in the caller's transaction (the route's `withIdempotency`).
 */
export async function withdrawLocked(deps: WalletDeps, tx: Tx, userId: string, id: string, now = new Date()) {
  const [fund] = await tx
    .select()
    .from(lockedFunds)
    .where(and(eq(lockedFunds.id, id), eq(lockedFunds.userId, userId)))
    .for('update');
  if (!fund) throw notFound('Locked fund not found', 'LOCKED_NOT_FOUND');
  if (fund.status === 'paid') throw unprocessable('This fund has already been paid out', 'LOCKED_PAID');
  if (fund.maturityDate > now) {
    throw unprocessable(`This fund is locked until ${formatDate(fund.maturityDate)}. You can withdraw it from then.`, 'LOCKED_NOT_MATURE');
  }
  const wallet = await userAccount(tx, userId, 'wallet');
  const locked = await userAccount(tx, userId, 'locked', fund.id);
  const reference = newReference();
  const net = fund.interest - fund.tax;
  await transfer(tx, [
    {
      id: derivedId(fund.id, 'principal'),
      debitAccountId: locked,
      creditAccountId: wallet,
      amount: fund.amount,
      kind: 'locked.release',
      reference,
    },
    ...(net > 0n
      ? [
          {
            id: derivedId(fund.id, 'interest'),
            debitAccountId: system('interest'),
            creditAccountId: wallet,
            amount: net,
            kind: 'locked.interest',
            reference,
          },
        ]
      : []),
  ]);
  const [row] = await tx.update(lockedFunds).set({ status: 'paid', paidAt: now }).where(eq(lockedFunds.id, fund.id)).returning();
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'lockedFund',
      direction: 'credit',
      amount: fund.amount + net,
      status: 'successful',
      narration: `Matured: principal plus interest after ${deps.config.lockTaxPercent}% tax`,
      counterparty: { id: fund.id, name: fund.title, bankName: null, accountNumber: null },
    },
  ]);
  return toFund(row!);
}
