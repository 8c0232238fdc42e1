import { z } from 'zod';
import { envelope, paginated } from './common.js';

// Chat: conversations between two people, messages with a per-conversation order (`seq`), receipts
// as "up to seq" marks, presence, saved media, money in a conversation, and 1:1 calls (WebRTC,
// signalled over Socket.IO at /api/chat/socket.io). The socket events are described in docs/chat.md
// and typed here (`chatEvents`).

const uuid = (label: string) => z.uuid(`${label} must be a valid id`);
export const chatUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUser>;

export const msgType = z.enum(['text', 'image', 'voice', 'payment']);
export type MsgType = z.infer<typeof msgType>;

export const chatPayment = z.object({
  reference: z.string(),
  amount: z.number().int().describe('kobo'),
  status: z.enum(['initiated', 'processing', 'completed', 'failed']),
  // A group's payments only (in a conversation of two the payee is the other person); optional for those stored before.
  toUserId: z.uuid().nullable().optional().describe('in a group, the member paid'),
  toName: z.string().optional().describe('in a group, the payee’s name as the payment named them: "Folake paid Ikenna"'),
});

export const chatMedia = z.object({
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** The quoted message a reply shows. */
export const replyPreview = z.object({ id: z.uuid(), fromUserId: z.uuid(), msgType, text: z.string() });

/** A group's event shown in its conversation (the message's sender did it). */
export const groupEvent = z.object({
  type: z.enum(['created', 'added', 'removed', 'left', 'joined', 'made_admin', 'dismissed_admin', 'renamed', 'call']),
  userIds: z.array(z.uuid()).describe('the people it was done to; of a call, everyone who was in it'),
  name: z.string().optional().describe('the new name (renamed) or the name at creation'),
  call: z
    .object({
      callId: z.uuid(),
      startedAt: z.string(),
      durationMs: z.number().int().nullable().describe('null when nobody answered: "Missed group call"'),
    })
    .optional()
    .describe('a group voice call that ended (type call), sent by the member who started it'),
});
export type GroupEvent = z.infer<typeof groupEvent>;

export const chatMessage = z.object({
  id: z.uuid().describe("the server's id"),
  msgId: z.string().describe("the sender's temporary id: sending it again returns this message, never a second one"),
  conversationId: z.uuid(),
  seq: z.number().int().describe('the order within the conversation, from 1'),
  fromUserId: z.uuid(),
  toUserId: z.uuid().describe('the other person; in a group, the group'),
  groupId: z.uuid().nullable().optional().describe('the group of a group message'),
  msgType: z.enum([...msgType.options, 'event']).describe('event: a group event (joined, left, made admin)'),
  msgBody: z.object({
    text: z.string(),
    replyTo: replyPreview.nullable(),
    media: chatMedia.nullable(),
    payment: chatPayment.nullable(),
    mentions: z.array(z.uuid()).optional().describe('members mentioned with @'),
    event: groupEvent.nullable().optional(),
    deleted: z.boolean().optional().describe('deleted for everyone by its sender: the app shows "This message was deleted"'),
    forwarded: z.boolean().optional().describe('forwarded from another chat: the app shows "Forwarded"'),
  }),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** What a client sends (by socket `message:send` or POST /messages). */
/** A send's fields (groups reuse them: chat-groups.ts). */
export const sendMessageFields = z.object({
  msgId: z
    .string()
    .trim()
    .min(1, 'msgId is required')
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'msgId may use letters, digits and _ . : - only'),
  toUserId: uuid('toUserId'),
  msgType: msgType.default('text'),
  msgBody: z.object({
    text: z.string().trim().max(4000, 'A message can be at most 4000 characters').default(''),
    replyTo: uuid('replyTo').nullable().optional().describe('the server id of the message replied to'),
    mediaUrl: z.string().min(1).max(500).optional().describe('an image or voice note the sender uploaded'),
    paymentReference: z.string().min(1).max(64).optional().describe('a completed send-money to this person'),
  }),
});
export const sendMessageBody = sendMessageFields.refine(
  (b) =>
    b.msgType === 'text'
      ? b.msgBody.text.length > 0
      : b.msgType === 'payment'
        ? Boolean(b.msgBody.paymentReference)
        : Boolean(b.msgBody.mediaUrl),
  { message: 'A text message needs text; a photo or voice note its file; a payment its reference', path: ['msgBody'] },
);
export type SendMessageBody = z.input<typeof sendMessageBody>;
export const messageResponse = envelope(chatMessage);

export const conversationParam = z.object({ userId: uuid('userId') });
export const chatHistoryQuery = z.object({
  before: z.coerce.number().int().min(1).optional().describe('messages before this seq (older), newest first in the page'),
  after: z.coerce.number().int().min(0).optional().describe('messages after this seq (catch-up), oldest first'),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(50),
});
export const chatHistoryResponse = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({
    conversationId: z.uuid().nullable(),
    messages: z.array(chatMessage).describe('in seq order, oldest first'),
    hasMore: z.boolean().describe('older messages remain (with before) or newer ones (with after)'),
    marks: z.object({
      mine: z.object({ deliveredSeq: z.number().int(), seenSeq: z.number().int() }),
      theirs: z.object({ deliveredSeq: z.number().int(), seenSeq: z.number().int() }),
    }),
  }),
});

export const recentChat = z.object({
  conversationId: z.uuid(),
  user: chatUser,
  lastMessage: chatMessage.nullable(),
  lastSeq: z.number().int(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
  // Always sent; optional in the type so the app's fixtures written before them still compile.
  pinned: z.boolean().optional().describe('pinned by the caller: pinned chats come first (always sent)'),
  archived: z.boolean().optional().describe('archived by the caller: it stays archived when a new message arrives (always sent)'),
});
export const recentChatsResponse = paginated(recentChat);

export const markBody = z.object({ upToSeq: z.number().int().min(0) });
export const marksResponse = envelope(
  z.object({ conversationId: z.uuid(), userId: z.uuid(), deliveredSeq: z.number().int(), seenSeq: z.number().int() }),
);

export const directoryQuery = z.object({
  search: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const directoryResponse = paginated(chatUser);

/** The caller's chats (recent chats, groups): pinned first; `archived` lists only the archived (true) or only the others (false). */
export const chatListQuery = directoryQuery.extend({
  archived: z
    .enum(['true', 'false'], { error: 'archived is true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .describe('true: only archived chats; false: only the others; absent: all'),
});

export const savedMedia = z.object({
  msgId: z.string(),
  messageId: z.uuid(),
  blobUrl: z.string(),
  /** A photo or a voice note. */
  msgType: z.enum(['image', 'voice']),
  /** The other person of the conversation it was saved from. */
  withUserId: z.uuid(),
  status: z.enum(['saved']),
  savedAt: z.string(),
});
export const savedMediaBody = z.object({ messageId: uuid('messageId') });
export const savedMediaResponse = paginated(savedMedia);
export const savedMediaItemResponse = envelope(savedMedia);

export const presence = z.object({
  fromUserJid: z.uuid().describe('the person (the spec keeps the XMPP name)'),
  status: z.enum(['online', 'offline']),
  lastSeen: z.string().nullable(),
});
export const presenceQuery = z.object({ userIds: z.string().max(2000).describe('comma-separated ids') });
export const presenceResponse = envelope(z.array(presence));

export const callKind = z.enum(['voice', 'video']);
export const callStatus = z.enum(['ringing', 'active', 'ended', 'missed', 'declined', 'busy']);
export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const call = z.object({
  id: z.uuid(),
  callerId: z.uuid(),
  calleeId: z.uuid(),
  other: chatUser.describe('the other person, from the caller of the API'),
  kind: callKind,
  status: callStatus,
  direction: z.enum(['outgoing', 'incoming']),
  startedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  // Always sent; optional in the type so the app's fixtures written before it still compile.
  group: z
    .object({ id: z.uuid(), name: z.string(), photoUrl: z.string().nullable() })
    .nullable()
    .optional()
    .describe('a group voice call: its group (`other` is who started it; missed when the caller was never in it)'),
});
export type Call = z.infer<typeof call>;
export const callsResponse = paginated(call);
export const iceServersResponse = envelope(z.object({ iceServers: z.array(iceServer), ttlSeconds: z.number().int() }));

// --- blocks and reports ------------------------------------------------------------------------

/** Whether the caller blocked this person (never whether they blocked the caller). */
export const blockStatus = z.object({ userId: z.uuid(), blocked: z.boolean(), blockedAt: z.string().nullable() });
export const blockStatusResponse = envelope(blockStatus);
export const blockedPerson = z.object({ user: chatUser, blockedAt: z.string() });
export const blocksResponse = paginated(blockedPerson);

/** Why a conversation is reported: a short list (the app words each). */
export const chatReportReason = z.enum(['spam', 'scam', 'harassment', 'inappropriate', 'impersonation', 'other'], {
  error: 'Choose a reason: spam, scam, harassment, inappropriate, impersonation or other',
});
export type ChatReportReason = z.infer<typeof chatReportReason>;
export const chatReportBody = z.object({
  reason: chatReportReason,
  note: z.string().trim().max(500, 'A note can be at most 500 characters').optional().describe('what else staff should know'),
});
export const chatReportResponse = envelope(
  z.object({ conversationId: z.uuid(), reportedUserId: z.uuid(), reason: chatReportReason, createdAt: z.string() }),
);

/** Socket events (see docs/chat.md). Client to server events take an acknowledgement callback. */
export const chatEvents = {
  clientToServer: {
    'message:send': sendMessageBody,
    'message:delivered': z.object({ conversationId: uuid('conversationId'), upToSeq: z.number().int().min(0) }),
    'message:seen': z.object({ conversationId: uuid('conversationId'), upToSeq: z.number().int().min(0) }),
    typing: z
      .object({
        toUserId: uuid('toUserId').optional(),
        groupId: uuid('groupId').optional().describe('typing in a group: told to its other members'),
        typing: z.boolean(),
      })
      .refine((b) => Boolean(b.toUserId) !== Boolean(b.groupId), { message: 'Say who you are typing to: toUserId or groupId' }),
    'presence:watch': z.object({ userIds: z.array(uuid('userIds')).max(200) }),
    'call:start': z.object({ toUserId: uuid('toUserId'), kind: callKind }),
    'call:answer': z.object({ callId: uuid('callId') }),
    'call:decline': z.object({ callId: uuid('callId') }),
    'call:end': z.object({ callId: uuid('callId') }),
    'call:signal': z.object({
      callId: uuid('callId'),
      data: z.object({
        type: z.enum(['offer', 'answer', 'ice']),
        sdp: z.string().max(20000).optional(),
        candidate: z.unknown().optional(),
      }),
    }),
  },
  serverToClient: {
    'message:new': chatMessage,
    receipt: z.object({ conversationId: z.uuid(), userId: z.uuid(), deliveredSeq: z.number().int(), seenSeq: z.number().int() }),
    typing: z
      .object({ fromUserId: z.uuid(), typing: z.boolean(), groupId: z.uuid().optional().describe('typing in this group') })
      .describe('someone is typing to the caller, or in one of their groups'),
    presence,
    'call:incoming': z.object({ call, iceServers: z.array(iceServer) }),
    'call:update': call.describe('a call changed state (answered, declined, missed, busy, ended)'),
    'call:signal': z.object({ callId: z.uuid(), fromUserId: z.uuid(), data: z.record(z.string(), z.unknown()) }),
    'message:deleted': chatMessage.describe('a message deleted for everyone, as it is now (msgBody.deleted)'),
  },
} as const;
