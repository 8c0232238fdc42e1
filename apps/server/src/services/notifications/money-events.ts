import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatNaira } from '@owo/contracts';
import { leviesOf } from '../../ledger/index.js';
import type { Db, Tx } from '../../platform/db.js';
import { notifyEach, type Notification } from './notify.service.js';
import { notificationEvents } from './tables.js';

type Event = typeof notificationEvents.$inferSelect;

/** Credits that are money received from someone (not a move between your own wallet and savings, nor a refund). */
const RECEIVED_TYPES = new Set(['sendMoney', 'funding']);

/**
 * What a money event says, or null when it is not worth a notification. `levy` is the EMT levy
 * taken from money received, in kobo: the notice says it and what was added.
 */
export function moneyNotification(e: Event, levy?: bigint): Notification | null {
  const amount = formatNaira(BigInt(e.data.amount));
  const link = `/history/${encodeURIComponent(e.data.reference)}`;
  if (e.kind === 'money') {
    if (!RECEIVED_TYPES.has(e.data.type)) return null;
    const from = `From ${e.data.from ?? 'Owo'}`;
    const body = levy
      ? `${from}. ${formatNaira(levy)} EMT levy was deducted; ${formatNaira(BigInt(e.data.amount) - levy)} was added.`
      : from;
    return { kind: 'money', title: `You received ${amount}`, body, link };
  }
  if (e.kind === 'returned') {
    return {
      kind: 'returned',
      title: `${amount} returned to your wallet`,
      body: `Your payment to ${e.data.from ?? 'the recipient'} failed`,
      link,
    };
  }
  return { kind: 'token', title: 'Your electricity token', body: `${e.data.token} (${amount})`, link };
}

/** The EMT levy taken from each money received in this batch, by person and reference (the ledger's leviesOf). */
function leviesOfBatch(tx: Tx, events: Event[]): Promise<Map<string, bigint>> {
  const received = events.filter((e) => e.kind === 'money' && RECEIVED_TYPES.has(e.data.type));
  return leviesOf(
    tx,
    received.map((e) => ({ owner: e.userId, reference: e.data.reference })),
  );
}

/**
 * Turns the money events the payment history's trigger wrote into notifications (a few statements
 * for the whole batch), and deletes them, in one transaction: events locked by another process's run are skipped, and a crash leaves them
 * all for the next run, so each becomes one notification.
 */
export async function consumeMoneyEvents(db: Db, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(notificationEvents)
      .orderBy(asc(notificationEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const levies = await leviesOfBatch(tx, events);
    await notifyEach(
      tx,
      events.flatMap((e) => {
        const n = moneyNotification(e, levies.get(`${e.userId} ${e.data.reference}`));
        return n ? [{ userIds: [e.userId], n }] : [];
      }),
    );
    if (events.length)
      await tx.delete(notificationEvents).where(
        inArray(
          notificationEvents.id,
          events.map((e) => e.id),
        ),
      );
    return events.length;
  });
}

/**
 * Withdraws the money events these payments' history rows wrote in the caller's transaction (the
 * trigger's generic "You received", "returned" and token events): a service that tells the people
 * itself, in plain words and in the same transaction (a staff refund, credit or reversal), calls it
 * so that nobody is told twice. Events of earlier transactions are left as they are.
 */
export async function withdrawMoneyEvents(tx: Tx, userIds: readonly string[], references: readonly string[]): Promise<void> {
  if (!userIds.length || !references.length) return;
  await tx
    .delete(notificationEvents)
    .where(
      and(
        inArray(notificationEvents.userId, [...userIds]),
        inArray(sql<string>`${notificationEvents.data} ->> 'reference'`, [...references]),
        eq(notificationEvents.createdAt, sql`now()`),
      ),
    );
}
