import type { ApiBody, ApiData, ApiQuery, ApiRoute, BillCategory } from '@owo/contracts';
import { call } from './client';

export type Biller = ApiData<'GET /api/bills/bills/airtime-providers'>[number];
export type BillPackage = ApiData<'GET /api/bills/bills/provider-data-plans'>[number];
export type BillCustomer = ApiData<'GET /api/bills/bills/validate-customer'>;
export type BillBeneficiary = ApiData<'GET /api/bills/beneficiary/:label'>[number];
export type { BillCategory };

/** Body of a bill purchase through POST /api/v1/initiate (amount in kobo; data and TV use the package price). */
export type BillPurchase = Exclude<ApiBody<'POST /api/transaction/api/v1/initiate'>, { type: 'sendMoney' }>;
export type CustomerLookup = ApiQuery<'GET /api/bills/bills/validate-customer'>;

/** Where each type's packages are listed: data plans, TV bouquets, meter types, the betting package. Airtime has none. */
const PACKAGE_ROUTES = {
  data: 'GET /api/bills/bills/provider-data-plans',
  tv: 'GET /api/bills/bills/provider-data-plans',
  electricity: 'GET /api/bills/bills/electricity-provider-packages',
  betting: 'GET /api/bills/bills/betting-provider-packages',
} as const satisfies Partial<Record<BillCategory, ApiRoute>>;

const money = { requireToken: true } as const;

/** Bills service calls; purchases go through the transaction service. */
export const billsApi = {
  providers: (type: BillCategory, signal?: AbortSignal) => call(`GET /api/bills/bills/${type}-providers`, { signal }),
  packages: (type: BillCategory, b: Pick<Biller, 'billerId' | 'billerGroupId'>, signal?: AbortSignal) => {
    if (type === 'airtime') return Promise.resolve({ data: [] as BillPackage[], message: '' });
    return call(PACKAGE_ROUTES[type], { query: { billerId: b.billerId, billerGroupId: b.billerGroupId }, signal });
  },
  validateCustomer: (query: CustomerLookup, signal?: AbortSignal) => call('GET /api/bills/bills/validate-customer', { query, signal }),
  beneficiaries: (label: string, signal?: AbortSignal) => call('GET /api/bills/beneficiary/:label', { params: { label }, signal }),
  removeBeneficiary: (label: string, customerNumber: string) =>
    call('DELETE /api/bills/beneficiary/:label/:customerNumber', { params: { label, customerNumber } }),
  /** Re-checks a purchase still processing with the vendor (settles it when it has finished). */
  purchaseStatus: (reference: string) => call('GET /api/bills/bills/purchase-status/:reference', { ...money, params: { reference } }),
  initiate: (body: BillPurchase) => call('POST /api/transaction/api/v1/initiate', { ...money, body }),
  complete: (reference: string, pin: string, idempotencyKey: string) =>
    call('POST /api/transaction/api/v1/complete', { ...money, body: { reference }, pin, idempotencyKey }),
};
