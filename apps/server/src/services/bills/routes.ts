import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceOptions } from '../../platform/app.js';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { paged } from '../../platform/pagination.js';
import {
  beneficiaries,
  billersOf,
  checkBill,
  packagesOf,
  reconcileBills,
  removeBeneficiary,
  validateCustomer,
  type BillsDeps,
  type BillsProviders,
} from './bills.service.js';

const tags = ['bills'];
const withErrors = <T extends object>(r: T) => ({ ...r, ...errorResponses, 422: c.errorBody });
const labelParam = z.object({ label: z.string().min(1).max(50) });

export const billsRoutes: FastifyPluginAsync<ServiceOptions<BillsProviders>> = async (fastify, { providers }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: BillsDeps = { db: app.db, vendor: providers.billVendor };

  for (const category of ['airtime', 'data', 'electricity', 'tv', 'betting'] as const) {
    app.get(
      `/bills/${category}-providers`,
      {
        ...bearer,
        schema: {
          tags,
          summary: `${category} providers with billerId and billerGroupId`,
          ...bearerDoc,
          response: withErrors({ 200: c.billersResponse }),
        },
      },
      async () => ok(billersOf(category), 'Providers'),
    );
  }

  app.get(
    '/bills/provider-data-plans',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Data plans of a network, or bouquets of a TV provider',
        ...bearerDoc,
        querystring: c.billerQuery,
        response: withErrors({ 200: c.packagesResponse }),
      },
    },
    async (req) => ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['data', 'tv']), 'Plans'),
  );

  app.get(
    '/bills/electricity-provider-packages',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Prepaid and postpaid packages of a distribution company',
        ...bearerDoc,
        querystring: c.billerQuery,
        response: withErrors({ 200: c.packagesResponse }),
      },
    },
    async (req) => ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['electricity']), 'Packages'),
  );

  app.get(
    '/bills/betting-provider-packages',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Packages of a betting provider',
        ...bearerDoc,
        querystring: c.billerQuery,
        response: withErrors({ 200: c.packagesResponse }),
      },
    },
    async (req) => ok(packagesOf(req.query.billerId, req.query.billerGroupId, ['betting']), 'Packages'),
  );

  app.get(
    '/bills/validate-customer',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Check a meter, smartcard or betting ID before paying: the customer name (and address for a meter)',
        ...bearerDoc,
        querystring: c.validateCustomerQuery,
        response: withErrors({ 200: c.customerResponse }),
      },
    },
    async (req) =>
      ok(
        await validateCustomer(deps.vendor, req.query.billerId, req.query.billerGroupId, req.query.customerNumber, req.query.packageId),
        'Customer found',
      ),
  );

  app.get(
    '/bills/purchase-status/:reference',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Check a purchase still processing with the vendor and settle it',
        ...bearerDoc,
        params: z.object({ reference: c.referenceField }),
        response: withErrors({ 200: c.receiptResponse }),
      },
    },
    async (req) => ok(await checkBill(deps, authOf(req).userId, req.params.reference), 'Purchase status'),
  );

  app.get(
    '/beneficiary/:label',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Numbers you paid before for this provider label (a billerId), most recent first',
        ...bearerDoc,
        params: labelParam,
        querystring: c.listQuery,
        response: withErrors({ 200: c.beneficiariesResponse }),
      },
    },
    async (req) => paged('Beneficiaries', req.query, await beneficiaries(app.db, authOf(req).userId, req.params.label, req.query)),
  );

  app.delete(
    '/beneficiary/:label/:customerNumber',
    {
      ...bearer,
      schema: {
        tags,
        summary: 'Remove a saved beneficiary',
        ...bearerDoc,
        params: labelParam.extend({ customerNumber: z.string().min(1).max(20) }),
        response: withErrors({ 200: c.messageOnly }),
      },
    },
    async (req) => {
      await removeBeneficiary(app.db, authOf(req).userId, req.params.label, req.params.customerNumber);
      return ok(null, 'Beneficiary removed');
    },
  );

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return;
    timer = setInterval(
      () => void reconcileBills(deps).catch((err: unknown) => app.log.error({ err }, 'bill reconcile failed')),
      app.config.payoutReconcileMs,
    );
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
};
