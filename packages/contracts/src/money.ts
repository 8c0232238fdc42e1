import { z } from 'zod';
import { cleanText, dateTime, envelope, markText, paginated } from './common.js';

/** Money on the wire: integer kobo (₦1 = 100 kobo). */
export const kobo = z.number().int().describe('amount in kobo (₦1 = 100)');
export const amountKobo = z
  .number({ error: 'amount is required' })
  .int('amount must be whole kobo')
  .min(100, 'The smallest amount is ₦1.00')
  .max(1_000_000_000, 'The largest amount is ₦10,000,000.00')
  .describe('amount in kobo (₦1 = 100)');
export const narrationField = z.string().trim().max(100, 'narration is at most 100 characters').optional();
export const referenceField = z
  .string({ error: 'reference is required' })
  .trim()
  .min(6, 'reference is invalid')
  .max(64, 'reference is invalid');

export const balances = z.object({
  walletBalance: kobo,
  savingsBalance: kobo,
  lockedBalance: kobo,
  businessWalletBalance: kobo,
});
export type Balances = z.infer<typeof balances>;
export const balancesResponse = envelope(balances);

export const txType = z.enum([
  'sendMoney',
  'bankTransfer',
  'funding',
  'airtime',
  'data',
  'electricity',
  'tv',
  'betting',
  'savings',
  'lockedFund',
  'loan',
  'order',
  'business',
  'levy',
]);
export type TxType = z.infer<typeof txType>;
export const txStatus = z.enum(['successful', 'pending', 'failed', 'reversed']);
export type TxStatus = z.infer<typeof txStatus>;

export const counterparty = z.object({
  id: z.string().nullable(),
  name: z.string(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type Counterparty = z.infer<typeof counterparty>;

export const historyItem = z.object({
  id: z.string(),
  reference: z.string(),
  type: txType,
  direction: z.enum(['debit', 'credit']),
  amount: kobo,
  fee: kobo,
  status: txStatus,
  narration: z.string().nullable(),
  counterparty,
  failureReason: z.string().nullable(),
  token: z.string().nullable().describe('the electricity token (or other vend code), when there is one'),
  levy: kobo.optional().describe('on money received in the history list: the EMT levy taken from it, when one was'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const historyBody = z
  .object({
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100, 'limit is at most 100').default(20),
    type: txType.optional(),
    direction: z.enum(['debit', 'credit']).optional(),
    status: txStatus.optional(),
    from: dateTime('from').optional(),
    to: dateTime('to').optional(),
  })
  .refine((b) => !b.from || !b.to || b.from <= b.to, { message: 'from must be before to', path: ['from'] });
export const historyResponse = paginated(historyItem);

/** POST /api/v1/initiate: send money now; bills join this union with their issue. */
export const initiateSendMoney = z.object({
  type: z.literal('sendMoney'),
  recipientId: z.uuid('recipientId must be a user id'),
  amount: amountKobo,
  narration: narrationField,
});

export const preview = z.object({
  reference: z.string(),
  type: txType,
  recipient: z.object({
    id: z.string().nullable(),
    name: z.string(),
    bankName: z.string().nullable(),
    accountNumber: z.string().nullable(),
  }),
  amount: kobo,
  fee: kobo,
  total: kobo,
  narration: z.string().nullable(),
  expiresAt: z.string(),
});
export type Preview = z.infer<typeof preview>;
export const previewResponse = envelope(preview);

export const completeBody = z.object({ reference: referenceField });
export const receipt = historyItem.extend({ total: kobo });
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = envelope(receipt);

export const spendingLimit = z.object({
  dailyLimit: kobo.nullable().describe('null when no limit is set'),
  spentToday: kobo,
  remainingToday: kobo.nullable(),
});
export const spendingLimitResponse = envelope(spendingLimit);
export const setSpendingLimitBody = z.object({
  dailyLimit: z
    .number({ error: 'dailyLimit is required' })
    .int('dailyLimit must be whole kobo')
    .min(100, 'The smallest daily limit is ₦1.00')
    .max(100_000_000_000, 'dailyLimit is too large')
    .nullable()
    .describe('kobo; null removes the limit'),
});

// Wallet-to-bank
export const bank = z.object({ code: z.string(), name: z.string() });
export const bankCategory = z.object({ category: z.string(), banks: z.array(bank) });
export const banksResponse = envelope(z.array(bankCategory));
export const accountNumberField = z.string({ error: 'accountNumber is required' }).regex(/^\d{10}$/, 'Account number is 10 digits');
export const bankCodeField = z.string({ error: 'bankCode is required' }).regex(/^\d{3,6}$/, 'bankCode is invalid');
export const verifyAccountParams = z.object({ bankCode: bankCodeField, accountNumber: accountNumberField });
export const resolvedAccount = z.object({ accountName: z.string(), accountNumber: z.string(), bankCode: z.string(), bankName: z.string() });
export const verifyAccountResponse = envelope(resolvedAccount);
export const initiateBankBody = z.object({
  bankCode: bankCodeField,
  accountNumber: accountNumberField,
  amount: amountKobo,
  narration: narrationField,
});

// Funding
export const cardInput = z.object({
  number: z
    .string({ error: 'card number is required' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  expiryMonth: z.number({ error: 'expiryMonth is required' }).int().min(1, 'expiryMonth is 1 to 12').max(12, 'expiryMonth is 1 to 12'),
  expiryYear: z.number({ error: 'expiryYear is required' }).int().min(2000, 'expiryYear is invalid').max(2100, 'expiryYear is invalid'),
  cvv: z.string({ error: 'cvv is required' }).regex(/^\d{3,4}$/, 'CVV is 3 or 4 digits'),
});
export const fundCardBody = z.object({ amount: amountKobo, card: cardInput, saveCard: z.boolean().default(false) });
export const fundSavedCardBody = z.object({ amount: amountKobo, cardId: z.uuid('cardId is invalid') });
export const savedCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number(),
  expiryYear: z.number(),
  createdAt: z.string(),
});
export const savedCardsResponse = paginated(savedCard);
export const fundResult = z.object({ reference: z.string(), amount: kobo, status: txStatus, card: savedCard.nullable() });
export const fundResponse = envelope(fundResult);
export const fundBankBody = z.object({ amount: amountKobo, bankCode: bankCodeField, accountNumber: accountNumberField });
export const virtualAccount = z.object({ accountNumber: z.string(), bankName: z.string(), accountName: z.string() });
export const virtualAccountResponse = envelope(virtualAccount);
/**
 * A bank's text holding a NUL or a lone surrogate is cleaned, not refused: refusing would fail the
 * provider's every retry and the money would never be credited. Free text (sender name, bank,
 * reference) loses its NULs and has lone surrogates replaced by U+FFFD; the event id has both
 * replaced by U+FFFD, so it stays distinct from ids without them and its replays still match.
 */
const bankText = z.string().max(100).transform(cleanText);
export const bankTransferWebhook = z.object({
  eventId: z.string().min(1).max(100).transform(markText),
  accountNumber: accountNumberField,
  amount: z.number().int().positive(),
  senderName: bankText,
  senderBank: bankText,
  reference: bankText,
});
export const simulateTransferBody = z.object({ amount: amountKobo, senderName: z.string().max(100).default('Sandbox Sender') });
