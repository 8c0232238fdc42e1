import type { FullUser, PublicUser } from '@owo/contracts';
import { and, asc, count, eq, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import { checkPin } from '../../platform/auth.js';
import { hashSecret } from '../../platform/crypto.js';
import { uniqueViolation } from '../../platform/db-errors.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { toE164 } from '../../platform/phone.js';
import { ownsUpload } from '../upload/index.js';
import type { UserDeps } from './deps.js';
import { users } from './tables.js';

type UserRow = typeof users.$inferSelect;

export const toPublicUser = (u: UserRow): PublicUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName,
  avatar: u.avatar,
  bio: u.bio,
});

export const toFullUser = (u: UserRow): FullUser => ({
  ...toPublicUser(u),
  email: u.email,
  phoneNumber: u.phoneNumber,
  isPhoneVerified: u.phoneVerifiedAt !== null,
  hasPin: u.pinHash !== null,
  createdAt: u.createdAt.toISOString(),
});

/** PINs anyone would guess first. */
const WEAK_PINS = new Set(['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999', '1234', '4321', '0123', '9876']);
const assertStrongPin = (pin: string) => {
  if (WEAK_PINS.has(pin)) throw badRequest('That PIN is too easy to guess. Choose another.', 'PIN_WEAK');
};

export async function setPin(deps: UserDeps, userId: string, pin: string, confirmation: string) {
  if (pin !== confirmation) throw badRequest('The PINs do not match', 'PIN_MISMATCH');
  assertStrongPin(pin);
  const hash = await hashSecret(pin);
  const updated = await deps.db
    .update(users)
    .set({ pinHash: hash, pinFailedAttempts: 0, pinLockedUntil: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.pinHash} IS NULL`))
    .returning({ id: users.id });
  if (updated.length === 0) throw conflict('You already have a transaction PIN. Use Update PIN to change it.', 'PIN_ALREADY_SET');
}

/** The old PIN may come as a header or in the query; if both are sent they must agree. Wrong old PINs count towards the lockout. */
export async function updatePin(deps: UserDeps, userId: string, newPin: string, oldFromHeader?: string, oldFromQuery?: string) {
  if (oldFromHeader && oldFromQuery && oldFromHeader !== oldFromQuery) {
    throw badRequest('The current PIN was sent twice with different values', 'PIN_MISMATCH');
  }
  const oldPin = oldFromHeader ?? oldFromQuery;
  if (!oldPin) throw badRequest('Enter your current PIN (header oldTransactionPin)', 'PIN_REQUIRED');
  await checkPin(deps.db, userId, oldPin, deps.config.secret);
  if (oldPin === newPin) throw badRequest('Choose a new PIN different from the current one', 'PIN_UNCHANGED');
  assertStrongPin(newPin);
  const hash = await hashSecret(newPin);
  await deps.db.update(users).set({ pinHash: hash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type ProfileChanges = {
  firstName?: string;
  lastName?: string;
  nickName?: string | null;
  avatar?: string | null;
  bio?: string | null;
};

export async function editProfile(deps: UserDeps, userId: string, changes: ProfileChanges): Promise<FullUser> {
  if (changes.avatar && !(await ownsUpload(deps.db, userId, changes.avatar))) {
    throw badRequest('avatar must be an image you uploaded', 'AVATAR_INVALID');
  }
  if (changes.nickName) {
    const [taken] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.nickName}) = lower(${changes.nickName})`, ne(users.id, userId)))
      .limit(1);
    if (taken) throw conflict('That nickname is taken', 'NICKNAME_TAKEN');
  }
  try {
    const [row] = await deps.db
      .update(users)
      .set({ ...changes, bio: changes.bio === '' ? null : changes.bio, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
    return toFullUser(row);
  } catch (err) {
    if (uniqueViolation(err)) throw conflict('That nickname is taken', 'NICKNAME_TAKEN');
    throw err;
  }
}

/** Your own profile in full; anyone else's public fields only. */
export async function getUser(deps: UserDeps, viewerId: string, id: string): Promise<FullUser | PublicUser> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  return row.id === viewerId ? toFullUser(row) : toPublicUser(row);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** People to pay: verified users matching a name, nickname or phone number; never the caller. */
export async function filterUsers(deps: UserDeps, viewerId: string, query: string, page: number, limit: number) {
  const q = `%${escapeLike(query.trim())}%`;
  const phone = /^[+\d\s-]{7,}$/.test(query) ? toE164(query) : null;
  const where = and(
    ne(users.id, viewerId),
    isNotNull(users.phoneVerifiedAt),
    or(
      ilike(users.firstName, q),
      ilike(users.lastName, q),
      ilike(users.nickName, q),
      sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${q}`,
      phone ? eq(users.phoneNumber, phone) : undefined,
    ),
  );
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toPublicUser), total: totals[0]?.n ?? 0 };
}
