import { z } from 'zod';
import { chatHistoryQuery, chatMessage, chatUser, markBody, sendMessageFields } from './chat.js';
import { envelope, paginated } from './common.js';

// Chat groups of up to 256 people (docs/chat.md): a name and photo, admins, an invite link an admin
// can reset, mute, mentions, "seen by" and "delivered to" per member. Messages are the chat's
// messages with `groupId`; the group's events (joined, left, made admin) are messages of type `event`.

export const GROUP_MAX_MEMBERS = 256;
const uuid = (label: string) => z.uuid(`${label} must be a valid id`);

export const groupName = z.string().trim().min(1, 'Give the group a name').max(60, 'A group name can be at most 60 characters');
export const groupRole = z.enum(['admin', 'member']);
export const groupMember = z.object({ user: chatUser, role: groupRole, joinedAt: z.string() });
export const chatGroup = z.object({
  id: z.uuid().describe('the group (and its conversation)'),
  name: z.string(),
  photoUrl: z.string().nullable(),
  memberCount: z.number().int(),
  myRole: groupRole,
  mutedUntil: z.string().nullable().describe('notifications off until then (far in the future for always)'),
  lastSeq: z.number().int(),
  unreadCount: z.number().int().describe('from the member’s seen mark, not by counting rows'),
  lastMessage: chatMessage.nullable(),
  createdAt: z.string(),
  // Always sent; optional in the type so the app's fixtures written before them still compile.
  pinned: z.boolean().optional().describe('pinned by the caller: pinned chats come first (always sent)'),
  archived: z.boolean().optional().describe('archived by the caller: it stays archived when a new message arrives (always sent)'),
});
export type ChatGroup = z.infer<typeof chatGroup>;
export const groupInfo = chatGroup.extend({
  members: z.array(groupMember),
  inviteCode: z.string().nullable().describe('admins only'),
});
export type GroupInfo = z.infer<typeof groupInfo>;

export const groupParam = z.object({ groupId: uuid('groupId') });
export const groupMemberParam = z.object({ groupId: uuid('groupId'), userId: uuid('userId') });
export const groupMessageParam = z.object({ groupId: uuid('groupId'), messageId: uuid('messageId') });
export const inviteParam = z.object({
  code: z
    .string()
    .trim()
    .min(8)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'That invite link is not valid'),
});

export const createGroupBody = z.object({
  name: groupName,
  photoUrl: z.string().min(1).max(500).optional().describe('an image the creator uploaded'),
  memberIds: z
    .array(uuid('memberIds'))
    .max(GROUP_MAX_MEMBERS - 1, `A group has at most ${GROUP_MAX_MEMBERS} people`)
    .default([]),
});
export const updateGroupBody = z
  .object({ name: groupName.optional(), photoUrl: z.string().min(1).max(500).nullable().optional() })
  .refine((b) => b.name !== undefined || b.photoUrl !== undefined, { message: 'Change the name or the photo' });
export const addMembersBody = z.object({
  userIds: z
    .array(uuid('userIds'))
    .min(1, 'Choose someone to add')
    .max(GROUP_MAX_MEMBERS - 1),
});
export const memberRoleBody = z.object({ role: groupRole });
export const muteBody = z.object({ for: z.enum(['8h', 'week', 'always', 'off'], { error: 'Mute for 8h, week or always, or off' }) });

/** A group message: as a 1:1 send, to the group, with the members mentioned. */
const groupSendFields = sendMessageFields
  .omit({ toUserId: true })
  .extend({ mentions: z.array(uuid('mentions')).max(50).optional().describe('members mentioned with @') });
const sendable = (b: z.output<typeof groupSendFields>) =>
  b.msgType === 'text'
    ? b.msgBody.text.length > 0
    : b.msgType === 'payment'
      ? Boolean(b.msgBody.paymentReference)
      : Boolean(b.msgBody.mediaUrl);
const sendableMessage = 'A text message needs text; a photo or voice note its file; a payment its reference';
export const groupSendBody = groupSendFields.refine(sendable, { message: sendableMessage, path: ['msgBody'] });
export type GroupSendBody = z.input<typeof groupSendBody>;
/** The socket event `group:send`: a group message with its group. */
export const groupSendEvent = groupSendFields
  .extend({ groupId: uuid('groupId') })
  .refine(sendable, { message: sendableMessage, path: ['msgBody'] });

