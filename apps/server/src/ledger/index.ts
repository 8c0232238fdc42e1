export * from './ledger.js';
export { externalTransfers, leviesOf, postedTransfersOf, type ExternalTransfer, type TransferWithOwners } from './by-reference.js';
export { checkLedger, type LedgerReport } from './check.js';
export { ledgerAccounts, ledgerTransfers } from './tables.js';
