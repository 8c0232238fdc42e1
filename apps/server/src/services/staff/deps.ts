import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db.js';
import type { Notifier } from '../../platform/notifications.js';
import type { SettlementReports } from '../../platform/settlements.js';
import type { BlobStorage } from '../../platform/storage.js';

/** What the staff service needs from the platform; no Fastify types. */
export type StaffDeps = { db: Db; config: Config; notifier: Notifier; settlements: SettlementReports; storage: BlobStorage };

/**
 * The outside systems the staff service uses: the providers' settlement reports, for reconciliation,
 * and the blob storage the KYC documents are read from (the upload service's, given to every service).
 */
export type StaffProviders = { settlements: SettlementReports; storage: BlobStorage };
