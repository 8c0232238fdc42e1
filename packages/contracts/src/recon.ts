import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { kobo } from './money.js';
import { moneyRequestStatus, reasonText } from './staff.js';

// Reconciliation (api-staff-recon.ts): each day, the providers' settlement reports (card charges,
// direct debits, inbound transfers, payouts, bill vends) matched with the ledger; what does not
// match is listed and resolved by finance: a credit, a refund or a reversal through the two-key
// money requests, or marked explained with a note.

const page = {
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(20),
};

export const RECON_SOURCES = ['card', 'bank_debit', 'inbound', 'payout', 'bill'] as const;
export const reconSource = z.enum(RECON_SOURCES, { error: 'source must be card, bank_debit, inbound, payout or bill' });
export type ReconSource = z.infer<typeof reconSource>;

/** Money coming in from outside (the provider took it from the customer's card or bank) or going out. */
export const RECON_INFLOWS: readonly ReconSource[] = ['card', 'bank_debit', 'inbound'];

export const reconDay = z
  .string({ error: 'day is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(new Date(`${d}T00:00:00Z`).getTime()) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'day must be a real date',
  });

/**
 * Why a record is listed:
 * - `not_in_ledger`: the provider settled it; the ledger has no posted record of it.
 * - `failed_at_provider`: the ledger posted it; the provider reports it failed or reversed.
 * - `not_at_provider`: the ledger has it; the provider's report does not.
 * - `amount_differs`: both settled it, for different amounts.
 * - `pending`: one side has settled it and the other still waits.
 */
export const reconMismatch = z.enum(['not_in_ledger', 'failed_at_provider', 'not_at_provider', 'amount_differs', 'pending']);
export type ReconMismatch = z.infer<typeof reconMismatch>;

export const reconItemStatus = z.enum(['open', 'awaiting_approval', 'resolved', 'explained']);
export type ReconItemStatus = z.infer<typeof reconItemStatus>;

/** What finance may do with a record: which ones apply follows from its mismatch (the server decides; `actions` lists them). */
export const reconAction = z.enum(['credit', 'refund', 'reversal', 'explain'], {
  error: 'action must be credit, refund, reversal or explain',
});
export type ReconAction = z.infer<typeof reconAction>;

export const providerLineStatus = z.enum(['successful', 'failed', 'reversed', 'pending']);

export const reconItem = z.object({
  id: z.string(),
  day: z.string(),
  source: reconSource,
  reference: z.string(),
  mismatch: reconMismatch,
  provider: z.object({ amount: kobo, status: providerLineStatus, providerRef: z.string().nullable() }).nullable(),
  ledger: z.object({ amount: kobo, status: z.enum(['pending', 'posted', 'voided']) }).nullable(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: reconItemStatus,
  actions: z.array(reconAction).describe('what may be done with it now (empty once resolved, explained or awaiting approval)'),
  resolution: z
    .object({
      action: reconAction,
      note: z.string(),
      by: z.object({ id: z.string(), name: z.string() }),
      at: z.string(),
      moneyRequest: z.object({ id: z.string(), reference: z.string(), status: moneyRequestStatus, amount: kobo }).nullable(),
    })
    .nullable(),
});
export type ReconItem = z.infer<typeof reconItem>;

export const reconRun = z.object({
  day: z.string(),
  source: reconSource,
  status: z
    .enum(['running', 'done', 'failed', 'not_reported'])
    .describe('running: being matched now; not_reported: the provider gives no report for this source'),
  providerLines: z.number().int(),
  ledgerRecords: z.number().int(),
  matched: z.number().int(),
  mismatched: z.number().int(),
  open: z.number().int().describe('mismatches not yet resolved or explained'),
  ranAt: z.string(),
  ranBy: z.object({ id: z.string(), name: z.string() }).nullable().describe('null when the daily job ran it'),
  error: z.string().nullable(),
});
export type ReconRun = z.infer<typeof reconRun>;

export const reconRunsQuery = z.object({ ...page, day: reconDay.optional() });
export const reconRunsResponse = paginated(reconRun);
export const reconRunBody = z.object({
  day: reconDay.describe('the Lagos day to match (today or before); a day already matched is matched again'),
});
export const reconRunResponse = envelope(z.array(reconRun));
export const reconItemsQuery = z.object({
  ...page,
  day: reconDay.optional(),
  source: reconSource.optional(),
  status: reconItemStatus.optional(),
});
export const reconItemsResponse = paginated(reconItem);
export const reconItemParam = z.object({ id: z.uuid('id must be a valid id') });
export const reconResolveBody = z.object({
  action: reconAction,
  reason: reasonText('reason').describe('the note kept with the record; for money, the request’s reason the customer reads'),
});
export type ReconResolveBody = z.infer<typeof reconResolveBody>;
export const reconItemResponse = envelope(reconItem);
