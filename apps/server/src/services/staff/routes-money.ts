import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged } from '../../platform/pagination.js';
import type { StaffDeps } from './deps.js';
import { approveMoney, moneyRequest, moneyRequests, rejectMoney, requestMoney } from './money-requests.service.js';
import { staffRoute } from './staff-route.js';

/** Money with two keys: request, list, approve (posts through the ledger), reject. */
export const staffMoneyRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    staffRoute(app, 'staff.requestMoney', 'money.request', async (req, me, reply) => {
      const r = await withIdempotency(db, req, reply, me.staffId, 'staff.requestMoney', (tx) => requestMoney(deps, tx, me, req.body));
      return reply.status(201).send(ok(r, 'Requested: another finance person must approve it'));
    });
    staffRoute(app, 'staff.moneyRequests', 'money.read', async (req) =>
      paged('Money requests', req.query, await moneyRequests(db, req.query)),
    );
    staffRoute(app, 'staff.moneyRequest', 'money.read', async (req) => ok(await moneyRequest(db, req.params.id), 'Money request'));
    staffRoute(app, 'staff.approveMoney', 'money.decide', async (req, me, reply) =>
      ok(
        await withIdempotency(db, req, reply, me.staffId, 'staff.approveMoney', (tx) => approveMoney(deps, tx, me, req.params.id)),
        'Approved and posted',
      ),
    );
    staffRoute(app, 'staff.rejectMoney', 'money.decide', async (req, me, reply) =>
      ok(
        await withIdempotency(db, req, reply, me.staffId, 'staff.rejectMoney', (tx) =>
          rejectMoney(deps, tx, me, req.params.id, req.body.reason),
        ),
        'Rejected',
      ),
    );
  };
