import type { Preview } from '@owo/contracts';
import { system } from '../../ledger/index.js';
import { derivedId } from '../../platform/crypto.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { bankTransferFee, externalCalls, previewPayment, type ExternalPayment, type Intent } from '../transaction/index.js';
import type { WalletDeps } from './deps.js';
import { bankName } from './providers/banks.js';

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
  return previewPayment(deps.db, {
    userId,
    type: 'bankTransfer',
    amount,
    fee,
    narration: input.narration || null,
    counterparty: { id: null, name: account.accountName, bankName: account.bankName, accountNumber: account.accountNumber },
    details: { bankCode: account.bankCode },
  });
}

const feeLeg = (intent: Intent) => derivedId(intent.id, 'fee');

/** Wallet-to-bank as an outside payment: the amount to the payout account and the fee, both pending until the rail answers. */
const payout = (deps: WalletDeps): ExternalPayment => ({
  types: ['bankTransfer'],
  legs: (intent, wallet) => [
    {
      id: intent.id,
      debitAccountId: wallet,
      creditAccountId: system('bank_payout'),
      amount: intent.amount,
      kind: 'bank_transfer',
      reference: intent.reference,
      pending: true,
    },
    ...(intent.fee > 0n
      ? [
          {
            id: feeLeg(intent),
            debitAccountId: wallet,
            creditAccountId: system('fees'),
            amount: intent.fee,
            kind: 'fee',
            reference: intent.reference,
            pending: true,
          },
        ]
      : []),
  ],
  call: (intent) =>
    deps.providers.bank.payout({
      reference: intent.reference,
      bankCode: intent.details.bankCode ?? '',
      accountNumber: intent.counterparty.accountNumber ?? '',
      accountName: intent.counterparty.name,
      amount: intent.amount,
      narration: intent.narration,
    }),
  status: (intent) => deps.providers.bank.status(intent.reference, intent.counterparty.accountNumber ?? ''),
  notConfirmedText: 'This transfer has not been confirmed yet',
  failureText: 'The bank transfer failed. Your money has been returned.',
});

const transfers = externalCalls(payout);
/** Wallet-to-bank: reserve, pay out, then post or reverse by itself. */
export const completeBankTransfer = transfers.complete;
/** Asks the rail about a pending transfer of the caller and settles it. */
export const checkBankTransfer = transfers.check;
/** Settles transfers left pending for longer than `olderThanMs` (a job). */
export const reconcileBankTransfers = transfers.reconcile;
