import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatNaira } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { notify } from '../notifications/index.js';
import type { WalletDeps } from './deps.js';
import { loanInstalments, loans } from './tables.js';

// The reminder the day before a loan's instalment is due (docs/notifications.md): from 09:00 Lagos
// time, for the instalments due on the next Lagos day that are not fully paid; each instalment (one
// per loan and due date) is claimed by marking it reminded in the transaction that tells its
// borrower, so however often the job runs, and in however many processes, it is told once.

/** Reminders go from this hour of the Lagos day (not in the night), the day before the due date. */
export const REMIND_FROM_LAGOS_HOUR = 9;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The instants the next Lagos day starts and ends (Lagos is UTC+1 all year), or null before the reminder hour. */
export function tomorrowInLagos(now: Date): { from: Date; to: Date } | null {
  const lagos = new Date(now.getTime() + HOUR);
  if (lagos.getUTCHours() < REMIND_FROM_LAGOS_HOUR) return null;
  const todayStarts = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - HOUR;
  return { from: new Date(todayStarts + DAY), to: new Date(todayStarts + 2 * DAY) };
}

/** One batch: claims up to `limit` instalments due tomorrow and not yet reminded, and tells their borrowers. */
async function remindBatch(tx: Tx, day: { from: Date; to: Date }, now: Date, limit: number): Promise<number> {
  const due = tx
    .select({ id: loanInstalments.id })
    .from(loanInstalments)
    .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
    .where(
      and(
        eq(loans.status, 'active'),
        gte(loanInstalments.dueDate, day.from),
        lt(loanInstalments.dueDate, day.to),
        sql`${loanInstalments.paid} < ${loanInstalments.amount}`,
        isNull(loanInstalments.remindedAt),
      ),
    )
    .limit(limit)
    .for('update', { of: loanInstalments, skipLocked: true });
  const claimed = await tx.update(loanInstalments).set({ remindedAt: now }).where(inArray(loanInstalments.id, due)).returning();
  if (!claimed.length) return 0;
  const borrowers = await tx
    .select({ id: loans.id, userId: loans.userId, name: loans.name })
    .from(loans)
    .where(
      inArray(
        loans.id,
        claimed.map((i) => i.loanId),
      ),
    );
  const loanOf = new Map(borrowers.map((l) => [l.id, l]));
  for (const i of claimed) {
    const loan = loanOf.get(i.loanId)!;
    await notify(
      tx,
      [loan.userId],
      {
        kind: 'loan.due',
        title: 'Loan repayment due tomorrow',
        body: `${formatNaira(i.amount - i.paid, { trimZeroKobo: true })} of your ${loan.name} is due tomorrow. Keep it in your wallet: it is collected automatically.`,
        link: '/loans',
      },
      now,
    );
  }
  return claimed.length;
}

/** The `wallet.loan-reminders` job: every instalment due tomorrow is reminded once. Returns how many. */
export async function remindLoansDueTomorrow(deps: WalletDeps, now = new Date(), limit = 500): Promise<number> {
  const day = tomorrowInLagos(now);
  if (!day) return 0;
  let total = 0;
  for (;;) {
    const n = await deps.db.transaction((tx) => remindBatch(tx, day, now, limit));
    total += n;
    if (n < limit) return total;
  }
}
