import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged } from '../../platform/pagination.js';
import type { StaffDeps } from './deps.js';
import { getDispute, listDisputes, requestDecision } from './disputes.service.js';
import { freezeCustomer, unfreezeCustomer } from './freeze.service.js';
import { kycDocument, kycQueue, reviewTier3 } from './kyc-review.service.js';
import { banAuthor, liftPersonBan, listBans, moderate, moderationQueue } from './moderation.service.js';
import { staffRoute } from './staff-route.js';

/** Freezing and unfreezing a customer's account. */
export const staffFreezeRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    staffRoute(app, 'staff.freezeAccount', 'accounts.freeze', async (req, me, reply) =>
      ok(
        await withIdempotency(db, req, reply, me.staffId, 'staff.freezeAccount', (tx) =>
          freezeCustomer(deps, tx, me, req.params.id, req.body.reason),
        ),
        'Account frozen: the customer can no longer move money out',
      ),
    );
    staffRoute(app, 'staff.unfreezeAccount', 'accounts.freeze', async (req, me, reply) =>
      ok(
        await withIdempotency(db, req, reply, me.staffId, 'staff.unfreezeAccount', (tx) =>
          unfreezeCustomer(deps, tx, me, req.params.id, req.body.reason),
        ),
        'Account unfrozen',
      ),
    );
  };

/** Disputes: the open ones, one, and a decision (a money request of kind dispute, for finance to approve). */
export const staffDisputeRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    staffRoute(app, 'staff.disputes', 'disputes.read', async (req) => paged('Disputes', req.query, await listDisputes(deps, req.query)));
    staffRoute(app, 'staff.dispute', 'disputes.read', async (req) => ok(await getDispute(deps, req.params.orderId), 'Dispute'));
    staffRoute(app, 'staff.decideDispute', 'disputes.decide', async (req, me, reply) => {
      const r = await withIdempotency(deps.db, req, reply, me.staffId, 'staff.decideDispute', (tx) =>
        requestDecision(deps, tx, me, req.params.orderId, req.body),
      );
      return reply.status(201).send(ok(r, 'Decision sent for approval: a finance person must approve it'));
    });
  };

/** Moderation: the queue of reported things, a decision on one, and bans of their authors. */
export const staffModerationRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    staffRoute(app, 'staff.moderationQueue', 'moderation.review', async (req) =>
      paged('Reported', req.query, await moderationQueue(deps, req.query)),
    );
    staffRoute(app, 'staff.moderate', 'moderation.review', async (req, me, reply) =>
      ok(
        await withIdempotency(deps.db, req, reply, me.staffId, 'staff.moderate', (tx) =>
          moderate(deps, tx, me, req.params.kind, req.params.id, req.body.action, req.body.reason),
        ),
        'Decided: the author is told',
      ),
    );
    staffRoute(app, 'staff.banAuthor', 'moderation.ban', async (req, me, reply) =>
      ok(
        await withIdempotency(deps.db, req, reply, me.staffId, 'staff.banAuthor', (tx) =>
          banAuthor(deps, tx, me, req.params.kind, req.params.id, req.body),
        ),
        'Banned: the person is told why and until when',
      ),
    );
    staffRoute(app, 'staff.bans', 'moderation.ban', async (req) => paged('Bans in force', req.query, await listBans(deps, req.query)));
    staffRoute(app, 'staff.liftBan', 'moderation.ban', async (req, me, reply) =>
      ok(
        await withIdempotency(deps.db, req, reply, me.staffId, 'staff.liftBan', (tx) =>
          liftPersonBan(deps, tx, me, req.params.userId, req.body.reason),
        ),
        'Ban lifted: the person is told',
      ),
    );
  };

/** KYC review: the Tier 3 requests waiting, and a decision on one. */
export const staffKycRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    staffRoute(app, 'staff.kycQueue', 'kyc.review', async (req) => paged('Tier 3 requests', req.query, await kycQueue(deps, req.query)));
    staffRoute(app, 'staff.kycDocument', 'kyc.review', async (req, me, reply) => {
      const doc = await kycDocument(deps, me, req.params.id);
      return reply
        .header('content-type', doc.mimeType)
        .header('content-length', doc.size)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(doc.stream);
    });
    staffRoute(app, 'staff.reviewKyc', 'kyc.review', async (req, me, reply) => {
      const r = await withIdempotency(deps.db, req, reply, me.staffId, 'staff.reviewKyc', (tx) =>
        reviewTier3(deps, tx, me, req.params.userId, req.body.decision, req.body.reason),
      );
      return ok(r, r.decision === 'approve' ? 'Approved: the customer is on Tier 3' : 'Rejected: the customer is told why');
    });
  };
