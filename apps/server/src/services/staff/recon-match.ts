import { RECON_INFLOWS, type ReconAction, type ReconMismatch, type ReconSource } from '@owo/contracts';
import type { ExternalTransfer } from '../../ledger/index.js';
import type { SettlementLine } from '../../platform/settlements.js';

// Reconciliation's rules, with no database: how a provider's lines and the ledger's transfers of a
// source are matched, why a record does not match, and what finance may do about it.

/** The ledger's kinds of transfer for each source (a kind ending in `.` is a prefix). */
export const LEDGER_KINDS: Record<ReconSource, readonly string[]> = {
  card: ['fund.card_funding'],
  bank_debit: ['fund.bank_funding'],
  inbound: ['fund.virtual_account'],
  payout: ['bank_transfer'],
  bill: ['bill.'],
};

/** The ledger's record of one reference: its transfers of the source's kinds taken together. */
export type LedgerRecord = { reference: string; amount: bigint; status: 'pending' | 'posted' | 'voided'; owner: string | null };

/** Transfers of one reference taken together: posted if any is posted (their sum), else pending, else voided. */
export function ledgerRecords(transfers: readonly ExternalTransfer[]): Map<string, LedgerRecord> {
  const out = new Map<string, LedgerRecord>();
  const rank = { voided: 0, pending: 1, posted: 2 } as const;
  for (const t of transfers) {
    const had = out.get(t.reference);
    if (!had || rank[t.status] > rank[had.status]) {
      out.set(t.reference, { reference: t.reference, amount: t.amount, status: t.status, owner: t.owner ?? had?.owner ?? null });
    } else if (had.status === t.status && t.status === 'posted') {
      had.amount += t.amount;
    }
  }
  return out;
}

export type Finding = { reference: string; mismatch: ReconMismatch; line: SettlementLine | null; ledger: LedgerRecord | null };

/** Lines of one reference: the last one says where the payment stands (a charge later reversed). */
function lastLines(lines: readonly SettlementLine[]): Map<string, SettlementLine> {
  const out = new Map<string, SettlementLine>();
  for (const l of lines) out.set(l.reference, l);
  return out;
}

const settledOk = (l: SettlementLine) => l.status === 'successful';
const settledNot = (l: SettlementLine) => l.status === 'failed' || l.status === 'reversed';

/** Why a line and the ledger's record disagree, or null when they agree. */
function compare(line: SettlementLine | null, ledger: LedgerRecord | null): ReconMismatch | null {
  if (!line) return ledger && ledger.status !== 'voided' ? 'not_at_provider' : null;
  const lStatus = ledger?.status ?? 'voided';
  if (line.status === 'pending') return lStatus === 'pending' ? null : 'pending';
  if (lStatus === 'pending') return 'pending';
  if (settledOk(line)) {
    if (lStatus === 'voided') return 'not_in_ledger';
    return ledger!.amount === line.amount ? null : 'amount_differs';
  }
  if (settledNot(line)) return lStatus === 'posted' ? 'failed_at_provider' : null;
  return null;
}

/** Matches a day's lines with the ledger's records: how many agree, and the findings for the rest. */
export function matchDay(
  lines: readonly SettlementLine[],
  ledger: ReadonlyMap<string, LedgerRecord>,
): { matched: string[]; findings: Finding[] } {
  const byRef = lastLines(lines);
  const refs = new Set([...byRef.keys(), ...ledger.keys()]);
  const matched: string[] = [];
  const findings: Finding[] = [];
  for (const reference of [...refs].sort()) {
    const line = byRef.get(reference) ?? null;
    const record = ledger.get(reference) ?? null;
    const mismatch = compare(line, record);
    if (mismatch) findings.push({ reference, mismatch, line, ledger: record });
    else if (line || record?.status !== 'voided') matched.push(reference);
  }
  return { matched, findings };
}

export type Remedy = { action: Exclude<ReconAction, 'explain'>; amount: bigint };

/**
 * What finance may do about a finding, with the amount each moves. A customer short of money they
 * paid or were owed is credited (the difference) or refunded; a credit the provider never settled is
 * reversed. Explaining (no money) is always possible; money needs a known customer.
 */
export function remedies(source: ReconSource, f: Pick<Finding, 'mismatch' | 'line' | 'ledger'>, hasCustomer: boolean): Remedy[] {
  if (!hasCustomer) return [];
  const inflow = RECON_INFLOWS.includes(source);
  const provider = f.line?.amount ?? 0n;
  const ledger = f.ledger?.amount ?? 0n;
  const posted = f.ledger?.status === 'posted';
  switch (f.mismatch) {
    case 'not_in_ledger':
      // The provider took the customer's money (a charge, a debit, a transfer in) and the wallet never got it.
      return inflow ? [{ action: 'credit', amount: provider }] : [];
    case 'failed_at_provider':
    case 'not_at_provider':
      if (!posted) return [];
      // In: the wallet was credited with money that never came. Out: the wallet paid for what never went.
      return inflow ? [{ action: 'reversal', amount: ledger }] : [{ action: 'refund', amount: ledger }];
    case 'amount_differs': {
      // The customer is owed the difference when the provider took more than the wallet got, or paid out less than it took.
      const owed = inflow ? provider - ledger : ledger - provider;
      return owed > 0n ? [{ action: 'credit', amount: owed }] : [];
    }
    case 'pending':
      return [];
  }
}

/** The actions a finding offers: its remedies, and explaining. */
export const actionsOf = (source: ReconSource, f: Pick<Finding, 'mismatch' | 'line' | 'ledger'>, hasCustomer: boolean): ReconAction[] => [
  ...remedies(source, f, hasCustomer).map((r) => r.action),
  'explain',
];
