import type { AccountFreezeState } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { freezeAccount, freezeOf, frozenText, SUPPORT_CONTACT, unfreezeAccount, userById } from '../user/index.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';

// Freezing a customer's account (support, compliance): the user service keeps the state and refuses
// every PIN-guarded call of a frozen account; here, the staff side: the customer told, the audit entry.

async function mustExist(tx: Tx, id: string) {
  if (!(await userById(tx, id))) throw notFound('Customer not found', 'CUSTOMER_NOT_FOUND');
}

export async function freezeCustomer(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  customerId: string,
  reason: string,
): Promise<AccountFreezeState> {
  await mustExist(tx, customerId);
  const fresh = await freezeAccount(tx, customerId, reason, actor.staffId);
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    customerId,
    kind: fresh ? 'account.freeze' : 'account.freeze.reason',
    detail: { reason },
  });
  await deps.notifier.notice(tx, [customerId], {
    kind: 'account.frozen',
    title: 'Your account is frozen',
    body: frozenText(reason),
    link: '/',
  });
  const f = (await freezeOf(tx, customerId))!;
  return { frozen: true, reason: f.reason, since: f.frozenAt.toISOString(), contact: SUPPORT_CONTACT };
}

export async function unfreezeCustomer(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  customerId: string,
  reason: string,
): Promise<AccountFreezeState> {
  await mustExist(tx, customerId);
  if (!(await unfreezeAccount(tx, customerId))) throw conflict('This account is not frozen', 'NOT_FROZEN');
  await appendAudit(tx, deps.config.secret, { staffId: actor.staffId, customerId, kind: 'account.unfreeze', detail: { reason } });
  await deps.notifier.notice(tx, [customerId], {
    kind: 'account.unfrozen',
    title: 'Your account is unfrozen',
    body: 'You can send and pay again.',
    link: '/',
  });
  return { frozen: false, reason: null, since: null, contact: SUPPORT_CONTACT };
}
