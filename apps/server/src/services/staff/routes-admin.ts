import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged } from '../../platform/pagination.js';
import { addStaff, disableStaff, listStaff } from './accounts.service.js';
import { searchAudit, verifyAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { health } from './health.service.js';
import { staffRoute } from './staff-route.js';

/** Staff accounts (admins), the audit log (compliance, admins) and health. */
export const staffAdminRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    const { db } = deps;
    staffRoute(app, 'staff.list', 'staff.read', async (req) => paged('Staff', req.query, await listStaff(db, req.query)));
    staffRoute(app, 'staff.add', 'staff.manage', async (req, me, reply) => {
      const member = await withIdempotency(db, req, reply, me.staffId, 'staff.add', (tx) => addStaff(deps, tx, me, req.body));
      return reply.status(201).send(ok(member, 'Invitation sent'));
    });
    staffRoute(app, 'staff.disable', 'staff.manage', async (req, me, reply) => {
      const member = await withIdempotency(db, req, reply, me.staffId, 'staff.disable', (tx) =>
        disableStaff(deps, tx, me, req.params.id, req.body.reason),
      );
      return ok(member, 'Disabled');
    });
    staffRoute(app, 'staff.audit', 'audit.read', async (req) => ok(await searchAudit(db, req.query), 'Audit log'));
    staffRoute(app, 'staff.verifyAudit', 'audit.read', async () => ok(await verifyAudit(db, deps.config.secret), 'Audit chain'));
    staffRoute(app, 'staff.health', 'health.read', async () => ok(await health(db, app.jobs.declared()), 'Health'));
  };
