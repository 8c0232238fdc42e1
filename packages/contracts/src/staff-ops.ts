import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { kobo } from './money.js';
import { moneyRequest, reasonText } from './staff.js';

// The operator console's day-to-day work (api-staff-ops.ts): freezing an account, marketplace
// disputes decided with two keys.

const page = {
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(20),
};

// --- freezing an account ----------------------------------------------------------------------------

export const freezeBody = z.object({ reason: reasonText('reason').describe('the customer reads it in the app and in each refusal') });
export const unfreezeBody = z.object({ reason: reasonText('reason').describe('for the audit log') });
export const accountFreezeState = z.object({
  frozen: z.boolean(),
  reason: z.string().nullable(),
  since: z.string().nullable(),
  /** How to reach support. */
  contact: z.string(),
});
export type AccountFreezeState = z.infer<typeof accountFreezeState>;
export const accountFreezeResponse = envelope(accountFreezeState);

// --- disputes ---------------------------------------------------------------------------------------

export const disputesQuery = z.object(page);
export const disputeParam = z.object({ orderId: z.uuid('orderId must be a valid id') });
const party = z.object({ id: z.string(), name: z.string() });
export const disputeMessage = z.object({
  from: z.enum(['shopper', 'seller', 'owo']),
  text: z.string(),
  at: z.string(),
});
export const dispute = z.object({
  orderId: z.string(),
  reference: z.string(),
  status: z.string(),
  shopName: z.string(),
  shopper: party,
  seller: party,
  /** What the escrow holds for the order (the order's total), in kobo. */
  total: kobo,
  commission: kobo,
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: kobo })),
  /** The shopper's reason and what each side was told, oldest first. */
  messages: z.array(disputeMessage),
  timeline: z.array(z.object({ status: z.string(), at: z.string() })),
  openedAt: z.string().nullable(),
  /** The decision waiting for a second key, if any. */
  pending: moneyRequest.nullable(),
});
export type Dispute = z.infer<typeof dispute>;
export const disputeResponse = envelope(dispute);
export const disputesResponse = paginated(dispute);
export const disputeDecisionBody = z
  .discriminatedUnion(
    'decision',
    [
      z.object({ decision: z.literal('refund'), reason: reasonText('reason') }),
      z.object({ decision: z.literal('release'), reason: reasonText('reason') }),
      z.object({
        decision: z.literal('split'),
        shopperAmount: kobo.min(1, 'shopperAmount must be at least 1 kobo'),
        sellerAmount: kobo.min(1, 'sellerAmount must be at least 1 kobo'),
        reason: reasonText('reason'),
      }),
    ],
    { error: 'decision must be refund, release or split' },
  )
  .describe('the reason is sent to both people');
export type DisputeDecisionBody = z.infer<typeof disputeDecisionBody>;
export const disputeDecisionResponse = envelope(moneyRequest);

// --- moderation -------------------------------------------------------------------------------------

export const moderationQuery = z.object(page);
export const reportedPost = z.object({
  id: z.string(),
  text: z.string(),
  author: party,
  /** Hidden from the feeds (enough people reported it). */
  hidden: z.boolean(),
  reports: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), at: z.string() })),
  lastReportedAt: z.string(),
});
export type ReportedPost = z.infer<typeof reportedPost>;
export const moderationQueueResponse = paginated(reportedPost);
export const moderationParam = z.object({ id: z.uuid('id must be a valid id') });
export const moderationAction = z.enum(['restore', 'warn', 'remove'], { error: 'action must be restore, warn or remove' });
export const moderationDecisionBody = z.object({
  action: moderationAction,
  reason: reasonText('reason').describe('sent to the author'),
});
export const moderationDecision = z.object({ id: z.string(), action: moderationAction, reason: z.string(), authorId: z.string() });
export const moderationDecisionResponse = envelope(moderationDecision);

// --- KYC review -------------------------------------------------------------------------------------

export const kycQueueQuery = z.object(page);
export const kycReviewItem = z.object({
  customer: party,
  phone: z.string().nullable(),
  submittedAt: z.string(),
  idType: z.enum(['nin_slip', 'drivers_licence', 'voters_card', 'passport']),
  idDocumentUrl: z.string(),
  proofOfAddressUrl: z.string(),
  dateOfBirth: z.string().nullable(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string() }).nullable(),
  bvnMasked: z.string().nullable(),
  ninMasked: z.string().nullable(),
});
export type KycReviewItem = z.infer<typeof kycReviewItem>;
export const kycQueueResponse = paginated(kycReviewItem);
export const kycReviewParam = z.object({ userId: z.uuid('userId must be a valid id') });
export const kycReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
    reason: z.string().trim().max(500, 'reason is at most 500 characters').optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason?.length ?? 0) >= 3, {
    message: 'Say why the documents are rejected: the customer reads it',
    path: ['reason'],
  });
export const kycReviewDecision = z.object({
  userId: z.string(),
  decision: z.enum(['approve', 'reject']),
  tier: z.number().int(),
  reason: z.string().nullable(),
});
export const kycReviewDecisionResponse = envelope(kycReviewDecision);
