import type { ServiceModule } from '../../platform/app.js';
import { openSystemAccounts } from '../../ledger/index.js';
import type { TransactionProviders } from './payment-types.js';
import { transactionRoutes } from './routes.js';

export { bankTransferFee } from './fees.js';
export {
  listHistory,
  recordHistory,
  setHistoryStatus,
  historyFor,
  toHistoryItem,
  toReceipt,
  type HistoryRow,
  type NewHistory,
} from './history.js';
export { historyBetween, inflowSince, paymentContacts } from './history-reads.js';
export { markHistoryReversed, payersOfReferences, peopleOfReference } from './staff-reads.js';
export {
  createIntent,
  findIntent,
  intentById,
  lockIntent,
  markIntent,
  newReference,
  previewPayment,
  setIntentDetails,
  toPreview,
  type Intent,
} from './intents.js';
export { assertWithinDailyLimit, getSpendingLimit, setSpendingLimit } from './limits.js';
/**
 * The tables, for the database schema, the demo seed and tests; other services go through the
 * functions above (lint refuses another service's table).
 */
export { paymentIntents, transactions } from './tables.js';
export type { PaymentHandler, PaymentTypes, TransactionProviders } from './payment-types.js';
export {
  checkExternal,
  completeExternal,
  externalCalls,
  receiptFor,
  reconcileExternal,
  reconcileStale,
  settleExternal,
  type ExternalPayment,
  type Outcome,
} from './external.js';

export const transactionService: ServiceModule<TransactionProviders> = {
  name: 'transaction',
  plugin: transactionRoutes,
  init: openSystemAccounts,
};
