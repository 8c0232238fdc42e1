import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import { transactionRoutes } from './routes.js';

export { bankTransferFee } from './fees.js';
export { listHistory, recordHistory, setHistoryStatus, historyFor, toHistoryItem, toReceipt, type NewHistory } from './history.js';
export { createIntent, lockIntent, markIntent, newReference, previewPayment, toPreview, type Intent } from './intents.js';
export { assertWithinDailyLimit, getSpendingLimit, setSpendingLimit } from './limits.js';
export { paymentIntents, transactions } from './tables.js';
export { registerPaymentType, type PaymentHandler } from './payment-types.js';
export { checkExternal, completeExternal, receiptFor, reconcileExternal, reconcileStale, settleExternal, type ExternalPayment, type Outcome } from './external.js';

export const transactionService: ServiceModule = { name: 'transaction', plugin: transactionRoutes, init: openSystemAccounts };
