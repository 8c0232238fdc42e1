import type { BillCategory, InitiateBody, Preview } from '@owo/contracts';
import { formatNaira } from '@owo/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { system } from '../../ledger/index.js';
import type { Db } from '../../platform/db.js';
import type { Page } from '../../platform/pagination.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { toE164 } from '../../platform/phone.js';
import {
  externalCalls,
  previewPayment,
  type ExternalPayment,
  type Intent,
  type PaymentHandler,
  type PaymentTypes,
} from '../transaction/index.js';
import { BILLERS, findBiller, packagesFor, type Biller } from './providers/catalogue.js';
import { sandboxVendor, type BillVendor } from './providers/vendor.js';
import { billBeneficiaries } from './tables.js';

export const BILL_TYPES: BillCategory[] = ['airtime', 'data', 'electricity', 'tv', 'betting'];

/** The outside system bills use: the bill vendor (customer checks and purchases). */
export type BillsProviders = { billVendor: BillVendor };
/** The default: the sandbox vendor (no real vendor adapter is configured yet). */
export const billsProviders = (): BillsProviders => ({ billVendor: sandboxVendor });

export type BillsDeps = { db: Db; vendor: BillVendor };

export const billersOf = (category: BillCategory) => BILLERS.filter((b) => b.category === category);

export function packagesOf(billerId: string, billerGroupId: string, categories: BillCategory[]) {
  const b = findBiller(billerId, billerGroupId);
  if (!b || !categories.includes(b.category)) throw notFound('Biller not found', 'BILLER_NOT_FOUND');
  return packagesFor(b);
}

const NOT_FOUND_TEXT: Partial<Record<BillCategory, string>> = {
  electricity: 'We could not find this meter number. Check it and the distribution company.',
  tv: 'We could not find this smartcard or IUC number.',
  betting: 'We could not find this betting account ID.',
};

/** The customer check before paying electricity, TV or betting: the name (and a meter's address). */
export async function validateCustomer(
  vendor: BillVendor,
  billerId: string,
  billerGroupId: string,
  customerNumber: string,
  packageId?: string,
) {
  const b = findBiller(billerId, billerGroupId);
  if (!b) throw notFound('Biller not found', 'BILLER_NOT_FOUND');
  const found = await vendor.validate(b, customerNumber, packageId);
  if (!found) throw notFound(NOT_FOUND_TEXT[b.category] ?? 'We could not find this customer', 'CUSTOMER_NOT_FOUND');
  return { customerNumber, customerName: found.customerName, address: found.address };
}

type BillBody = Extract<InitiateBody, { type: BillCategory }>;

const LIMITS: Record<BillCategory, { min: number; max: number }> = {
  airtime: { min: 5_000, max: 5_000_000 },
  data: { min: 0, max: Number.MAX_SAFE_INTEGER },
  electricity: { min: 100_000, max: 50_000_000 },
  tv: { min: 0, max: Number.MAX_SAFE_INTEGER },
  betting: { min: 10_000, max: 50_000_000 },
};
const naira = (k: number) => formatNaira(k, { trimZeroKobo: true });

/** Works out what is being bought and for how much, and checks the customer, before the PIN. */
async function quote(
  vendor: BillVendor,
  body: BillBody,
): Promise<{
  biller: Biller;
  amount: bigint;
  customerNumber: string;
  customerName: string | null;
  address: string | null;
  packageName: string | null;
}> {
  const biller = findBiller(body.billerId, body.billerGroupId);
  if (!biller) throw notFound('Biller not found', 'BILLER_NOT_FOUND');
  if (biller.category !== body.type) throw badRequest(`${biller.name} does not sell ${body.type}`, 'BILLER_MISMATCH');
  let customerNumber = body.customerNumber;
  if (body.type === 'airtime' || body.type === 'data') {
    const e164 = toE164(body.customerNumber);
    if (!e164) throw badRequest('Enter a valid Nigerian phone number', 'PHONE_INVALID');
    customerNumber = `0${e164.slice(4)}`;
  }
  const packages = packagesFor(biller);
  const pkg = body.packageId ? packages.find((p) => p.packageId === body.packageId) : undefined;
  if (packages.length > 0 && !pkg)
    throw badRequest(body.packageId ? 'That package is not available' : 'Choose a package', 'PACKAGE_INVALID');
  let amount: number;
  if (pkg?.amount != null) amount = pkg.amount;
  else {
    if (body.amount === undefined) throw badRequest('Enter an amount', 'AMOUNT_REQUIRED');
    amount = body.amount;
    const { min, max } = LIMITS[body.type];
    if (amount < min || amount > max) throw badRequest(`The amount must be between ${naira(min)} and ${naira(max)}`, 'AMOUNT_RANGE');
  }
  let customerName: string | null = null;
  let address: string | null = null;
  if (body.type === 'electricity' || body.type === 'tv' || body.type === 'betting') {
    const c = await validateCustomer(vendor, body.billerId, body.billerGroupId, customerNumber, body.packageId);
    customerName = c.customerName;
    address = c.address;
  }
  return { biller, amount: BigInt(amount), customerNumber, customerName, address, packageName: pkg?.name ?? null };
}

