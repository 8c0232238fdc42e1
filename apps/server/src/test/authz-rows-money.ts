import { signWebhook } from '../services/wallet/index.js';
import { today } from './authz-world.js';
import { card, list, mine, NOOP, shoppers, unique, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of money: transactions, the wallet, savings, loans and bills. */
export const moneyRows: Record<string, Row> = {
  // --- transaction ---------------------------------------------------------------------------------
  'transaction.initiate': mine({ body: (w) => ({ type: 'sendMoney', recipientId: w.seller.id, amount: 10_000, narration: 'Lunch' }) }),
  'transaction.complete': shoppers({ setup: async (w) => ({ ref: await w.sendPreview() }), body: (_w, x) => ({ reference: x.ref }) }),
  'transaction.history': mine({ body: () => ({}) }),
  'transaction.get': shoppers({ params: (w) => ({ reference: w.sendReference }) }),

  // --- wallet --------------------------------------------------------------------------------------
  'wallet.balances': mine(),
  'wallet.balancesV1': mine(),
  // The bank's call: signed, not signed in; an account number nobody has is acknowledged and credits nothing.
  'wallet.bankTransferWebhook': {
    public: true,
    each: async () => ({
      raw: JSON.stringify({
        eventId: `authz-${unique()}`,
        accountNumber: '9999999999',
        amount: 10_000,
        senderName: 'Ada Obi',
        senderBank: 'Owo Test Bank',
        reference: `authz-${unique()}`,
      }),
    }),
    body: (_w, x) => x.raw,
    headers: (w, x) => ({ 'content-type': 'application/json', 'x-owo-signature': signWebhook(w.t.config.webhookSecret, x.raw!) }),
    expect: { stranger: NOOP },
  },
  'wallet.spendingLimit': mine(),
  'wallet.setSpendingLimit': list({ body: () => ({ dailyLimit: 100_000_000 }) }),
  'wallet.banks': list(),
  'wallet.verifyAccount': list({ params: () => ({ bankCode: '058', accountNumber: '0123456789' }) }),
  'wallet.initiateBankTransfer': mine({
    body: () => ({ bankCode: '058', accountNumber: '0123456789', amount: 10_000, narration: 'Rent' }),
  }),
  'wallet.completeBankTransfer': shoppers({
    setup: async (w) => ({ ref: await w.bankPreview() }),
    body: (_w, x) => ({ reference: x.ref }),
  }),
  'wallet.transferStatus': shoppers({ params: (w) => ({ reference: w.bankReference }) }),
  'wallet.fundCard': list({ body: () => ({ amount: 10_000, card }) }),
  'wallet.fundSavedCard': shoppers({ body: (w) => ({ amount: 10_000, cardId: w.card }) }),
  'wallet.fundBank': list({ body: () => ({ amount: 10_000, bankCode: '058', accountNumber: '0123456789' }) }),
  'wallet.cards': mine(),
  // Uses up the world's saved card.
  'wallet.deleteCard': shoppers({ params: (w) => ({ id: w.card }), last: true }),
  'wallet.virtualAccount': mine(),
  'wallet.simulateBankTransfer': list({ body: () => ({ amount: 10_000 }) }),

  // --- savings targets, locked funds, statements -----------------------------------------------------
  'savings.targets': mine(),
  'savings.createTarget': list({ body: () => ({ name: 'New phone', targetAmount: 1_000_000, targetDate: '2031-01-01' }) }),
  'savings.topUp': shoppers({ body: (w) => ({ targetId: w.target, amount: 10_000 }) }),
  'savings.withdraw': shoppers({ setup: async (w) => ({ id: await w.shopperTarget(50_000) }), params: (_w, x) => ({ id: x.id! }) }),
  // A filter over one's own history: another person's target id finds nothing of theirs (an empty
  // list, the same as an id that does not exist), and writes nothing.
  'savings.transactions': { query: (w) => ({ targetId: w.target }), expect: { stranger: 401, outsider: NOOP, shopper: OK } },
  'savings.previewLock': list({ body: () => ({ amount: 100_000, durationDays: 90 }) }),
  'savings.lock': mine({ body: () => ({ amount: 100_000, durationDays: 90, title: 'Rent' }) }),
  'savings.lockedFunds': mine(),
  // The shopper's own fund is not yet mature (routes.tsv: only at or after maturity): a business refusal, not an authorization one.
  'savings.withdrawLocked': { params: (w) => ({ id: w.lockedFund }), expect: { stranger: 401, outsider: 404, shopper: 422 } },
  'savings.statement': mine({ body: () => ({ from: today(), to: today() }) }),

  // --- loans ---------------------------------------------------------------------------------------
  'loans.types': list(),
  'loans.eligibility': mine(),
  'loans.list': mine(),
  // The shopper already has a loan open: one at a time (a business refusal, after authentication).
  'loans.apply': { body: () => ({ loanTypeId: 'quick', amount: 500_000 }), expect: { stranger: 401, shopper: 422 } },
  'loans.repay': shoppers({ params: (w) => ({ id: w.loan }), body: () => ({ amount: 10_000 }) }),

  // --- bills ---------------------------------------------------------------------------------------
  'bills.airtimeProviders': list(),
  'bills.dataProviders': list(),
  'bills.electricityProviders': list(),
  'bills.tvProviders': list(),
  'bills.bettingProviders': list(),
  'bills.dataPlans': list({ query: () => ({ billerId: 'mtn-data', billerGroupId: 'data' }) }),
  'bills.electricityPackages': list({ query: () => ({ billerId: 'ikedc', billerGroupId: 'electricity' }) }),
  'bills.bettingPackages': list({ query: () => ({ billerId: 'bet9ja', billerGroupId: 'betting' }) }),
  'bills.validateCustomer': list({
    query: () => ({ billerId: 'ikedc', billerGroupId: 'electricity', packageId: 'prepaid', customerNumber: '45701234567' }),
  }),
  'bills.purchaseStatus': shoppers({ params: (w) => ({ reference: w.billReference }) }),
  'bills.beneficiaries': mine({ params: () => ({ label: 'mtn-airtime' }) }),
  // Uses up the shopper's saved beneficiary.
  'bills.removeBeneficiary': shoppers({ params: (w) => ({ label: 'mtn-airtime', customerNumber: w.beneficiaryNumber }), last: true }),
};
