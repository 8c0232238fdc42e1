import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
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

const summary = {
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
