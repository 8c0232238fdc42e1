import { z } from 'zod';
import { chatApi } from './api-chat.js';
import { connectApi } from './api-connect.js';
import { communitiesApi } from './api-communities.js';
import { noticesApi } from './api-notices.js';
import { shopApi } from './api-shop.js';
import { beneficiariesResponse, billerQuery, billersResponse, customerResponse, packagesResponse, validateCustomerQuery } from './bills.js';
import { listQuery, messageOnly, uuidParam } from './common.js';
import { loanEligibilityQuery, loanEligibilityResponse } from './loan-eligibility.js';
import {
  balancesResponse,
  banksResponse,
  completeBody,
  fundBankBody,
  fundCardBody,
  fundResponse,
  fundSavedCardBody,
  historyBody,
  historyResponse,
  initiateBankBody,
  previewResponse,
  receiptResponse,
  referenceField,
  savedCardsResponse,
  setSpendingLimitBody,
  simulateTransferBody,
  spendingLimitResponse,
  verifyAccountParams,
  verifyAccountResponse,
  virtualAccountResponse,
} from './money.js';
import { initiateBody } from './payments.js';
import {
  createLoanBody,
  createSavingsTargetBody,
  loanResponse,
  loanTypesResponse,
  loansResponse,
  lockBody,
  lockPreviewResponse,
  lockedFundResponse,
  lockedFundsResponse,
  repayLoanBody,
  savingsTargetResponse,
  savingsTargetsResponse,
  savingsTransactionsQuery,
  savingsTransactionsResponse,
  statementBody,
  statementResponse,
  topUpBody,
  withdrawSavingsBody,
} from './savings.js';
import { uploadSingleResponse } from './upload.js';
import {
  changePasswordBody,
  editProfileBody,
  filterUsersQuery,
  filterUsersResponse,
  forgotPasswordBody,
  fullUserResponse,
  initiateResetBody,
  loginBody,
  loginResponse,
  resendOtpBody,
  resetPasswordBody,
  setPinBody,
  signupBody,
  signupResponse,
  updatePinQuery,
  userResponse,
  verifyMobileBody,
  verifyMobileResponse,
  verifyResetOtpBody,
  verifyResetOtpResponse,
} from './user.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: how it is served and the schemas of what goes in and comes back. */
export interface ApiEndpointDef {
  method: HttpMethod;
  /** The full path as served: the service's mount point `/api/<service>` and the route (`:name` marks a path parameter). */
  path: `/api/${string}`;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success reply (the envelope with its data). */
  response: z.ZodType;
  /** The call carries the transaction PIN (header transactionPin). */
  pin?: true;
}

// Path parameters whose schemas live in the routes themselves.
const referenceParams = z.object({ reference: referenceField });
const userIdParams = z.object({ id: z.uuid('User not found') });
const beneficiaryParams = z.object({ label: z.string().min(1).max(50) });
const beneficiaryNumberParams = beneficiaryParams.extend({ customerNumber: z.string().min(1).max(20) });

/**
 * Every call the web client makes, by name. The web client takes each call's method, path and
 * types from here (types only: see apps/web/src/api/client.ts), so a changed contract fails the
 * type check of every screen that uses it; apps/server/src/test/api-map.test.ts checks that the
 * server serves every entry at its method and path.
 */
