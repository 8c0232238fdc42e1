import { transfer, userAccount, userBalances } from '../../ledger/index.js';
import { newId } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { newReference, recordHistory } from '../transaction/index.js';

// The seller's business wallet: confirmed orders are paid into it (order-steps.ts release); the
// seller moves it to their main wallet.

/** Moves money from the seller's business wallet to their main wallet (PIN). */
export async function withdrawBusiness(tx: Tx, userId: string, amount: number) {
  const business = await userAccount(tx, userId, 'business');
  const wallet = await userAccount(tx, userId, 'wallet');
  const reference = newReference();
  await transfer(tx, [
    { id: newId(), debitAccountId: business, creditAccountId: wallet, amount: BigInt(amount), kind: 'business.withdraw', reference },
  ]);
  await recordHistory(tx, [
    {
      userId,
      reference,
      type: 'business',
      direction: 'credit',
      amount: BigInt(amount),
      status: 'successful',
      narration: 'From your business wallet',
      counterparty: { id: null, name: 'Business wallet', bankName: null, accountNumber: null },
    },
  ]);
  const b = await userBalances(tx, userId);
  return { amount, businessBalance: Number(b.get('business')?.available ?? 0n), walletBalance: Number(b.get('wallet')?.available ?? 0n) };
}
