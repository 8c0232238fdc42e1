import type { ChatMessage, ChatUser, RecentChat } from '../../api/chat';

/** Tests only: people and messages of the chat. */
export const ME = '0198a7b2-0000-7000-8000-00000000a001';
export const ADA_ID = '0198a7b2-0000-7000-8000-00000000b002';
export const BOLA_ID = '0198a7b2-0000-7000-8000-00000000c003';
export const CONVO = '0198a7b2-0000-5000-8000-00000000d004';

export const ada: ChatUser = { id: ADA_ID, firstName: 'Ada', lastName: 'Obi', nickName: 'ada', avatar: null };
export const bola: ChatUser = { id: BOLA_ID, firstName: 'Bola', lastName: 'Ade', nickName: 'bola', avatar: null };

let n = 0;
export function message(over: Partial<ChatMessage> & { seq: number }): ChatMessage {
  n++;
  return {
    id: `0198a7b2-0000-7000-8000-${String(900000000000 + n).slice(-12)}`,
    msgId: `tmp-${n}`,
    conversationId: CONVO,
    fromUserId: ADA_ID,
    toUserId: ME,
    msgType: 'text',
    msgBody: { text: 'Hello', replyTo: null, media: null, payment: null },
    createdAt: new Date().toISOString(),
    ...over,
  };
}

export function recent(user: ChatUser, last: ChatMessage, unreadCount: number, conversationId = CONVO): RecentChat {
  return { conversationId, user, lastMessage: last, lastSeq: last.seq, unreadCount, updatedAt: last.createdAt };
}

export const page = <T>(data: T[]) => ({
  status: true,
  message: 'OK',
  data,
  pagination: { page: 1, limit: 30, total: data.length, prev: null, next: null },
});
