import type { ApiData, ChatGroup, GroupCall, GroupInfo, GroupSendBody, groupEvents } from '@owo/contracts';
import type { z } from 'zod';
import type { ChatMessage, Marks } from '../../api/chat';
import { call } from '../../api/client';

export type { ChatGroup, GroupCall, GroupInfo, GroupSendBody };
export type GroupHistory = ApiData<'GET /api/chat/groups/:groupId/messages'>;
export type GroupReceipts = ApiData<'GET /api/chat/groups/:groupId/messages/:messageId/receipts'>;
export type MuteSpan = 'off' | '8h' | 'week' | 'always';

type G2S = typeof groupEvents.clientToServer;
type GS2C = typeof groupEvents.serverToClient;
/** The group events the app sends over the chat socket (docs/chat.md). */
export type GroupClientEvents = { [E in keyof G2S]: z.input<G2S[E]> };
type GroupMarks = Marks & { conversationId: string; userId: string };
export interface GroupAckData {
  'group:send': ChatMessage;
  'group:delivered': GroupMarks;
  'group:seen': GroupMarks;
  'groupcall:start': { call: GroupCall; iceServers: RTCIceServer[] };
  'groupcall:join': { call: GroupCall; iceServers: RTCIceServer[] };
  'groupcall:leave': GroupCall;
  'groupcall:signal': null;
  'groupcall:mute': GroupCall;
}
/**
 * What the server sends for groups besides `message:new` and `receipt` (docs/chat.md): the contracts'
 * `groupEvents` (a group changed, its voice call's events) and a message deleted for everyone.
 */
export type GroupServerEvents = {
  'message:deleted': ChatMessage;
} & { [E in keyof GS2C]: z.output<GS2C[E]> };

const auth = { requireToken: true } as const;
export const GROUPS_PAGE = 50;

/** The chat groups' REST calls (/api/chat/groups); messages go over the socket (`group:send`). */
export const groupsApi = {
  list: (page: number, signal?: AbortSignal) => call('GET /api/chat/groups', { ...auth, query: { page, limit: GROUPS_PAGE }, signal }),
  create: (body: { name: string; photoUrl?: string; memberIds: string[] }) => call('POST /api/chat/groups', { ...auth, body }),
  info: (groupId: string, signal?: AbortSignal) => call('GET /api/chat/groups/:groupId', { ...auth, params: { groupId }, signal }),
  update: (groupId: string, body: { name?: string; photoUrl?: string | null }) =>
    call('PATCH /api/chat/groups/:groupId', { ...auth, params: { groupId }, body }),
  add: (groupId: string, userIds: string[]) =>
    call('POST /api/chat/groups/:groupId/members', { ...auth, params: { groupId }, body: { userIds } }),
  remove: (groupId: string, userId: string) =>
    call('DELETE /api/chat/groups/:groupId/members/:userId', { ...auth, params: { groupId, userId } }),
  role: (groupId: string, userId: string, role: 'admin' | 'member') =>
    call('PUT /api/chat/groups/:groupId/members/:userId/role', { ...auth, params: { groupId, userId }, body: { role } }),
  leave: (groupId: string) => call('POST /api/chat/groups/:groupId/leave', { ...auth, params: { groupId } }),
  resetInvite: (groupId: string) => call('POST /api/chat/groups/:groupId/invite', { ...auth, params: { groupId } }),
  invitePreview: (code: string, signal?: AbortSignal) => call('GET /api/chat/groups/invite/:code', { ...auth, params: { code }, signal }),
  join: (code: string) => call('POST /api/chat/groups/join/:code', { ...auth, params: { code } }),
  mute: (groupId: string, span: MuteSpan) =>
    call('PUT /api/chat/groups/:groupId/mute', { ...auth, params: { groupId }, body: { for: span } }),
  history: (groupId: string, range: { before?: number; after?: number } = {}, signal?: AbortSignal) =>
    call('GET /api/chat/groups/:groupId/messages', { ...auth, params: { groupId }, query: { ...range, limit: 50 }, signal }),
  seen: (groupId: string, upToSeq: number) =>
    call('PUT /api/chat/groups/:groupId/seen', { ...auth, params: { groupId }, body: { upToSeq } }),
  receipts: (groupId: string, messageId: string, signal?: AbortSignal) =>
    call('GET /api/chat/groups/:groupId/messages/:messageId/receipts', { ...auth, params: { groupId, messageId }, signal }),
  deleteForEveryone: (messageId: string) => call('DELETE /api/chat/messages/:messageId', { ...auth, params: { messageId } }),
};
