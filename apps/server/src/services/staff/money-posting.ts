import { formatNaira, type TxType } from '@owo/contracts';
import { InsufficientFunds, postedTransfersOf, system, transfer, userAccount, type TransferInput } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { unprocessable } from '../../platform/errors.js';
import { settleDispute } from '../ecommerce/index.js';
import { notify, withdrawMoneyEvents } from '../notifications/index.js';
import { historyFor, markHistoryReversed, recordHistory, type HistoryRow, type NewHistory } from '../transaction/index.js';
import type { StaffDeps } from './deps.js';
import type { staffMoneyRequests } from './tables.js';

// Posting an approved money request through the ledger, inside the approval's transaction. Every
// transfer id derives from the request's id, so the same request can never post twice (the ledger
// refuses a second movement under one id); both staff names go into the customer's history note.
// Each person whose wallet moved is told in the same transaction, in plain words (a notice in the
// centre and a push), and their history row is titled for what it is ("Refund from Owo", "Credit
// from Owo", "Reversal of payment to …"); the payment history's generic money events for these
// rows ("You received", "Your payment failed") are withdrawn, so nobody is told twice.

type Request = typeof staffMoneyRequests.$inferSelect;
export type Names = { requester: string; approver: string };

/** The counterparty of a staff movement's history row: Owo, under the row's title. */
const fromOwo = (title: string) => ({ id: null, name: title, bankName: null, accountNumber: null });

/** What a refunded payment was, as the customer's notice says it ("Refund of your airtime payment"). */
const PAID: Record<TxType, string> = {
  sendMoney: 'money you sent',
  bankTransfer: 'your bank transfer',
  funding: 'your wallet funding',
  airtime: 'your airtime payment',
  data: 'your data payment',
  electricity: 'your electricity payment',
  tv: 'your TV payment',
  betting: 'your betting top-up',
  savings: 'your savings move',
  lockedFund: 'your locked funds move',
  loan: 'your loan payment',
  order: 'your shop order',
  business: 'your business wallet move',
  levy: 'the EMT levy',
};

/** A reversed payment as its history row's title and the notice say it, for one side of it. */
function reversedWhat(original: HistoryRow | null): { title: string; what: string } {
  if (!original) return { title: 'Reversal by Owo', what: 'a payment' };
  const cp = original.counterparty.name;
  if (original.type === 'funding') return { title: 'Reversal of wallet funding', what: 'your wallet funding' };
  return original.direction === 'debit'
    ? { title: `Reversal of payment to ${cp}`, what: `your payment to ${cp}` }
    : { title: `Reversal of payment from ${cp}`, what: `the payment from ${cp}` };
}

const receiptLink = (reference: string) => `/history/${encodeURIComponent(reference)}`;

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
      counterparty: fromOwo(r.kind === 'refund' ? 'Refund from Owo' : 'Credit from Owo'),
    },
  ]);
  const amount = formatNaira(r.amount);
  await notify(
    tx,
    [r.customerId],
    r.kind === 'refund'
      ? {
          kind: 'money.refund',
          title: `Owo refunded ${amount} to your wallet`,
          body: `Refund of ${PAID[type]}: ${r.reason}`,
          link: receiptLink(r.reference),
        }
      : {
          kind: 'money.credit',
          title: `Owo credited ${amount} to your wallet`,
          body: `Credit from Owo: ${r.reason}`,
          link: receiptLink(r.reference),
        },
  );
  await withdrawMoneyEvents(tx, [r.customerId], [r.reference]);
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
  const moved = [...net].filter(([, v]) => v !== 0n);
  // Each side's own row of the payment names what is reversed: "your payment to …", "the payment from …".
  const sides = await Promise.all(
    moved.map(async ([userId, v]) => reversedWhat(await historyFor(tx, userId, r.targetReference!, v > 0n ? 'debit' : 'credit'))),
  );
  const rows: NewHistory[] = moved.map(([userId, v], i) => ({
    userId,
    reference: r.reference,
    type,
    direction: v > 0n ? 'credit' : 'debit',
    amount: v > 0n ? v : -v,
    status: 'successful',
    narration: historyNote(r, names),
    counterparty: fromOwo(sides[i]!.title),
  }));
  await recordHistory(tx, rows);
  const owners = [...new Set(legs.flatMap((t) => [t.debitOwner, t.creditOwner]).filter((o): o is string => o !== null))];
  await markHistoryReversed(tx, owners, r.targetReference!);
  for (const [i, [userId, v]] of moved.entries()) {
    const amount = formatNaira(v > 0n ? v : -v);
    await notify(tx, [userId], {
      kind: 'money.reversal',
      title: v > 0n ? `${amount} returned to your wallet` : `${amount} taken back from your wallet`,
      body: `Owo reversed ${sides[i]!.what}: ${r.reason}`,
      link: receiptLink(r.reference),
    });
  }
  await withdrawMoneyEvents(tx, owners, [r.reference, r.targetReference!]);
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
