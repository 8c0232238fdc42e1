import type { Notice } from '@owo/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from './db.js';
import { notices } from './tables.js';

// The read side of the notices the Notifier writes (notifications.ts): the user service's old list
// and the notification centre's list by kind both page through here.

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
