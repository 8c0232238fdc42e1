import { randomUUID } from 'node:crypto';
import { anyone, list, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of chat. */
export const chatRows: Record<string, Row> = {
  // --- chat: the owner and the member (chatPeer) ---------------------------------------------------
  'chat.recent': list(),
  'chat.history': { params: (w) => ({ userId: w.owner.id }), expect: { stranger: 401, chatPeer: OK } },
  'chat.send': {
    body: (w) => ({ msgId: `m-${randomUUID()}`, toUserId: w.owner.id, msgBody: { text: 'Are you there?' } }),
    expect: { stranger: 401, chatPeer: OK },
  },
  // Marks and reports are of a conversation one is in: the outsider has none with the owner.
  'chat.seen': {
    params: (w) => ({ userId: w.owner.id }),
    body: () => ({ upToSeq: 1 }),
    expect: { stranger: 401, outsider: 404, chatPeer: OK },
  },
  'chat.directory': list(),
  'chat.presence': list({ query: (w) => ({ userIds: w.owner.id }) }),
  'chat.savedMedia': list(),
  'chat.saveMedia': { body: (w) => ({ messageId: w.chatImage }), expect: { stranger: 401, outsider: 404, chatPeer: OK } },
  'chat.calls': list(),
  'chat.iceServers': list(),
  'chat.blocks': list(),
  'chat.blockStatus': list({ params: (w) => ({ userId: w.owner.id }) }),
  'chat.block': { params: (w) => ({ userId: w.owner.id }), expect: anyone('newcomer') },
  'chat.unblock': {
    each: async (w, as) => {
      if (as) await w.ok(as, 'PUT', `/api/chat/blocks/${w.owner.id}`);
      return {};
    },
    params: (w) => ({ userId: w.owner.id }),
    expect: anyone('newcomer'),
  },
  'chat.report': {
    params: (w) => ({ userId: w.owner.id }),
    body: () => ({ reason: 'spam' }),
    expect: { stranger: 401, outsider: 404, chatPeer: OK },
  },
};
