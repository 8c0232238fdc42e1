import type { Config } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Notifier } from '../../platform/notifications.js';

/** What the user service needs from the platform; no Fastify types. */
export type UserDeps = { db: Db; config: Config; notifier: Notifier };

/**
 * Given by the app (the KYC service's): opens a person's new-device window, during which their
 * day limit is the new device's (docs/kyc.md). The user service does not import KYC.
 */
export type OpenDeviceWindow = (tx: Tx, userId: string) => Promise<void>;
export type UserOptions = { openDeviceWindow: OpenDeviceWindow };
