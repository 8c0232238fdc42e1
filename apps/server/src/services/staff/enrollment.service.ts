import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret } from '../../platform/crypto.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Tx } from '../../platform/db.js';
import { inviteTokenHash, setSecondFactor } from './accounts.service.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { newTotpSecret, openSecret, otpauthUrl, sealSecret, totpStep } from './second-factor.js';
import { startStaffSession, toMe } from './sessions.service.js';
import { staff } from './tables.js';

// An invited staff member enrols through the link an admin's invitation emailed them: opening it
// shows the TOTP secret to add to an authenticator app; finishing it sets the password, checks a
// first code and hands back a session and the recovery codes (once). Nobody else ever sees the
// secret or the codes, the admin who invited them included.

const invalid = () => notFound('This invitation link is not valid or has expired. Ask an admin to add you again.', 'STAFF_INVITE_INVALID');

const liveInvite = (deps: StaffDeps, token: string) =>
  and(
    eq(staff.inviteTokenHash, inviteTokenHash(deps.config.secret, token)),
    eq(staff.status, 'invited'),
    gt(staff.inviteExpiresAt, new Date()),
  );

/** Who the invitation is for and the TOTP secret to add (made on first opening, the same on every later one). */
export async function openEnrollment(deps: StaffDeps, token: string) {
  const { db, config } = deps;
  const [row] = await db.select().from(staff).where(liveInvite(deps, token)).limit(1);
  if (!row) throw invalid();
  let sealed = row.totpSecret;
  if (!sealed) {
    const [set] = await db
      .update(staff)
      .set({ totpSecret: sealSecret(config.secret, newTotpSecret()) })
      .where(and(eq(staff.id, row.id), isNull(staff.totpSecret)))
      .returning({ totpSecret: staff.totpSecret });
    // Opened twice at once: the other opening's secret stands.
    sealed = set?.totpSecret ?? (await db.select({ s: staff.totpSecret }).from(staff).where(eq(staff.id, row.id)))[0]?.s ?? null;
  }
  const secret = openSecret(config.secret, sealed!);
  return { email: row.email, name: row.name, role: row.role, secret, otpauthUrl: otpauthUrl(secret, row.email) };
}

/** Sets the password, checks the first code and activates the member: a session and ten recovery codes. */
export async function finishEnrollment(deps: StaffDeps, p: { token: string; password: string; code: string }) {
  const { db, config } = deps;
  const passwordHash = await hashSecret(p.password);
  return db.transaction(async (tx: Tx) => {
    const [row] = await tx.select().from(staff).where(liveInvite(deps, p.token)).for('update').limit(1);
    if (!row) throw invalid();
    if (!row.totpSecret) throw new AppError(409, 'STAFF_INVITE_NOT_OPENED', 'Open the invitation first to see your authenticator key');
    const step = totpStep(openSecret(config.secret, row.totpSecret), p.code.trim());
    if (step === null) {
      throw new AppError(
        422,
        'STAFF_CODE_INCORRECT',
        'That code is not right. Check that your authenticator app shows Owo Console and that your phone’s clock is correct.',
      );
    }
    await tx
      .update(staff)
      .set({ passwordHash, status: 'active', inviteTokenHash: null, inviteExpiresAt: null, lastLoginAt: new Date() })
      .where(eq(staff.id, row.id));
    const recoveryCodes = await setSecondFactor(tx, config.secret, row.id, row.totpSecret, step);
    const session = await startStaffSession(tx, config, row.id);
    await appendAudit(tx, config.secret, { staffId: row.id, kind: 'staff.enroll', detail: { email: row.email, role: row.role } });
    return { token: session.token, staff: toMe(row, session, config), recoveryCodes };
  });
}
