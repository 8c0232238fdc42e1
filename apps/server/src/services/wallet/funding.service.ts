import { and, eq } from 'drizzle-orm';
import { system, transfer, userAccount } from '../../ledger/index.js';
import { derivedId, newId } from '../../platform/crypto.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import {
  createIntent,
  findIntent,
  historyFor,
  intentById,
  markIntent,
  reconcileStale,
  recordHistory,
  setHistoryStatus,
  setIntentDetails,
  type Intent,
} from '../transaction/index.js';
import { toSavedCard } from './cards.service.js';
import type { WalletDeps } from './deps.js';
import { bankName } from './providers/banks.js';
import { cardBrand, luhnValid, type CardDetails, type ChargeResult } from './providers/cards.js';
import type { PayoutResult } from './providers/banks.js';
import { crashPoint } from '../../platform/crash.js';
import { paymentsTotal } from '../../platform/metrics.js';
import type { PaymentKey } from '../../platform/idempotency.js';
import { savedCards } from './tables.js';

// Card and bank-account funding. Saved cards are in cards.service.ts; the virtual account and its
// bank-transfer webhook in virtual-account.service.ts.

function assertCardUsable(card: CardDetails) {
  if (!luhnValid(card.number)) throw badRequest('Enter a valid card number', 'CARD_INVALID');
  const now = new Date();
  const expired =
    card.expiryYear < now.getUTCFullYear() || (card.expiryYear === now.getUTCFullYear() && card.expiryMonth < now.getUTCMonth() + 1);
  if (expired) throw badRequest('This card has expired', 'CARD_EXPIRED');
}

/**
 * Funding from a card or a bank account, as an intent recorded before the outside call: the
 * intent (processing), a pending history row and the request's Idempotency-Key commit first; then
 * the charge; then the outcome settles the intent once (credit, or failure with the reason). A
 * crash in between leaves an intent that a retry of the key, or the reconciler, settles by asking
 * the provider about its reference. `details.method` says which provider to ask.
 */
type Method = 'card' | 'saved-card' | 'bank';
type FundingOutcome =
  | { status: 'successful'; providerRef: string; token?: string | null; fingerprint?: string; brand?: string; last4?: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending' };

const NOT_RECEIVED = 'The payment did not reach your bank. You were not charged.';
const CALL_TIMEOUT_MS = 20_000;

async function startFunding(
  deps: WalletDeps,
  userId: string,
  amount: bigint,
  label: string,
  details: Record<string, string> & { method: Method },
  key: PaymentKey | null,
  bank: string | null = null,
): Promise<Intent> {
  return deps.db.transaction(async (tx) => {
    const counterparty = { id: null, name: label, bankName: bank, accountNumber: null };
    const intent = await createIntent(tx, { userId, type: 'funding', amount, fee: 0n, counterparty, details, processing: true });
    await key?.claim(tx, intent.reference);
    await recordHistory(tx, [
      { userId, reference: intent.reference, type: 'funding', direction: 'credit', amount, status: 'pending', counterparty },
    ]);
    return intent;
  });
}

/** Makes the outside call; an error or no answer in time leaves the outcome unknown (pending). */
async function call(work: () => Promise<FundingOutcome>): Promise<FundingOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<FundingOutcome>((resolve) => (timer = setTimeout(() => resolve({ status: 'pending' }), CALL_TIMEOUT_MS))),
    ]);
  } catch {
    return { status: 'pending' };
  } finally {
    clearTimeout(timer);
  }
}

const fromCharge = (r: ChargeResult | null): FundingOutcome => (r === null ? { status: 'failed', reason: NOT_RECEIVED } : r);
const fromDebit = (r: PayoutResult): FundingOutcome =>
  r.status === 'failed'
    ? { status: 'failed', reason: r.reason ?? 'Your bank did not approve the debit' }
    : r.status === 'pending'
      ? { status: 'pending' }
      : { status: 'successful', providerRef: r.providerRef };

/** Asks the provider what became of a funding intent. */
async function askProvider(deps: WalletDeps, intent: Intent): Promise<FundingOutcome> {
  if (intent.details.method === 'bank')
    return fromDebit(await deps.providers.bank.debitStatus(intent.reference, intent.details.accountNumber ?? ''));
  return fromCharge(await deps.providers.card.status(intent.reference));
}

/** Applies an outcome to a funding intent once: credit the wallet (keeping a card token if asked), or record the failure. */
async function settleFunding(deps: WalletDeps, intentId: string, outcome: FundingOutcome): Promise<void> {
  if (outcome.status === 'pending') return;
  await deps.db.transaction(async (tx) => {
    const intent = await intentById(tx, intentId, { lock: true });
    if (!intent || intent.status !== 'processing') return;
    if (outcome.status === 'failed') {
      await setHistoryStatus(tx, intent.reference, 'failed', outcome.reason);
      await markIntent(tx, intent.id, 'failed');
      return;
    }
    const bank = intent.details.method === 'bank';
    const wallet = await userAccount(tx, intent.userId, 'wallet');
    const transferId = derivedId(bank ? 'debit' : 'card', outcome.providerRef);
    await transfer(tx, [
      {
        id: transferId,
        debitAccountId: system(bank ? 'bank_funding' : 'card_funding'),
        creditAccountId: wallet,
        amount: intent.amount,
        kind: bank ? 'fund.bank_funding' : 'fund.card_funding',
        reference: intent.reference,
      },
    ]);
    await setHistoryStatus(tx, intent.reference, 'successful');
    await markIntent(tx, intent.id, 'completed');
    if (intent.details.saveCard === 'true' && outcome.token && outcome.fingerprint) {
      const values = {
        id: newId(),
        userId: intent.userId,
        token: outcome.token,
        fingerprint: outcome.fingerprint,
        brand: outcome.brand ?? 'Card',
        last4: outcome.last4 ?? '',
        expiryMonth: Number(intent.details.expiryMonth),
        expiryYear: Number(intent.details.expiryYear),
      };
      const [card] = await tx
        .insert(savedCards)
        .values(values)
        .onConflictDoUpdate({
          target: [savedCards.userId, savedCards.fingerprint],
          set: { token: values.token, expiryMonth: values.expiryMonth, expiryYear: values.expiryYear },
        })
        .returning({ id: savedCards.id });
      await setIntentDetails(tx, intent.id, { ...intent.details, cardId: card!.id });
    }
  });
}

