import type { ServiceModule } from '../platform/app.js';
import { billsService } from './bills/index.js';
import { uploadService } from './upload/index.js';
import { transactionService } from './transaction/index.js';
import { userService } from './user/index.js';
import { walletService } from './wallet/index.js';

/** Every service module this build serves; `SERVICES` picks a subset at run time. */
export const allServices: ServiceModule[] = [userService, uploadService, transactionService, walletService, billsService];
