import { z } from 'zod';
import { chatMessage, chatUser, sendMessageFields } from './chat.js';
import { envelope, pageQuery, paginated } from './common.js';

// What a person does with messages and chats besides sending (docs/chat.md, "Message actions"):
// star, delete for me, forward, search, and pin or archive a chat. Star, delete for me, pin and
// archive are the caller's own state; a forward is a new message in each chat it goes to.

/** The most chats one forward goes to. */
export const FORWARD_MAX_CHATS = 5;
/** The most chats a person pins. */
export const PINNED_MAX_CHATS = 3;

const uuid = (label: string) => z.uuid(`${label} must be a valid id`);

export const messageParam = z.object({ messageId: uuid('messageId') });
/** A chat: a 1:1 conversation's id (recent chats' `conversationId`) or a group's id. */
export const chatParam = z.object({ conversationId: uuid('conversationId') });

/** The chat a message belongs to: a 1:1 with `user`, or a group. */
export const chatRef = z.object({
  conversationId: z.uuid(),
  groupId: z.uuid().nullable().describe('the group, for a group chat'),
  user: chatUser.nullable().describe('the other person, for a 1:1 chat'),
  group: z.object({ id: z.uuid(), name: z.string(), photoUrl: z.string().nullable() }).nullable(),
});
export type ChatRef = z.infer<typeof chatRef>;
export const messageInChat = z.object({ message: chatMessage, chat: chatRef });
export type MessageInChat = z.infer<typeof messageInChat>;

// --- star ---------------------------------------------------------------------------------------
export const starState = z.object({ messageId: z.uuid(), starred: z.boolean(), starredAt: z.string().nullable() });
export const starResponse = envelope(starState);
export const starredMessage = messageInChat.extend({ starredAt: z.string() });
export const starredResponse = paginated(starredMessage);

// --- delete for me ------------------------------------------------------------------------------
export const deleteForMeResponse = envelope(z.object({ messageId: z.uuid(), deletedForMe: z.literal(true) }));

// --- forward ------------------------------------------------------------------------------------
const upTo = `You can forward to up to ${FORWARD_MAX_CHATS} chats`;
export const forwardBody = z
  .object({
    toUserIds: z.array(uuid('toUserIds')).max(FORWARD_MAX_CHATS, upTo).default([]).describe('people you may message'),
    groupIds: z.array(uuid('groupIds')).max(FORWARD_MAX_CHATS, upTo).default([]).describe('groups you are in'),
    msgId: sendMessageFields.shape.msgId
      .optional()
      .describe('the forward’s own temporary id (or send an Idempotency-Key): a retry with it stores nothing twice'),
  })
  .refine((b) => b.toUserIds.length + b.groupIds.length > 0, { message: 'Choose a chat to forward to' })
  .refine((b) => new Set(b.toUserIds).size + new Set(b.groupIds).size <= FORWARD_MAX_CHATS, { message: upTo });
export const forwardResult = z.object({
  toUserId: z.uuid().nullable().describe('the person, for a 1:1 target'),
  groupId: z.uuid().nullable().describe('the group, for a group target'),
  status: z.enum(['sent', 'failed']),
  message: chatMessage.nullable().describe('the new message (forwarded: true)'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('why this target failed'),
});
export const forwardResponse = envelope(z.object({ messageId: z.uuid(), results: z.array(forwardResult) }));

// --- search -------------------------------------------------------------------------------------
export const searchQuery = pageQuery.extend({
  q: z.string().trim().min(1, 'Type something to search for').max(100, 'A search can be at most 100 characters'),
});
export const searchResponse = paginated(messageInChat);

// --- pin and archive ----------------------------------------------------------------------------
export const chatState = z.object({
  conversationId: z.uuid(),
  pinned: z.boolean(),
  pinnedAt: z.string().nullable(),
  archived: z.boolean(),
});
export type ChatState = z.infer<typeof chatState>;
export const chatStateResponse = envelope(chatState);
