import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '../../platform/app.js';
import { ok } from '../../platform/http.js';
import { paged } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import {
  beneficiaries,
  billersOf,
  checkBill,
  packagesOf,
  removeBeneficiary,
  validateCustomer,
  type BillsDeps,
  type BillsProviders,
} from './bills.service.js';
import { registerBillsJobs } from './jobs.js';

export const billsRoutes: FastifyPluginAsync<ServiceOptions<BillsProviders>> = async (app, { providers }) => {
  const deps: BillsDeps = { db: app.db, vendor: providers.billVendor };

  for (const category of ['airtime', 'data', 'electricity', 'tv', 'betting'] as const) {
    route(app, `bills.${category}Providers`, { guard: 'bearer' }, async () => ok(billersOf(category), 'Providers'));
  }

  route(app, 'bills.dataPlans', { guard: 'bearer' }, async (req) =>
    ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['data', 'tv']), 'Plans'),
  );

  route(app, 'bills.electricityPackages', { guard: 'bearer' }, async (req) =>
    ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['electricity']), 'Packages'),
  );

  route(app, 'bills.bettingPackages', { guard: 'bearer' }, async (req) =>
    ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['betting']), 'Packages'),
  );

  route(app, 'bills.validateCustomer', { guard: 'bearer' }, async (req) =>
    ok(
      await validateCustomer(deps.vendor, req.query.billerId, req.query.billerGroupId, req.query.customerNumber, req.query.packageId),
      'Customer found',
    ),
  );

  route(app, 'bills.purchaseStatus', { guard: 'bearer' }, async (req) =>
    ok(await checkBill(deps, me(req), req.params.reference), 'Purchase status'),
  );

  route(app, 'bills.beneficiaries', { guard: 'bearer' }, async (req) =>
    paged('Beneficiaries', req.query, await beneficiaries(app.db, me(req), req.params.label, req.query)),
  );

  route(app, 'bills.removeBeneficiary', { guard: 'bearer' }, async (req) => {
    await removeBeneficiary(app.db, me(req), req.params.label, req.params.customerNumber);
    return ok(null, 'Beneficiary removed');
  });

  registerBillsJobs(app, deps);
};
