export * from './ledger.js';
export { checkLedger, type LedgerReport } from './check.js';
export { ledgerAccounts, ledgerTransfers } from './tables.js';
