import { eq } from 'drizzle-orm';
import type { ChatMessage } from '@owo/contracts';
import type { Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { membershipOf } from './groups.queries.js';
import { toMessage, type MessageBody, type MessageRow } from './message.queries.js';
import { messages } from './tables.js';

// What a person does to a message after sending it.

/** How long after sending a message its sender can delete it for everyone. */
export const DELETE_FOR_EVERYONE_MS = 3600_000;

/** Whether `userId` may see this message: one of the pair, or a group member whose membership covers it. */
async function canSee(db: Tx, userId: string, m: MessageRow): Promise<boolean> {
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
