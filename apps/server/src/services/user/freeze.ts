import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../platform/db.js';
import { forbidden, type AppError } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { route, userIdOf } from '../../platform/route.js';
import { accountFreezes } from './freeze-table.js';

// A frozen account moves no money out. The rule is enforced once, in the authenticator's PIN check
// (authenticator.ts), which every PIN-guarded call passes through, and in the one statement that
// skips it for a recently verified PIN (owo_session_holds: a frozen account is checked in full).

export type Freeze = { reason: string; frozenAt: Date; frozenBy: string };

export const SUPPORT_CONTACT = 'Contact Owo support from Help in the app, or at support@owo.ng';

/** What a frozen account's owner reads: the reason and how to reach support. */
export const frozenText = (reason: string): string =>
  `Your account is frozen: ${reason.replace(/[.!\s]+$/, '')}. You can't send or pay until it is unfrozen. ${SUPPORT_CONTACT}.`;

/** The answer to every PIN-guarded call of a frozen account. */
export const frozenError = (reason: string): AppError => forbidden(frozenText(reason), 'ACCOUNT_FROZEN');

export async function freezeOf(db: Tx, userId: string): Promise<Freeze | null> {
  const [row] = await db
    .select({ reason: accountFreezes.reason, frozenAt: accountFreezes.frozenAt, frozenBy: accountFreezes.frozenBy })
    .from(accountFreezes)
    .where(eq(accountFreezes.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Refuses (403 ACCOUNT_FROZEN) a frozen account. */
export async function refuseFrozen(db: Tx, userId: string): Promise<void> {
  const f = await freezeOf(db, userId);
  if (f) throw frozenError(f.reason);
}

/** Freezes an account (the reason replaced when it already is); false when it was frozen already. */
export async function freezeAccount(tx: Tx, userId: string, reason: string, by: string): Promise<boolean> {
  const before = await freezeOf(tx, userId);
  await tx
    .insert(accountFreezes)
    .values({ userId, reason, frozenBy: by })
    .onConflictDoUpdate({ target: accountFreezes.userId, set: { reason, frozenBy: by } });
  return before === null;
}

/** Unfreezes an account; false when it was not frozen. */
export async function unfreezeAccount(tx: Tx, userId: string): Promise<boolean> {
  const gone = await tx.delete(accountFreezes).where(eq(accountFreezes.userId, userId)).returning({ id: accountFreezes.userId });
  return gone.length > 0;
}

/** The customer's own call: is my account frozen, and why (the app's banner). */
export const freezeRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'user.accountFreeze', { guard: 'bearer' }, async (req) => {
    const f = await freezeOf(app.db, userIdOf(req));
    return ok(
      f
        ? { frozen: true, reason: f.reason, since: f.frozenAt.toISOString(), contact: SUPPORT_CONTACT }
        : { frozen: false, reason: null, since: null, contact: SUPPORT_CONTACT },
      f ? 'Your account is frozen' : 'Your account is not frozen',
    );
  });
};
