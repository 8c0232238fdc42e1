import type { ApiEndpointDef } from './api.js';
import { heldCreditsQuery, heldCreditsResponse, kycAddress, kycStatusResponse, tier3Body, verifyBvnBody, verifyNinBody } from './kyc.js';

/** KYC: tiers, BVN and NIN, Tier 3 documents, held credits (/api/kyc). Part of `apiMap` (api.ts). */
export const kycApi = {
  'kyc.status': {
    method: 'GET',
    path: '/api/kyc/status',
    response: kycStatusResponse,
    summary: 'Your tier, its limits, what you have used and have left today, your checks and what raises the limits next',
  },
  'kyc.verifyBvn': {
    method: 'POST',
    path: '/api/kyc/bvn',
    body: verifyBvnBody,
    response: kycStatusResponse,
    summary: 'Verify your BVN: the name and date of birth it holds must match your profile',
  },
  'kyc.verifyNin': {
    method: 'POST',
    path: '/api/kyc/nin',
    body: verifyNinBody,
    response: kycStatusResponse,
    summary: 'Verify your NIN: the name and date of birth it holds must match your profile',
  },
  'kyc.setAddress': {
    method: 'PUT',
    path: '/api/kyc/address',
    body: kycAddress,
    response: kycStatusResponse,
    summary: 'Your home address (with a BVN and a NIN it takes you to Tier 2)',
  },
  'kyc.submitTier3': {
    method: 'POST',
    path: '/api/kyc/tier3',
    body: tier3Body,
    response: kycStatusResponse,
    summary: 'Ask for Tier 3: an ID document and a proof of address (uploaded first), reviewed by staff',
  },
  'kyc.heldCredits': {
    method: 'GET',
    path: '/api/kyc/held-credits',
    query: heldCreditsQuery,
    response: heldCreditsResponse,
    summary: 'Money waiting for you to verify (over your tier’s caps), newest first',
  },
} as const satisfies Record<string, ApiEndpointDef>;
