import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule, ServiceOptions } from '../../platform/app.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { StaffAuthenticator } from '../../platform/staff-auth.js';
import { openSystemAccounts } from '../../ledger/index.js';
import { httpSettlementReports, sandboxSettlementReports, type SettlementLine } from '../../platform/settlements.js';
import type { StaffDeps, StaffProviders } from './deps.js';
import { reconcileYesterday } from './recon.service.js';
import { staffAdminRoutes } from './routes-admin.js';
import { staffAuthRoutes } from './routes-auth.js';
import { staffCustomerRoutes } from './routes-customers.js';
import { staffMoneyRoutes } from './routes-money.js';
import { staffDisputeRoutes, staffFreezeRoutes, staffKycRoutes, staffModerationRoutes } from './routes-ops.js';
import { staffReconRoutes } from './routes-recon.js';
import { findStaffSession, touchStaffSession } from './sessions.service.js';

export { createAdmin, type NewAdmin } from './accounts.service.js';
export type { StaffProviders } from './deps.js';
export { totpCode } from './second-factor.js';
/** The tables, for the database schema and tests. */
export {
  reconItems,
  reconRuns,
  staff,
  staffAuditLog,
  staffMoneyRequests,
  staffNotes,
  staffRecoveryCodes,
  staffSessions,
} from './tables.js';

/** What the staff service provides to the app: the sessions behind the platform's `staff` guard. */
export function staffProviders(config: Config, db: Db): { staffAuthenticator: StaffAuthenticator } {
  return { staffAuthenticator: { session: (tokenHash) => findStaffSession(db, config, tokenHash) } };
}

/**
 * The providers' settlement reports for reconciliation: an HTTP service when SETTLEMENT_URL is set,
 * otherwise the sandbox providers' own books (`books`: the sandbox card acquirer keeps its charges).
 */
export function settlementProviders(
  config: Config,
  books: { card?: (day: string) => Promise<SettlementLine[]> },
): Pick<StaffProviders, 'settlements'> {
  const { url, apiKey } = config.settlement;
  return { settlements: url ? httpSettlementReports(url, apiKey) : sandboxSettlementReports(books) };
}

/**
 * The operator console's service (/api/staff, docs/console.md): staff accounts apart from
 * customers', with TOTP and short sessions; customers; money with two keys; the audit log; health.
 */
const staffRoutes: FastifyPluginAsync<ServiceOptions<StaffProviders>> = async (app, { providers }) => {
  const deps: StaffDeps = {
    db: app.db,
    config: app.config,
    notifier: app.notifier,
    settlements: providers.settlements,
    storage: providers.storage,
  };
  // A session's idle limit counts from its last successful call (a refused one moves nothing).
  app.addHook('onSend', async (req, reply) => {
    if (req.staff && reply.statusCode < 400) await touchStaffSession(deps.db, req.staff.sessionId);
  });
  await app.register(staffAuthRoutes(deps));
  await app.register(staffAdminRoutes(deps));
  await app.register(staffCustomerRoutes(deps));
  await app.register(staffMoneyRoutes(deps));
  await app.register(staffFreezeRoutes(deps));
  await app.register(staffDisputeRoutes(deps));
  await app.register(staffModerationRoutes(deps));
  await app.register(staffKycRoutes(deps));
  await app.register(staffReconRoutes(deps));
  // Yesterday's reports matched once the reports are in (RECON_HOUR); each source's run is claimed by its row.
  app.jobs.add({ name: 'staff.reconcile', periodMs: app.config.schedulerMs, run: () => reconcileYesterday(deps) });
};

export const staffService: ServiceModule<StaffProviders> = { name: 'staff', plugin: staffRoutes, init: openSystemAccounts };
