import type { ApiData } from '@owo/contracts';
import { call } from '../../api/client';

export type StarredItem = ApiData<'GET /api/chat/starred'>[number];
export type SearchHit = ApiData<'GET /api/chat/search'>[number];
export type ForwardResult = ApiData<'POST /api/chat/messages/:messageId/forward'>['results'][number];
export type ChatState = ApiData<'PUT /api/chat/chats/:conversationId/pin'>;

const auth = { requireToken: true } as const;
export const STARRED_PAGE = 30;
export const SEARCH_PAGE = 20;

/** Message and chat actions (/api/chat, docs/chat.md "Message actions"): star, delete for me, forward, search, pin, archive. */
export const actionsApi = {
  star: (messageId: string) => call('PUT /api/chat/messages/:messageId/star', { ...auth, params: { messageId } }),
  unstar: (messageId: string) => call('DELETE /api/chat/messages/:messageId/star', { ...auth, params: { messageId } }),
  starred: (page: number, signal?: AbortSignal, limit = STARRED_PAGE) =>
    call('GET /api/chat/starred', { ...auth, query: { page, limit }, signal }),
  deleteForMe: (messageId: string) => call('DELETE /api/chat/messages/:messageId/for-me', { ...auth, params: { messageId } }),
  /** One Idempotency-Key per attempt: a retry with the same key stores nothing twice. */
  forward: (messageId: string, to: { toUserIds: string[]; groupIds: string[] }, idempotencyKey: string) =>
    call('POST /api/chat/messages/:messageId/forward', { ...auth, params: { messageId }, body: to, idempotencyKey }),
  search: (q: string, page: number, signal?: AbortSignal) =>
    call('GET /api/chat/search', { ...auth, query: { q, page, limit: SEARCH_PAGE }, signal }),
  searchChat: (conversationId: string, q: string, page: number, signal?: AbortSignal) =>
    call('GET /api/chat/chats/:conversationId/search', {
      ...auth,
      params: { conversationId },
      query: { q, page, limit: SEARCH_PAGE },
      signal,
    }),
  pin: (conversationId: string, on: boolean) =>
    on
      ? call('PUT /api/chat/chats/:conversationId/pin', { ...auth, params: { conversationId } })
      : call('DELETE /api/chat/chats/:conversationId/pin', { ...auth, params: { conversationId } }),
  archive: (conversationId: string, on: boolean) =>
    on
      ? call('PUT /api/chat/chats/:conversationId/archive', { ...auth, params: { conversationId } })
      : call('DELETE /api/chat/chats/:conversationId/archive', { ...auth, params: { conversationId } }),
};
