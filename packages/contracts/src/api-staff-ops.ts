import type { ApiEndpointDef } from './api.js';
import { customerParam } from './staff.js';
import * as s from './staff-ops.js';

const P = '/api/staff';
const tag = 'staff';

/**
 * The console's day-to-day work (docs/console.md): freezing a customer's account, marketplace
 * disputes decided with two keys, the moderation queue of reported posts, comments, products, shops
 * and communities with bans, and the review of Tier 3 documents; and the customers' own call that says
 * whether their account is frozen. Part of `apiMap`.
 */
export const staffOpsApi = {
  // --- freezing an account --------------------------------------------------------------------------
  'staff.freezeAccount': {
    method: 'POST',
    path: `${P}/customers/:id/freeze`,
    params: customerParam,
    body: s.freezeBody,
    response: s.accountFreezeResponse,
    tag,
    summary: "Freeze a customer's account: every call that moves money out is refused with the reason",
  },
  'staff.unfreezeAccount': {
    method: 'POST',
    path: `${P}/customers/:id/unfreeze`,
    params: customerParam,
    body: s.unfreezeBody,
    response: s.accountFreezeResponse,
    tag,
    summary: "Unfreeze a customer's account",
  },
  'user.accountFreeze': {
    method: 'GET',
    path: '/api/user/freeze',
    response: s.accountFreezeResponse,
    tag: 'user',
    summary: 'Whether my account is frozen, why, and how to reach support',
  },

  // --- disputes -------------------------------------------------------------------------------------
  'staff.disputes': {
    method: 'GET',
    path: `${P}/disputes`,
    query: s.disputesQuery,
    response: s.disputesResponse,
    tag,
    summary: 'Open marketplace disputes, oldest first, with both sides’ messages and the order’s timeline',
  },
  'staff.dispute': {
    method: 'GET',
    path: `${P}/disputes/:orderId`,
    params: s.disputeParam,
    response: s.disputeResponse,
    tag,
    summary: 'One disputed order',
  },
  'staff.decideDispute': {
    method: 'POST',
    path: `${P}/disputes/:orderId/decision`,
    params: s.disputeParam,
    body: s.disputeDecisionBody,
    response: s.disputeDecisionResponse,
    created: true,
    tag,
    summary: 'Decide a dispute (refund, release or split): a money request a finance person approves',
  },

  // --- moderation -----------------------------------------------------------------------------------
  'staff.moderationQueue': {
    method: 'GET',
    path: `${P}/moderation`,
    query: s.moderationQuery,
    response: s.moderationQueueResponse,
    tag,
    summary:
      'Reported posts, comments, products, shops and communities waiting for review (hidden first, then the most reported), ' +
      'with the reasons and their counts',
  },
  'staff.moderate': {
    method: 'POST',
    path: `${P}/moderation/:kind/:id`,
    params: s.moderationParam,
    body: s.moderationDecisionBody,
    response: s.moderationDecisionResponse,
    tag,
    summary: 'Restore, warn or remove a reported thing: its reports are cleared and the reason is sent to its author',
  },
  'staff.banAuthor': {
    method: 'POST',
    path: `${P}/moderation/:kind/:id/ban`,
    params: s.moderationParam,
    body: s.banBody,
    response: s.banResponse,
    tag,
    summary:
      'Ban the author of a reported thing for some days or for good: they cannot post, comment, list products or create ' +
      'communities; the reason is sent to them',
  },
  'staff.bans': {
    method: 'GET',
    path: `${P}/moderation/bans`,
    query: s.bansQuery,
    response: s.bansResponse,
    tag,
    summary: 'The bans in force, the newest first',
  },
  'staff.liftBan': {
    method: 'POST',
    path: `${P}/moderation/bans/:userId/lift`,
    params: s.banParam,
    body: s.liftBanBody,
    response: s.liftBanResponse,
    tag,
    summary: 'End a ban now; the person is told',
  },
  // --- KYC review ---------------------------------------------------------------------------------
  'staff.kycQueue': {
    method: 'GET',
    path: `${P}/kyc/tier3`,
    query: s.kycQueueQuery,
    response: s.kycQueueResponse,
    tag,
    summary: 'Tier 3 requests waiting for review, the oldest first, with their documents and the checks already passed',
  },
  'staff.kycDocument': {
    method: 'GET',
    path: `${P}/kyc/documents/:id`,
    params: s.kycDocumentParam,
    response: s.kycDocumentResponse,
    bytes: ['image/jpeg', 'image/png', 'image/webp'],
    tag,
    summary:
      "A KYC request's document (its image, never cached), for staff who review KYC; each opening is in the audit log. " +
      'Documents are served by no other address',
  },
  'staff.reviewKyc': {
    method: 'POST',
    path: `${P}/kyc/tier3/:userId`,
    params: s.kycReviewParam,
    body: s.kycReviewBody,
    response: s.kycReviewDecisionResponse,
    tag,
    summary: "Approve a customer's Tier 3 documents (their limits rise at once) or reject them with a reason the customer reads",
  },
} as const satisfies Record<string, ApiEndpointDef>;
