export * from '../platform/tables.js';
export * from '../services/user/tables.js';
export * from '../services/upload/tables.js';
export * from '../ledger/tables.js';
export * from '../services/transaction/tables.js';
export * from '../services/wallet/tables.js';
export * from '../services/bills/tables.js';
