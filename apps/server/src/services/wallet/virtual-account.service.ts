import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { system, transfer, userAccount, type SystemCode } from '../../ledger/index.js';
import { derivedId, keyedHash, randomDigits, sameHash } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import { recordHistory } from '../transaction/index.js';
import { userById } from '../user/index.js';
import type { WalletDeps } from './deps.js';
import { virtualAccounts } from './tables.js';

// Funding by bank transfer: each person's virtual account number, and the provider's webhook that credits it.

/** Credits the wallet from a system account, once per `transferId`, with a history row. Returns false on a replay. */
async function creditWallet(
  tx: Tx,
  deps: WalletDeps,
  p: {
    userId: string;
    transferId: string;
    source: SystemCode;
    amount: bigint;
    reference: string;
    counterparty: string;
    bank?: string | null;
  },
): Promise<boolean> {
  const wallet = await userAccount(tx, p.userId, 'wallet');
  const { created } = await transfer(tx, [
    {
      id: p.transferId,
      debitAccountId: system(p.source),
      creditAccountId: wallet,
      amount: p.amount,
      kind: `fund.${p.source}`,
      reference: p.reference,
    },
  ]);
  if (created) {
    await recordHistory(tx, [
      {
        userId: p.userId,
        reference: p.reference,
        type: 'funding',
        direction: 'credit',
        amount: p.amount,
        status: 'successful',
        counterparty: { id: null, name: p.counterparty, bankName: p.bank ?? null, accountNumber: null },
      },
    ]);
  }
  return created;
}

export const VIRTUAL_BANK = 'Owo Sandbox MFB';

/** The user's own account number for bank-transfer funding, assigned on first request. */
export async function virtualAccount(deps: WalletDeps, userId: string) {
  const [found] = await deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, userId)).limit(1);
  if (found) return { accountNumber: found.accountNumber, bankName: found.bankName, accountName: found.accountName };
  const user = await userById(deps.db, userId);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const accountName = `Owo / ${user.firstName} ${user.lastName}`;
      await deps.db
        .insert(virtualAccounts)
        .values({ userId, accountNumber: `9${randomDigits(9)}`, bankName: VIRTUAL_BANK, accountName })
        .onConflictDoNothing({ target: virtualAccounts.userId });
      return virtualAccount(deps, userId);
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not assign an account number');
}

export const signWebhook = (secret: string, raw: string | Buffer) => createHmac('sha256', secret).update(raw).digest('hex');

/**
 * An inbound bank transfer to a virtual account, as the provider's signed webhook. A bad signature
 * is refused; a replayed event credits nothing (the ledger transfer id comes from the event id).
 */
export async function handleBankTransferWebhook(
  deps: WalletDeps,
  raw: Buffer,
  signature: string | undefined,
  event: { eventId: string; accountNumber: string; amount: number; senderName: string; senderBank: string; reference: string },
) {
  const expected = signWebhook(deps.config.webhookSecret, raw);
  if (!signature || !sameHash(keyedHash('cmp', signature), keyedHash('cmp', expected)))
    throw unauthorized('Invalid signature', 'SIGNATURE_INVALID');
  const [va] = await deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.accountNumber, event.accountNumber)).limit(1);
  if (!va) return { credited: false, message: 'Ignored: unknown account number' };
  const reference = `VA${event.eventId}`.slice(0, 64);
  const created = await deps.db.transaction((tx) =>
    creditWallet(tx, deps, {
      userId: va.userId,
      transferId: derivedId('va', event.eventId),
      source: 'virtual_account',
      amount: BigInt(event.amount),
      reference,
      counterparty: event.senderName,
      bank: event.senderBank,
    }),
  );
  return { credited: created, message: created ? 'Credited' : 'Already processed' };
}
