import type { TxType } from '@owo/contracts';
import { InsufficientFunds, postedTransfersOf, system, transfer, userAccount, type TransferInput } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { unprocessable } from '../../platform/errors.js';
import { settleDispute } from '../ecommerce/index.js';
import { markHistoryReversed, recordHistory, type NewHistory } from '../transaction/index.js';
import type { StaffDeps } from './deps.js';
import type { staffMoneyRequests } from './tables.js';

// Posting an approved money request through the ledger, inside the approval's transaction. Every
// transfer id derives from the request's id, so the same request can never post twice (the ledger
// refuses a second movement under one id); both staff names go into the customer's history note.

type Request = typeof staffMoneyRequests.$inferSelect;
export type Names = { requester: string; approver: string };

const OWO = { id: null, name: 'Owo', bankName: null, accountNumber: null };

export function historyNote(r: Pick<Request, 'kind' | 'targetReference' | 'reason'>, names: Names): string {
  const what =
    r.kind === 'credit' ? 'Credit from Owo' : r.kind === 'refund' ? `Refund of ${r.targetReference}` : `Reversal of ${r.targetReference}`;
  return `${what}: ${r.reason} (requested by ${names.requester}, approved by ${names.approver})`;
}

/** A manual credit or a refund: from the adjustments system account into the customer's wallet. */
async function creditWallet(tx: Tx, r: Request, names: Names, type: TxType): Promise<void> {
  const wallet = await userAccount(tx, r.customerId, 'wallet');
  await transfer(tx, [
    {
      id: derivedId('staff-money', r.id),
      debitAccountId: system('adjustments'),
      creditAccountId: wallet,
      amount: r.amount,
      kind: `staff.${r.kind}`,
      reference: r.reference,
      metadata: { requestId: r.id, target: r.targetReference },
    },
  ]);
  await recordHistory(tx, [
    {
      userId: r.customerId,
      reference: r.reference,
      type,
      direction: 'credit',
      amount: r.amount,
      status: 'successful',
      narration: historyNote(r, names),
      counterparty: OWO,
    },
  ]);
}

/**
 * A reversal: every posted leg of the target payment moved back (a send-money's recipient pays the
 * sender back; a funding leaves the wallet for where it came from), a history row for each person
 * whose wallet moved, and the payment's own rows marked reversed. A wallet that no longer holds the
 * money refuses it (422), and nothing is posted.
 */
async function reverse(tx: Tx, r: Request, names: Names, type: TxType): Promise<void> {
  const legs = await postedTransfersOf(tx, r.targetReference!);
  if (legs.length === 0) throw unprocessable('This transaction has nothing posted to reverse', 'NOTHING_TO_REVERSE');
  const inputs: TransferInput[] = legs.map((t) => ({
    id: derivedId('staff-reversal', r.id, t.id),
    debitAccountId: t.creditAccountId,
    creditAccountId: t.debitAccountId,
    amount: t.amount,
    kind: 'staff.reversal',
    reference: r.reference,
    metadata: { requestId: r.id, reverses: t.id },
  }));
  try {
    await transfer(tx, inputs);
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      throw unprocessable('A wallet no longer holds the money this reversal takes back, so it cannot be posted', 'REVERSAL_SHORT');
    }
    throw err;
  }
  // Each person's net movement in their wallets: positive comes back to them.
  const net = new Map<string, bigint>();
  for (const t of legs) {
    if (t.creditOwner && t.creditCode === 'wallet') net.set(t.creditOwner, (net.get(t.creditOwner) ?? 0n) - t.amount);
    if (t.debitOwner && t.debitCode === 'wallet') net.set(t.debitOwner, (net.get(t.debitOwner) ?? 0n) + t.amount);
  }
  const rows: NewHistory[] = [...net]
    .filter(([, v]) => v !== 0n)
    .map(([userId, v]) => ({
      userId,
      reference: r.reference,
      type,
      direction: v > 0n ? 'credit' : 'debit',
      amount: v > 0n ? v : -v,
      status: 'successful',
      narration: historyNote(r, names),
      counterparty: OWO,
    }));
  await recordHistory(tx, rows);
  const owners = [...new Set(legs.flatMap((t) => [t.debitOwner, t.creditOwner]).filter((o): o is string => o !== null))];
  await markHistoryReversed(tx, owners, r.targetReference!);
}

/** Posts an approved request: `type` is the history type its rows carry (the target's, or funding for a credit). */
export async function postMoneyRequest(tx: Tx, r: Request, names: Names, type: TxType): Promise<void> {
  if (r.kind === 'reversal') await reverse(tx, r, names, type);
  else await creditWallet(tx, r, names, type);
}

/** Posts an approved dispute decision: the order's escrow shared as decided (`detail`), through the ecommerce service. */
export async function postDispute(deps: StaffDeps, tx: Tx, r: Request): Promise<void> {
  const d = r.detail as { orderId: string; shopper: number; seller: number };
  await settleDispute(tx, deps, d.orderId, { key: r.id, shopper: d.shopper, seller: d.seller, reason: r.reason });
}
