import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import { walletRoutes } from './routes.js';

export { reconcileBankTransfers } from './bank-transfer.service.js';
export { SANDBOX_ACCOUNTS } from './providers/banks.js';
export { SANDBOX_CARDS } from './providers/cards.js';
export type { WalletProviders } from './deps.js';

export const walletService: ServiceModule = { name: 'wallet', plugin: walletRoutes, init: openSystemAccounts };