export const apiMap = {
  // user (/api/user)
  'user.signup': { method: 'POST', path: '/api/user/users/signup', body: signupBody, response: signupResponse },
  'user.verifyMobile': { method: 'POST', path: '/api/user/users/verify-mobile', body: verifyMobileBody, response: verifyMobileResponse },
  'user.resendOtp': { method: 'POST', path: '/api/user/users/resend-otp', body: resendOtpBody, response: messageOnly },
  'user.login': { method: 'POST', path: '/api/user/users/login', body: loginBody, response: loginResponse },
  'user.logout': { method: 'GET', path: '/api/user/auth/logout', response: messageOnly },
  'user.initiatePasswordReset': {
    method: 'POST',
    path: '/api/user/users/initiate-password-reset',
    body: initiateResetBody,
    response: messageOnly,
  },
  'user.forgotPassword': { method: 'POST', path: '/api/user/auth/forgot-password', body: forgotPasswordBody, response: messageOnly },
  'user.verifyResetOtp': {
    method: 'POST',
    path: '/api/user/users/verify-reset-password-otp',
    body: verifyResetOtpBody,
    response: verifyResetOtpResponse,
  },
  'user.resetPassword': { method: 'POST', path: '/api/user/users/reset-password', body: resetPasswordBody, response: messageOnly },
  'user.changePassword': { method: 'PUT', path: '/api/user/user/users/change-password', body: changePasswordBody, response: messageOnly },
  'user.setPin': { method: 'PUT', path: '/api/user/user/users/set-pin', body: setPinBody, response: messageOnly, pin: true },
  /** The new PIN in transactionPin; the current one in the header oldTransactionPin and in the query. */
  'user.updatePin': { method: 'PUT', path: '/api/user/user/users/update-pin', query: updatePinQuery, response: messageOnly, pin: true },
  'user.editProfile': { method: 'PUT', path: '/api/user/users/edit-profile', body: editProfileBody, response: fullUserResponse },
  'user.filter': { method: 'GET', path: '/api/user/users/filter', query: filterUsersQuery, response: filterUsersResponse },
  /** Your own profile in full; anyone else's public fields. */
  'user.get': { method: 'GET', path: '/api/user/users/:id', params: userIdParams, response: userResponse },

  // transaction (/api/transaction): send money and bill purchases
  'transaction.initiate': { method: 'POST', path: '/api/transaction/api/v1/initiate', body: initiateBody, response: previewResponse },
  'transaction.complete': {
    method: 'POST',
    path: '/api/transaction/api/v1/complete',
    body: completeBody,
    response: receiptResponse,
    pin: true,
  },
  'transaction.history': { method: 'POST', path: '/api/transaction/api/v1/transactions', body: historyBody, response: historyResponse },
  'transaction.get': {
    method: 'GET',
    path: '/api/transaction/api/v1/transactions/:reference',
    params: referenceParams,
    response: receiptResponse,
  },

  // wallet (/api/wallet)
  'wallet.balances': { method: 'GET', path: '/api/wallet/wallet-balances', response: balancesResponse },
  'wallet.spendingLimit': { method: 'GET', path: '/api/wallet/spending-limit', response: spendingLimitResponse },
  'wallet.setSpendingLimit': {
    method: 'POST',
    path: '/api/wallet/spending-limit',
    body: setSpendingLimitBody,
    response: spendingLimitResponse,
    pin: true,
  },
  'wallet.banks': { method: 'GET', path: '/api/wallet/wallet/api/v1/get-banks-category', response: banksResponse },
  'wallet.verifyAccount': {
    method: 'GET',
    path: '/api/wallet/verify-account/bankcode/:bankCode/accountNumber/:accountNumber',
    params: verifyAccountParams,
    response: verifyAccountResponse,
  },
  'wallet.initiateBankTransfer': { method: 'POST', path: '/api/wallet/initiate', body: initiateBankBody, response: previewResponse },
  'wallet.completeBankTransfer': { method: 'POST', path: '/api/wallet/complete', body: completeBody, response: receiptResponse, pin: true },
  'wallet.transferStatus': {
    method: 'GET',
    path: '/api/wallet/transfer-status/:reference',
    params: referenceParams,
    response: receiptResponse,
  },
  'wallet.fundCard': { method: 'POST', path: '/api/wallet/fund/card', body: fundCardBody, response: fundResponse },
  'wallet.fundSavedCard': {
    method: 'POST',
    path: '/api/wallet/fund/saved-card',
    body: fundSavedCardBody,
    response: fundResponse,
    pin: true,
  },
  'wallet.fundBank': { method: 'POST', path: '/api/wallet/fund/bank', body: fundBankBody, response: fundResponse },
  'wallet.cards': { method: 'GET', path: '/api/wallet/cards', query: listQuery, response: savedCardsResponse },
  'wallet.deleteCard': { method: 'DELETE', path: '/api/wallet/cards/:id', params: uuidParam, response: messageOnly },
  'wallet.virtualAccount': { method: 'GET', path: '/api/wallet/virtual-account', response: virtualAccountResponse },
  /** Served outside production only. */
  'wallet.simulateBankTransfer': {
    method: 'POST',
    path: '/api/wallet/dev/simulate-bank-transfer',
    body: simulateTransferBody,
    response: messageOnly,
  },

  // savings targets, locked funds and statements (wallet service)
  'savings.targets': { method: 'GET', path: '/api/wallet/savings-target', query: listQuery, response: savingsTargetsResponse },
  'savings.createTarget': {
    method: 'POST',
    path: '/api/wallet/savings-target',
    body: createSavingsTargetBody,
    response: savingsTargetResponse,
  },
  'savings.topUp': {
    method: 'POST',
    path: '/api/wallet/savings-target/top-up',
    body: topUpBody,
    response: savingsTargetResponse,
    pin: true,
  },
  'savings.withdraw': {
    method: 'PATCH',
    path: '/api/wallet/savingtarget/withdraw/:id',
    params: uuidParam,
    body: withdrawSavingsBody,
    response: savingsTargetResponse,
  },
  'savings.transactions': {
    method: 'GET',
    path: '/api/wallet/savings-target/transactions',
    query: savingsTransactionsQuery,
    response: savingsTransactionsResponse,
  },
  'savings.previewLock': { method: 'POST', path: '/api/wallet/lock/initiate', body: lockBody, response: lockPreviewResponse },
  'savings.lock': { method: 'POST', path: '/api/wallet/lockedfund', body: lockBody, response: lockedFundResponse, pin: true },
  'savings.lockedFunds': { method: 'GET', path: '/api/wallet/lockedfund', query: listQuery, response: lockedFundsResponse },
  'savings.withdrawLocked': {
    method: 'POST',
    path: '/api/wallet/lockedfund/withdraw/:id',
    params: uuidParam,
    response: lockedFundResponse,
  },
  'savings.statement': {
    method: 'POST',
    path: '/api/wallet/generate-statement',
    body: statementBody,
    response: statementResponse,
    pin: true,
  },

  // loans (wallet service)
  'loans.types': { method: 'GET', path: '/api/wallet/e-comm/api/loan/types', response: loanTypesResponse },
  'loans.eligibility': {
    method: 'GET',
    path: '/api/wallet/e-comm/api/loan/eligibility',
    query: loanEligibilityQuery,
    response: loanEligibilityResponse,
  },
  'loans.list': { method: 'GET', path: '/api/wallet/e-comm/api/loan', query: listQuery, response: loansResponse },
  'loans.apply': { method: 'POST', path: '/api/wallet/e-comm/api/loan/create', body: createLoanBody, response: loanResponse },
  'loans.repay': {
    method: 'POST',
    path: '/api/wallet/e-comm/api/loan/:id/repay',
    params: uuidParam,
    body: repayLoanBody,
    response: loanResponse,
    pin: true,
  },

  // bills (/api/bills): one providers route per category; purchases go through transaction.initiate/complete
  'bills.airtimeProviders': { method: 'GET', path: '/api/bills/bills/airtime-providers', response: billersResponse },
  'bills.dataProviders': { method: 'GET', path: '/api/bills/bills/data-providers', response: billersResponse },
  'bills.electricityProviders': { method: 'GET', path: '/api/bills/bills/electricity-providers', response: billersResponse },
  'bills.tvProviders': { method: 'GET', path: '/api/bills/bills/tv-providers', response: billersResponse },
  'bills.bettingProviders': { method: 'GET', path: '/api/bills/bills/betting-providers', response: billersResponse },
  /** Data plans of a network, or bouquets of a TV provider. */
  'bills.dataPlans': { method: 'GET', path: '/api/bills/bills/provider-data-plans', query: billerQuery, response: packagesResponse },
  'bills.electricityPackages': {
    method: 'GET',
    path: '/api/bills/bills/electricity-provider-packages',
    query: billerQuery,
    response: packagesResponse,
  },
  'bills.bettingPackages': {
    method: 'GET',
    path: '/api/bills/bills/betting-provider-packages',
    query: billerQuery,
    response: packagesResponse,
  },
  'bills.validateCustomer': {
    method: 'GET',
    path: '/api/bills/bills/validate-customer',
    query: validateCustomerQuery,
    response: customerResponse,
  },
  'bills.purchaseStatus': {
    method: 'GET',
    path: '/api/bills/bills/purchase-status/:reference',
    params: referenceParams,
    response: receiptResponse,
  },
  'bills.beneficiaries': {
    method: 'GET',
    path: '/api/bills/beneficiary/:label',
    params: beneficiaryParams,
    query: listQuery,
    response: beneficiariesResponse,
  },
  'bills.removeBeneficiary': {
    method: 'DELETE',
    path: '/api/bills/beneficiary/:label/:customerNumber',
    params: beneficiaryNumberParams,
    response: messageOnly,
  },

  // upload (/api/upload): multipart, field "file"
  'upload.single': { method: 'POST', path: '/api/upload/api/upload/single', response: uploadSingleResponse },

  // The social, chat and marketplace areas, each in a file of its own (api-<area>.ts).
  ...connectApi,
  ...communitiesApi,
  ...chatApi,
  ...shopApi,
  ...noticesApi,
} as const satisfies Record<string, ApiEndpointDef>;

