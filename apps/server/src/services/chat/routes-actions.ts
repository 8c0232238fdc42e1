import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../platform/http.js';
import { idempotencyKeyOf } from '../../platform/idempotency.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { archiveChat, pinChat, unarchiveChat, unpinChat } from './chat-states.js';
import { forwardMessage } from './forward.js';
import { deleteForMe, starMessage, unstarMessage } from './message-actions.js';
import { searchMessages, starredOf } from './message-lists.js';
import type { ChatHub } from './socket.js';

/**
 * Message and chat actions (docs/chat.md "Message actions"): star, delete for me, forward, search,
 * pin and archive. The caller's own state (star, delete for me, pin, archive) is theirs alone;
 * a forward's messages are delivered live like any send.
 */
export const actionRoutes =
  (hub: ChatHub): FastifyPluginAsync =>
  async (app) => {
    const db = app.db;
    const P = (req: { params: { messageId: string } }) => req.params.messageId;
    const C = (req: { params: { conversationId: string } }) => req.params.conversationId;

    route(app, 'chat.star', { guard: 'bearer' }, async (req) => ok(await starMessage(db, me(req), P(req)), 'Starred'));
    route(app, 'chat.unstar', { guard: 'bearer' }, async (req) => ok(await unstarMessage(db, me(req), P(req)), 'Unstarred'));
    route(app, 'chat.starred', { guard: 'bearer' }, async (req) => listed('Starred messages', await starredOf(db, me(req), req.query)));
    route(app, 'chat.deleteForMe', { guard: 'bearer' }, async (req) => ok(await deleteForMe(db, me(req), P(req)), 'Deleted for you'));
    route(app, 'chat.forward', { guard: 'bearer' }, async (req, reply) => {
      const { created, ...out } = await forwardMessage(db, hub, me(req), P(req), req.body, idempotencyKeyOf(req));
      return reply.status(created ? 201 : 200).send(ok(out, created ? 'Forwarded' : 'Already forwarded'));
    });
    route(app, 'chat.search', { guard: 'bearer' }, async (req) => listed('Messages', await searchMessages(db, me(req), req.query)));
    route(app, 'chat.searchChat', { guard: 'bearer' }, async (req) =>
      listed('Messages', await searchMessages(db, me(req), req.query, C(req))),
    );
    route(app, 'chat.pin', { guard: 'bearer' }, async (req) => ok(await pinChat(db, me(req), C(req)), 'Pinned'));
    route(app, 'chat.unpin', { guard: 'bearer' }, async (req) => ok(await unpinChat(db, me(req), C(req)), 'Unpinned'));
    route(app, 'chat.archive', { guard: 'bearer' }, async (req) => ok(await archiveChat(db, me(req), C(req)), 'Archived'));
    route(app, 'chat.unarchive', { guard: 'bearer' }, async (req) => ok(await unarchiveChat(db, me(req), C(req)), 'Unarchived'));
  };
