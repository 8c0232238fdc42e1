export * from './common.js';
export * from './user.js';
export * from './upload.js';
export * from './money.js';
export * from './savings.js';
export * from './bills.js';
export * from './payments.js';
export * from './loan-eligibility.js';
