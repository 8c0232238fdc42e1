import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { usersByIds } from '../user/index.js';
import { setMarks, toChatUser, type Marks } from './chat.service.js';
import { groupNotFound, requireMember } from './groups.service.js';
import { lastSeqOf, memberMarks, membershipOf, othersMarks } from './groups.queries.js';
import { messagePage, messagesInConversations, toMessage } from './message.queries.js';
import { marks } from './tables.js';

// Reading a group: its history (only what the caller may read: after they joined, up to when they
// left), the caller's marks, and who saw a message. Marks are one row per member per group
// ("up to seq"), never a row per member per message.

/** A page of a group's messages for a current or former member: only the messages of their membership. */
export async function groupHistory(db: Tx, groupId: string, userId: string, q: { before?: number; after?: number; limit: number }) {
  const m = await membershipOf(db, groupId, userId);
  if (!m) throw groupNotFound();
  const rows = await messagePage(db, userId, groupId, q, m);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (q.after === undefined) page.reverse();
  const [mine] = await db
    .select({ deliveredSeq: marks.deliveredSeq, seenSeq: marks.seenSeq })
    .from(marks)
    .where(and(eq(marks.conversationId, groupId), eq(marks.userId, userId)));
  return {
    groupId,
    messages: page.map(toMessage),
    hasMore,
    mine: { deliveredSeq: mine?.deliveredSeq ?? 0, seenSeq: mine?.seenSeq ?? 0 },
    others: await othersMarks(db, groupId, userId, m.leftSeq),
  };
}

/** Moves a current member's delivered (and, with `seen`, seen) mark up to `upToSeq`, never past the last message. */
export async function markGroup(db: Tx, groupId: string, userId: string, upToSeq: number, seen: boolean): Promise<Marks> {
  await requireMember(db, groupId, userId);
  const upTo = Math.min(upToSeq, await lastSeqOf(db, groupId));
  return setMarks(db, groupId, userId, upTo, seen ? upTo : 0);
}

/** Who of the members there when a message was sent saw it, has it delivered, or is still waiting (the sender aside). */
export async function groupReceipts(db: Tx, groupId: string, userId: string, messageId: string) {
  const me = await requireMember(db, groupId, userId);
  const [msg] = await messagesInConversations(db, [{ id: messageId, conversationId: groupId }]);
  if (!msg || msg.seq <= me.joinedSeq) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
  const marks = (await memberMarks(db, groupId)).filter((k) => k.userId !== msg.fromUserId && k.joinedSeq < msg.seq);
  const people = new Map(
    (
      await usersByIds(
        db,
        marks.map((k) => k.userId),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  const who = (pick: (k: (typeof marks)[number]) => boolean) => marks.filter(pick).flatMap((k) => people.get(k.userId) ?? []);
  return {
    messageId,
    seenBy: who((k) => k.seenSeq >= msg.seq),
    deliveredTo: who((k) => k.deliveredSeq >= msg.seq && k.seenSeq < msg.seq),
    waiting: who((k) => k.deliveredSeq < msg.seq),
  };
}
