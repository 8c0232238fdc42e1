import { and, eq, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { executePrepared, type Tx } from '../../platform/db.js';
import { users } from './tables.js';

/** What other services may read about a person: names and contact details, never a password or PIN. */
export type UserSummary = {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  avatar: string | null;
  bio: string | null;
  email: string;
  phoneNumber: string;
  phoneVerifiedAt: Date | null;
  createdAt: Date;
};

/** The columns of a `UserSummary`, for the user service's own queries. */
export const summary = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  nickName: users.nickName,
  avatar: users.avatar,
  bio: users.bio,
  email: users.email,
  phoneNumber: users.phoneNumber,
  phoneVerifiedAt: users.phoneVerifiedAt,
  createdAt: users.createdAt,
};

/** The people with these ids, in one query (unknown ids are left out; the order is not the order of `ids`). */
export async function usersByIds(db: Tx, ids: readonly string[]): Promise<UserSummary[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select(summary).from(users).where(inArray(users.id, unique));
}

/** What anyone may see of a person in another's lists: names, nickname, picture. */
export type PublicPerson = Pick<UserSummary, 'id' | 'firstName' | 'lastName' | 'nickName' | 'avatar'>;

/**
 * The public part of the people with these ids (unknown ids left out, in no order): one prepared
 * statement for any number of them, for lists read on every scroll (Connect's pages).
 */
export async function publicPeople(db: Tx, ids: readonly string[]): Promise<PublicPerson[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return executePrepared<PublicPerson>(
    db,
    'owo_public_people',
    sql`SELECT id, first_name AS "firstName", last_name AS "lastName", nick_name AS "nickName", avatar
      FROM users WHERE id = ANY(${sql.param(unique)}::uuid[])`,
  );
}

/** One person, or null. */
export async function userById(db: Tx, id: string): Promise<UserSummary | null> {
  const [row] = await db.select(summary).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The people with these nicknames (any case), in one query: for @mentions. */
export async function usersByNickNames(db: Tx, nickNames: readonly string[]): Promise<UserSummary[]> {
  const unique = [...new Set(nickNames.map((n) => n.toLowerCase()))];
  if (unique.length === 0) return [];
  return db
    .select(summary)
    .from(users)
    .where(inArray(sql`lower(${users.nickName})`, unique));
}

/** Sets a person's bio (null or empty clears it). */
export async function setBio(db: Tx, userId: string, bio: string | null): Promise<void> {
  await db
    .update(users)
    .set({ bio: bio || null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * The chat directory: verified people with a nickname (spec section 5), matching `search` in their
 * names or nickname, by first name; one page and the total.
 */
export async function nicknamedPeople(db: Tx, q: { search?: string; page: number; limit: number; exceptId?: string }) {
  const s = q.search?.trim();
  const like = s ? `%${s.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : null;
  const where = and(
    isNotNull(users.nickName),
    isNotNull(users.phoneVerifiedAt),
    q.exceptId ? ne(users.id, q.exceptId) : undefined,
    like ? or(ilike(users.nickName, like), ilike(users.firstName, like), ilike(users.lastName, like)) : undefined,
  );
  const rows = await db
    .select({ ...summary, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { people: rows.map(({ total: _t, ...u }) => u as UserSummary), total: rows[0]?.total ?? 0 };
}

/** The ids of people whose names or nickname contain `search`, as a subquery for other services' lists. */
export function userIdsMatching(search: string) {
  const like = `%${search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
  return sql`SELECT ${users.id} FROM ${users} WHERE ${users.firstName} ILIKE ${like} OR ${users.lastName} ILIKE ${like} OR ${users.nickName} ILIKE ${like}`;
}

/** The person with this verified phone number (E.164), or null: chat's "start a chat by phone number". */
export async function userByVerifiedPhone(db: Tx, e164: string): Promise<UserSummary | null> {
  const [row] = await db
    .select(summary)
    .from(users)
    .where(and(eq(users.phoneNumber, e164), isNotNull(users.phoneVerifiedAt)))
    .limit(1);
  return row ?? null;
}
