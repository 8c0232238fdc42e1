import type { ApiBody, ApiData } from '@owo/contracts';
import { call } from './client';

export type KycStatus = ApiData<'GET /api/kyc/status'>;
export type HeldCredit = ApiData<'GET /api/kyc/held-credits'>[number];

/** KYC calls: your limits, BVN and NIN, your address, Tier 3 documents, held credits. */
export const kycApi = {
  status: () => call('GET /api/kyc/status', { requireToken: true }),
  verifyBvn: (body: ApiBody<'POST /api/kyc/bvn'>) => call('POST /api/kyc/bvn', { body }),
  verifyNin: (body: ApiBody<'POST /api/kyc/nin'>) => call('POST /api/kyc/nin', { body }),
  setAddress: (body: ApiBody<'PUT /api/kyc/address'>) => call('PUT /api/kyc/address', { body }),
  submitTier3: (body: ApiBody<'POST /api/kyc/tier3'>) => call('POST /api/kyc/tier3', { body }),
  heldCredits: (page = 1) => call('GET /api/kyc/held-credits', { query: { page, limit: 20 } }),
};
