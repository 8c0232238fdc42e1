import type { HeldCredit } from '@owo/contracts';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import { transfer, userBalances } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import type { Page } from '../../platform/pagination.js';
import { setHistoryStatus } from '../transaction/index.js';
import { usersByIds } from '../user/index.js';
import type { TierSetting } from '../../platform/config-kyc.js';
import type { KycDeps } from './deps.js';
import { kycHeldCredits } from './tables.js';
import { executeRows } from '../../platform/db.js';

type HeldRow = typeof kycHeldCredits.$inferSelect;

/** A person's held credits, newest first, with who sent each (one query for the names). */
export async function listHeld(deps: KycDeps, userId: string, page: Page): Promise<{ items: HeldCredit[]; total: number }> {
  const where = eq(kycHeldCredits.userId, userId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(kycHeldCredits)
      .where(where)
      .orderBy(desc(kycHeldCredits.createdAt), desc(kycHeldCredits.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    deps.db.select({ n: count() }).from(kycHeldCredits).where(where),
  ]);
  const senders = await sendersOf(deps.db, rows);
  const days = deps.config.kyc.holdDays;
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      amount: Number(r.amount),
      from: senders.get(r.sourceAccountId) ?? 'A card or bank payment',
      reason: r.reason,
      status: r.status,
      returnsAt: new Date(r.createdAt.getTime() + days * 86_400_000).toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The names of the people whose accounts sent these credits (system accounts: none). */
async function sendersOf(db: Tx, rows: HeldRow[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const owners = await executeRows<{ id: string; owner_id: string | null }>(
    db,
    sql`SELECT id, owner_id FROM ledger_accounts WHERE id IN (${sql.join(
      rows.map((r) => sql`${r.sourceAccountId}::uuid`),
      sql`, `,
    )})`,
  );
  const people = await usersByIds(
    db,
    owners.flatMap((o) => (o.owner_id ? [o.owner_id] : [])),
  );
  const names = new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  return new Map(owners.flatMap((o) => (o.owner_id && names.has(o.owner_id) ? [[o.id, names.get(o.owner_id)!] as const] : [])));
}

/**
 * Credits a person's held credits to their wallet, oldest first, as far as their tier's caps now
 * allow (call after an upgrade, in its transaction). Returns how many were released.
 */
export async function releaseHeld(tx: Tx, userId: string, caps: TierSetting): Promise<number> {
  const held = await tx
    .select()
    .from(kycHeldCredits)
    .where(and(eq(kycHeldCredits.userId, userId), eq(kycHeldCredits.status, 'held')))
    .orderBy(asc(kycHeldCredits.createdAt))
    .for('update');
  if (held.length === 0) return 0;
  let balance = (await userBalances(tx, userId)).get('wallet')?.posted ?? 0n;
  let released = 0;
  for (const h of held) {
    if (caps.perDeposit !== null && h.amount > caps.perDeposit) continue;
    if (caps.balanceCap !== null && balance + h.amount > caps.balanceCap) continue;
    await transfer(tx, [
      {
        id: derivedId(h.id, 'release'),
        debitAccountId: h.heldAccountId,
        creditAccountId: h.walletAccountId,
        amount: h.amount,
        kind: 'kyc_release',
        reference: h.reference,
      },
    ]);
    await tx.update(kycHeldCredits).set({ status: 'released', resolvedAt: new Date() }).where(eq(kycHeldCredits.id, h.id));
    balance += h.amount;
    released++;
  }
  return released;
}

/**
 * Sends back held credits older than KYC_HOLD_DAYS to the accounts they came from (the job
 * kyc.return-held; tests pass their own clock). Each in its own transaction, claimed with SKIP
 * LOCKED so that two processes never return one twice; both sides' history rows show it reversed.
 */
export async function returnExpiredHolds(deps: KycDeps, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - deps.config.kyc.holdDays * 86_400_000);
  let returned = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [h] = await tx
        .select()
        .from(kycHeldCredits)
        .where(and(eq(kycHeldCredits.status, 'held'), lt(kycHeldCredits.createdAt, due)))
        .orderBy(asc(kycHeldCredits.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!h) return false;
      await transfer(tx, [
        {
          id: derivedId(h.id, 'return'),
          debitAccountId: h.heldAccountId,
          creditAccountId: h.sourceAccountId,
          amount: h.amount,
          kind: 'kyc_return',
          reference: h.reference,
        },
      ]);
      await tx.update(kycHeldCredits).set({ status: 'returned', resolvedAt: now }).where(eq(kycHeldCredits.id, h.id));
      await setHistoryStatus(tx, h.reference, 'reversed', 'Returned to the sender: the recipient did not verify in time');
      return true;
    });
    if (!done) return returned;
    returned++;
  }
}