export type ApiMap = typeof apiMap;
export type ApiName = keyof ApiMap;

type RouteOf<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** A call as "METHOD /full/path", e.g. `GET /api/wallet/wallet-balances`: what the web client passes to `call`. */
export type ApiRoute = { [K in ApiName]: RouteOf<ApiMap[K]> }[ApiName];

/** The map's entry (or entries, for a union of routes) of a route. */
export type ApiEndpoint<R extends ApiRoute> = { [K in ApiName]: RouteOf<ApiMap[K]> extends R ? ApiMap[K] : never }[ApiName];

/** The names of a path's `:parameters`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type QueryValue = string | number | boolean | null | undefined;
/** Query values the schema coerces (typed unknown on input) may be sent as any plain value. */
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };

/** What a call's parts are, or undefined for a part it does not have. */
export type ApiParams<R extends ApiRoute> = [PathParamNames<ApiEndpoint<R>['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<ApiEndpoint<R>['path']>, string>;
export type ApiQuery<R extends ApiRoute> = ApiEndpoint<R> extends { query: infer S extends z.ZodType } ? QueryInput<z.input<S>> : undefined;
export type ApiBody<R extends ApiRoute> = ApiEndpoint<R> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
/** True when the call carries the transaction PIN. */
export type ApiNeedsPin<R extends ApiRoute> = ApiEndpoint<R> extends { pin: true } ? true : false;
/** The whole success reply, and its `data`. */
export type ApiResponse<R extends ApiRoute> = z.output<ApiEndpoint<R>['response']>;
export type ApiData<R extends ApiRoute> = ApiResponse<R> extends { data: infer D } ? D : never;
