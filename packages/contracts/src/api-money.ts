import { z } from 'zod';
import type { ApiEndpointDef } from './api.js';
import { beneficiariesResponse, billerQuery, billersResponse, customerResponse, packagesResponse, validateCustomerQuery } from './bills.js';
import { envelope, listQuery, messageOnly, uuidParam } from './common.js';
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

// Path parameters without a schema of their own elsewhere.
const referenceParams = z.object({ reference: referenceField });
const beneficiaryParams = z.object({ label: z.string().min(1).max(50) });
const beneficiaryNumberParams = beneficiaryParams.extend({ customerNumber: z.string().min(1).max(20) });
/** What the bank-transfer webhook answers the provider. */
const bankTransferWebhookResponse = envelope(z.object({ credited: z.boolean(), message: z.string() }));

/**
 * The money calls: send money (/api/transaction), the wallet, savings, locked funds, statements and
 * loans (/api/wallet), bills (/api/bills). Part of `apiMap` (api.ts).
 */
export const moneyApi = {
  // transaction (/api/transaction): send money and bill purchases
  'transaction.initiate': {
    method: 'POST',
    path: '/api/transaction/api/v1/initiate',
    body: initiateBody,
    response: previewResponse,
    summary: 'Preview a payment (sendMoney, or a bill: airtime, data, electricity, tv, betting): returns a reference valid for 10 minutes',
  },
  'transaction.complete': {
    method: 'POST',
    path: '/api/transaction/api/v1/complete',
    body: completeBody,
    response: receiptResponse,
    pin: true,
    summary:
      'Post a previewed payment (PIN in header transactionPin; Idempotency-Key accepted). Completing again returns the same receipt.',
  },
  'transaction.history': {
    method: 'POST',
    path: '/api/transaction/api/v1/transactions',
    body: historyBody,
    response: historyResponse,
    summary: 'Your history, newest first: filters (type, direction, status, from, to) and pagination in the body',
  },
  'transaction.get': {
    method: 'GET',
    path: '/api/transaction/api/v1/transactions/:reference',
    params: referenceParams,
    response: receiptResponse,
    summary: 'One of your transactions by reference (your side of it)',
  },

  // wallet (/api/wallet)
  'wallet.balances': {
    method: 'GET',
    path: '/api/wallet/wallet-balances',
    response: balancesResponse,
    summary: 'Balances in kobo: wallet, savings, locked funds, business wallet',
  },
  /** The same balances at the path of the original API (routes.tsv). */
  'wallet.balancesV1': {
    method: 'GET',
    path: '/api/wallet/wallet/api/v1/wallet-balances',
    response: balancesResponse,
    summary: 'Balances in kobo: wallet, savings, locked funds, business wallet',
  },
  'wallet.spendingLimit': {
    method: 'GET',
    path: '/api/wallet/spending-limit',
    response: spendingLimitResponse,
    summary: 'Your daily spending limit and what is left of it today (Lagos time)',
  },
  'wallet.setSpendingLimit': {
    method: 'POST',
    path: '/api/wallet/spending-limit',
    body: setSpendingLimitBody,
    response: spendingLimitResponse,
    pin: true,
    summary: 'Set (or remove with null) the daily limit on money leaving the wallet; PIN required',
  },
  'wallet.banks': {
    method: 'GET',
    path: '/api/wallet/wallet/api/v1/get-banks-category',
    response: banksResponse,
    summary: 'Nigerian banks with their codes, by category',
  },
  'wallet.verifyAccount': {
    method: 'GET',
    path: '/api/wallet/verify-account/bankcode/:bankCode/accountNumber/:accountNumber',
    params: verifyAccountParams,
    response: verifyAccountResponse,
    summary: 'Name enquiry for a bank account',
  },
  'wallet.initiateBankTransfer': {
    method: 'POST',
    path: '/api/wallet/initiate',
    body: initiateBankBody,
    response: previewResponse,
    summary: 'Wallet-to-bank preview: resolved name, fee, total and a reference valid for 10 minutes',
  },
  'wallet.completeBankTransfer': {
    method: 'POST',
    path: '/api/wallet/complete',
    body: completeBody,
    response: receiptResponse,
    pin: true,
    summary:
      'Wallet-to-bank: reserve, pay out, then post or reverse by itself (PIN; Idempotency-Key accepted). The receipt status is successful, pending or reversed.',
  },
  'wallet.transferStatus': {
    method: 'GET',
    path: '/api/wallet/transfer-status/:reference',
    params: referenceParams,
    response: receiptResponse,
    summary: 'Check a pending bank transfer with the bank and settle it',
  },
  'wallet.fundCard': {
    method: 'POST',
    path: '/api/wallet/fund/card',
    body: fundCardBody,
    response: fundResponse,
    summary: 'Fund the wallet from a card (sandbox: 4084 0840 8408 4081 succeeds, 4084 0800 0000 0409 is declined); saveCard keeps a token',
  },
  'wallet.fundSavedCard': {
    method: 'POST',
    path: '/api/wallet/fund/saved-card',
    body: fundSavedCardBody,
    response: fundResponse,
    pin: true,
    summary: 'Fund the wallet from a saved card (PIN required)',
  },
  'wallet.fundBank': {
    method: 'POST',
    path: '/api/wallet/fund/bank',
    body: fundBankBody,
    response: fundResponse,
    summary: 'Fund the wallet by direct debit of a bank account (sandbox: 0000000409 is declined)',
  },
  'wallet.cards': { method: 'GET', path: '/api/wallet/cards', query: listQuery, response: savedCardsResponse, summary: 'Your saved cards' },
  'wallet.deleteCard': {
    method: 'DELETE',
    path: '/api/wallet/cards/:id',
    params: uuidParam,
    response: messageOnly,
    summary: 'Forget a saved card',
  },
  'wallet.virtualAccount': {
    method: 'GET',
    path: '/api/wallet/virtual-account',
    response: virtualAccountResponse,
    summary: 'Your account number for funding by bank transfer',
  },
  /**
   * Called by the bank-transfer provider, not by the app: public, its body read as raw bytes by the
   * route (the signature covers the exact bytes), so it has no body schema here.
   */
  'wallet.bankTransferWebhook': {
    method: 'POST',
    path: '/api/wallet/webhooks/bank-transfer',
    response: bankTransferWebhookResponse,
    summary: 'Inbound bank transfer to a virtual account (provider webhook, header x-owo-signature: hex HMAC-SHA256 of the body)',
  },
  /** Served outside production only. */
  'wallet.simulateBankTransfer': {
    method: 'POST',
    path: '/api/wallet/dev/simulate-bank-transfer',
    body: simulateTransferBody,
    response: messageOnly,
    summary: 'Development only: send a signed inbound transfer to your virtual account',
  },

  // savings targets, locked funds and statements (wallet service)
  'savings.targets': {
    method: 'GET',
    path: '/api/wallet/savings-target',
    query: listQuery,
    response: savingsTargetsResponse,
    summary: 'Your savings targets with saved amount, progress and the last automatic saving',
  },
  'savings.createTarget': {
    method: 'POST',
    path: '/api/wallet/savings-target',
    body: createSavingsTargetBody,
    response: savingsTargetResponse,
    created: true,
    summary: 'Create a savings target, optionally with automatic saving (daily, weekly or monthly); Idempotency-Key accepted',
  },
  'savings.topUp': {
    method: 'POST',
    path: '/api/wallet/savings-target/top-up',
    body: topUpBody,
    response: savingsTargetResponse,
    pin: true,
    summary: 'Move money from the wallet into a target (PIN; Idempotency-Key accepted)',
  },
  'savings.withdraw': {
    method: 'PATCH',
    path: '/api/wallet/savingtarget/withdraw/:id',
    params: uuidParam,
    body: withdrawSavingsBody,
    response: savingsTargetResponse,
    summary: 'Withdraw a target back to the wallet: all of it (closing the target) or {amount} (Idempotency-Key accepted)',
  },
  'savings.transactions': {
    method: 'GET',
    path: '/api/wallet/savings-target/transactions',
    query: savingsTransactionsQuery,
    response: savingsTransactionsResponse,
    summary: 'Savings movements, optionally of one target',
  },
  'savings.previewLock': {
    method: 'POST',
    path: '/api/wallet/lock/initiate',
    body: lockBody,
    response: lockPreviewResponse,
    tag: 'locked funds',
    summary: 'Preview a lock: maturity date, the rate for the duration, interest, tax and payout',
  },
  'savings.lock': {
    method: 'POST',
    path: '/api/wallet/lockedfund',
    body: lockBody,
    response: lockedFundResponse,
    pin: true,
    created: true,
    tag: 'locked funds',
    summary: 'Lock money from the wallet until maturity (PIN; Idempotency-Key accepted)',
  },
  'savings.lockedFunds': {
    method: 'GET',
    path: '/api/wallet/lockedfund',
    query: listQuery,
    response: lockedFundsResponse,
    tag: 'locked funds',
    summary: 'Your locked funds',
  },
  'savings.withdrawLocked': {
    method: 'POST',
    path: '/api/wallet/lockedfund/withdraw/:id',
    params: uuidParam,
    response: lockedFundResponse,
    tag: 'locked funds',
    summary: 'Pay a matured fund (principal and interest after tax) into the wallet; refused before maturity (Idempotency-Key accepted)',
  },
  'savings.statement': {
    method: 'POST',
    path: '/api/wallet/generate-statement',
    body: statementBody,
    response: statementResponse,
    pin: true,
    tag: 'statements',
    summary: 'Email a PDF statement for a date range to your email (a typed email must match it); PIN required',
  },

  // loans (wallet service)
  'loans.types': {
    method: 'GET',
    path: '/api/wallet/e-comm/api/loan/types',
    response: loanTypesResponse,
    summary: 'Loan types with limits, tenor and interest',
  },
  'loans.eligibility': {
    method: 'GET',
    path: '/api/wallet/e-comm/api/loan/eligibility',
    query: loanEligibilityQuery,
    response: loanEligibilityResponse,
    summary:
      'Whether you can borrow now (of one loan type, or any), by the same rules as applying; when not, the reason (the words a refused application carries). maxAmount is the most your recent inflows allow.',
  },
  'loans.list': {
    method: 'GET',
    path: '/api/wallet/e-comm/api/loan',
    query: listQuery,
    response: loansResponse,
    summary: 'Your loans with their schedule and what is owed',
  },
  'loans.apply': {
    method: 'POST',
    path: '/api/wallet/e-comm/api/loan/create',
    body: createLoanBody,
    response: loanResponse,
    created: true,
    summary:
      'Apply; if eligible (verified phone, account age, recent inflows, no open loan) the money is paid into the wallet. Refusals carry the reason in description. Idempotency-Key accepted.',
  },
  'loans.repay': {
    method: 'POST',
    path: '/api/wallet/e-comm/api/loan/:id/repay',
    params: uuidParam,
    body: repayLoanBody,
    response: loanResponse,
    pin: true,
    summary: 'Repay from the wallet: {amount} or everything owed (PIN; Idempotency-Key accepted)',
  },

  // bills (/api/bills): one providers route per category; purchases go through transaction.initiate/complete
  'bills.airtimeProviders': {
    method: 'GET',
    path: '/api/bills/bills/airtime-providers',
    response: billersResponse,
    summary: 'airtime providers with billerId and billerGroupId',
  },
  'bills.dataProviders': {
    method: 'GET',
    path: '/api/bills/bills/data-providers',
    response: billersResponse,
    summary: 'data providers with billerId and billerGroupId',
  },
  'bills.electricityProviders': {
    method: 'GET',
    path: '/api/bills/bills/electricity-providers',
    response: billersResponse,
    summary: 'electricity providers with billerId and billerGroupId',
  },
  'bills.tvProviders': {
    method: 'GET',
    path: '/api/bills/bills/tv-providers',
    response: billersResponse,
    summary: 'tv providers with billerId and billerGroupId',
  },
  'bills.bettingProviders': {
    method: 'GET',
    path: '/api/bills/bills/betting-providers',
    response: billersResponse,
    summary: 'betting providers with billerId and billerGroupId',
  },
  'bills.dataPlans': {
    method: 'GET',
    path: '/api/bills/bills/provider-data-plans',
    query: billerQuery,
    response: packagesResponse,
    summary: 'Data plans of a network, or bouquets of a TV provider',
  },
  'bills.electricityPackages': {
    method: 'GET',
    path: '/api/bills/bills/electricity-provider-packages',
    query: billerQuery,
    response: packagesResponse,
    summary: 'Prepaid and postpaid packages of a distribution company',
  },
  'bills.bettingPackages': {
    method: 'GET',
    path: '/api/bills/bills/betting-provider-packages',
    query: billerQuery,
    response: packagesResponse,
    summary: 'Packages of a betting provider',
  },
  'bills.validateCustomer': {
    method: 'GET',
    path: '/api/bills/bills/validate-customer',
    query: validateCustomerQuery,
    response: customerResponse,
    summary: 'Check a meter, smartcard or betting ID before paying: the customer name (and address for a meter)',
  },
  'bills.purchaseStatus': {
    method: 'GET',
    path: '/api/bills/bills/purchase-status/:reference',
    params: referenceParams,
    response: receiptResponse,
    summary: 'Check a purchase still processing with the vendor and settle it',
  },
  'bills.beneficiaries': {
    method: 'GET',
    path: '/api/bills/beneficiary/:label',
    params: beneficiaryParams,
    query: listQuery,
    response: beneficiariesResponse,
    summary: 'Numbers you paid before for this provider label (a billerId), most recent first',
  },
  'bills.removeBeneficiary': {
    method: 'DELETE',
    path: '/api/bills/beneficiary/:label/:customerNumber',
    params: beneficiaryNumberParams,
    response: messageOnly,
    summary: 'Remove a saved beneficiary',
  },
} as const satisfies Record<string, ApiEndpointDef>;
