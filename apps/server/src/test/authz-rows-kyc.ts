import { randomInt } from 'node:crypto';
import { mine, OK, type Row } from './authz-rows-shapes.js';
import { tier3Body } from './upload-fixture.js';

/** A fresh sandbox number that matches the world's people (Ngozi Adebayo, born 1990-01-01). */
const idNumber = (first: string) => `${first}${String(randomInt(0, 1e9)).padStart(9, '0')}1`;
/** Each call verifies the caller's own number, so a person made for the request makes it. */
const own = (body: () => unknown): Row => ({ body, expect: { stranger: 401, newcomer: OK } });

/** The authorization matrix's rows (authz-rows.ts) of KYC: every call is about the caller only. */
export const kycRows: Record<string, Row> = {
  'kyc.status': mine(),
  'kyc.verifyBvn': own(() => ({ bvn: idNumber('2'), dateOfBirth: '1990-01-01' })),
  'kyc.verifyNin': own(() => ({ nin: idNumber('1'), dateOfBirth: '1990-01-01' })),
  'kyc.setAddress': own(() => ({ line1: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos' })),
  // The world's people are verified Tier 2: asking for Tier 3 is theirs to do.
  // Their own two private documents, uploaded by the caller first (anyone else's are refused: kyc tests).
  'kyc.submitTier3': {
    each: async (w, as) => (as ? await tier3Body(w.t.app, as) : {}),
    body: (_w, x) => x,
    expect: { stranger: 401, newcomer: OK },
  },
  'kyc.heldCredits': mine(),
};