/** The answer to a funding call, from its intent: the result, or the decline as a 422 with the reason. */
async function fundingAnswer(deps: WalletDeps, userId: string, reference: string) {
  const intent = await findIntent(deps.db, userId, reference, ['funding']);
  if (!intent) throw notFound('Payment not found. Start again.', 'PAYMENT_NOT_FOUND');
  if (intent.status === 'failed') {
    const row = await historyFor(deps.db, userId, reference, 'credit');
    const bank = intent.details.method === 'bank';
    throw new AppError(422, bank ? 'DEBIT_DECLINED' : 'CARD_DECLINED', row?.failureReason ?? NOT_RECEIVED);
  }
  const cardId = intent.details.cardId;
  const [card] = cardId
    ? await deps.db
        .select()
        .from(savedCards)
        .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
        .limit(1)
    : [];
  return {
    reference,
    amount: Number(intent.amount),
    status: intent.status === 'completed' ? ('successful' as const) : ('pending' as const),
    card: card ? toSavedCard(card) : null,
  };
}

async function fund(deps: WalletDeps, intent: Intent, charge: () => Promise<FundingOutcome>) {
  crashPoint('payment.started');
  const outcome = await call(charge);
  crashPoint('payment.called');
  await settleFunding(deps, intent.id, outcome);
  paymentsTotal.inc({ type: 'funding', outcome: outcome.status });
  return fundingAnswer(deps, intent.userId, intent.reference);
}

/** Charges a card and credits the wallet; optionally keeps the acquirer's token for next time. */
export async function fundByCard(
  deps: WalletDeps,
  userId: string,
  body: { amount: number; card: CardDetails; saveCard: boolean },
  key: PaymentKey | null = null,
) {
  assertCardUsable(body.card);
  const details = {
    method: 'card' as const,
    saveCard: String(body.saveCard),
    expiryMonth: String(body.card.expiryMonth),
    expiryYear: String(body.card.expiryYear),
  };
  const intent = await startFunding(
    deps,
    userId,
    BigInt(body.amount),
    `${cardBrand(body.card.number)} •••• ${body.card.number.slice(-4)}`,
    details,
    key,
  );
  return fund(deps, intent, async () =>
    fromCharge(
      await deps.providers.card.charge({ reference: intent.reference, amount: intent.amount, card: body.card, tokenize: body.saveCard }),
    ),
  );
}

export async function fundBySavedCard(
  deps: WalletDeps,
  userId: string,
  body: { amount: number; cardId: string },
  key: PaymentKey | null = null,
) {
  const [card] = await deps.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, body.cardId), eq(savedCards.userId, userId)))
    .limit(1);
  if (!card) throw notFound('Card not found', 'CARD_NOT_FOUND');
  const intent = await startFunding(
    deps,
    userId,
    BigInt(body.amount),
    `${card.brand} •••• ${card.last4}`,
    { method: 'saved-card', cardId: card.id },
    key,
  );
  return fund(deps, intent, async () =>
    fromCharge(await deps.providers.card.chargeToken({ reference: intent.reference, amount: intent.amount, token: card.token })),
  );
}

/** Funding by direct debit of a linked bank account. */
export async function fundByBank(
  deps: WalletDeps,
  userId: string,
  body: { amount: number; bankCode: string; accountNumber: string },
  key: PaymentKey | null = null,
) {
  const bank = bankName(body.bankCode);
  if (!bank) throw badRequest('Unknown bank', 'BANK_UNKNOWN');
  const details = { method: 'bank' as const, bankCode: body.bankCode, accountNumber: body.accountNumber };
  const intent = await startFunding(deps, userId, BigInt(body.amount), `${bank} ••${body.accountNumber.slice(-4)}`, details, key, bank);
  return fund(deps, intent, async () =>
    fromDebit(
      await deps.providers.bank.debit({
        reference: intent.reference,
        bankCode: body.bankCode,
        accountNumber: body.accountNumber,
        amount: intent.amount,
      }),
    ),
  );
}

/** The answer to a retried funding call whose request died: settles the intent with the provider if it is still waiting. */
export async function recoverFunding(deps: WalletDeps, userId: string, reference: string) {
  const intent = await findIntent(deps.db, userId, reference);
  if (intent?.status === 'processing') await settleFunding(deps, intent.id, await askProvider(deps, intent));
  return fundingAnswer(deps, userId, reference);
}

/** Settles funding intents whose outcome is unknown for longer than `olderThanMs` (run on a timer). */
export function reconcileFunding(deps: WalletDeps, olderThanMs = 30_000): Promise<number> {
  return reconcileStale(deps.db, ['funding'], olderThanMs, async (intent) =>
    settleFunding(deps, intent.id, await askProvider(deps, intent)),
  );
}
