import { z } from 'zod';
import { envelope, paginated } from './common.js';
import { kobo } from './money.js';
import { moneyRequest, reasonText } from './staff.js';

// The operator console's day-to-day work (api-staff-ops.ts): freezing an account, marketplace
// disputes decided with two keys, the moderation queue and bans, the review of Tier 3 documents.

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

/** What can be reported and reviewed: Connect's posts, comments and communities, the marketplace's products and shops. */
export const moderationKind = z.enum(['post', 'comment', 'product', 'shop', 'community'], {
  error: 'kind must be post, comment, product, shop or community',
});
export type ModerationKind = z.infer<typeof moderationKind>;
export const moderationQuery = z.object({ ...page, kind: moderationKind.optional().describe('only this kind (every kind when left out)') });
/** A ban in force: until when (null: for good) and why. */
export const banState = z.object({ until: z.string().nullable(), reason: z.string(), since: z.string() });
export const reportedItem = z.object({
  kind: moderationKind,
  id: z.string(),
  /** The thing as its reporters saw it: a name (product, shop, community), its text, a picture. */
  preview: z.object({
    title: z.string().nullable(),
    text: z.string(),
    imageUrl: z.string().nullable(),
    /** Where it is: the post a comment is on, the shop of a product, a community's members. */
    context: z.string().nullable(),
  }),
  /** Who wrote it or owns it (a post's or comment's author, a shop's owner, a community's owner), and their ban if any. */
  author: party.extend({ ban: banState.nullable() }),
  /** Hidden by its reports (posts and comments from everyone but the author, communities from discovery). */
  hidden: z.boolean(),
  reports: z.number().int(),
  /** Each reason given, with how many reports gave it, the most given first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** The reporters' own words (marketplace reports carry them), newest first. */
  details: z.array(z.string()),
  lastReportedAt: z.string(),
});
export type ReportedItem = z.infer<typeof reportedItem>;
/** A reported thing as the service that owns it reads it: the console adds the author's name and ban. */
export type ReportedContent = Omit<ReportedItem, 'author'> & { authorId: string };
export const moderationQueueResponse = paginated(reportedItem);
export const moderationParam = z.object({ kind: moderationKind, id: z.uuid('id must be a valid id') });
export const moderationAction = z.enum(['restore', 'warn', 'remove'], { error: 'action must be restore, warn or remove' });
export type ModerationAction = z.infer<typeof moderationAction>;
export const moderationDecisionBody = z.object({
  action: moderationAction,
  reason: reasonText('reason').describe('sent to the author'),
});
export const moderationDecision = z.object({
  kind: moderationKind,
  id: z.string(),
  action: moderationAction,
  reason: z.string(),
  authorId: z.string(),
});
export const moderationDecisionResponse = envelope(moderationDecision);

/** How long a ban lasts: a number of days, or null for good. */
export const BAN_DAYS = [1, 7, 30, 90, 365] as const;
export const banBody = z.object({
  reason: reasonText('reason').describe('sent to the person, and in each refusal'),
  days: z
    .number({ error: 'days must be a number of days, or null for good' })
    .int('days must be a whole number')
    .min(1, 'a ban lasts at least 1 day')
    .max(3650, 'a ban lasts at most 3650 days; for longer, ban for good')
    .nullable()
    .describe('how many days; null: for good'),
});
export type BanBody = z.infer<typeof banBody>;
export const personBan = z.object({
  userId: z.string(),
  name: z.string(),
  until: z.string().nullable(),
  reason: z.string(),
  since: z.string(),
});
export type PersonBan = z.infer<typeof personBan>;
export const banResponse = envelope(personBan);
export const bansQuery = z.object(page);
export const bansResponse = paginated(personBan.extend({ bannedBy: party.nullable() }));
export const banParam = z.object({ userId: z.uuid('userId must be a valid id') });
export const liftBanBody = z.object({ reason: reasonText('reason').describe('sent to the person') });
export const liftBanResponse = envelope(z.object({ userId: z.string(), lifted: z.literal(true) }));

// --- KYC review -------------------------------------------------------------------------------------

export const kycQueueQuery = z.object(page);
export const kycReviewItem = z.object({
  customer: party,
  phone: z.string().nullable(),
  submittedAt: z.string(),
  idType: z.enum(['nin_slip', 'drivers_licence', 'voters_card', 'passport']),
  idDocumentId: z.string().describe('open it with GET /api/staff/kyc/documents/{id}'),
  proofOfAddressId: z.string(),
  dateOfBirth: z.string().nullable(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string() }).nullable(),
  bvnMasked: z.string().nullable(),
  ninMasked: z.string().nullable(),
});
export type KycReviewItem = z.infer<typeof kycReviewItem>;
export const kycQueueResponse = paginated(kycReviewItem);
export const kycDocumentParam = z.object({ id: z.uuid('id must be a valid id') });
/** The document's image bytes (not an envelope): see the entry's `bytes`. */
export const kycDocumentResponse = z.string().describe('the image (JPEG, PNG or WebP)');
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
