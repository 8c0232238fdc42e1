import * as c from './chat.js';
import * as g from './chat-groups.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/chat/groups';

/**
 * Chat groups (/api/chat/groups, docs/chat.md): create, members and admins, the invite link, leave,
 * mute, history, send, seen, and who saw a message. Live events: `group:send`, `group:delivered`,
 * `group:seen` over the chat's socket. Part of `apiMap` (api.ts).
 */
export const chatGroupsApi = {
  'chat.groups': {
    method: 'GET',
    path: P,
    query: c.chatListQuery,
    response: g.groupsResponse,
    summary: 'Your groups, pinned first then the latest, with the last message, unread count, pinned and archived',
  },
  'chat.groupCreate': {
    method: 'POST',
    path: P,
    body: g.createGroupBody,
    response: g.groupResponse,
    created: true,
    summary: 'Create a group with a name, a photo and people who may message you; you are its admin',
  },
  'chat.group': {
    method: 'GET',
    path: `${P}/:groupId`,
    params: g.groupParam,
    response: g.groupResponse,
    summary: 'A group you are in: its members, admins, and (for admins) the invite link',
  },
  'chat.groupUpdate': {
    method: 'PATCH',
    path: `${P}/:groupId`,
    params: g.groupParam,
    body: g.updateGroupBody,
    response: g.groupResponse,
    summary: 'Rename a group or change its photo (admins)',
  },
  'chat.groupAdd': {
    method: 'POST',
    path: `${P}/:groupId/members`,
    params: g.groupParam,
    body: g.addMembersBody,
    response: g.groupResponse,
    summary: 'Add people who may message you to a group (admins; up to 256 people)',
  },
  'chat.groupRemove': {
    method: 'DELETE',
    path: `${P}/:groupId/members/:userId`,
    params: g.groupMemberParam,
    response: g.groupResponse,
    summary: 'Remove someone from a group (admins): they stop receiving at once',
  },
  'chat.groupRole': {
    method: 'PUT',
    path: `${P}/:groupId/members/:userId/role`,
    params: g.groupMemberParam,
    body: g.memberRoleBody,
    response: g.groupResponse,
    summary: 'Make a member an admin, or dismiss an admin (admins)',
  },
  'chat.groupLeave': {
    method: 'POST',
    path: `${P}/:groupId/leave`,
    params: g.groupParam,
    response: g.groupResponse,
    summary: 'Leave a group (the last admin leaving makes the longest member admin)',
  },
  'chat.groupInvite': {
    method: 'POST',
    path: `${P}/:groupId/invite`,
    params: g.groupParam,
    response: g.inviteResponse,
    summary: 'Reset a group’s invite link (admins): the old link stops working',
  },
  'chat.groupInvitePreview': {
    method: 'GET',
    path: `${P}/invite/:code`,
    params: g.inviteParam,
    response: g.invitePreviewResponse,
    summary: 'What an invite link leads to, before joining: the group’s name, photo and member count',
  },
  'chat.groupJoin': {
    method: 'POST',
    path: `${P}/join/:code`,
    params: g.inviteParam,
    response: g.groupResponse,
    summary: 'Join a group by its invite link',
  },
  'chat.groupMute': {
    method: 'PUT',
    path: `${P}/:groupId/mute`,
    params: g.groupParam,
    body: g.muteBody,
    response: g.groupResponse,
    summary: 'Mute a group for 8 hours, a week or always, or unmute it',
  },
  'chat.groupHistory': {
    method: 'GET',
    path: `${P}/:groupId/messages`,
    params: g.groupParam,
    query: g.groupHistoryQuery,
    response: g.groupHistoryResponse,
    summary: 'A group’s messages since you joined: the latest, older ones (?before=seq) or catch-up (?after=seq)',
  },
  'chat.groupSend': {
    method: 'POST',
    path: `${P}/:groupId/messages`,
    params: g.groupParam,
    body: g.groupSendBody,
    response: c.messageResponse,
    created: true,
    summary: 'Send a message to a group (as the socket event group:send); the same msgId again returns the stored message',
  },
  'chat.groupSeen': {
    method: 'PUT',
    path: `${P}/:groupId/seen`,
    params: g.groupParam,
    body: g.groupSeenBody,
    response: c.marksResponse,
    summary: 'Mark a group seen up to a message (seq)',
  },
  'chat.groupReceipts': {
    method: 'GET',
    path: `${P}/:groupId/messages/:messageId/receipts`,
    params: g.groupMessageParam,
    response: g.groupReceiptsResponse,
    summary: 'Who saw a group message, who has it delivered, who is still waiting',
  },
  'chat.byPhone': {
    method: 'GET',
    path: '/api/chat/people/by-phone',
    query: g.phoneLookupQuery,
    response: g.phoneLookupResponse,
    summary: 'The Owo user with this exact phone number, to start a chat (nickname or not)',
  },
  'chat.deleteForEveryone': {
    method: 'DELETE',
    path: '/api/chat/messages/:messageId',
    params: g.chatMessageParam,
    response: c.messageResponse,
    summary: 'Delete your message for everyone, within an hour of sending it: the others see "This message was deleted"',
  },
} as const satisfies Record<string, ApiEndpointDef>;
