export * from './ledger.js';
export { postedTransfersOf, type TransferWithOwners } from './by-reference.js';
export { checkLedger, type LedgerReport } from './check.js';
export { ledgerAccounts, ledgerTransfers } from './tables.js';
