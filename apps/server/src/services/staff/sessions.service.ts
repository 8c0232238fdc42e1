import type { StaffMe } from '@owo/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashSecret, newId, randomToken, verifySecret } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { staffTokenHash, type StaffAuthContext } from '../../platform/staff-auth.js';
import type { Config } from '../../platform/config.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { actionsOf } from './permissions.js';
import { normaliseRecoveryCode, openSecret, recoveryCodeHash, totpStep } from './second-factor.js';
import { staff, staffRecoveryCodes, staffSessions } from './tables.js';

// Staff sign-in and sessions: email, password (argon2id) and a second factor (a TOTP code, each
// accepted once, or a one-time recovery code), then a short session: it ends after
// STAFF_SESSION_IDLE_MINUTES without a successful call and STAFF_SESSION_MAX_HOURS after sign-in.

const INCORRECT = 'Incorrect email, password or code';
/** Failed sign-ins in a row that lock the account, and for how long. */
export const MAX_FAILED_LOGINS = 5;
const LOCK_MS = 15 * 60_000;

type Row = typeof staff.$inferSelect;

export function toMe(row: Pick<Row, 'id' | 'email' | 'name' | 'role'>, session: { expiresAt: Date }, config: Config): StaffMe {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    permissions: actionsOf(row.role),
    session: { expiresAt: session.expiresAt.toISOString(), idleMinutes: Math.round(config.staff.idleMs / 60_000) },
  };
}

/** Starts a session for a staff member; only the token's keyed hash is stored. */
export async function startStaffSession(tx: Tx, config: Config, staffId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.staff.maxMs);
  await tx.insert(staffSessions).values({
    id: newId(),
    staffId,
    tokenHash: staffTokenHash(config.secret, token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The `staff` guard's lookup (platform/staff-auth.ts): a live session of an active member, or null. Reads only. */
export async function findStaffSession(db: Db, config: Config, tokenHash: string): Promise<StaffAuthContext | null> {
  const now = Date.now();
  const [row] = await db
    .select({ sessionId: staffSessions.id, staffId: staff.id, role: staff.role, name: staff.name })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, new Date(now)),
        gt(staffSessions.lastSeenAt, new Date(now - config.staff.idleMs)),
        eq(staff.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Moves a session's last use to now (after a call that succeeded): the idle limit counts from here. */
export async function touchStaffSession(db: Db, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.id, sessionId));
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the second factor inside the sign-in's transaction: a TOTP code for a step later than the
 * last one accepted (one statement, so two sign-ins with one code cannot both pass), or an unspent
 * recovery code. Returns which it was, or null.
 */
async function spendSecondFactor(tx: Tx, secret: string, row: Row, code: string): Promise<'totp' | 'recovery' | null> {
  if (/^\d{6}$/.test(code.trim())) {
    const step = row.totpSecret ? totpStep(openSecret(secret, row.totpSecret), code.trim()) : null;
    if (step === null) return null;
    const moved = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), lt(staff.totpLastStep, step)))
      .returning({ id: staff.id });
    return moved.length > 0 ? 'totp' : null;
  }
  const recovery = normaliseRecoveryCode(code);
  if (!recovery) return null;
  const spent = await tx
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, row.id),
        eq(staffRecoveryCodes.codeHash, recoveryCodeHash(secret, recovery)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return spent.length > 0 ? 'recovery' : null;
}

class SecondFactorRefused extends Error {}

/**
 * Signs a staff member in. A wrong password or code, an unknown, invited or disabled account all get
 * the same 401 (a dummy hash is checked when there is no password to check). A failure of a real,
 * active account counts (and is in the audit log); five in a row lock it for 15 minutes (429).
 */
export async function staffLogin(deps: StaffDeps, p: { email: string; password: string; code: string }) {
  const { db, config } = deps;
  const [row] = await db.select().from(staff).where(eq(staff.email, p.email)).limit(1);
  if (!row || row.status !== 'active' || !row.passwordHash) {
    await verifySecret(await (dummyHash ??= hashSecret('not-a-staff-password')), p.password);
    throw unauthorized(INCORRECT, 'STAFF_LOGIN_FAILED');
  }
  if (row.lockedUntil && row.lockedUntil > new Date()) {
    const minutes = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 60_000));
    throw new AppError(429, 'STAFF_LOCKED', `Too many failed sign-ins. Try again in ${minutes} minutes.`);
  }
  const passwordOk = await verifySecret(row.passwordHash, p.password);
  try {
    return await db.transaction(async (tx) => {
      const factor = passwordOk ? await spendSecondFactor(tx, config.secret, row, p.code) : null;
      if (!factor) throw new SecondFactorRefused();
      const now = new Date();
      await tx.update(staff).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(staff.id, row.id));
      const session = await startStaffSession(tx, config, row.id);
      await appendAudit(tx, config.secret, { staffId: row.id, kind: 'staff.login', detail: { factor } });
      return { token: session.token, staff: toMe(row, session, config) };
    });
  } catch (err) {
    if (!(err instanceof SecondFactorRefused)) throw err;
    await db.transaction(async (tx) => {
      const [counted] = await tx
        .update(staff)
        .set({ failedLogins: sql`${staff.failedLogins} + 1` })
        .where(eq(staff.id, row.id))
        .returning({ failed: staff.failedLogins });
      const lock = (counted?.failed ?? 0) >= MAX_FAILED_LOGINS;
      if (lock)
        await tx
          .update(staff)
          .set({ failedLogins: 0, lockedUntil: new Date(Date.now() + LOCK_MS) })
          .where(eq(staff.id, row.id));
      await appendAudit(tx, config.secret, {
        staffId: row.id,
        kind: 'staff.login-failed',
        detail: { wrong: passwordOk ? 'code' : 'password', locked: lock },
      });
    });
    throw unauthorized(INCORRECT, 'STAFF_LOGIN_FAILED');
  }
}

export async function staffMe(db: Db, config: Config, ctx: StaffAuthContext): Promise<StaffMe> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.id, ctx.sessionId))
    .limit(1);
  if (!row) throw unauthorized('Your staff session has ended. Please sign in again.', 'STAFF_SESSION_INVALID');
  return toMe(row, row, config);
}

export async function staffLogout(deps: StaffDeps, ctx: StaffAuthContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, ctx.sessionId));
    await appendAudit(tx, deps.config.secret, { staffId: ctx.staffId, kind: 'staff.logout' });
  });
}
