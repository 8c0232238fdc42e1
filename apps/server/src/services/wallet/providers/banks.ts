/** Nigerian banks with their NIP institution codes, as the name-enquiry and payout rails know them. */
export const BANK_CATEGORIES: { category: string; banks: { code: string; name: string }[] }[] = [
  {
    category: 'Commercial banks',
    banks: [
      { code: '044', name: 'Access Bank' },
      { code: '063', name: 'Access Bank (Diamond)' },
      { code: '050', name: 'Ecobank Nigeria' },
      { code: '070', name: 'Fidelity Bank' },
      { code: '011', name: 'First Bank of Nigeria' },
      { code: '214', name: 'First City Monument Bank' },
      { code: '00103', name: 'Globus Bank' },
      { code: '058', name: 'Guaranty Trust Bank' },
      { code: '301', name: 'Jaiz Bank' },
      { code: '082', name: 'Keystone Bank' },
      { code: '303', name: 'Lotus Bank' },
      { code: '107', name: 'Optimus Bank' },
      { code: '104', name: 'Parallex Bank' },
      { code: '076', name: 'Polaris Bank' },
      { code: '105', name: 'PremiumTrust Bank' },
      { code: '101', name: 'Providus Bank' },
      { code: '106', name: 'Signature Bank' },
      { code: '221', name: 'Stanbic IBTC Bank' },
      { code: '068', name: 'Standard Chartered Bank' },
      { code: '232', name: 'Sterling Bank' },
      { code: '100', name: 'SunTrust Bank' },
      { code: '302', name: 'TAJBank' },
      { code: '102', name: 'Titan Trust Bank' },
      { code: '032', name: 'Union Bank of Nigeria' },
      { code: '033', name: 'United Bank for Africa' },
      { code: '215', name: 'Unity Bank' },
      { code: '035', name: 'Wema Bank' },
      { code: '057', name: 'Zenith Bank' },
    ],
  },
  {
    category: 'Microfinance and fintech banks',
    banks: [
      { code: '565', name: 'Carbon' },
      { code: '50126', name: 'Eyowo' },
      { code: '51318', name: 'FairMoney Microfinance Bank' },
      { code: '50211', name: 'Kuda Microfinance Bank' },
      { code: '50515', name: 'Moniepoint Microfinance Bank' },
      { code: '999992', name: 'OPay' },
      { code: '100002', name: 'Paga' },
      { code: '999991', name: 'PalmPay' },
      { code: '125', name: 'Rubies Microfinance Bank' },
      { code: '51310', name: 'Sparkle Microfinance Bank' },
      { code: '566', name: 'VFD Microfinance Bank' },
    ],
  },
];

const BY_CODE = new Map(BANK_CATEGORIES.flatMap((c) => c.banks.map((b) => [b.code, b.name] as const)));
export const bankName = (code: string): string | undefined => BY_CODE.get(code);

export type PayoutResult = { status: 'successful' | 'pending' | 'failed'; providerRef: string; reason?: string };

/** Name enquiry and payouts to bank accounts (NIP). */
export interface BankRail {
  readonly name: string;
  /** The account holder's name, or null when no such account exists. */
  nameEnquiry(bankCode: string, accountNumber: string): Promise<string | null>;
  payout(p: {
    reference: string;
    bankCode: string;
    accountNumber: string;
    accountName: string;
    amount: bigint;
    narration: string | null;
  }): Promise<PayoutResult>;
  status(reference: string, accountNumber: string): Promise<PayoutResult>;
  /** Direct debit of a linked account (funding by bank). */
  debit(p: { reference: string; bankCode: string; accountNumber: string; amount: bigint }): Promise<PayoutResult>;
  /** What became of the direct debit with this reference. */
  debitStatus(reference: string, accountNumber: string): Promise<PayoutResult>;
}

/** Documented sandbox account numbers. */
export const SANDBOX_ACCOUNTS = {
  notFound: '0000000000',
  payoutFails: '0000000009',
  payoutPending: '0000000007',
  debitDeclined: '0000000409',
} as const;

const NAMES = [
  'Chiamaka Nwosu',
  'Ibrahim Abdullahi',
  'Oluwaseun Adeyemi',
  'Emeka Okonkwo',
  'Aisha Bello',
  'Tobi Olawale',
  'Ngozi Eze',
  'Musa Danjuma',
  'Funmilayo Ajayi',
  'Uche Ibe',
];

/** A deterministic simulator: every account resolves to a name except the documented test numbers. */
export const sandboxBankRail: BankRail = {
  name: 'sandbox',
  async nameEnquiry(_bankCode, accountNumber) {
    if (accountNumber === SANDBOX_ACCOUNTS.notFound) return null;
    const n = [...accountNumber].reduce((s, d) => s + Number(d), 0);
    return NAMES[n % NAMES.length]!;
  },
  async payout(p) {
    const providerRef = `SBX-${p.reference}`;
    if (p.accountNumber === SANDBOX_ACCOUNTS.payoutFails)
      return { status: 'failed', providerRef, reason: 'The beneficiary bank is not available. Your money has been returned.' };
    if (p.accountNumber === SANDBOX_ACCOUNTS.payoutPending) return { status: 'pending', providerRef };
    return { status: 'successful', providerRef };
  },
  async status(reference, accountNumber) {
    if (accountNumber === SANDBOX_ACCOUNTS.payoutFails)
      return {
        status: 'failed',
        providerRef: `SBX-${reference}`,
        reason: 'The beneficiary bank is not available. Your money has been returned.',
      };
    return { status: 'successful', providerRef: `SBX-${reference}` };
  },
  debit: (p) => sandboxBankRail.debitStatus(p.reference, p.accountNumber),
  // As payouts: the outcome follows from the account number, so a status check answers by reference alone.
  async debitStatus(reference, accountNumber) {
    if (accountNumber === SANDBOX_ACCOUNTS.debitDeclined)
      return { status: 'failed', providerRef: `SBX-${reference}`, reason: 'Your bank declined the debit' };
    return { status: 'successful', providerRef: `SBX-${reference}` };
  },
};
