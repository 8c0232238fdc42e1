import * as c from './chat.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/chat';

/**
 * The web client's calls of the chat (/api/chat): conversations, messages, directory, saved media, calls.
 * Live events go over Socket.IO at /api/chat/socket.io (docs/chat.md, `chatEvents` in chat.ts).
 * Part of `apiMap` (api.ts); kept in a file of its own so each area's calls are listed beside each other.
 */
export const chatApi = {
  'chat.recent': { method: 'GET', path: `${P}/recent-chats`, query: c.directoryQuery, response: c.recentChatsResponse },
  'chat.history': {
    method: 'GET',
    path: `${P}/conversations/:userId/messages`,
    params: c.conversationParam,
    query: c.chatHistoryQuery,
    response: c.chatHistoryResponse,
  },
  'chat.send': { method: 'POST', path: `${P}/messages`, body: c.sendMessageBody, response: c.messageResponse },
  'chat.seen': {
    method: 'PUT',
    path: `${P}/conversations/:userId/seen`,
    params: c.conversationParam,
    body: c.markBody,
    response: c.marksResponse,
  },
  'chat.directory': { method: 'GET', path: `${P}/directory`, query: c.directoryQuery, response: c.directoryResponse },
  'chat.presence': { method: 'GET', path: `${P}/presence`, query: c.presenceQuery, response: c.presenceResponse },
  'chat.savedMedia': { method: 'GET', path: `${P}/saved-media`, query: c.directoryQuery, response: c.savedMediaResponse },
  'chat.saveMedia': { method: 'POST', path: `${P}/saved-media`, body: c.savedMediaBody, response: c.savedMediaItemResponse },
  'chat.calls': { method: 'GET', path: `${P}/calls`, query: c.directoryQuery, response: c.callsResponse },
  'chat.iceServers': { method: 'GET', path: `${P}/ice-servers`, response: c.iceServersResponse },
} as const satisfies Record<string, ApiEndpointDef>;
