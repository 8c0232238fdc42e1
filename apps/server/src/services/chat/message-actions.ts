import { sql } from 'drizzle-orm';
import type { ChatMessage } from '@owo/contracts';
import { executeRows, type Tx } from '../../platform/db.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { membershipOf } from './groups.queries.js';
import { messageCols, toMessage, type MessageRow } from './message.queries.js';
import type { MessageBodyRow } from './tables.js';

// What a person does to a message after sending it.

/** How long after sending a message its sender can delete it for everyone. */
export const DELETE_FOR_EVERYONE_MS = 3600_000;

/** Whether `userId` may see this message: one of the pair, or a group member whose membership covers it. */
async function canSee(db: Tx, userId: string, m: MessageRow): Promise<boolean> {
  if (m.to_user_id !== m.conversation_id) return m.from_user_id === userId || m.to_user_id === userId;
  const mem = await membershipOf(db, m.conversation_id, userId);
  return Boolean(mem && m.seq > mem.joinedSeq && (mem.leftSeq === null || m.seq <= mem.leftSeq));
}

/**
 * Deletes a message for everyone: only its sender, within an hour, not a payment (the money moved)
 * nor a group's event. Its content is gone from the row; the others see "This message was deleted".
 * Deleting it again answers the same.
 */
export async function deleteForEveryone(db: Tx, userId: string, messageId: string): Promise<ChatMessage> {
  const [m] = await executeRows<MessageRow>(db, sql`SELECT ${messageCols} FROM chat_messages WHERE id = ${messageId}`);
  if (!m || !(await canSee(db, userId, m))) throw notFound('Message not found', 'MESSAGE_NOT_FOUND');
  if (m.from_user_id !== userId) throw forbidden('You can only delete your own messages for everyone', 'NOT_YOUR_MESSAGE');
  if (m.body.deleted) return toMessage(m);
  if (m.msg_type === 'payment' || m.msg_type === 'event') throw badRequest('This message can’t be deleted', 'CANNOT_DELETE');
  if (Date.now() - new Date(m.created_at).getTime() > DELETE_FOR_EVERYONE_MS)
    throw conflict('You can delete a message for everyone only within an hour of sending it', 'TOO_LATE_TO_DELETE');
  const body: MessageBodyRow = { text: '', replyTo: null, media: null, payment: null, deleted: true };
  const [row] = await executeRows<MessageRow>(
    db,
    sql`UPDATE chat_messages SET body = ${JSON.stringify(body)}::jsonb WHERE id = ${messageId} RETURNING ${messageCols}`,
  );
  return toMessage(row!);
}
