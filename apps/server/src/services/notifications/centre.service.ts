import { and, count, desc, eq, isNull, like, or } from 'drizzle-orm';
import { kindOfNotice, NOTIFICATION_KINDS, type Notice, type NotificationKind } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { notices } from '../../platform/tables.js';

/** A kind's notices: `order` and `order.accepted` alike. */
const ofKind = (kind: NotificationKind) => or(eq(notices.kind, kind), like(notices.kind, `${kind}.%`));

/** The notification centre's list: the caller's notices, newest first, of one kind or all. */
export async function listNotifications(
  db: Tx,
  userId: string,
  q: { kind?: NotificationKind; page: number; limit: number },
): Promise<{ items: Notice[]; total: number }> {
  const where = and(eq(notices.userId, userId), q.kind ? ofKind(q.kind) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
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

/** Unread counts by kind (one grouped statement on the unread index) and in all. */
export async function unreadSummary(db: Tx, userId: string): Promise<{ unread: number; byKind: Record<NotificationKind, number> }> {
  const rows = await db
    .select({ kind: notices.kind, n: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)))
    .groupBy(notices.kind);
  const byKind = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, 0])) as Record<NotificationKind, number>;
  let unread = 0;
  for (const r of rows) {
    unread += r.n;
    const k = kindOfNotice(r.kind);
    if (k) byKind[k] += r.n;
  }
  return { unread, byKind };
}
