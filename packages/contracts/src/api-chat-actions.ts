import * as a from './chat-actions.js';
import { pageQuery } from './common.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/chat';

/**
 * Message and chat actions (/api/chat, docs/chat.md "Message actions"): star, delete for me,
 * forward, search, pin and archive. Every call that changes state accepts an Idempotency-Key (the
 * route replay); a forward's messages are also kept from doubling by their msgIds, derived from the
 * key (or the body's msgId) and each target. Part of `apiMap` (api.ts).
 */
export const chatActionsApi = {
  'chat.star': {
    method: 'PUT',
    path: `${P}/messages/:messageId/star`,
    params: a.messageParam,
    response: a.starResponse,
    summary: 'Star a message you can read',
  },
  'chat.unstar': {
    method: 'DELETE',
    path: `${P}/messages/:messageId/star`,
    params: a.messageParam,
    response: a.starResponse,
    summary: 'Unstar a message',
  },
  'chat.starred': {
    method: 'GET',
    path: `${P}/starred`,
    query: pageQuery,
    response: a.starredResponse,
    summary: 'Your starred messages, the latest starred first, each with its chat',
  },
  'chat.deleteForMe': {
    method: 'DELETE',
    path: `${P}/messages/:messageId/for-me`,
    params: a.messageParam,
    response: a.deleteForMeResponse,
    summary: 'Delete a message for yourself: it leaves your history, previews, starred and search; the others keep it',
  },
  'chat.forward': {
    method: 'POST',
    path: `${P}/messages/:messageId/forward`,
    params: a.messageParam,
    body: a.forwardBody,
    response: a.forwardResponse,
    created: true,
    summary:
      'Forward a text, photo or voice note you can read to up to 5 chats (each target sent or failed); needs an Idempotency-Key or a msgId',
  },
  'chat.search': {
    method: 'GET',
    path: `${P}/search`,
    query: a.searchQuery,
    response: a.searchResponse,
    summary: 'Search the messages of all your chats (words, the last one a prefix), the latest first',
  },
  'chat.searchChat': {
    method: 'GET',
    path: `${P}/chats/:conversationId/search`,
    params: a.chatParam,
    query: a.searchQuery,
    response: a.searchResponse,
    summary: 'Search the messages of one of your chats (a 1:1 conversation or a group), the latest first',
  },
  'chat.pin': {
    method: 'PUT',
    path: `${P}/chats/:conversationId/pin`,
    params: a.chatParam,
    response: a.chatStateResponse,
    summary: 'Pin a chat (up to 3): pinned chats come first in your lists',
  },
  'chat.unpin': {
    method: 'DELETE',
    path: `${P}/chats/:conversationId/pin`,
    params: a.chatParam,
    response: a.chatStateResponse,
    summary: 'Unpin a chat',
  },
  'chat.archive': {
    method: 'PUT',
    path: `${P}/chats/:conversationId/archive`,
    params: a.chatParam,
    response: a.chatStateResponse,
    summary: 'Archive a chat: it stays archived when new messages arrive (archiving unpins it)',
  },
  'chat.unarchive': {
    method: 'DELETE',
    path: `${P}/chats/:conversationId/archive`,
    params: a.chatParam,
    response: a.chatStateResponse,
    summary: 'Unarchive a chat',
  },
} as const satisfies Record<string, ApiEndpointDef>;
