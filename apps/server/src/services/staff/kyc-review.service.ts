import type { KycReviewItem } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { notFound } from '../../platform/errors.js';
import { decideTier3, isTier3Document, pendingTier3 } from '../kyc/index.js';
import { openPrivateDocument, privateDocument } from '../upload/index.js';
import { usersByIds } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';

// KYC review (compliance): the Tier 3 requests waiting, read through the KYC service with the
// customers' names; a decision is applied by the KYC service, told to the customer and appended to
// the audit log, in the decision's transaction.

export async function kycQueue(deps: StaffDeps, q: { page: number; limit: number }): Promise<{ items: KycReviewItem[]; total: number }> {
  return deps.db.transaction(async (tx) => {
    const page = await pendingTier3(tx, q);
    const people = new Map(
      (
        await usersByIds(
          tx,
          page.items.map((p) => p.userId),
        )
      ).map((p) => [p.id, p]),
    );
    return {
      items: page.items.map(({ userId, documents, ...p }) => {
        const person = people.get(userId);
        return {
          ...p,
          customer: { id: userId, name: person ? `${person.firstName} ${person.lastName}` : '(unknown)' },
          phone: person?.phoneNumber ?? null,
          idType: documents.idType as KycReviewItem['idType'],
          idDocumentId: documents.idDocumentId,
          proofOfAddressId: documents.proofOfAddressId,
        };
      }),
      total: page.total,
    };
  });
}

/**
 * A document of a customer's Tier 3 request, for a reviewer (the route checked the permission): a
 * private upload that is one of that customer's request's documents, else not found. Each opening is
 * appended to the audit log before the bytes are read.
 */
export async function kycDocument(deps: StaffDeps, actor: StaffAuthContext, id: string) {
  const doc = await privateDocument(deps.db, id);
  if (!doc || !(await isTier3Document(deps.db, doc.ownerId, id))) throw notFound('Document not found', 'DOCUMENT_NOT_FOUND');
  await deps.db.transaction((tx) =>
    appendAudit(tx, deps.config.secret, {
      staffId: actor.staffId,
      customerId: doc.ownerId,
      kind: 'kyc.document.view',
      detail: { documentId: id },
    }),
  );
  const found = await openPrivateDocument(deps.storage, doc);
  if (!found) throw notFound('Document not found', 'DOCUMENT_NOT_FOUND');
  return { ...found, mimeType: doc.mimeType };
}

export async function reviewTier3(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  userId: string,
  decision: 'approve' | 'reject',
  reason: string | undefined,
) {
  const why = decision === 'reject' ? reason!.trim() : (reason?.trim() ?? null) || null;
  const tier = await decideTier3(tx, deps.config.kyc, userId, decision === 'approve', why);
  await deps.notifier.notice(
    tx,
    [userId],
    decision === 'approve'
      ? {
          kind: 'kyc.tier3.approved',
          title: 'You are now on Tier 3',
          body: 'Your ID and proof of address were approved: your limits are raised.',
          link: '/account/limits',
        }
      : {
          kind: 'kyc.tier3.rejected',
          title: 'Your Tier 3 documents were not accepted',
          body: `${why}. You can upload them again.`,
          link: '/account/limits',
        },
  );
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId: userId,
    kind: `kyc.tier3.${decision}`,
    detail: { reason: why },
  });
  return { userId, decision, tier, reason: why };
}