export async function initiateBill(deps: BillsDeps, userId: string, body: BillBody): Promise<Preview> {
  const q = await quote(deps.vendor, body);
  return previewPayment(deps.db, {
    userId,
    type: body.type,
    amount: q.amount,
    fee: 0n,
    narration: body.narration || q.packageName,
    counterparty: {
      id: null,
      name: q.customerName ? `${q.biller.name} · ${q.customerName}` : q.biller.name,
      bankName: null,
      accountNumber: q.customerNumber,
    },
    details: {
      billerId: q.biller.billerId,
      billerGroupId: q.biller.billerGroupId,
      ...(body.packageId ? { packageId: body.packageId } : {}),
      ...(q.customerName ? { customerName: q.customerName } : {}),
      ...(q.address ? { address: q.address } : {}),
    },
  });
}

const vendArgs = (intent: Intent) => ({
  reference: intent.reference,
  biller: findBiller(intent.details.billerId!, intent.details.billerGroupId!)!,
  customerNumber: intent.counterparty.accountNumber!,
  packageId: intent.details.packageId,
  amount: intent.amount,
});

/** A bill as an outside payment: one pending leg to the biller account; success keeps the token and the number as a beneficiary. */
const vend = ({ vendor }: BillsDeps): ExternalPayment => ({
  types: BILL_TYPES,
  legs: (intent, wallet) => [
    {
      id: intent.id,
      debitAccountId: wallet,
      creditAccountId: system('biller'),
      amount: intent.amount,
      kind: `bill.${intent.type}`,
      reference: intent.reference,
      pending: true,
    },
  ],
  call: (intent) => vendor.vend(vendArgs(intent)),
  status: (intent) => vendor.status(vendArgs(intent)),
  notConfirmedText: 'This payment has not been confirmed yet',
  onSuccess: async (tx, intent) => {
    await tx
      .insert(billBeneficiaries)
      .values({
        userId: intent.userId,
        label: intent.details.billerId!,
        customerNumber: intent.counterparty.accountNumber!,
        customerName: intent.details.customerName ?? null,
      })
      .onConflictDoUpdate({
        target: [billBeneficiaries.userId, billBeneficiaries.label, billBeneficiaries.customerNumber],
        set: { lastUsedAt: new Date() },
      });
  },
  failureText: 'The purchase failed. Your money has been returned.',
});

const bills = externalCalls(vend);
/** Reserve (pending debit), vend outside the transaction, then post or void. */
export const completeBill = bills.complete;
/** Asks the vendor about a purchase still processing and settles it. */
export const checkBill = bills.check;
/** Settles purchases left processing for longer than `olderThanMs` (a job). */
export const reconcileBills = bills.reconcile;

/** Bill purchases as payment kinds of the transaction service's initiate/complete, with this vendor. */
export function billPaymentTypes(vendor: BillVendor): PaymentTypes {
  const handler: PaymentHandler = {
    initiate: (db, userId, body) => {
      if (body.type === 'sendMoney') throw new Error('not a bill');
      return initiateBill({ db, vendor }, userId, body);
    },
    complete: (db, userId, reference, key) => completeBill({ db, vendor }, userId, reference, key),
    check: (db, userId, reference) => checkBill({ db, vendor }, userId, reference),
  };
  return Object.fromEntries(BILL_TYPES.map((type) => [type, handler]));
}

export async function beneficiaries(db: Db, userId: string, label: string, page: Page) {
  const where = and(eq(billBeneficiaries.userId, userId), eq(billBeneficiaries.label, label));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(billBeneficiaries)
      .where(where)
      .orderBy(desc(billBeneficiaries.lastUsedAt))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.$count(billBeneficiaries, where),
  ]);
  return {
    items: rows.map((r) => ({
      label: r.label,
      customerNumber: r.customerNumber,
      customerName: r.customerName,
      lastUsedAt: r.lastUsedAt.toISOString(),
    })),
    total,
  };
}

export async function removeBeneficiary(db: Db, userId: string, label: string, customerNumber: string) {
  const gone = await db
    .delete(billBeneficiaries)
    .where(
      and(eq(billBeneficiaries.userId, userId), eq(billBeneficiaries.label, label), eq(billBeneficiaries.customerNumber, customerNumber)),
    )
    .returning({ n: billBeneficiaries.customerNumber });
  if (gone.length === 0) throw notFound('Beneficiary not found', 'BENEFICIARY_NOT_FOUND');
}
