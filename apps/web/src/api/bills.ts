import type { BillCategory, Preview, Receipt, beneficiary, billPackage, biller, customer } from '@owo/contracts';
import type { z } from 'zod';
import { api } from './client';

export type Biller = z.infer<typeof biller>;
export type BillPackage = z.infer<typeof billPackage>;
export type BillCustomer = z.infer<typeof customer>;
export type BillBeneficiary = z.infer<typeof beneficiary>;
export type { BillCategory };

/** Body of POST /api/v1/initiate for a bill (amount in kobo; data and TV use the package price). */
export interface BillPurchase {
  type: BillCategory;
  billerId: string;
  billerGroupId: string;
  packageId?: string;
  customerNumber: string;
  amount?: number;
}

export interface CustomerLookup {
  billerId: string;
  billerGroupId: string;
  packageId?: string;
  customerNumber: string;
}

const PACKAGE_PATHS: Partial<Record<BillCategory, string>> = {
  data: '/bills/provider-data-plans',
  tv: '/bills/provider-data-plans',
  electricity: '/bills/electricity-provider-packages',
  betting: '/bills/betting-provider-packages',
};

const money = { requireToken: true } as const;

/** Bills service calls (base /api/bills); purchases go through the transaction service. */
export const billsApi = {
  providers: (type: BillCategory, signal?: AbortSignal) => api.bills.get<Biller[]>(`/bills/${type}-providers`, { signal }),
  /** Data plans, TV bouquets, meter types or the betting package. Airtime has none. */
  packages: (type: BillCategory, b: Pick<Biller, 'billerId' | 'billerGroupId'>, signal?: AbortSignal) => {
    const path = PACKAGE_PATHS[type];
    if (!path) return Promise.resolve({ data: [] as BillPackage[], message: '' });
    return api.bills.get<BillPackage[]>(path, { query: { billerId: b.billerId, billerGroupId: b.billerGroupId }, signal });
  },
  validateCustomer: (q: CustomerLookup, signal?: AbortSignal) => api.bills.get<BillCustomer>('/bills/validate-customer', { query: { ...q }, signal }),
  beneficiaries: (label: string, signal?: AbortSignal) => api.bills.get<BillBeneficiary[]>(`/beneficiary/${encodeURIComponent(label)}`, { signal }),
  removeBeneficiary: (label: string, customerNumber: string) =>
    api.bills.delete<null>(`/beneficiary/${encodeURIComponent(label)}/${encodeURIComponent(customerNumber)}`),
  /** Re-checks a purchase still processing with the vendor (settles it when it has finished). */
  purchaseStatus: (reference: string) => api.bills.get<Receipt>(`/bills/purchase-status/${encodeURIComponent(reference)}`, money),
  initiate: (body: BillPurchase) => api.transaction.post<Preview>('/api/v1/initiate', body, money),
  complete: (reference: string, pin: string, idempotencyKey: string) =>
    api.transaction.post<Receipt>('/api/v1/complete', { reference }, { ...money, pin, headers: { 'Idempotency-Key': idempotencyKey } }),
};
