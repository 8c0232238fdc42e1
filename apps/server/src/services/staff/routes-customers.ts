import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { paged } from '../../platform/pagination.js';
import { addNote, customerHistory, customerNotes, customerRecord, searchCustomers } from './customers.service.js';
import type { StaffDeps } from './deps.js';
import { staffRoute } from './staff-route.js';

/** Customers: search, the record, history and notes (each read in the audit log). */
export const staffCustomerRoutes =
  (deps: StaffDeps): FastifyPluginAsync =>
  async (app) => {
    staffRoute(app, 'staff.searchCustomers', 'customers.search', async (req, me) =>
      paged('Customers', req.query, await searchCustomers(deps, me, req.query)),
    );
    staffRoute(app, 'staff.customer', 'customers.read', async (req, me) => ok(await customerRecord(deps, me, req.params.id), 'Customer'));
    staffRoute(app, 'staff.customerHistory', 'customers.read', async (req, me) =>
      paged('History', req.query, await customerHistory(deps, me, req.params.id, req.query)),
    );
    staffRoute(app, 'staff.customerNotes', 'customers.read', async (req, me) =>
      paged('Notes', req.query, await customerNotes(deps, me, req.params.id, req.query)),
    );
    staffRoute(app, 'staff.addNote', 'customers.note', async (req, me, reply) => {
      const note = await withIdempotency(deps.db, req, reply, me.staffId, 'staff.addNote', (tx) =>
        addNote(deps, tx, me, req.params.id, req.body.text),
      );
      return reply.status(201).send(ok(note, 'Note added'));
    });
  };
