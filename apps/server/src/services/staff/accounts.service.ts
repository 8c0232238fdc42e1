import type { StaffMember, StaffRole } from '@owo/contracts';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hashSecret, keyedHash, newId, randomToken } from '../../platform/crypto.js';
import type { Db, Tx } from '../../platform/db.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import type { StaffAuthContext } from '../../platform/staff-auth.js';
import { appendAudit } from './audit.js';
import type { StaffDeps } from './deps.js';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash, sealSecret } from './second-factor.js';
import { staff, staffRecoveryCodes, staffSessions } from './tables.js';

// Staff accounts: the first admin made by a command (never by the web), others invited by an admin
// and enrolled by themselves (enrollment.service.ts), disabled by an admin.

export type StaffRow = typeof staff.$inferSelect;

const creator = alias(staff, 'creator');

export const toStaffMember = (r: StaffRow, createdBy: string | null): StaffMember => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  createdBy,
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  disabledAt: r.disabledAt?.toISOString() ?? null,
});

const emailTaken = () => conflict('A staff member with this email already exists', 'STAFF_EMAIL_TAKEN');
export const inviteTokenHash = (secret: string, token: string) => keyedHash(secret, `staff-invite:${token}`);

/** Writes a second factor for a member: the sealed TOTP secret and ten fresh recovery codes (the plain codes returned, once). */
export async function setSecondFactor(tx: Tx, secret: string, staffId: string, sealedTotp: string, lastStep: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.update(staff).set({ totpSecret: sealedTotp, totpLastStep: lastStep }).where(eq(staff.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: recoveryCodeHash(secret, c) })));
  return codes;
}

export type NewAdmin = { id: string; email: string; totpSecret: string; otpauthUrl: string; recoveryCodes: string[] };

/**
 * An active admin with a password, a TOTP secret and recovery codes, for the command
 * (`npm run staff:create-admin`): the secret and the codes are returned to be printed once.
 */
export async function createAdmin(db: Db, secret: string, p: { email: string; name: string; password: string }): Promise<NewAdmin> {
  const id = newId();
  const totp = newTotpSecret();
  const passwordHash = await hashSecret(p.password);
  const email = p.email.trim().toLowerCase();
  try {
    const recoveryCodes = await db.transaction(async (tx) => {
      await tx.insert(staff).values({ id, email, name: p.name.trim(), role: 'admin', status: 'active', passwordHash });
      const codes = await setSecondFactor(tx, secret, id, sealSecret(secret, totp), 0);
      await appendAudit(tx, secret, { staffId: null, kind: 'staff.create-admin', subject: id, detail: { email, via: 'command' } });
      return codes;
    });
    return { id, email, totpSecret: totp, otpauthUrl: otpauthUrl(totp, email), recoveryCodes };
  } catch (err) {
    if (uniqueViolation(err) === 'staff_email_key') throw emailTaken();
    throw err;
  }
}

/** Adds a staff member as invited and emails them the enrolment link (valid for STAFF_INVITE_HOURS). */
export async function addStaff(
  deps: StaffDeps,
  tx: Tx,
  actor: StaffAuthContext,
  p: { email: string; name: string; role: StaffRole },
): Promise<StaffMember> {
  const token = randomToken();
  const id = newId();
  const inserted = await tx
    .insert(staff)
    .values({
      id,
      email: p.email,
      name: p.name,
      role: p.role,
      status: 'invited',
      inviteTokenHash: inviteTokenHash(deps.config.secret, token),
      inviteExpiresAt: new Date(Date.now() + deps.config.staff.inviteMs),
      createdBy: actor.staffId,
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (!row) throw emailTaken();
  const hours = Math.round(deps.config.staff.inviteMs / 3600_000);
  await deps.notifier.enqueueEmail(tx, {
    to: p.email,
    subject: 'You have been added to the Owo console',
    text:
      `Hello ${p.name},\n\n${actor.name} added you to the Owo operator console as ${p.role}.\n` +
      `Open this link within ${hours} hours to set your password and your authenticator app:\n\n` +
      `${deps.config.staff.consoleUrl}/enroll#token=${token}\n\nIf you did not expect this, ignore this email.`,
  });
  await appendAudit(tx, deps.config.secret, {
    staffId: actor.staffId,
    kind: 'staff.add',
    subject: id,
    detail: { email: p.email, role: p.role },
  });
  return toStaffMember(row, actor.name);
}

export async function listStaff(db: Tx, q: { page: number; limit: number; status?: StaffRow['status'] }) {
  const where = q.status ? eq(staff.status, q.status) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ s: staff, createdBy: creator.name })
      .from(staff)
      .leftJoin(creator, eq(creator.id, staff.createdBy))
      .where(where)
      .orderBy(desc(staff.createdAt), desc(staff.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return { items: rows.map((r) => toStaffMember(r.s, r.createdBy)), total: totals[0]?.n ?? 0 };
}

/**
 * Disables a member and ends their sessions at once. An admin cannot disable themselves (so an
 * active admin always remains); disabling someone already disabled changes nothing.
 */
export async function disableStaff(deps: StaffDeps, tx: Tx, actor: StaffAuthContext, id: string, reason: string): Promise<StaffMember> {
  if (id === actor.staffId) throw forbidden('You cannot disable yourself', 'STAFF_SELF');
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update').limit(1);
  if (!row) throw notFound('Staff member not found', 'STAFF_NOT_FOUND');
  let result: StaffRow | undefined = row;
  if (row.status !== 'disabled') {
    const now = new Date();
    [result] = await tx
      .update(staff)
      .set({ status: 'disabled', disabledAt: now, disabledBy: actor.staffId, inviteTokenHash: null, inviteExpiresAt: null })
      .where(eq(staff.id, id))
      .returning();
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)));
    await appendAudit(tx, deps.config.secret, {
      staffId: actor.staffId,
      kind: 'staff.disable',
      subject: id,
      detail: { email: row.email, reason },
    });
  }
  const [made] = row.createdBy ? await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, row.createdBy)) : [];
  return toStaffMember(result!, made?.name ?? null);
}
