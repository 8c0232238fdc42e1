import { sql } from 'drizzle-orm';
import { executeRows, type Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { usersByIds } from '../user/index.js';
import { setMarks, toChatUser, type Marks } from './chat.service.js';
import { groupNotFound, requireMember } from './groups.service.js';
import { lastSeqOf, memberMarks, membershipOf } from './groups.queries.js';
import { messageCols, messagesInConversations, toMessage, type MessageRow } from './message.queries.js';

// Reading a group: its history (only what the caller may read: after they joined, up to when they
// left), the caller's marks, and who saw a message. Marks are one row per member per group
// ("up to seq"), never a row per member per message.

/** A page of a group's messages for a current or former member: only the messages of their membership. */
export async function groupHistory(db: Tx, groupId: string, userId: string, q: { before?: number; after?: number; limit: number }) {
  const m = await membershipOf(db, groupId, userId);
  if (!m) throw groupNotFound();
  const newer = q.after !== undefined;
  const where = newer ? sql`seq > ${q.after}` : q.before !== undefined ? sql`seq < ${q.before}` : sql`true`;
  const rows = await executeRows<MessageRow>(
    db,
    sql`SELECT ${messageCols} FROM chat_messages WHERE conversation_id = ${groupId} AND ${where}
      AND seq > ${m.joinedSeq} ${m.leftSeq !== null ? sql`AND seq <= ${m.leftSeq}` : sql``}
      ORDER BY seq ${newer ? sql`ASC` : sql`DESC`} LIMIT ${q.limit + 1}`,
  );
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (!newer) page.reverse();
  const [mine] = await executeRows<{ delivered_seq: number; seen_seq: number }>(
    db,
    sql`SELECT delivered_seq, seen_seq FROM chat_marks WHERE conversation_id = ${groupId} AND user_id = ${userId}`,
  );
  return {
    groupId,
    messages: page.map(toMessage),
    hasMore,
    mine: { deliveredSeq: mine?.delivered_seq ?? 0, seenSeq: mine?.seen_seq ?? 0 },
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
  const marks = (await memberMarks(db, groupId)).filter((k) => k.userId !== msg.from_user_id && k.joinedSeq < msg.seq);
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
