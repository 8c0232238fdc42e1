import type { Preview, Receipt } from '@owo/contracts';
import { inArray } from 'drizzle-orm';
import { systemAccount, transfer, walletAccounts } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import type { Db } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { users } from '../user/index.js';
import { sendMoneyFee } from './fees.js';
import { recordHistory, toReceipt } from './history.js';
import { receiptFor } from './external.js';
import { lockIntent, markIntent, previewPayment } from './intents.js';
import { assertWithinDailyLimit } from './limits.js';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** Checks what can be checked before the PIN (recipient, balance, limit) and returns a preview valid for 10 minutes. */
export async function initiateSendMoney(db: Db, userId: string, input: { recipientId: string; amount: number; narration?: string }): Promise<Preview> {
  if (input.recipientId === userId) throw badRequest('You cannot send money to yourself', 'SELF_TRANSFER');
  const people = await db.select().from(users).where(inArray(users.id, [input.recipientId, userId]));
  const recipient = people.find((p) => p.id === input.recipientId);
  const sender = people.find((p) => p.id === userId);
  if (!recipient || !recipient.phoneVerifiedAt) throw notFound('Recipient not found', 'RECIPIENT_NOT_FOUND');
  const amount = BigInt(input.amount);
  const fee = sendMoneyFee(amount);
  return previewPayment(db, {
    userId,
    type: 'sendMoney',
    amount,
    fee,
    narration: input.narration || null,
    counterparty: { id: recipient.id, name: fullName(recipient), bankName: null, accountNumber: null },
    details: { senderName: sender ? fullName(sender) : 'Owo user' },
  });
}

/**
 * Posts a previewed transfer: one database transaction locks the intent, checks the daily limit,
 * moves the money through the ledger (transfer ids derived from the intent, so it can never post
 * twice) and writes both people's history. Completing again returns the same receipt.
 */
export async function completeSendMoney(db: Db, userId: string, reference: string): Promise<Receipt> {
  return db.transaction(async (tx) => {
    const { intent, done } = await lockIntent(tx, userId, reference, ['sendMoney']);
    if (!done) {
      const total = intent.amount + intent.fee;
      await assertWithinDailyLimit(tx, userId, total);
      const recipientId = intent.counterparty.id!;
      const wallets = await walletAccounts(tx, [userId, recipientId]);
      const from = wallets.get(userId)!;
      const to = wallets.get(recipientId)!;
      await transfer(tx, [
        { id: intent.id, debitAccountId: from, creditAccountId: to, amount: intent.amount, kind: 'send_money', reference },
        ...(intent.fee > 0n
          ? [{ id: derivedId(intent.id, 'fee'), debitAccountId: from, creditAccountId: systemAccount(db, 'fees', intent.id), amount: intent.fee, kind: 'fee', reference }]
          : []),
      ]);
      const [mine] = await recordHistory(tx, [
        { userId, reference, type: 'sendMoney', direction: 'debit', amount: intent.amount, fee: intent.fee, status: 'successful', narration: intent.narration, counterparty: intent.counterparty },
        {
          userId: recipientId,
          reference,
          type: 'sendMoney',
          direction: 'credit',
          amount: intent.amount,
          status: 'successful',
          narration: intent.narration,
          counterparty: { id: userId, name: intent.details.senderName ?? 'Owo user', bankName: null, accountNumber: null },
        },
      ]);
      await markIntent(tx, intent.id, 'completed');
      if (mine) return toReceipt(mine);
    }
    return receiptFor(tx, userId, reference);
  });
}
