import type { FastifyPluginAsync } from 'fastify';
import type { ServiceOptions } from '../../platform/app.js';
import { ok } from '../../platform/http.js';
import { paged } from '../../platform/pagination.js';
import { route, userIdOf as me } from '../../platform/route.js';
import type { KycDeps, KycProviders } from './deps.js';
import { listHeld, returnExpiredHolds } from './held.service.js';
import { kycStatus, setAddress, submitTier3, verifyNumber } from './kyc.service.js';
import { writeKycSettings } from './settings.js';

export const kycRoutes: FastifyPluginAsync<ServiceOptions<KycProviders>> = async (app, { providers }) => {
  const deps: KycDeps = { db: app.db, config: app.config, identity: providers.identity };
  await writeKycSettings(app.db, app.config.kyc);
  app.jobs.add({ name: 'kyc.return-held', periodMs: app.config.kyc.returnCheckMs, run: () => returnExpiredHolds(deps) });

  route(app, 'kyc.status', { guard: 'bearer' }, async (req) => ok(await kycStatus(deps, me(req)), 'Your limits'));
  route(app, 'kyc.verifyBvn', { guard: 'bearer' }, async (req) =>
    ok(await verifyNumber(deps, me(req), 'bvn', req.body.bvn, req.body.dateOfBirth), 'BVN verified'),
  );
  route(app, 'kyc.verifyNin', { guard: 'bearer' }, async (req) =>
    ok(await verifyNumber(deps, me(req), 'nin', req.body.nin, req.body.dateOfBirth), 'NIN verified'),
  );
  route(app, 'kyc.setAddress', { guard: 'bearer' }, async (req) => ok(await setAddress(deps, me(req), req.body), 'Address saved'));
  route(app, 'kyc.submitTier3', { guard: 'bearer' }, async (req) =>
    ok(await submitTier3(deps, me(req), req.body), 'Your documents are with our team for review'),
  );
  route(app, 'kyc.heldCredits', { guard: 'bearer' }, async (req) =>
    paged('Held credits', req.query, await listHeld(deps, me(req), req.query)),
  );
};
