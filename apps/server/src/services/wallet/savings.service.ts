import { formatNaira, type SavingsTarget } from '@owo/contracts';
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { InsufficientFunds, ledgerAccounts, transfer, userAccount } from '../../ledger/index.js';
import { derivedId, newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import type { Page } from '../../platform/pagination.js';
import { badRequest, notFound, unprocessable } from '../../platform/errors.js';
import { listHistory, newReference, recordHistory } from '../transaction/index.js';
import { notify } from '../notifications/index.js';
import type { WalletDeps } from './deps.js';
import { savingsRuns, savingsTargets } from './tables.js';

type Frequency = 'daily' | 'weekly' | 'monthly';
type TargetRow = typeof savingsTargets.$inferSelect;

/**
 * The next slot after `from` (UTC): a day, a week or a calendar month later. A monthly saving runs
 * on its anchor day (`anchorDay`, the day of the month it started), or on the month's last day when
 * the month is shorter: started on 31 January it runs on 28 February, then 31 March, 30 April.
 * Without an anchor day (rows from before it was kept) the day of `from` is used.
 */
export function nextSlot(from: Date, frequency: Frequency, anchorDay?: number | null): Date {
  const d = new Date(from);
  if (frequency === 'daily') d.setUTCDate(d.getUTCDate() + 1);
  else if (frequency === 'weekly') d.setUTCDate(d.getUTCDate() + 7);
  else {
    const day = anchorDay ?? d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 1);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
  }
  return d;
}

const endOfTargetDay = (targetDate: string) => new Date(`${targetDate}T23:59:59.999Z`);

async function savedAmounts(tx: Tx, userId: string, ids: string[]): Promise<Map<string, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      ref: ledgerAccounts.ref,
      available: sql<string>`${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.debitsPending}`,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.code, 'savings'), inArray(ledgerAccounts.ref, ids)));
  return new Map(rows.map((r) => [r.ref, BigInt(r.available)]));
}

