import { eq, inArray, sql } from 'drizzle-orm';
import type { ChatUser } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { pageInfo } from '../../platform/pagination.js';
import { nicknamedPeople, usersByIds, type UserSummary } from '../user/index.js';
import { conversationId } from './conversation-id.js';
import { recentConversations, savedMediaPage } from './conversations.queries.js';
import { marksRise, messagePage, toMessage } from './message.queries.js';
import { conversations, lastSeen, marks, messages, savedMedia } from './tables.js';

// Conversations: history, the list of chats, marks, saved media and last seen. Sending is in
// send-batch.ts (group commit) and send-checks.ts. Receipts are "up to seq" marks per member.

export const toChatUser = (u: Pick<UserSummary, 'id' | 'firstName' | 'lastName' | 'nickName' | 'avatar'>): ChatUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  nickName: u.nickName,
  avatar: u.avatar,
});

export { conversationId } from './conversation-id.js';

export type Marks = { conversationId: string; userId: string; deliveredSeq: number; seenSeq: number };

export async function setMarks(tx: Tx, convo: string, userId: string, delivered: number, seen: number): Promise<Marks> {
  const [row] = await tx
    .insert(marks)
    .values({ conversationId: convo, userId, deliveredSeq: Math.max(delivered, seen), seenSeq: seen })
    .onConflictDoUpdate({ target: [marks.conversationId, marks.userId], set: marksRise })
    .returning({ deliveredSeq: marks.deliveredSeq, seenSeq: marks.seenSeq });
  return { conversationId: convo, userId, deliveredSeq: row!.deliveredSeq, seenSeq: row!.seenSeq };
}

/** The other member of a conversation the caller belongs to (404 for anyone else's). */
export async function otherMember(db: Tx, userId: string, convo: string): Promise<{ otherId: string; lastSeq: number }> {
  const [c] = await db
    .select({ userA: conversations.userA, userB: conversations.userB, lastSeq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.id, convo));
  if (!c || (c.userA !== userId && c.userB !== userId)) throw notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');
  return { otherId: (c.userA === userId ? c.userB : c.userA)!, lastSeq: c.lastSeq };
}

/** Moves the caller's delivered (and, with `seen`, seen) mark up to `upToSeq` (never past the last message, never back). */
export async function markUpTo(
  db: Tx,
  userId: string,
  convo: string,
  upToSeq: number,
  seen: boolean,
): Promise<Marks & { otherId: string }> {
  const { otherId, lastSeq } = await otherMember(db, userId, convo);
  const upTo = Math.min(upToSeq, lastSeq);
  const m = await setMarks(db, convo, userId, upTo, seen ? upTo : 0);
  return { ...m, otherId };
}

const noMarks = { deliveredSeq: 0, seenSeq: 0 };

/** A page of a conversation with someone: older than `before`, newer than `after` (catch-up), or the latest. */
export async function history(db: Tx, userId: string, otherId: string, q: { before?: number; after?: number; limit: number }) {
  if (otherId === userId) throw badRequest('You can’t message yourself', 'CHAT_SELF');
  const convo = conversationId(userId, otherId);
  const [c] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, convo));
  if (!c) {
    const [u] = await usersByIds(db, [otherId]);
    if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
    return { conversationId: null, messages: [], hasMore: false, marks: { mine: noMarks, theirs: noMarks } };
  }
  const rows = await messagePage(db, userId, convo, q);
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  if (q.after === undefined) page.reverse();
  const markRows = await db
    .select({ userId: marks.userId, deliveredSeq: marks.deliveredSeq, seenSeq: marks.seenSeq })
    .from(marks)
    .where(eq(marks.conversationId, convo));
  const markOf = (id: string) => {
    const m = markRows.find((r) => r.userId === id);
    return m ? { deliveredSeq: m.deliveredSeq, seenSeq: m.seenSeq } : noMarks;
  };
  return { conversationId: convo, messages: page.map(toMessage), hasMore, marks: { mine: markOf(userId), theirs: markOf(otherId) } };
}

/** The caller's conversations, pinned first then the latest, each with its last message, unread count, pin and archive. */
export async function recentChats(db: Tx, userId: string, q: { page: number; limit: number; search?: string; archived?: boolean }) {
  const rows = await recentConversations(db, userId, { ...q, search: q.search?.trim() || undefined });
  const people = new Map(
    (
      await usersByIds(
        db,
        rows.map((r) => r.otherId),
      )
    ).map((u) => [u.id, toChatUser(u)]),
  );
  return {
    items: rows.flatMap((r) => {
      const user = people.get(r.otherId);
      if (!user) return [];
      return [
        {
          conversationId: r.id,
          user,
          lastMessage: r.last ? toMessage(r.last) : null,
          lastSeq: r.lastSeq,
          unreadCount: Math.max(0, r.lastSeq - r.seenSeq),
          updatedAt: new Date(r.lastMessageAt!).toISOString(),
          pinned: r.pinnedAt !== null,
          archived: r.archivedAt !== null,
        },
      ];
    }),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

export async function directory(db: Tx, userId: string, q: { search?: string; page: number; limit: number }) {
  const { people, total } = await nicknamedPeople(db, { ...q, exceptId: userId });
  return { items: people.map(toChatUser), pagination: pageInfo(q.page, q.limit, total) };
}

// --- saved media -----------------------------------------------------------------------------------

export async function saveMedia(db: Tx, userId: string, messageId: string) {
  const [m] = await db
    .select({ fromUserId: messages.fromUserId, toUserId: messages.toUserId, body: messages.body })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!m || (m.fromUserId !== userId && m.toUserId !== userId)) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
  if (!m.body.media) throw badRequest('Only photos and voice notes can be saved', 'NOT_MEDIA');
  await db.insert(savedMedia).values({ userId, messageId }).onConflictDoNothing();
  return (await savedMediaOf(db, userId, { page: 1, limit: 1 }, messageId)).items[0]!;
}

export async function savedMediaOf(db: Tx, userId: string, q: { page: number; limit: number }, onlyId?: string) {
  const rows = await savedMediaPage(db, userId, q, onlyId);
  return {
    items: rows.map((r) => ({
      msgId: r.clientMsgId,
      messageId: r.messageId,
      blobUrl: r.url,
      msgType: r.msgType,
      withUserId: r.withUserId,
      status: 'saved' as const,
      savedAt: new Date(r.createdAt).toISOString(),
    })),
    pagination: pageInfo(q.page, q.limit, rows[0]?.total ?? 0),
  };
}

// --- presence ------------------------------------------------------------------------------------

export async function recordLastSeen(db: Tx, userId: string) {
  await db
    .insert(lastSeen)
    .values({ userId, at: sql`now()` })
    .onConflictDoUpdate({ target: lastSeen.userId, set: { at: sql`now()` } });
}

export async function lastSeenOf(db: Tx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(lastSeen).where(inArray(lastSeen.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.at.toISOString()]));
}
