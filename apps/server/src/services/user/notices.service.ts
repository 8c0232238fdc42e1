import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';

export async function unreadNotices(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.unread ?? 0;
}

/** Marks the caller's notices read (these ids, or all of them); another person's ids are left alone. */
export async function readNotices(db: Db, userId: string, ids?: string[]): Promise<number> {
  await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(and(eq(notices.userId, userId), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined));
  return unreadNotices(db, userId);
}
