import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import type { WalletProviders } from './deps.js';
import { walletRoutes } from './routes.js';

export { signWebhook } from './virtual-account.service.js';
export { reconcileBankTransfers } from './bank-transfer.service.js';
export { remindLoansDueTomorrow } from './loan-reminders.js';
export { runDueSavings } from './savings.service.js';
export { SANDBOX_ACCOUNTS, type BankRail } from './providers/banks.js';
export { SANDBOX_CARDS, type CardAcquirer } from './providers/cards.js';
export { walletProviders, type WalletProviders } from './deps.js';
export { accountNumberOf, ownerOfAccountNumber, ownersOfAccountNumbers } from './staff-reads.js';

export const walletService: ServiceModule<WalletProviders> = { name: 'wallet', plugin: walletRoutes, init: openSystemAccounts };
