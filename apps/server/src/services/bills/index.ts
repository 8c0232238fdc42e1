import type { InitiateBody } from '@owo/contracts';
import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import { registerPaymentType } from '../transaction/index.js';
import { BILL_TYPES, checkBill, completeBill, initiateBill } from './bills.service.js';
import { billsRoutes } from './routes.js';

export { useBillVendor, reconcileBills } from './bills.service.js';
export { SANDBOX_BILLS } from './providers/vendor.js';

// Bill purchases go through the transaction service's initiate/complete.
registerPaymentType(BILL_TYPES, {
  initiate: (db, userId, body: InitiateBody) => {
    if (body.type === 'sendMoney') throw new Error('not a bill');
    return initiateBill(db, userId, body);
  },
  complete: completeBill,
  check: checkBill,
});

export const billsService: ServiceModule = { name: 'bills', plugin: billsRoutes, init: openSystemAccounts };
