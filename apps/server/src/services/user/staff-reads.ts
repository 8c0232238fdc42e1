import { and, asc, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { summary, type UserSummary } from './directory.js';
import { users } from './tables.js';

// Reads for the operator console (the staff service): finding customers.

export type CustomerMatch = UserSummary & { matchedBy: 'phone' | 'email' | 'name' | 'accountNumber' | 'reference' };

/**
 * Customers matching a staff search, one page and the total: the phone number (`phone`, already
 * E.164), the email (exact, or its start), the name or nickname (anywhere in it), or one of `ids`
 * (found by another service from an account number or a transaction reference, with why). Exact
 * matches (phone, email, ids) come first, then by name.
 */
export async function findCustomers(
  db: Tx,
  q: { text: string; phone: string | null; ids: ReadonlyMap<string, 'accountNumber' | 'reference'>; page: number; limit: number },
): Promise<{ items: CustomerMatch[]; total: number }> {
  const text = q.text.trim();
  const like = (s: string) => s.replace(/[%_\\]/g, (m) => `\\${m}`);
  const lowerEmail = text.toLowerCase();
  const ids = [...q.ids.keys()];
  const byPhone = q.phone ? sql`${users.phoneNumber} = ${q.phone}` : sql`false`;
  const byEmail = sql`${users.email} = ${lowerEmail}`;
  const byId = ids.length > 0 ? inArray(users.id, ids) : sql`false`;
  const conds: SQL[] = [byPhone, byEmail, byId, ilike(users.email, `${like(lowerEmail)}%`)];
  // Names: every word typed must be in the first name, last name or nickname.
  const words = text.split(/\s+/).filter((w) => w.length > 0 && !w.includes('@'));
  if (words.length > 0 && words.length <= 4) {
    const nameConds = words.map((w) => {
      const p = `%${like(w)}%`;
      return or(ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.nickName, p))!;
    });
    conds.push(and(...nameConds)!);
  }
  const rank = sql<number>`CASE WHEN ${byPhone} OR ${byEmail} OR ${byId} THEN 0 ELSE 1 END`;
  const rows = await db
    .select({
      ...summary,
      byPhone: sql<boolean>`${byPhone}`,
      byEmail: sql<boolean>`${users.email} ILIKE ${`${like(lowerEmail)}%`}`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .where(or(...conds))
    .orderBy(rank, asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ byPhone: phone, byEmail: email, total: _t, ...u }) => ({
      ...u,
      matchedBy: phone ? 'phone' : (q.ids.get(u.id) ?? (email ? 'email' : 'name')),
    })),
  };
}
