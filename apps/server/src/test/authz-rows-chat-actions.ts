import { randomUUID } from 'node:crypto';
import type { World } from './authz-world.js';
import { list, OK, type Ctx, type Row } from './authz-rows-shapes.js';

/**
 * The authorization matrix's rows (authz-rows.ts) of chat's message actions: a message or a chat of
 * the owner and the member (chatPeer) is hidden from the outsider (404). Delete for me hides a
 * message of its own per request, so the world's chat stays whole.
 */
const peers = { stranger: 401, outsider: 404, chatPeer: OK } as const;
const byMessage = (_w: World, x: Ctx) => ({ messageId: x.messageId! });
const theImage = async (w: World): Promise<Ctx> => ({ messageId: w.chatImage });
/** The owner and the member's conversation (its id, as the member's history answers it). */
const theChat = async (w: World): Promise<Ctx> => ({
  convo: (await w.ok<{ conversationId: string }>(w.member, 'GET', `/api/chat/conversations/${w.owner.id}/messages`)).conversationId,
});
const byChat = (_w: World, x: Ctx) => ({ conversationId: x.convo! });

export const chatActionRows: Record<string, Row> = {
  'chat.star': { setup: theImage, params: byMessage, expect: peers },
  'chat.unstar': { setup: theImage, params: byMessage, expect: peers },
  'chat.starred': list(),
  'chat.deleteForMe': {
    each: async (w) => ({
      messageId: (
        await w.ok<{ id: string }>(w.owner, 'POST', '/api/chat/messages', {
          msgId: `h-${randomUUID()}`,
          toUserId: w.member.id,
          msgBody: { text: 'Just for you' },
        })
      ).id,
    }),
    params: byMessage,
    expect: peers,
  },
  'chat.forward': {
    setup: theImage,
    params: byMessage,
    body: (w) => ({ toUserIds: [w.owner.id], msgId: `f-${randomUUID()}` }),
    expect: peers,
  },
  'chat.search': list({ query: () => ({ q: 'hello' }) }),
  'chat.searchChat': { setup: theChat, params: byChat, query: () => ({ q: 'hello' }), expect: peers },
  'chat.pin': { setup: theChat, params: byChat, expect: peers },
  'chat.unpin': { setup: theChat, params: byChat, expect: peers },
  'chat.archive': { setup: theChat, params: byChat, expect: peers },
  'chat.unarchive': { setup: theChat, params: byChat, expect: peers },
};
