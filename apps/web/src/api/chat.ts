import type { ApiData, Call, ChatMessage, ChatReportReason, ChatUser, SendMessageBody, chatEvents } from '@owo/contracts';
import type { z } from 'zod';
import { call } from './client';

export type { Call, ChatMessage, ChatUser, SendMessageBody };
export type RecentChat = ApiData<'GET /api/chat/recent-chats'>[number];
export type ChatHistory = ApiData<'GET /api/chat/conversations/:userId/messages'>;
export type Marks = ChatHistory['marks']['mine'];
export type Presence = ApiData<'GET /api/chat/presence'>[number];
export type IceServer = ApiData<'GET /api/chat/ice-servers'>['iceServers'][number];
export type SavedMedia = ApiData<'GET /api/chat/saved-media'>[number];
export type BlockStatus = ApiData<'GET /api/chat/blocks/:userId'>;
export type BlockedPerson = ApiData<'GET /api/chat/blocks'>[number];
export type { ChatReportReason };

type C2S = typeof chatEvents.clientToServer;
type S2C = typeof chatEvents.serverToClient;
/** The events the app sends over the chat socket, with what each carries (docs/chat.md). */
export type ClientEvents = { [E in keyof C2S]: z.input<C2S[E]> };
/** The events the server sends over the chat socket, with what each carries. */
export type ServerEvents = { [E in keyof S2C]: z.output<S2C[E]> };
/** What a client event's acknowledgement answers: the data, or the server's message and code. */
export type AckReply<T = unknown> = { status: true; data: T } | { status: false; message: string; code: string };
export type CallSignal = ClientEvents['call:signal']['data'];
/** What each client event's acknowledgement carries when it succeeds. */
export interface AckData {
  'message:send': ChatMessage;
  'message:delivered': Marks & { conversationId: string; userId: string };
  'message:seen': Marks & { conversationId: string; userId: string };
  typing: null;
  'presence:watch': Presence[];
  'call:start': { call: Call; iceServers: IceServer[] };
  'call:answer': Call;
  'call:decline': Call;
  'call:end': Call;
  'call:signal': null;
}

const auth = { requireToken: true } as const;
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
export const HISTORY_PAGE = 50;
export const RECENT_PAGE = 30;

/** The chat service's REST calls (/api/chat); live traffic goes over the socket (features/chat/socket.ts). */
export const chatApi = {
  recent: (page: number, search?: string, signal?: AbortSignal) =>
    call('GET /api/chat/recent-chats', { ...auth, query: { page, limit: RECENT_PAGE, ...(search ? { search } : {}) }, signal }),
  /** The latest messages, older ones (`before` a seq), or the ones after a seq (catch-up). */
  history: (userId: string, range: { before?: number; after?: number } = {}, signal?: AbortSignal) =>
    call('GET /api/chat/conversations/:userId/messages', { ...auth, params: { userId }, query: { ...range, limit: HISTORY_PAGE }, signal }),
  send: (body: SendMessageBody) => call('POST /api/chat/messages', { ...auth, body }),
  seen: (userId: string, upToSeq: number) =>
    call('PUT /api/chat/conversations/:userId/seen', { ...auth, params: { userId }, body: { upToSeq } }),
  directory: (search: string, page: number, signal?: AbortSignal) =>
    call('GET /api/chat/directory', { ...auth, query: { page, limit: 20, ...(search ? { search } : {}) }, signal }),
  presence: (userIds: string[], signal?: AbortSignal) =>
    call('GET /api/chat/presence', { ...auth, query: { userIds: userIds.join(',') }, signal }),
  savedMedia: (page: number, signal?: AbortSignal) => call('GET /api/chat/saved-media', { ...auth, query: { page, limit: 30 }, signal }),
  saveMedia: (messageId: string) => call('POST /api/chat/saved-media', { ...auth, body: { messageId } }),
  calls: (page: number, signal?: AbortSignal) => call('GET /api/chat/calls', { ...auth, query: { page, limit: 30 }, signal }),
  iceServers: () => call('GET /api/chat/ice-servers', auth),
  /** The people one blocked, the latest first. */
  blocks: (page: number, signal?: AbortSignal) => call('GET /api/chat/blocks', { ...auth, query: { page, limit: 30 }, signal }),
  /** Whether one blocked this person. */
  blockStatus: (userId: string, signal?: AbortSignal) => call('GET /api/chat/blocks/:userId', { ...auth, params: { userId }, signal }),
  block: (userId: string) => call('PUT /api/chat/blocks/:userId', { ...auth, params: { userId }, idempotencyKey: newKey() }),
  unblock: (userId: string) => call('DELETE /api/chat/blocks/:userId', { ...auth, params: { userId } }),
  report: (userId: string, reason: ChatReportReason, note?: string) =>
    call('POST /api/chat/conversations/:userId/report', { ...auth, params: { userId }, body: { reason, ...(note ? { note } : {}) } }),
};
