import * as c from './chat.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/chat';

/**
 * The chat's calls (/api/chat): conversations, messages, directory, saved media, calls, blocks and
 * reports. Live events go over Socket.IO at /api/chat/socket.io (docs/chat.md, `chatEvents` in chat.ts).
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const chatApi = {
  'chat.recent': {
    method: 'GET',
    path: `${P}/recent-chats`,
    query: c.chatListQuery,
    response: c.recentChatsResponse,
    summary: 'Your conversations, pinned first then the latest, with the last message, unread count, pinned and archived',
  },
  'chat.history': {
    method: 'GET',
    path: `${P}/conversations/:userId/messages`,
    params: c.conversationParam,
    query: c.chatHistoryQuery,
    response: c.chatHistoryResponse,
    summary: 'Your conversation with a person: the latest messages, older ones (?before=seq), or catch-up (?after=seq)',
  },
  'chat.send': {
    method: 'POST',
    path: `${P}/messages`,
    body: c.sendMessageBody,
    response: c.messageResponse,
    created: true,
    summary: 'Send a message (as the socket event message:send); the same msgId again returns the stored message',
  },
  'chat.seen': {
    method: 'PUT',
    path: `${P}/conversations/:userId/seen`,
    params: c.conversationParam,
    body: c.markBody,
    response: c.marksResponse,
    summary: 'Mark your conversation with a person seen up to a message (seq)',
  },
  'chat.directory': {
    method: 'GET',
    path: `${P}/directory`,
    query: c.directoryQuery,
    response: c.directoryResponse,
    summary: 'People you can chat with (those with a nickname), searchable',
  },
  'chat.presence': {
    method: 'GET',
    path: `${P}/presence`,
    query: c.presenceQuery,
    response: c.presenceResponse,
    summary: 'Whether people are online, or when they were last seen',
  },
  'chat.savedMedia': {
    method: 'GET',
    path: `${P}/saved-media`,
    query: c.directoryQuery,
    response: c.savedMediaResponse,
    summary: 'Photos and voice notes you saved from chats',
  },
  'chat.saveMedia': {
    method: 'POST',
    path: `${P}/saved-media`,
    body: c.savedMediaBody,
    response: c.savedMediaItemResponse,
    summary: 'Save a photo or voice note from a chat',
  },
  'chat.calls': {
    method: 'GET',
    path: `${P}/calls`,
    query: c.directoryQuery,
    response: c.callsResponse,
    summary: 'Your call log, the latest first',
  },
  'chat.iceServers': {
    method: 'GET',
    path: `${P}/ice-servers`,
    response: c.iceServersResponse,
    summary: 'STUN/TURN servers for a call (TURN credentials last TURN_TTL_SECONDS)',
  },
  'chat.blocks': {
    method: 'GET',
    path: `${P}/blocks`,
    query: c.directoryQuery,
    response: c.blocksResponse,
    summary: 'People you blocked, the latest first',
  },
  'chat.blockStatus': {
    method: 'GET',
    path: `${P}/blocks/:userId`,
    params: c.conversationParam,
    response: c.blockStatusResponse,
    summary: 'Whether you blocked this person',
  },
  'chat.block': {
    method: 'PUT',
    path: `${P}/blocks/:userId`,
    params: c.conversationParam,
    response: c.blockStatusResponse,
    summary: 'Block a person: no messages or calls either way, no presence or typing; they are not told (Idempotency-Key accepted)',
  },
  'chat.unblock': {
    method: 'DELETE',
    path: `${P}/blocks/:userId`,
    params: c.conversationParam,
    response: c.blockStatusResponse,
    summary: 'Unblock a person you blocked (a block they made stays)',
  },
  'chat.report': {
    method: 'POST',
    path: `${P}/conversations/:userId/report`,
    params: c.conversationParam,
    body: c.chatReportBody,
    response: c.chatReportResponse,
    created: true,
    summary: 'Report your conversation with a person (once), with a reason, for staff to review',
  },
} as const satisfies Record<string, ApiEndpointDef>;
