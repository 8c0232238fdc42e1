import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import type { BillsProviders } from './bills.service.js';
import { billsRoutes } from './routes.js';

export { billPaymentTypes, billsProviders, reconcileBills, type BillsProviders } from './bills.service.js';
export { SANDBOX_BILLS, type BillVendor } from './providers/vendor.js';

export const billsService: ServiceModule<BillsProviders> = { name: 'bills', plugin: billsRoutes, init: openSystemAccounts };
