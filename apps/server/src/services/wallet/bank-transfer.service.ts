import type { Preview, Receipt } from '@owo/contracts';
import { and, eq, lt } from 'drizzle-orm';
import { InsufficientFunds, resolvePending, systemAccount, transfer, userAccount, userBalances } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import {
  assertWithinDailyLimit,
  bankTransferFee,
  createIntent,
  historyFor,
  lockIntent,
  markIntent,
  paymentIntents,
  recordHistory,
  setHistoryStatus,
  toHistoryItem,
  toPreview,
  type Intent,
} from '../transaction/index.js';
import type { WalletDeps } from './deps.js';
import { bankName, type PayoutResult } from './providers/banks.js';

/** Name enquiry: the holder's name for a bank account. */
export async function resolveAccount(deps: WalletDeps, bankCode: string, accountNumber: string) {
  const bank = bankName(bankCode);
  if (!bank) throw badRequest('Unknown bank', 'BANK_UNKNOWN');
  const accountName = await deps.providers.bank.nameEnquiry(bankCode, accountNumber);
  if (!accountName) throw notFound('We could not find this account. Check the number and the bank.', 'ACCOUNT_NOT_FOUND');
  return { accountName, accountNumber, bankCode, bankName: bank };
}

export async function initiateBankTransfer(
  deps: WalletDeps,
  userId: string,
  input: { bankCode: string; accountNumber: string; amount: number; narration?: string },
): Promise<Preview> {
  const account = await resolveAccount(deps, input.bankCode, input.accountNumber);
  const amount = BigInt(input.amount);
  const fee = bankTransferFee(amount);
  const available = (await userBalances(deps.db, userId)).get('wallet')?.available ?? 0n;
  if (available < amount + fee) throw new InsufficientFunds('wallet');
  return deps.db.transaction(async (tx) => {
    await assertWithinDailyLimit(tx, userId, amount + fee);
    const intent = await createIntent(tx, {
      userId,
      type: 'bankTransfer',
      amount,
      fee,
      narration: input.narration || null,
      counterparty: { id: null, name: account.accountName, bankName: account.bankName, accountNumber: account.accountNumber },
      details: { bankCode: account.bankCode },
    });
    return toPreview(intent);
  });
}

const feeLeg = (intent: Intent) => derivedId(intent.id, 'fee');

async function receiptOf(deps: WalletDeps, userId: string, reference: string): Promise<Receipt> {
  const row = await historyFor(deps.db, userId, reference, 'debit');
  if (!row) throw notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
  return { ...toHistoryItem(row), total: Number(row.amount + row.fee) };
}

/**
 * Applies the payout's outcome exactly once: success posts the reserved money, failure voids it
 * (the money is back in the wallet by itself) and the history says why; pending changes nothing.
 */
async function settle(deps: WalletDeps, intentId: string, result: PayoutResult): Promise<void> {
  if (result.status === 'pending') return;
  await deps.db.transaction(async (tx) => {
    const [intent] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intentId)).for('update');
    if (!intent || intent.status !== 'processing') return;
    const legs = [intent.id, ...(intent.fee > 0n ? [feeLeg(intent)] : [])];
    if (result.status === 'successful') {
      await resolvePending(tx, legs, 'post');
      await setHistoryStatus(tx, intent.reference, 'successful');
      await markIntent(tx, intent.id, 'completed');
    } else {
      const reason = result.reason ?? 'The bank transfer failed. Your money has been returned.';
      await resolvePending(tx, legs, 'void', reason);
      await setHistoryStatus(tx, intent.reference, 'reversed', reason);
      await markIntent(tx, intent.id, 'failed');
    }
  });
}

/**
 * Wallet-to-bank: reserve the money (pending transfers) and record a pending history row in one
 * transaction, call the payout rail outside it, then post or void. Only the call that moved the
 * intent to processing pays out; a repeat gets the current receipt.
 */
export async function completeBankTransfer(deps: WalletDeps, userId: string, reference: string): Promise<Receipt> {
  const started = await deps.db.transaction(async (tx) => {
    const { intent, done } = await lockIntent(tx, userId, reference, ['bankTransfer']);
    if (done) return null;
    await assertWithinDailyLimit(tx, userId, intent.amount + intent.fee);
    const wallet = await userAccount(tx, userId, 'wallet');
    await transfer(tx, [
      { id: intent.id, debitAccountId: wallet, creditAccountId: systemAccount(deps.db, 'bank_payout', intent.id), amount: intent.amount, kind: 'bank_transfer', reference, pending: true },
      ...(intent.fee > 0n
        ? [{ id: feeLeg(intent), debitAccountId: wallet, creditAccountId: systemAccount(deps.db, 'fees', intent.id), amount: intent.fee, kind: 'fee', reference, pending: true }]
        : []),
    ]);
    await recordHistory(tx, [
      { userId, reference, type: 'bankTransfer', direction: 'debit', amount: intent.amount, fee: intent.fee, status: 'pending', narration: intent.narration, counterparty: intent.counterparty },
    ]);
    await markIntent(tx, intent.id, 'processing');
    return intent;
  });
  if (started) {
    let result: PayoutResult;
    try {
      result = await deps.providers.bank.payout({
        reference,
        bankCode: started.details.bankCode ?? '',
        accountNumber: started.counterparty.accountNumber ?? '',
        accountName: started.counterparty.name,
        amount: started.amount,
        narration: started.narration,
      });
    } catch {
      // Unknown outcome: it stays pending until a status check settles it.
      result = { status: 'pending', providerRef: '' };
    }
    await settle(deps, started.id, result);
  }
  return receiptOf(deps, userId, reference);
}

/** Asks the rail about a pending transfer of the caller and settles it. */
export async function checkBankTransfer(deps: WalletDeps, userId: string, reference: string): Promise<Receipt> {
  const [intent] = await deps.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.reference, reference), eq(paymentIntents.userId, userId), eq(paymentIntents.type, 'bankTransfer')))
    .limit(1);
  if (!intent) throw notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
  if (intent.status === 'initiated') throw new AppError(409, 'PAYMENT_NOT_COMPLETED', 'This transfer has not been confirmed yet');
  if (intent.status === 'processing') await settle(deps, intent.id, await deps.providers.bank.status(reference, intent.counterparty.accountNumber ?? ''));
  return receiptOf(deps, userId, reference);
}

/** Settles transfers left pending for longer than `olderThanMs` (run on a timer). */
export async function reconcileBankTransfers(deps: WalletDeps, olderThanMs = 30_000): Promise<number> {
  const stale = await deps.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.status, 'processing'), eq(paymentIntents.type, 'bankTransfer'), lt(paymentIntents.completedAt, new Date(Date.now() - olderThanMs))))
    .limit(100);
  for (const intent of stale) {
    try {
      await settle(deps, intent.id, await deps.providers.bank.status(intent.reference, intent.counterparty.accountNumber ?? ''));
    } catch {
      /* try again next round */
    }
  }
  return stale.length;
}
