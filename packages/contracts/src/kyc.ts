import { z } from 'zod';
import { envelope, listQuery, paginated } from './common.js';
import { kobo } from './money.js';

/** KYC tiers (docs/kyc.md): what a person may hold and send depends on what they have proved. */
export const kycTier = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type KycTier = z.infer<typeof kycTier>;

export const tierLimits = z.object({
  tier: kycTier,
  perDeposit: kobo.nullable().describe('the largest single credit; null: no cap'),
  balanceCap: kobo.nullable().describe('the most the wallet may hold; null: no cap'),
  dailyOut: kobo.describe('the most that may leave the wallet in a day (Lagos time)'),
});
export type TierLimits = z.infer<typeof tierLimits>;

const idNumber = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{11}$/, `${label} must be 11 digits`);
const dateOfBirth = z
  .string({ error: 'Date of birth is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be a date (YYYY-MM-DD)')
  .refine(
    (d) => !Number.isNaN(Date.parse(d)) && d >= '1900-01-01' && d <= new Date().toISOString().slice(0, 10),
    'Date of birth must be a real date in the past',
  );

export const verifyBvnBody = z.object({ bvn: idNumber('BVN'), dateOfBirth });
export const verifyNinBody = z.object({ nin: idNumber('NIN'), dateOfBirth });
export type VerifyBvnBody = z.infer<typeof verifyBvnBody>;
export type VerifyNinBody = z.infer<typeof verifyNinBody>;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(2, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);
export const kycAddress = z.object({ line1: line('Street address', 200), city: line('City', 80), state: line('State', 40) });
export type KycAddress = z.infer<typeof kycAddress>;

export const tier3Body = z
  .object({
    idType: z.enum(['nin_slip', 'drivers_licence', 'voters_card', 'passport'], { error: 'Choose the kind of ID' }),
    idDocumentId: z
      .uuid({ error: 'Upload your ID' })
      .describe('the id of your ID’s photo, uploaded with POST /api/upload/api/upload/document'),
    proofOfAddressId: z.uuid({ error: 'Upload a proof of address' }).describe('the id of your proof of address, uploaded the same way'),
  })
  .refine((b) => b.idDocumentId !== b.proofOfAddressId, {
    message: 'Send two different photos: one of your ID, one of your proof of address',
    path: ['proofOfAddressId'],
  });
export type Tier3Body = z.infer<typeof tier3Body>;

const idCheck = z.object({
  status: z.enum(['missing', 'verified']),
  masked: z.string().nullable().describe('the number with all but its last 3 digits hidden'),
});

export const kycStatus = z.object({
  tier: kycTier,
  limits: tierLimits.describe('your tier now (and, for 24 hours after a new device signs in, its lower daily limit)'),
  tiers: z.array(tierLimits),
  usedToday: kobo,
  leftToday: kobo,
  newDeviceLimit: kobo.nullable().describe('set while a device first seen in the last 24 hours may sign in: the day limit it imposes'),
  bvn: idCheck,
  nin: idCheck,
  dateOfBirth: z.string().nullable(),
  address: kycAddress.nullable(),
  tier3: z.enum(['none', 'pending', 'approved', 'rejected']),
  tier3Reason: z.string().nullable().describe('why the Tier 3 documents were rejected, when they were'),
  verifyBy: z.string().nullable().describe('by when a BVN or a NIN is due before sending stops; null when one is verified'),
  restriction: z.object({ reason: z.string(), howToLift: z.string() }).nullable(),
  held: z.object({ count: z.number().int(), total: kobo }),
  nextStep: z.string().nullable().describe('what raises the limits next'),
});
export type KycStatus = z.infer<typeof kycStatus>;
export const kycStatusResponse = envelope(kycStatus);

export const heldCredit = z.object({
  id: z.string(),
  amount: kobo,
  from: z.string().describe('who sent it'),
  reason: z.enum(['deposit_cap', 'balance_cap']),
  status: z.enum(['held', 'released', 'returned']),
  returnsAt: z.string().describe('when it goes back to its sender if not received'),
  createdAt: z.string(),
});
export type HeldCredit = z.infer<typeof heldCredit>;
export const heldCreditsQuery = listQuery;
export const heldCreditsResponse = paginated(heldCredit);
