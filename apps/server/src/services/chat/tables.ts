import { sql } from 'drizzle-orm';
import type { ChatMessage } from '@owo/contracts';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// The Drizzle tables the chat service owns (ARCHITECTURE.md 11): a conversation per pair, messages
// with a per-conversation sequence and the sender's temporary id (unique per sender), receipts as
// one "up to seq" mark per member, calls with their states, saved media and last-seen times.

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One per pair of people (`kind` direct; `id` derived from the pair, conversation-id.ts, user_a <
 * user_b), or a group (`kind` group, no pair; its members in chat_members, its name in chat_groups).
 */
export const conversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['direct', 'group'] })
      .notNull()
      .default('direct'),
    userA: uuid('user_a'),
    userB: uuid('user_b'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: ts('last_message_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chat_conversations_a_idx').on(t.userA, t.lastMessageAt.desc().nullsFirst()),
    index('chat_conversations_b_idx').on(t.userB, t.lastMessageAt.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id').notNull(),
    seq: integer('seq').notNull(),
    fromUserId: uuid('from_user_id').notNull(),
    toUserId: uuid('to_user_id').notNull(),
    clientMsgId: text('client_msg_id').notNull(),
    msgType: text('msg_type', { enum: ['text', 'image', 'voice', 'payment', 'event'] }).notNull(),
    /** The content as the contract's message body carries it: text, the quoted reply, media, a payment, a group's event. */
    body: jsonb('body').$type<ChatMessage['msgBody']>().notNull(),
    paymentReference: text('payment_reference'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_idx').on(t.conversationId, t.seq),
    // A resend of the same temporary id is found, never inserted twice.
    uniqueIndex('chat_messages_client_idx').on(t.fromUserId, t.clientMsgId),
    uniqueIndex('chat_messages_payment_idx')
      .on(t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
    // Message search (chat-search.ts): the words of the text, every language alike ('simple').
    index('chat_messages_text_idx').using('gin', sql`to_tsvector('simple'::regconfig, (${t.body} ->> 'text'))`),
  ],
);

/** Delivered and seen, as "up to seq" marks per member of a conversation. */
export const marks = pgTable(
  'chat_marks',
  {
    conversationId: uuid('conversation_id').notNull(),
    userId: uuid('user_id').notNull(),
    deliveredSeq: integer('delivered_seq').notNull().default(0),
    seenSeq: integer('seen_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

export const calls = pgTable(
  'chat_calls',
  {
    id: uuid('id').primaryKey(),
    callerId: uuid('caller_id').notNull(),
    calleeId: uuid('callee_id').notNull(),
    kind: text('kind', { enum: ['voice', 'video'] }).notNull(),
    status: text('status', { enum: ['ringing', 'active', 'ended', 'missed', 'declined', 'busy'] }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('chat_calls_caller_idx').on(t.callerId, t.startedAt.desc().nullsFirst()),
    index('chat_calls_callee_idx').on(t.calleeId, t.startedAt.desc().nullsFirst()),
    index('chat_calls_live_idx')
      .on(t.status, t.startedAt)
      .where(sql`${t.status} in ('ringing', 'active')`),
  ],
);

/**
 * Messages whose pushes are still to be worked out: a row written with each message, in the same
 * statement (message.queries.ts), turned into notifications and deleted in one transaction by the
 * `chat.notify` job (message-push.ts), so each message is told once.
 */
export const pushQueue = pgTable(
  'chat_push_queue',
  {
    messageId: uuid('message_id').primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_push_queue_created_idx').on(t.createdAt)],
);

export const savedMedia = pgTable(
  'chat_saved_media',
  {
    userId: uuid('user_id').notNull(),
    messageId: uuid('message_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index('chat_saved_media_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const lastSeen = pgTable('chat_last_seen', {
  userId: uuid('user_id').primaryKey(),
  at: ts('at').notNull(),
});

/**
 * A person's block of another: no messages or calls either way, no presence or typing either way;
 * only the blocker sees it and can lift it (blocks.service.ts).
 */
export const blocks = pgTable(
  'chat_blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // The rule looks both ways: who blocked me is read through this index.
    index('chat_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    index('chat_blocks_list_idx').on(t.blockerId, t.createdAt.desc().nullsFirst()),
  ],
);

/** A person's report of a conversation, once per person per conversation, kept for staff to review. */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    conversationId: uuid('conversation_id').notNull(),
    reporterId: uuid('reporter_id').notNull(),
    reportedUserId: uuid('reported_user_id').notNull(),
    reason: text('reason', { enum: ['spam', 'scam', 'harassment', 'inappropriate', 'impersonation', 'other'] }).notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.reporterId] }),
    index('conversation_reports_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/** A group's name, photo and invite link (its conversation row has the same id). */
export const groups = pgTable('chat_groups', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  photoUrl: text('photo_url'),
  /** The invite link's code: an admin can reset it, which ends the old link. */
  inviteCode: text('invite_code').notNull().unique(),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A person's membership of a group. A member reads the messages after `joined_seq`; one who left or
 * was removed keeps `left_at` and `left_seq` and reads nothing after it.
 */
export const members = pgTable(
  'chat_members',
  {
    conversationId: uuid('conversation_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    joinedSeq: integer('joined_seq').notNull().default(0),
    leftSeq: integer('left_seq'),
    leftAt: ts('left_at'),
    mutedUntil: ts('muted_until'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_members_user_idx')
      .on(t.userId, t.conversationId)
      .where(sql`${t.leftAt} is null`),
  ],
);

// --- a person's own state of messages and chats (message actions, docs/chat.md) ---------------------

/** Messages a person starred, the latest first. */
export const stars = pgTable(
  'chat_stars',
  {
    userId: uuid('user_id').notNull(),
    messageId: uuid('message_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index('chat_stars_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

/** Messages a person deleted for themselves: left out of their history, previews, starred and search only. */
export const hiddenMessages = pgTable(
  'chat_hidden_messages',
  {
    userId: uuid('user_id').notNull(),
    messageId: uuid('message_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** A person's pin (at most PINNED_MAX_CHATS) and archive of a chat (a 1:1 conversation or a group). */
export const chatStates = pgTable(
  'chat_states',
  {
    userId: uuid('user_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    pinnedAt: ts('pinned_at'),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index('chat_states_pinned_idx')
      .on(t.userId)
      .where(sql`${t.pinnedAt} is not null`),
  ],
);

/** A group's voice call (group-calls.ts): at most one live (not ended) per group. */
export const groupCalls = pgTable(
  'chat_group_calls',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id').notNull(),
    startedBy: uuid('started_by').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('chat_group_calls_live_key')
      .on(t.groupId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Who is (or was) in a group call: `left_at` null while in it; `muted` while their microphone is off. */
export const groupCallPeople = pgTable(
  'chat_group_call_people',
  {
    callId: uuid('call_id').notNull(),
    userId: uuid('user_id').notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
    /** Their microphone is off (groupcall:mute): the others see a mute sign on their tile. */
    muted: boolean('muted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] })],
);
