import type { KycAddress, KycStatus, Tier3Body } from '@owo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { KycConfig } from '../../platform/config-kyc.js';
import type { Tx } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { privateDocumentsOf } from '../upload/index.js';
import { userById } from '../user/index.js';
import type { KycDeps } from './deps.js';
import { releaseHeld } from './held.service.js';
import { datesMatch, namesMatch } from './identity/name-match.js';
import { IdentityNotFound, IdentityUnavailable, type IdentityKind } from './identity/provider.js';
import { masked, numberHash, sealNumber } from './numbers.js';
import { lagosDay, tierOf } from './settings.js';
import { kycHeldCredits, kycProfiles, kycUsage, type Tier3Documents } from './tables.js';

type Profile = typeof kycProfiles.$inferSelect;
const LABEL: Record<IdentityKind, string> = { bvn: 'BVN', nin: 'NIN' };
const k = (n: bigint | null) => (n === null ? null : Number(n));

/** A person's KYC row (the sign-up trigger makes it; made here for anyone older). */
async function profileOf(tx: Tx, userId: string, lock = false): Promise<Profile> {
  const read = () => {
    const q = tx.select().from(kycProfiles).where(eq(kycProfiles.userId, userId)).limit(1);
    return lock ? q.for('update') : q;
  };
  const [row] = await read();
  if (row) return row;
  await tx.insert(kycProfiles).values({ userId }).onConflictDoNothing();
  const [made] = await read();
  return made!;
}

/** The tier a profile has earned: 3 once staff approve the documents, 2 with BVN, NIN and an address, else 1; never lower than now. */
export function earnedTier(p: Pick<Profile, 'tier' | 'bvnVerifiedAt' | 'ninVerifiedAt' | 'address' | 'tier3Status'>): 1 | 2 | 3 {
  const earned = p.tier3Status === 'approved' ? 3 : p.bvnVerifiedAt && p.ninVerifiedAt && p.address ? 2 : 1;
  return Math.max(earned, p.tier) as 1 | 2 | 3;
}

/** After a change to the profile: the tier it earns, and on an upgrade the held credits the new caps allow. Answers the tier. */
async function settleTier(tx: Tx, kyc: KycConfig, userId: string): Promise<number> {
  const p = await profileOf(tx, userId, true);
  const tier = earnedTier(p);
  if (tier === p.tier) return tier;
  await tx.update(kycProfiles).set({ tier, updatedAt: new Date() }).where(eq(kycProfiles.userId, userId));
  await releaseHeld(tx, userId, tierOf(kyc, tier));
  return tier;
}

function nextStep(p: Profile, tier: number): string | null {
  if (tier === 1) {
    const missing = [!p.bvnVerifiedAt && 'verify your BVN', !p.ninVerifiedAt && 'verify your NIN', !p.address && 'add your address'].filter(
      Boolean,
    );
    return `To reach Tier 2: ${missing.join(', ').replace(/, ([^,]*)$/, ' and $1')}.`;
  }
  if (tier === 2) {
    if (p.tier3Status === 'pending') return 'Your ID and proof of address are being reviewed.';
    if (p.tier3Status === 'rejected') return 'To reach Tier 3: upload your ID and proof of address again.';
    return 'To reach Tier 3: upload an ID and a proof of address.';
  }
  return null;
}

