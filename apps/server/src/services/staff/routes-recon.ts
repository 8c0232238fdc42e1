import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged } from '../../platform/pagination.js';
import type { StaffDeps } from './deps.js';
import { listItems, listRuns } from './recon-reads.js';
import { resolveItem, runDay } from './recon.service.js';
import { staffRoute } from './staff-route.js';

/** Reconciliation: the runs, a day matched again, the records that do not match, and their resolution. */
export const staffReconRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    staffRoute(app, 'staff.reconRuns', 'reconciliation.read', async (req) =>
      paged('Reconciliation runs', req.query, await listRuns(deps.db, req.query)),
    );
    // Matching a day again is safe to repeat (it rewrites the same list and keeps every decision), so
    // it needs no Idempotency-Key; it reads the providers' reports outside any transaction.
    staffRoute(app, 'staff.reconRun', 'reconciliation.run', async (req, me) =>
      ok(await runDay(deps, me, req.body.day), 'Matched: the records that do not match are listed'),
    );
    staffRoute(app, 'staff.reconItems', 'reconciliation.read', async (req) =>
      paged('Records that do not match', req.query, await listItems(deps.db, req.query)),
    );
    staffRoute(app, 'staff.resolveRecon', 'reconciliation.resolve', async (req, me, reply) => {
      const item = await withIdempotency(deps.db, req, reply, me.staffId, 'staff.resolveRecon', (tx) =>
        resolveItem(deps, tx, me, req.params.id, req.body),
      );
      return ok(
        item,
        item.status === 'explained' ? 'Explained: the record is closed' : 'Sent for approval: another finance person must approve it',
      );
    });
  };
