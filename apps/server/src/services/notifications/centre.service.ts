import { and, count, eq, isNull, like, or } from 'drizzle-orm';
import { kindOfNotice, NOTIFICATION_KINDS, type Notice, type NotificationKind } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { listNotices } from '../../platform/notices.js';
import { notices } from '../../platform/tables.js';

/** A kind's notices: `order` and `order.accepted` alike. */
const ofKind = (kind: NotificationKind) => or(eq(notices.kind, kind), like(notices.kind, `${kind}.%`));

/** The notification centre's list: the caller's notices, newest first, of one kind or all. */
export function listNotifications(
  db: Tx,
  userId: string,
  q: { kind?: NotificationKind; page: number; limit: number },
): Promise<{ items: Notice[]; total: number }> {
  return listNotices(db, userId, q.page, q.limit, q.kind ? ofKind(q.kind) : undefined);
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
