import type { Notice } from '@owo/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';

/** The caller's notices, newest first, a page at a time; `narrow` keeps some of them (the notification centre's kinds). */
export async function listNotices(
  db: Db | Tx,
  userId: string,
  page: number,
  limit: number,
  narrow?: SQL,
): Promise<{ items: Notice[]; total: number }> {
  const where = and(eq(notices.userId, userId), narrow);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

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