/** What the limits screen shows: the tier, its limits, today's use, the checks, any restriction and held credits. */
export async function kycStatus(deps: KycDeps, userId: string, now = new Date()): Promise<KycStatus> {
  const kyc = deps.config.kyc;
  const p = await profileOf(deps.db, userId);
  const [[usage], [held]] = await Promise.all([
    deps.db.select().from(kycUsage).where(eq(kycUsage.userId, userId)).limit(1),
    deps.db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${kycHeldCredits.amount}), 0)::text` })
      .from(kycHeldCredits)
      .where(and(eq(kycHeldCredits.userId, userId), eq(kycHeldCredits.status, 'held'))),
  ]);
  const tier = p.tier as 1 | 2 | 3;
  const t = tierOf(kyc, tier);
  const newDevice = p.newDeviceUntil && p.newDeviceUntil > now ? kyc.newDeviceDailyOut : null;
  const dayLimit = newDevice !== null && newDevice < t.dailyOut ? newDevice : t.dailyOut;
  const used = usage && usage.day === lagosDay(now) ? usage.outKobo : 0n;
  const unverified = !p.bvnVerifiedAt && !p.ninVerifiedAt;
  const verifyBy = unverified ? new Date(p.createdAt.getTime() + kyc.verifyDays * 86_400_000) : null;
  return {
    tier,
    limits: { tier, perDeposit: k(t.perDeposit), balanceCap: k(t.balanceCap), dailyOut: Number(dayLimit) },
    tiers: kyc.tiers.map((x) => ({ tier: x.tier, perDeposit: k(x.perDeposit), balanceCap: k(x.balanceCap), dailyOut: Number(x.dailyOut) })),
    usedToday: Number(used),
    leftToday: Number(dayLimit > used ? dayLimit - used : 0n),
    newDeviceLimit: k(newDevice),
    bvn: { status: p.bvnVerifiedAt ? 'verified' : 'missing', masked: masked(p.bvnLast3) },
    nin: { status: p.ninVerifiedAt ? 'verified' : 'missing', masked: masked(p.ninLast3) },
    dateOfBirth: p.dateOfBirth,
    address: p.address ?? null,
    tier3: p.tier3Status,
    tier3Reason: p.tier3Status === 'rejected' ? p.tier3Reason : null,
    verifyBy: verifyBy?.toISOString() ?? null,
    restriction:
      verifyBy && verifyBy <= now
        ? {
            reason: `No BVN or NIN was verified within ${kyc.verifyDays} days of sign-up, so your account can receive money but not send it.`,
            howToLift: 'Verify your BVN or your NIN: sending works again at once.',
          }
        : null,
    held: { count: held?.n ?? 0, total: Number(held?.total ?? 0) },
    nextStep: nextStep(p, tier),
  };
}

const refusal = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * Verifies a BVN or a NIN: the provider's record must carry the person's name (namesMatch) and
 * the date of birth given (and the one verified before, if any). The number is kept sealed; one
 * number belongs to one person. On success the tier is settled (held credits released on an
 * upgrade). Asking again with the same number is harmless.
 */
export async function verifyNumber(
  deps: KycDeps,
  userId: string,
  kind: IdentityKind,
  number: string,
  dateOfBirth: string,
): Promise<KycStatus> {
  const label = LABEL[kind];
  const key = deps.config.kyc.numberKey;
  const hash = numberHash(key, kind, number);
  const [user, p] = await Promise.all([userById(deps.db, userId), profileOf(deps.db, userId)]);
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  const verified = kind === 'bvn' ? p.bvnHash : p.ninHash;
  if (verified === hash) return kycStatus(deps, userId);
  if (verified) throw conflict(`Your ${label} is already verified.`, 'KYC_ALREADY_VERIFIED');
  if (p.dateOfBirth && p.dateOfBirth !== dateOfBirth) {
    throw refusal(422, 'KYC_DOB_MISMATCH', `This date of birth is not the one you verified before (${p.dateOfBirth}).`);
  }
  const [taken] = await deps.db
    .select({ userId: kycProfiles.userId })
    .from(kycProfiles)
    .where(kind === 'bvn' ? eq(kycProfiles.bvnHash, hash) : eq(kycProfiles.ninHash, hash))
    .limit(1);
  if (taken) throw conflict(`This ${label} is already linked to another Owo account.`, 'KYC_NUMBER_IN_USE');

  let record;
  try {
    record = await deps.identity.lookup(kind, number);
  } catch (err) {
    if (err instanceof IdentityNotFound)
      throw refusal(404, 'KYC_NOT_FOUND', `We could not find this ${label}. Check the 11 digits and try again.`);
    if (err instanceof IdentityUnavailable) {
      throw refusal(
        503,
        'KYC_PROVIDER_DOWN',
        `We could not reach the ${label} service just now. Nothing was saved; please try again in a few minutes.`,
      );
    }
    throw err;
  }
  if (!namesMatch(user, record)) {
    throw refusal(
      422,
      'KYC_NAME_MISMATCH',
      `The name on this ${label} does not match your name on Owo, ${user.firstName} ${user.lastName}. Check the number, or change your profile name to the one on your ${label}.`,
    );
  }
  if (!datesMatch(record.dateOfBirth, dateOfBirth)) {
    throw refusal(422, 'KYC_DOB_MISMATCH', `The date of birth does not match the one this ${label} holds.`);
  }

  const sealed = sealNumber(key, number);
  const now = new Date();
  const set =
    kind === 'bvn'
      ? { bvnCipher: sealed, bvnHash: hash, bvnLast3: number.slice(-3), bvnVerifiedAt: now }
      : { ninCipher: sealed, ninHash: hash, ninLast3: number.slice(-3), ninVerifiedAt: now };
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(kycProfiles)
        .set({ ...set, dateOfBirth, updatedAt: now })
        .where(eq(kycProfiles.userId, userId));
      await settleTier(tx, deps.config.kyc, userId);
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw conflict(`This ${label} is already linked to another Owo account.`, 'KYC_NUMBER_IN_USE');
    }
    throw err;
  }
  return kycStatus(deps, userId);
}

export async function setAddress(deps: KycDeps, userId: string, address: KycAddress): Promise<KycStatus> {
  await deps.db.transaction(async (tx) => {
    await profileOf(tx, userId, true);
    await tx.update(kycProfiles).set({ address, updatedAt: new Date() }).where(eq(kycProfiles.userId, userId));
    await settleTier(tx, deps.config.kyc, userId);
  });
  return kycStatus(deps, userId);
}

/** Tier 3: the documents (uploaded first through the upload service) wait for staff review. */
export async function submitTier3(deps: KycDeps, userId: string, body: Tier3Body): Promise<KycStatus> {
  const p = await profileOf(deps.db, userId);
  if (p.tier < 2) throw refusal(409, 'KYC_TIER2_FIRST', 'Reach Tier 2 first: verify your BVN and NIN and add your address.');
  if (p.tier === 3) throw conflict('You are already on Tier 3.', 'KYC_ALREADY_TIER3');
  // Only the person's own private documents, uploaded for this (an address or another's upload is refused).
  const own = await privateDocumentsOf(deps.db, userId, [body.idDocumentId, body.proofOfAddressId]);
  if (own.length !== 2) throw badRequest('Upload your ID and proof of address in the app, then send them.', 'KYC_DOCUMENT_UNKNOWN');
  const documents: Tier3Documents = { idType: body.idType, idDocumentId: body.idDocumentId, proofOfAddressId: body.proofOfAddressId };
  await deps.db
    .update(kycProfiles)
    .set({ tier3Status: 'pending', tier3Documents: documents, tier3Reason: null, updatedAt: new Date() })
    .where(eq(kycProfiles.userId, userId));
  return kycStatus(deps, userId);
}

/**
 * Staff's decision on Tier 3 documents (the console's KYC review), in the caller's transaction:
 * approved, the person is on Tier 3 at once (held credits it allows are released); rejected, the
 * reason is kept for the Limits screen until a new request. Answers the tier after it.
 */
export async function decideTier3(tx: Tx, kyc: KycConfig, userId: string, approve: boolean, reason: string | null = null): Promise<number> {
  const p = await profileOf(tx, userId, true);
  if (p.tier3Status !== 'pending') throw conflict('No Tier 3 request is waiting for this person.', 'KYC_NOTHING_PENDING');
  await tx
    .update(kycProfiles)
    .set({ tier3Status: approve ? 'approved' : 'rejected', tier3Reason: approve ? null : reason, updatedAt: new Date() })
    .where(eq(kycProfiles.userId, userId));
  return settleTier(tx, kyc, userId);
}

/** True when this upload is one of the documents of this person's Tier 3 request (what staff may open). */
export async function isTier3Document(tx: Tx, userId: string, uploadId: string): Promise<boolean> {
  const [p] = await tx.select({ documents: kycProfiles.tier3Documents }).from(kycProfiles).where(eq(kycProfiles.userId, userId));
  return Boolean(p?.documents && (p.documents.idDocumentId === uploadId || p.documents.proofOfAddressId === uploadId));
}

/** Tier 3 requests waiting for review, the oldest first (kyc_profiles_tier3_idx). */
export async function pendingTier3(tx: Tx, q: { page: number; limit: number }) {
  const pending = eq(kycProfiles.tier3Status, 'pending');
  const [rows, [c]] = await Promise.all([
    tx
      .select()
      .from(kycProfiles)
      .where(pending)
      .orderBy(kycProfiles.updatedAt, kycProfiles.userId)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(kycProfiles)
      .where(pending),
  ]);
  return {
    items: rows.map((p) => ({
      userId: p.userId,
      submittedAt: p.updatedAt.toISOString(),
      documents: p.tier3Documents!,
      dateOfBirth: p.dateOfBirth,
      address: p.address ?? null,
      bvnMasked: masked(p.bvnLast3),
      ninMasked: masked(p.ninLast3),
    })),
    total: c?.n ?? 0,
  };
}

/**
 * Marks a person verified to a tier without a provider (the demo people, and the test factories'
 * default of a verified Tier 2 person): both checks stamped, an address, the tier set.
 */
export async function markVerified(db: Tx, userId: string, tier: 1 | 2 | 3): Promise<void> {
  const now = new Date();
  await db.insert(kycProfiles).values({ userId }).onConflictDoNothing();
  await db
    .update(kycProfiles)
    .set(
      tier === 1
        ? { tier, updatedAt: now }
        : {
            tier,
            bvnVerifiedAt: now,
            ninVerifiedAt: now,
            bvnLast3: '001',
            ninLast3: '001',
            dateOfBirth: '1990-01-01',
            address: { line1: '12 Adeola Odeku Street', city: 'Victoria Island', state: 'Lagos' },
            tier3Status: tier === 3 ? 'approved' : 'none',
            updatedAt: now,
          },
    )
    .where(eq(kycProfiles.userId, userId));
}

/**
 * A device confirmed with a texted code: until `NEW_DEVICE_HOURS` from now the person's day limit
 * is the lower of their tier's and `NEW_DEVICE_DAILY_OUT` (the posting path reads the window).
 */
export async function openNewDeviceWindow(tx: Tx, kyc: KycConfig, userId: string, now = new Date()): Promise<void> {
  await profileOf(tx, userId);
  await tx
    .update(kycProfiles)
    .set({ newDeviceUntil: new Date(now.getTime() + kyc.newDeviceHours * 3_600_000), updatedAt: now })
    .where(eq(kycProfiles.userId, userId));
}

/**
 * What staff see of a person's KYC on the customer's record: the tier, whether the BVN and the NIN
 * are verified, and where a Tier 3 request stands. Never the numbers, not even masked.
 */
export async function kycForStaff(tx: Tx, userId: string) {
  const [p] = await tx
    .select({ tier: kycProfiles.tier, bvn: kycProfiles.bvnVerifiedAt, nin: kycProfiles.ninVerifiedAt, tier3: kycProfiles.tier3Status })
    .from(kycProfiles)
    .where(eq(kycProfiles.userId, userId))
    .limit(1);
  return { tier: (p?.tier ?? 1) as 1 | 2 | 3, bvnVerified: Boolean(p?.bvn), ninVerified: Boolean(p?.nin), tier3: p?.tier3 ?? 'none' };
}
