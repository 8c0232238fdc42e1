import type { FastifyPluginAsync } from 'fastify';
import type { ServiceModule } from '../../platform/app.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { StaffAuthenticator } from '../../platform/staff-auth.js';
import { openSystemAccounts } from '../../ledger/index.js';
import type { StaffDeps } from './deps.js';
import { staffAdminRoutes } from './routes-admin.js';
import { staffAuthRoutes } from './routes-auth.js';
import { staffCustomerRoutes } from './routes-customers.js';
import { staffMoneyRoutes } from './routes-money.js';
import { staffDisputeRoutes, staffFreezeRoutes, staffKycRoutes, staffModerationRoutes } from './routes-ops.js';
import { findStaffSession, touchStaffSession } from './sessions.service.js';

export { createAdmin, type NewAdmin } from './accounts.service.js';
export { totpCode } from './second-factor.js';
/** The tables, for the database schema and tests. */
export { staff, staffAuditLog, staffMoneyRequests, staffNotes, staffRecoveryCodes, staffSessions } from './tables.js';

/** What the staff service provides to the app: the sessions behind the platform's `staff` guard. */
export function staffProviders(config: Config, db: Db): { staffAuthenticator: StaffAuthenticator } {
  return { staffAuthenticator: { session: (tokenHash) => findStaffSession(db, config, tokenHash) } };
}

/**
 * The operator console's service (/api/staff, docs/console.md): staff accounts apart from
 * customers', with TOTP and short sessions; customers; money with two keys; the audit log; health.
 */
const staffRoutes: FastifyPluginAsync = async (app) => {
  const deps: StaffDeps = { db: app.db, config: app.config, notifier: app.notifier };
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
};

export const staffService: ServiceModule = { name: 'staff', plugin: staffRoutes, init: openSystemAccounts };