async function toTargets(tx: Tx, userId: string, rows: TargetRow[]): Promise<SavingsTarget[]> {
  const saved = await savedAmounts(
    tx,
    userId,
    rows.map((r) => r.id),
  );
  const runs = rows.length
    ? await tx
        .selectDistinctOn([savingsRuns.targetId])
        .from(savingsRuns)
        .where(
          inArray(
            savingsRuns.targetId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(savingsRuns.targetId, desc(savingsRuns.scheduledFor))
    : [];
  const lastRun = new Map(runs.map((r) => [r.targetId, r]));
  return rows.map((r) => {
    const s = saved.get(r.id) ?? 0n;
    const run = lastRun.get(r.id);
    return {
      id: r.id,
      name: r.name,
      targetAmount: Number(r.targetAmount),
      targetDate: r.targetDate,
      savedAmount: Number(s),
      progress: Math.min(100, Math.floor(Number((s * 10000n) / r.targetAmount)) / 100),
      status: r.status,
      autoSave:
        r.autoAmount && r.autoFrequency && r.nextRunAt
          ? { amount: Number(r.autoAmount), frequency: r.autoFrequency, nextRunAt: r.nextRunAt.toISOString() }
          : null,
      lastRun: run
        ? { scheduledFor: run.scheduledFor.toISOString(), status: run.status, reason: run.reason, amount: Number(run.amount) }
        : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

type NewTarget = { name: string; targetAmount: number; targetDate: string; autoSave?: { amount: number; frequency: Frequency } };

/** Creates a savings target (and its ledger account) in its own transaction. */
export function createTarget(deps: WalletDeps, userId: string, body: NewTarget, now = new Date()): Promise<SavingsTarget> {
  return deps.db.transaction((tx) => addTarget(tx, userId, body, now));
}

/** Creates a savings target in the caller's transaction (which also holds its Idempotency-Key). */
export async function addTarget(tx: Tx, userId: string, body: NewTarget, now = new Date()): Promise<SavingsTarget> {
  if (endOfTargetDay(body.targetDate) <= now) throw badRequest('The target date must be in the future', 'TARGET_DATE_PAST');
  if (body.autoSave && body.autoSave.amount > body.targetAmount)
    throw badRequest('The automatic saving is more than the target', 'AUTOSAVE_TOO_LARGE');
  const id = newId();
  const [row] = await tx
    .insert(savingsTargets)
    .values({
      id,
      userId,
      name: body.name,
      targetAmount: BigInt(body.targetAmount),
      targetDate: body.targetDate,
      autoAmount: body.autoSave ? BigInt(body.autoSave.amount) : null,
      autoFrequency: body.autoSave?.frequency ?? null,
      // A monthly saving keeps the day of the month it started on (UTC, as the whole schedule).
      autoDay: body.autoSave?.frequency === 'monthly' ? now.getUTCDate() : null,
      // The first automatic saving happens one period from now.
      nextRunAt: body.autoSave ? nextSlot(now, body.autoSave.frequency, now.getUTCDate()) : null,
    })
    .returning();
  await userAccount(tx, userId, 'savings', id);
  return (await toTargets(tx, userId, [row!]))[0]!;
}

export async function listTargets(deps: WalletDeps, userId: string, page: Page): Promise<{ items: SavingsTarget[]; total: number }> {
  const where = eq(savingsTargets.userId, userId);
  const [rows, total] = await Promise.all([
    deps.db
      .select()
      .from(savingsTargets)
      .where(where)
      .orderBy(desc(savingsTargets.createdAt))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.$count(savingsTargets, where),
  ]);
  return { items: await toTargets(deps.db, userId, rows), total };
}

async function ownTarget(tx: Tx, userId: string, id: string, lock = false) {
  const q = tx
    .select()
    .from(savingsTargets)
    .where(and(eq(savingsTargets.id, id), eq(savingsTargets.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Savings target not found', 'TARGET_NOT_FOUND');
  return row;
}

/** Moves money between the wallet and a target, with a history row. */
async function move(tx: Tx, userId: string, target: TargetRow, direction: 'in' | 'out', amount: bigint, transferId: string, label: string) {
  const wallet = await userAccount(tx, userId, 'wallet');
  const savings = await userAccount(tx, userId, 'savings', target.id);
  const reference = newReference();
  await transfer(tx, [
    {
      id: transferId,
      debitAccountId: direction === 'in' ? wallet : savings,
      creditAccountId: direction === 'in' ? savings : wallet,
      amount,
      kind: direction === 'in' ? 'savings.top_up' : 'savings.withdraw',
      reference,
      metadata: { targetId: target.id },
    },
  ]);
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'savings',
      direction: direction === 'in' ? 'debit' : 'credit',
      amount,
      status: 'successful',
      narration: label,
      counterparty: { id: target.id, name: target.name, bankName: null, accountNumber: null },
    },
  ]);
}

/** Moves money from the wallet into a target, in the caller's transaction (which also holds its Idempotency-Key). */
export async function topUp(tx: Tx, userId: string, targetId: string, amount: number): Promise<SavingsTarget> {
  const target = await ownTarget(tx, userId, targetId, true);
  if (target.status !== 'active') throw unprocessable('This savings target is closed', 'TARGET_CLOSED');
  await move(tx, userId, target, 'in', BigInt(amount), newId(), 'Top-up');
  return (await toTargets(tx, userId, [target]))[0]!;
}

/**
 * Back to the wallet: a part, or everything (which closes the target and stops automatic saving),
 * in the caller's transaction (which also holds its Idempotency-Key).
 */
export async function withdraw(tx: Tx, userId: string, targetId: string, amount?: number): Promise<SavingsTarget> {
  const target = await ownTarget(tx, userId, targetId, true);
  const saved = (await savedAmounts(tx, userId, [target.id])).get(target.id) ?? 0n;
  if (saved === 0n) throw unprocessable('There is nothing saved in this target yet', 'TARGET_EMPTY');
  const want = amount === undefined ? saved : BigInt(amount);
  if (want > saved) throw unprocessable('You cannot withdraw more than you have saved', 'TARGET_INSUFFICIENT');
  await move(tx, userId, target, 'out', want, newId(), want === saved ? 'Withdrawal (all)' : 'Withdrawal');
  let row = target;
  if (want === saved) {
    [row] = (await tx
      .update(savingsTargets)
      .set({ status: 'withdrawn', nextRunAt: null })
      .where(eq(savingsTargets.id, target.id))
      .returning()) as [TargetRow];
  }
  return (await toTargets(tx, userId, [row]))[0]!;
}

/**
 * Runs every automatic saving that is due at `now`. Each slot is attempted once: a shortfall is
 * recorded as a failed run (shown on the target) and the schedule moves on; slots missed while
 * the server was down are not replayed one by one. Returns how many slots ran.
 *
 * Several processes may run this at once: each target is claimed in its own transaction by a lock
 * taken with SKIP LOCKED in the same query that re-checks it is still due, so a target another
 * process is running is skipped (not waited for), and one it has run is no longer due.
 */
export async function runDueSavings(deps: WalletDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select()
    .from(savingsTargets)
    .where(and(eq(savingsTargets.status, 'active'), isNotNull(savingsTargets.nextRunAt), lte(savingsTargets.nextRunAt, now)))
    .limit(200);
  let ran = 0;
  for (const t of due) {
    await deps.db.transaction(async (tx) => {
      const [target] = await tx
        .select()
        .from(savingsTargets)
        .where(
          and(
            eq(savingsTargets.id, t.id),
            eq(savingsTargets.status, 'active'),
            isNotNull(savingsTargets.nextRunAt),
            lte(savingsTargets.nextRunAt, now),
          ),
        )
        .for('update', { skipLocked: true });
      if (!target?.nextRunAt || !target.autoAmount || !target.autoFrequency) return;
      const slot = target.nextRunAt;
      let status: 'successful' | 'failed' = 'successful';
      let reason: string | null = null;
      try {
        await tx.transaction((sp) =>
          move(
            sp,
            target.userId,
            target,
            'in',
            target.autoAmount!,
            derivedId('autosave', target.id, slot.toISOString()),
            'Automatic saving',
          ),
        );
      } catch (err) {
        if (!(err instanceof InsufficientFunds)) throw err;
        status = 'failed';
        reason = 'Not enough money in your wallet';
      }
      const recorded = await tx
        .insert(savingsRuns)
        .values({ id: newId(), targetId: target.id, scheduledFor: slot, status, reason, amount: target.autoAmount })
        .onConflictDoNothing()
        .returning({ id: savingsRuns.id });
      if (status === 'failed' && recorded.length) await tellSavingShort(tx, target, now);
      let next = nextSlot(slot, target.autoFrequency, target.autoDay);
      while (next <= now) next = nextSlot(next, target.autoFrequency, target.autoDay);
      const saved = (await savedAmounts(tx, target.userId, [target.id])).get(target.id) ?? 0n;
      const finished = saved >= target.targetAmount || next > endOfTargetDay(target.targetDate);
      await tx
        .update(savingsTargets)
        .set({ nextRunAt: finished ? null : next })
        .where(eq(savingsTargets.id, target.id));
      ran++;
    });
  }
  return ran;
}

/** An automatic saving the wallet could not pay: the person is told, once per target and slot (with its run's row). */
async function tellSavingShort(tx: Tx, target: TargetRow, now: Date): Promise<void> {
  const amount = formatNaira(target.autoAmount ?? 0n, { trimZeroKobo: true });
  await notify(
    tx,
    [target.userId],
    {
      kind: 'saving.short',
      title: `Your automatic saving to ${target.name} fell short`,
      body: `${amount} could not be saved: there was not enough money in your wallet.`,
      link: `/savings/targets/${target.id}`,
    },
    now,
  );
}

/** Savings movements from the history, optionally of one target. */
export function savingsTransactions(deps: WalletDeps, userId: string, q: { targetId?: string; page: number; limit: number }) {
  return listHistory(deps.db, userId, { type: 'savings', counterpartyId: q.targetId, page: q.page, limit: q.limit });
}
