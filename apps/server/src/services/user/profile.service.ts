import type { FullUser, PublicUser } from '@owo/contracts';
import { and, asc, count, eq, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import { rawQuery, type RawRow, type RawStatement } from '../../platform/db.js';
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

/** A profile by id: read on most screens, so one prepared statement with the columns shown. */
const PROFILE: RawStatement = {
  name: 'owo_profile',
  text: `SELECT id, first_name AS "firstName", last_name AS "lastName", nick_name AS "nickName", avatar, bio, email,
                phone_number AS "phoneNumber", phone_verified_at IS NOT NULL AS verified, pin_hash IS NOT NULL AS "hasPin",
                created_at AS "createdAt"
           FROM users WHERE id = $1`,
};
type ProfileRow = RawRow<
  Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'nickName' | 'avatar' | 'bio' | 'email' | 'phoneNumber' | 'createdAt'>
> & { verified: boolean; hasPin: boolean };

/** Your own profile in full; anyone else's public fields only. */
export async function getUser(deps: UserDeps, viewerId: string, id: string): Promise<FullUser | PublicUser> {
  const [row] = await rawQuery<ProfileRow>(deps.db, PROFILE, [id]);
  if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
  const person: PublicUser = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    nickName: row.nickName,
    avatar: row.avatar,
    bio: row.bio,
  };
  if (row.id !== viewerId) return person;
  return {
    ...person,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isPhoneVerified: row.verified,
    hasPin: row.hasPin,
    createdAt: new Date(row.createdAt).toISOString(),
  };
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
  // The page and the number of matches in one query; past the last page there is no row to carry
  // the count, so it is asked for on its own.
  const rows = await deps.db
    .select({ user: users, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const total = rows[0]?.total ?? (page > 1 ? ((await deps.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0) : 0);
  return { items: rows.map((r) => toPublicUser(r.user)), total };
}
