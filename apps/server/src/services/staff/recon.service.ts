import {
  lagosDay,
  lagosDayBounds,
  RECON_SOURCES,
  type MoneyRequestBody,
  type ReconItem,
  type ReconResolveBody,
  type ReconRun,
  type ReconSource,
} from '@owo/contracts';
import { and, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { externalTransfers } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { instanceOf } from '../../platform/instance.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { SettlementLine } from '../../platform/settlements.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { historyFor, payersOfReferences } from '../transaction/index.js';
import { ownersOfAccountNumbers } from '../wallet/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { requestMoney } from './money-requests.service.js';
import { LEDGER_KINDS, ledgerRecords, matchDay, remedies, type Finding } from './recon-match.js';
import { findingOf, itemsWhere, listRuns } from './recon-reads.js';
import { reconItems, reconRuns, staffMoneyRequests } from './tables.js';

// Reconciliation (docs/console.md): a day's settlement reports from the providers matched with the
// ledger, source by source. A run keeps one row per record that does not match (by source and
// reference, so a later run updates it and a record matched later leaves the list); finance resolves
// each through the two-key money requests (a credit, a refund or a reversal, approved by another
// person) or explains it with a note. An item's status follows from its money request's.

type Run = typeof reconRuns.$inferSelect;

/** A run left `running` longer than this died with its process; the job may claim it again. */
const STALE_RUN = sql`now() - interval '10 minutes'`;

function dayBounds(day: string): { from: Date; to: Date } {
  const b = lagosDayBounds(day);
  if (!b) throw badRequest('day must be a date as YYYY-MM-DD', 'VALIDATION_FAILED');
  return { from: new Date(b.start), to: new Date(new Date(b.end).getTime() + 1) };
}

/** Whose wallet each finding touched: the ledger's side, the payment's maker, or an inbound transfer's account holder. */
async function customersOf(db: Tx, findings: readonly Finding[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of findings) if (f.ledger?.owner) out.set(f.reference, f.ledger.owner);
  const rest = findings.filter((f) => !out.has(f.reference));
  const [payers, holders] = await Promise.all([
    payersOfReferences(
      db,
      rest.map((f) => f.reference),
    ),
    ownersOfAccountNumbers(db, [...new Set(rest.map((f) => f.line?.accountNumber).filter((a): a is string => !!a))]),
  ]);
  for (const f of rest) {
    const who = payers.get(f.reference) ?? (f.line?.accountNumber ? holders.get(f.line.accountNumber) : undefined);
    if (who) out.set(f.reference, who);
  }
  return out;
}

/** Items that may be replaced or dropped by a run: nothing decided on them (or only a rejected request). */
const undecided = sql`(${reconItems.action} IS NULL OR ${reconItems.moneyRequestId} IN (SELECT ${staffMoneyRequests.id} FROM ${staffMoneyRequests} WHERE ${staffMoneyRequests.status} = 'rejected'))`;

/** Writes a run's findings and drops the items of references that match now. */
async function saveFindings(tx: Tx, day: string, source: ReconSource, findings: Finding[], matched: string[]): Promise<void> {
  const customers = await customersOf(tx, findings);
  if (findings.length > 0) {
    await tx
      .insert(reconItems)
      .values(
        findings.map((f) => ({
          id: newId(),
          day,
          source,
          reference: f.reference,
          mismatch: f.mismatch,
          providerAmount: f.line?.amount ?? null,
          providerStatus: f.line?.status ?? null,
          providerRef: f.line?.providerRef ?? null,
          ledgerAmount: f.ledger?.amount ?? null,
          ledgerStatus: f.ledger?.status ?? null,
          customerId: customers.get(f.reference) ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [reconItems.source, reconItems.reference],
        set: {
          mismatch: sql`excluded.mismatch`,
          providerAmount: sql`excluded.provider_amount`,
          providerStatus: sql`excluded.provider_status`,
          providerRef: sql`excluded.provider_ref`,
          ledgerAmount: sql`excluded.ledger_amount`,
          ledgerStatus: sql`excluded.ledger_status`,
          customerId: sql`coalesce(excluded.customer_id, ${reconItems.customerId})`,
          updatedAt: sql`now()`,
        },
      });
  }
  // This day's undecided items no longer found, and any day's undecided items of references that match now.
  const found = findings.map((f) => f.reference);
  await tx
    .delete(reconItems)
    .where(
      and(
        eq(reconItems.source, source),
        undecided,
        or(
          and(eq(reconItems.day, day), found.length ? notInArray(reconItems.reference, found) : undefined),
          matched.length ? inArray(reconItems.reference, matched) : sql`false`,
        ),
      ),
    );
}

/**
 * Matches one source on one day: the provider's lines, the ledger's transfers of that day and those
 * of the lines' references made on other days (a payment near midnight). Saves the findings and the
 * run row; a provider's failure is kept on the run (status failed) and changes no item.
 */
async function runSource(deps: StaffDeps, day: string, source: ReconSource, ranBy: string | null): Promise<void> {
  const { db } = deps;
  const finish = (set: Partial<Run>, on: Tx = db) =>
    on
      .insert(reconRuns)
      .values({ day, source, status: 'done', ranBy, ranAt: new Date(), ...set })
      .onConflictDoUpdate({
        target: [reconRuns.day, reconRuns.source],
        set: { providerLines: 0, ledgerRecords: 0, matched: 0, mismatched: 0, error: null, ranBy, ranAt: new Date(), ...set },
      });
  let lines: SettlementLine[] | null;
  try {
    lines = await deps.settlements.report(source, day);
  } catch (err) {
    await finish({ status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : 'The settlement report could not be read' });
    return;
  }
  if (lines === null) {
    await finish({ status: 'not_reported' });
    return;
  }
  const kinds = LEDGER_KINDS[source];
  const onDay = await externalTransfers(db, kinds, dayBounds(day));
  const seen = new Set(onDay.map((t) => t.reference));
  const elsewhere = await externalTransfers(db, kinds, {
    references: [...new Set(lines.map((l) => l.reference))].filter((r) => !seen.has(r)),
  });
  const ledger = ledgerRecords([...onDay, ...elsewhere]);
  const { matched, findings } = matchDay(lines, ledger);
  await db.transaction(async (tx) => {
    await saveFindings(tx, day, source, findings, matched);
    await finish(
      { status: 'done', providerLines: lines.length, ledgerRecords: ledger.size, matched: matched.length, mismatched: findings.length },
      tx,
    );
  });
}

/** Matches every source of a day now (finance's "run again"); audited. Refuses a day after today. */
export async function runDay(deps: StaffDeps, actor: StaffAuthContext, day: string): Promise<ReconRun[]> {
  if (day > lagosDay()) throw badRequest('day must be today or before', 'VALIDATION_FAILED');
  for (const source of RECON_SOURCES) await runSource(deps, day, source, actor.staffId);
  await deps.db.transaction((tx) =>
    appendAudit(tx, deps.config.secret, { staffId: actor.staffId, kind: 'recon.run', subject: day, detail: { day } }),
  );
  return (await listRuns(deps.db, { page: 1, limit: RECON_SOURCES.length, day })).items;
}

/**
 * Claims the daily job's run of a source and day for this process: by inserting its row, or by
 * taking over one left running where `takeover` holds. Of two processes one wins.
 */
async function claimRun(db: Db, day: string, source: ReconSource, me: string, takeover: SQL): Promise<boolean> {
  const claimed = await db
    .insert(reconRuns)
    .values({ day, source, status: 'running', claimedBy: me })
    .onConflictDoUpdate({
      target: [reconRuns.day, reconRuns.source],
      set: { ranAt: sql`now()`, claimedBy: me },
      setWhere: sql`${reconRuns.status} = 'running' AND ${takeover}`,
    })
    .returning({ day: reconRuns.day });
  return claimed.length > 0;
}

/**
 * The daily job: once the Lagos hour `RECON_HOUR` has passed, matches yesterday's sources not yet
 * matched. Each source's run is claimed by inserting its row, so two processes never match the
 * same source and day; a run left running is taken over at once when the process that claimed it
 * is no longer alive (killed mid-run), or after STALE_RUN whoever holds it.
 */
export async function reconcileYesterday(deps: StaffDeps, now = new Date()): Promise<number> {
  const lagosHour = new Date(now.getTime() + 3_600_000).getUTCHours();
  if (lagosHour < deps.config.settlement.reconHour) return 0;
  const day = lagosDay(now, -1);
  const instance = instanceOf(deps.db);
  let ran = 0;
  for (const source of RECON_SOURCES) {
    let claimed = await claimRun(deps.db, day, source, instance.id, sql`${reconRuns.ranAt} < ${STALE_RUN}`);
    if (!claimed) {
      const [held] = await deps.db
        .select({ by: reconRuns.claimedBy })
        .from(reconRuns)
        .where(and(eq(reconRuns.day, day), eq(reconRuns.source, source), eq(reconRuns.status, 'running')));
      if (held?.by && held.by !== instance.id && !(await instance.isAlive(held.by)))
        claimed = await claimRun(deps.db, day, source, instance.id, sql`${reconRuns.claimedBy} = ${held.by}`);
    }
    if (!claimed) continue;
    await runSource(deps, day, source, null);
    ran++;
  }
  return ran;
}

const REQUEST_KIND = { credit: 'credit', refund: 'refund', reversal: 'reversal' } as const;

/**
 * Resolves an open item: explaining closes it with the note; a credit, refund or reversal becomes a
 * money request for a second finance person (the amount is the server's, from the mismatch). The
 * item's row lock orders two resolutions at once: the second finds it decided (409).
 */
export async function resolveItem(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  id: string,
  body: ReconResolveBody,
): Promise<ReconItem> {
  const [locked] = await tx.select().from(reconItems).where(eq(reconItems.id, id)).for('update');
  if (!locked) throw notFound('Reconciliation record not found', 'RECON_ITEM_NOT_FOUND');
  const [current] = await itemsWhere(tx, eq(reconItems.id, id), { page: 1, limit: 1 });
  if (current!.status !== 'open') {
    throw conflict(
      current!.status === 'awaiting_approval'
        ? 'This record already waits for approval of its money request'
        : `This record is already ${current!.status}`,
      'RECON_ITEM_DECIDED',
    );
  }
  if (!current!.actions.includes(body.action)) {
    throw unprocessable(`This record can be resolved by: ${current!.actions.join(', ')}`, 'RECON_ACTION_NOT_ALLOWED');
  }
  const source = locked.source as ReconSource;
  let moneyRequestId: string | null = null;
  if (body.action !== 'explain') {
    const remedy = remedies(source, findingOf(locked), true).find((r) => r.action === body.action)!;
    const customerId = locked.customerId!;
    const reason = `Reconciliation of ${locked.reference} (${locked.day}): ${body.reason}`.slice(0, 500);
    let request: MoneyRequestBody;
    if (remedy.action === 'credit') request = { kind: REQUEST_KIND.credit, customerId, amount: Number(remedy.amount), reason };
    else if (remedy.action === 'reversal') request = { kind: REQUEST_KIND.reversal, customerId, reference: locked.reference, reason };
    else {
      // A refund returns the whole debit: the payment and its fee.
      const debit = await historyFor(tx, customerId, locked.reference, 'debit');
      const amount = debit ? debit.amount + debit.fee : remedy.amount;
      request = { kind: REQUEST_KIND.refund, customerId, reference: locked.reference, amount: Number(amount), reason };
    }
    moneyRequestId = (await requestMoney(deps, tx, actor, request)).id;
  }
  await tx
    .update(reconItems)
    .set({
      action: body.action,
      note: body.reason,
      resolvedBy: actor.staffId,
      resolvedAt: new Date(),
      moneyRequestId,
      updatedAt: new Date(),
    })
    .where(eq(reconItems.id, id));
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: locked.customerId,
    kind: 'recon.resolve',
    subject: id,
    detail: { action: body.action, reference: locked.reference, source, day: locked.day, moneyRequestId },
  });
  return (await itemsWhere(tx, eq(reconItems.id, id), { page: 1, limit: 1 }))[0]!;
}
