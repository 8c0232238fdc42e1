import { createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { systemAccount, transfer, userAccount, type SystemCode } from '../../ledger/index.js';
import { derivedId, keyedHash, newId, randomDigits, sameHash } from '../../platform/crypto.js';
import type { Tx } from '../../platform/db.js';
import type { Page } from '../../platform/pagination.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors.js';
import { newReference, recordHistory, toHistoryItem } from '../transaction/index.js';
import { users } from '../user/index.js';
import type { WalletDeps } from './deps.js';
import { bankName } from './providers/banks.js';
import { luhnValid, type CardDetails, type ChargeResult } from './providers/cards.js';
import { savedCards, virtualAccounts } from './tables.js';

type SavedCardRow = typeof savedCards.$inferSelect;
export const toSavedCard = (c: SavedCardRow) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expiryMonth: c.expiryMonth,
  expiryYear: c.expiryYear,
  createdAt: c.createdAt.toISOString(),
});

/** Credits the wallet from a system account, once per `transferId`, with a history row. Returns false on a replay. */
async function creditWallet(
  tx: Tx,
  deps: WalletDeps,
  p: { userId: string; transferId: string; source: SystemCode; amount: bigint; reference: string; counterparty: string; bank?: string | null },
): Promise<boolean> {
  const wallet = await userAccount(tx, p.userId, 'wallet');
  const { created } = await transfer(tx, [
    { id: p.transferId, debitAccountId: systemAccount(deps.db, p.source, p.transferId), creditAccountId: wallet, amount: p.amount, kind: `fund.${p.source}`, reference: p.reference },
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

async function recordFailedFunding(deps: WalletDeps, userId: string, reference: string, amount: bigint, counterparty: string, reason: string) {
  await recordHistory(deps.db, [
    { userId, reference, type: 'funding', direction: 'credit', amount, status: 'failed', failureReason: reason, counterparty: { id: null, name: counterparty, bankName: null, accountNumber: null } },
  ]);
}

function assertCardUsable(card: CardDetails) {
  if (!luhnValid(card.number)) throw badRequest('Enter a valid card number', 'CARD_INVALID');
  const now = new Date();
  const expired = card.expiryYear < now.getUTCFullYear() || (card.expiryYear === now.getUTCFullYear() && card.expiryMonth < now.getUTCMonth() + 1);
  if (expired) throw badRequest('This card has expired', 'CARD_EXPIRED');
}

async function settleCharge(deps: WalletDeps, userId: string, reference: string, amount: bigint, result: ChargeResult, label: string) {
  if (result.status === 'failed') {
    await recordFailedFunding(deps, userId, reference, amount, label, result.reason);
    throw new AppError(422, 'CARD_DECLINED', result.reason);
  }
  await deps.db.transaction((tx) =>
    creditWallet(tx, deps, { userId, transferId: derivedId('card', result.providerRef), source: 'card_funding', amount, reference, counterparty: `${result.brand} •••• ${result.last4}` }),
  );
}

/** Charges a card and credits the wallet; optionally keeps the acquirer's token for next time. */
export async function fundByCard(deps: WalletDeps, userId: string, body: { amount: number; card: CardDetails; saveCard: boolean }) {
  assertCardUsable(body.card);
  const amount = BigInt(body.amount);
  const reference = newReference();
  const result = await deps.providers.card.charge({ reference, amount, card: body.card, tokenize: body.saveCard });
  await settleCharge(deps, userId, reference, amount, result, `Card •••• ${body.card.number.slice(-4)}`);
  let saved: SavedCardRow | null = null;
  if (result.status === 'successful' && body.saveCard && result.token) {
    const values = { id: newId(), userId, token: result.token, fingerprint: result.fingerprint, brand: result.brand, last4: result.last4, expiryMonth: body.card.expiryMonth, expiryYear: body.card.expiryYear };
    const [row] = await deps.db
      .insert(savedCards)
      .values(values)
      .onConflictDoUpdate({ target: [savedCards.userId, savedCards.fingerprint], set: { token: values.token, expiryMonth: values.expiryMonth, expiryYear: values.expiryYear } })
      .returning();
    saved = row ?? null;
  }
  return { reference, amount: body.amount, status: 'successful' as const, card: saved ? toSavedCard(saved) : null };
}

export async function fundBySavedCard(deps: WalletDeps, userId: string, body: { amount: number; cardId: string }) {
  const [card] = await deps.db.select().from(savedCards).where(and(eq(savedCards.id, body.cardId), eq(savedCards.userId, userId))).limit(1);
  if (!card) throw notFound('Card not found', 'CARD_NOT_FOUND');
  const amount = BigInt(body.amount);
  const reference = newReference();
  const result = await deps.providers.card.chargeToken({ reference, amount, token: card.token });
  await settleCharge(deps, userId, reference, amount, result, `${card.brand} •••• ${card.last4}`);
  return { reference, amount: body.amount, status: 'successful' as const, card: toSavedCard(card) };
}

export async function listCards(deps: WalletDeps, userId: string, page: Page) {
  const where = eq(savedCards.userId, userId);
  const [rows, total] = await Promise.all([
    deps.db.select().from(savedCards).where(where).orderBy(desc(savedCards.createdAt)).limit(page.limit).offset((page.page - 1) * page.limit),
    deps.db.$count(savedCards, where),
  ]);
  return { items: rows.map(toSavedCard), total };
}

export async function deleteCard(deps: WalletDeps, userId: string, id: string) {
  const gone = await deps.db.delete(savedCards).where(and(eq(savedCards.id, id), eq(savedCards.userId, userId))).returning({ id: savedCards.id });
  if (gone.length === 0) throw notFound('Card not found', 'CARD_NOT_FOUND');
}

/** Funding by direct debit of a linked bank account. */
export async function fundByBank(deps: WalletDeps, userId: string, body: { amount: number; bankCode: string; accountNumber: string }) {
  const bank = bankName(body.bankCode);
  if (!bank) throw badRequest('Unknown bank', 'BANK_UNKNOWN');
  const amount = BigInt(body.amount);
  const reference = newReference();
  const label = `${bank} ••${body.accountNumber.slice(-4)}`;
  const result = await deps.providers.bank.debit({ reference, bankCode: body.bankCode, accountNumber: body.accountNumber, amount });
  if (result.status !== 'successful') {
    const reason = result.reason ?? 'Your bank did not approve the debit';
    await recordFailedFunding(deps, userId, reference, amount, label, reason);
    throw new AppError(422, 'DEBIT_DECLINED', reason);
  }
  await deps.db.transaction((tx) =>
    creditWallet(tx, deps, { userId, transferId: derivedId('debit', result.providerRef), source: 'bank_funding', amount, reference, counterparty: label, bank }),
  );
  return { reference, amount: body.amount, status: 'successful' as const, card: null };
}

export const VIRTUAL_BANK = 'Owo Sandbox MFB';

/** The user's own account number for bank-transfer funding, assigned on first request. */
export async function virtualAccount(deps: WalletDeps, userId: string) {
  const [found] = await deps.db.select().from(virtualAccounts).where(eq(virtualAccounts.userId, userId)).limit(1);
  if (found) return { accountNumber: found.accountNumber, bankName: found.bankName, accountName: found.accountName };
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const accountName = `Owo / ${user.firstName} ${user.lastName}`;
      await deps.db.insert(virtualAccounts).values({ userId, accountNumber: `9${randomDigits(9)}`, bankName: VIRTUAL_BANK, accountName }).onConflictDoNothing({ target: virtualAccounts.userId });
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
  if (!signature || !sameHash(keyedHash('cmp', signature), keyedHash('cmp', expected))) throw unauthorized('Invalid signature', 'SIGNATURE_INVALID');
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

export { toHistoryItem };
