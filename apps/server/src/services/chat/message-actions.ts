import { and, eq } from 'drizzle-orm';
import type { ChatMessage } from '@owo/contracts';
import type { Db, Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { membershipOf } from './groups.queries.js';
import { toMessage, type MessageBody, type MessageRow } from './message.queries.js';
import { hiddenMessages, messages, stars } from './tables.js';

// What a person does to a message: its sender deletes it for everyone; anyone who can read it stars
// it or deletes it for themselves (their own state: the others see no change).

/** How long after sending a message its sender can delete it for everyone. */
export const DELETE_FOR_EVERYONE_MS = 3600_000;

/** Whether `userId` may see this message: one of the pair, or a group member whose membership covers it. */
export async function canSee(db: Tx, userId: string, m: MessageRow): Promise<boolean> {
  if (m.toUserId !== m.conversationId) return m.fromUserId === userId || m.toUserId === userId;
  const mem = await membershipOf(db, m.conversationId, userId);
  return Boolean(mem && m.seq > mem.joinedSeq && (mem.leftSeq === null || m.seq <= mem.leftSeq));
}

/**
 * Deletes a message for everyone: only its sender, within an hour, not a payment (the money moved)
 * nor a group's event. Its content is gone from the row; the others see "This message was deleted".
 * Deleting it again answers the same.
 */
export async function deleteForEveryone(db: Tx, userId: string, messageId: string): Promise<ChatMessage> {
  const [m] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!m || !(await canSee(db, userId, m))) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
  if (m.fromUserId !== userId) throw forbidden('You can only delete your own messages for everyone', 'NOT_YOUR_MESSAGE');
  if (m.body.deleted) return toMessage(m);
  if (m.msgType === 'payment' || m.msgType === 'event') throw badRequest('This message can’t be deleted', 'CANNOT_DELETE');
  if (Date.now() - m.createdAt.getTime() > DELETE_FOR_EVERYONE_MS)
    throw conflict('You can delete a message for everyone only within an hour of sending it', 'TOO_LATE_TO_DELETE');
  const body: MessageBody = { text: '', replyTo: null, media: null, payment: null, deleted: true };
  const [row] = await db.update(messages).set({ body }).where(eq(messages.id, messageId)).returning();
  return toMessage(row!);
}

const messageNotFound = () => notFound('Message not found', 'MESSAGE_NOT_FOUND');

/** A message the caller can read and has not deleted for themselves (404 for anything else). */
export async function readableMessage(db: Tx, userId: string, messageId: string) {
  const [m] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!m || !(await canSee(db, userId, m))) throw messageNotFound();
  const [hidden] = await db
    .select({ at: hiddenMessages.createdAt })
    .from(hiddenMessages)
    .where(and(eq(hiddenMessages.userId, userId), eq(hiddenMessages.messageId, messageId)));
  if (hidden) throw messageNotFound();
  return m;
}

const starOf = (messageId: string, at: Date | null) => ({ messageId, starred: at !== null, starredAt: at?.toISOString() ?? null });

/** Stars a message the caller can read (not a group's event nor one deleted for everyone); starring again keeps the first time. */
export async function starMessage(db: Tx, userId: string, messageId: string) {
  const m = await readableMessage(db, userId, messageId);
  if (m.body.deleted) throw badRequest('This message was deleted', 'MESSAGE_DELETED');
  if (m.msgType === 'event') throw badRequest('This message can’t be starred', 'CANNOT_STAR');
  await db.insert(stars).values({ userId, messageId }).onConflictDoNothing();
  const [row] = await db
    .select({ at: stars.createdAt })
    .from(stars)
    .where(and(eq(stars.userId, userId), eq(stars.messageId, messageId)));
  return starOf(messageId, row?.at ?? null);
}

export async function unstarMessage(db: Tx, userId: string, messageId: string) {
  await readableMessage(db, userId, messageId);
  await db.delete(stars).where(and(eq(stars.userId, userId), eq(stars.messageId, messageId)));
  return starOf(messageId, null);
}

/**
 * Deletes a message for the caller only: it leaves their history, their chats' previews, their
 * starred messages and their search; the others keep it. Doing it again answers the same.
 */
export async function deleteForMe(db: Db, userId: string, messageId: string) {
  const [m] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!m || !(await canSee(db, userId, m))) throw messageNotFound();
  await db.transaction(async (tx) => {
    await tx.insert(hiddenMessages).values({ userId, messageId }).onConflictDoNothing();
    await tx.delete(stars).where(and(eq(stars.userId, userId), eq(stars.messageId, messageId)));
  });
  return { messageId, deletedForMe: true as const };
}
