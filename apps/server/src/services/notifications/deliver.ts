import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { pushDeliveriesTotal, pushDeliverySeconds } from '../../platform/metrics.js';
import type { PushProvider, PushResult } from './providers/push.js';
import { skippedByChecks } from './push-checks.js';
import { pushDeliveries, pushSubscriptions } from './tables.js';

export type DeliverDeps = { db: Db; push: PushProvider; log: FastifyBaseLogger };

/** Tries before a delivery is given up as failed; waits between them double from 5 s up to an hour. */
export const MAX_PUSH_ATTEMPTS = 8;
/** A sender's claim on its rows: a process that dies mid-send leaves them to another after this. */
const CLAIM_SECONDS = 30;
/** Pushes in flight at once from one process. */
const CONCURRENCY = 64;

/** Claims due deliveries for this process in one statement (rows another process holds are skipped). */
async function claim(db: Db, limit: number) {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(
      and(
        eq(pushDeliveries.status, 'pending'),
        lte(pushDeliveries.nextAt, sql`now()`),
        or(isNull(pushDeliveries.claimedUntil), lt(pushDeliveries.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(pushDeliveries.nextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pushDeliveries)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where(inArray(pushDeliveries.id, due))
    .returning();
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

/** Runs `fn` over `items`, at most `n` at a time. */
async function eachLimited<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * Sends the due pushes: claims them, asks the checks of those that carry one (a message seen on
 * another device since is skipped), sends each to its device's push service, and records the
 * answer: sent; gone (404/410: the subscription is dropped with its other pending pushes); or a
 * retry later with backoff, failed after MAX_PUSH_ATTEMPTS. Returns how many it claimed.
 */
export async function sendDuePushes(deps: DeliverDeps, limit = 200): Promise<number> {
  const claimed = await claim(deps.db, limit);
  if (!claimed.length) return 0;
  const rows = await withoutSkipped(deps.db, claimed);
  if (!rows.length) return claimed.length;
  const subIds = [...new Set(rows.map((r) => r.subscriptionId))];
  const subs = new Map((await deps.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, subIds))).map((s) => [s.id, s]));
  const results = new Map<string, PushResult>();
  await eachLimited(rows, CONCURRENCY, async (row) => {
    const sub = subs.get(row.subscriptionId);
    if (!sub) return void results.set(row.id, { outcome: 'gone', status: 0 });
    const result = await deps.push.send(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(row.payload),
      {
        ttlSeconds: row.ttlSeconds,
        urgency: row.urgency,
        topic: row.topic,
      },
    );
    results.set(row.id, result);
    if (result.outcome === 'sent') pushDeliverySeconds.observe({ kind: metricKind(row) }, (Date.now() - row.createdAt.getTime()) / 1000);
  });
  await record(deps, rows, results);
  return claimed.length;
}

/** The claimed pushes whose checks still hold; the others are cancelled here and counted as skipped. */
async function withoutSkipped(db: Db, rows: Claimed[]): Promise<Claimed[]> {
  if (!rows.some((r) => r.sendIf)) return rows;
  const skipped = await skippedByChecks(db, rows);
  if (!skipped.size) return rows;
  await db
    .update(pushDeliveries)
    .set({ status: 'cancelled', claimedUntil: null, lastError: 'skipped: its check no longer holds' })
    .where(inArray(pushDeliveries.id, [...skipped]));
  for (const row of rows) if (skipped.has(row.id)) pushDeliveriesTotal.inc({ kind: metricKind(row), outcome: 'skipped' });
  return rows.filter((r) => !skipped.has(r.id));
}

const metricKind = (row: Claimed) => row.kind.split('.')[0] ?? row.kind;

async function record(deps: DeliverDeps, rows: Claimed[], results: Map<string, PushResult>): Promise<void> {
  const by = (o: PushResult['outcome']) => rows.filter((r) => results.get(r.id)?.outcome === o);
  const sent = by('sent');
  const gone = by('gone');
  if (sent.length)
    await deps.db
      .update(pushDeliveries)
      .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${pushDeliveries.attempts} + 1`, claimedUntil: null })
      .where(
        inArray(
          pushDeliveries.id,
          sent.map((r) => r.id),
        ),
      );
  if (gone.length) {
    const deadSubs = [...new Set(gone.map((r) => r.subscriptionId))];
    await deps.db.transaction(async (tx) => {
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, deadSubs));
      await tx
        .update(pushDeliveries)
        .set({ status: 'gone', claimedUntil: null })
        .where(and(inArray(pushDeliveries.subscriptionId, deadSubs), eq(pushDeliveries.status, 'pending')));
    });
    deps.log.info({ subscriptions: deadSubs.length }, 'push subscriptions gone, dropped');
  }
  for (const row of by('retry')) {
    const r = results.get(row.id) as Extract<PushResult, { outcome: 'retry' }>;
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_PUSH_ATTEMPTS;
    await deps.db
      .update(pushDeliveries)
      .set({
        attempts,
        status: failed ? 'failed' : 'pending',
        claimedUntil: null,
        nextAt: sql`now() + make_interval(secs => ${Math.min(5 * 2 ** (attempts - 1), 3600)})`,
        lastError: r.error,
      })
      // A push dismissed while it was being sent stays cancelled.
      .where(and(eq(pushDeliveries.id, row.id), eq(pushDeliveries.status, 'pending')));
    pushDeliveriesTotal.inc({ kind: metricKind(row), outcome: failed ? 'failed' : 'retry' });
  }
  for (const row of sent) pushDeliveriesTotal.inc({ kind: metricKind(row), outcome: 'sent' });
  for (const row of gone) pushDeliveriesTotal.inc({ kind: metricKind(row), outcome: 'gone' });
  if (by('retry').length) deps.log.warn({ retries: by('retry').length }, 'push deliveries to retry');
}