/** A group voice call holds at most this many people (WebRTC between each pair; the server signals). */
export const GROUP_CALL_MAX = 4;
/** A group's voice call: who is in it now. */
export const groupCall = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  startedBy: z.uuid(),
  startedAt: z.string(),
  endedAt: z.string().nullable().describe('set when fewer than two people are left in it after a leave'),
  participants: z
    .array(z.object({ userId: z.uuid(), joinedAt: z.string(), muted: z.boolean().describe('their microphone is off') }))
    .describe('in the call now, earliest first'),
});
export type GroupCall = z.infer<typeof groupCall>;
const signalData = z.object({
  type: z.enum(['offer', 'answer', 'ice']),
  sdp: z.string().max(20000).optional(),
  candidate: z.unknown().optional(),
});

/** Socket events of groups (docs/chat.md), beside `chatEvents`. */
export const groupEvents = {
  clientToServer: {
    'group:send': groupSendEvent,
    'group:delivered': z.object({ groupId: uuid('groupId'), upToSeq: z.number().int().min(0) }),
    'group:seen': z.object({ groupId: uuid('groupId'), upToSeq: z.number().int().min(0) }),
    'groupcall:start': z.object({ groupId: uuid('groupId') }),
    'groupcall:join': z.object({ callId: uuid('callId') }),
    'groupcall:leave': z.object({ callId: uuid('callId') }),
    'groupcall:signal': z.object({ callId: uuid('callId'), toUserId: uuid('toUserId'), data: signalData }),
    'groupcall:mute': z.object({ groupId: uuid('groupId'), muted: z.boolean({ error: 'muted must be true or false' }) }),
  },
  serverToClient: {
    'groupcall:incoming': z.object({ call: groupCall }).describe('a member started the group’s call: the others ring'),
    'groupcall:update': groupCall.describe('someone joined, left, muted or unmuted, or the call ended'),
    'groupcall:signal': z.object({ callId: z.uuid(), fromUserId: z.uuid(), data: z.record(z.string(), z.unknown()) }),
    'group:update': z.object({ groupId: z.uuid() }).describe('the group changed (members, roles, name, photo): read it again'),
  },
} as const;

export const groupResponse = envelope(groupInfo);
export const groupsResponse = paginated(chatGroup);
export const groupHistoryQuery = chatHistoryQuery;
export const groupHistoryResponse = envelope(
  z.object({
    groupId: z.uuid(),
    messages: z.array(chatMessage).describe('in seq order, oldest first; only those since the caller joined (and until they left)'),
    hasMore: z.boolean(),
    mine: z.object({ deliveredSeq: z.number().int(), seenSeq: z.number().int() }),
    // Always sent; optional in the type so the app's fixtures written before it still compile.
    others: z
      .object({
        deliveredSeq: z.number().int().describe('every other current member has the messages up to this seq'),
        seenSeq: z.number().int().describe('every other current member saw the messages up to this seq'),
      })
      .optional()
      .describe('the lowest marks of the other current members (two ticks, blue ticks); the last seq when alone (always sent)'),
  }),
);
export const groupSeenBody = markBody;
export const groupReceiptsResponse = envelope(
  z.object({
    messageId: z.uuid(),
    seenBy: z.array(chatUser),
    deliveredTo: z.array(chatUser).describe('delivered, not yet seen'),
    waiting: z.array(chatUser).describe('not yet delivered'),
  }),
);
/** What an invite link shows before joining: never the members themselves. */
export const invitePreviewResponse = envelope(
  z.object({
    groupId: z.uuid(),
    name: z.string(),
    photoUrl: z.string().nullable(),
    memberCount: z.number().int(),
    isMember: z.boolean().describe('the caller is already in the group'),
  }),
);
export const inviteResponse = envelope(z.object({ groupId: z.uuid(), inviteCode: z.string() }));

/** Start a chat with any Owo user by their exact phone number (besides the directory of nicknames). */
export const phoneLookupQuery = z.object({
  phone: z.string().trim().min(7, 'Enter a valid Nigerian phone number').max(20, 'Enter a valid Nigerian phone number'),
});
export const phoneLookupResponse = envelope(chatUser);

export const chatMessageParam = z.object({ messageId: uuid('messageId') });
