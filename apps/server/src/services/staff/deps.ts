import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { Notifier } from '../../platform/notifications.js';
import type { SettlementReports } from '../../platform/settlements.js';

/** What the staff service needs from the platform; no Fastify types. */
export type StaffDeps = { db: Db; config: Config; notifier: Notifier; settlements: SettlementReports };

/** The outside systems the staff service uses: the providers' settlement reports, for reconciliation. */
export type StaffProviders = { settlements: SettlementReports };
