import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { withIdempotency } from '../../platform/idempotency.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { blockPerson, blocksOf, blockStatusOf, reportConversation, unblockPerson } from './blocks.service.js';
import { callLog, endCallsBetween, iceServersFor } from './calls.service.js';
import { conversationId, directory, history, markUpTo, recentChats, saveMedia, savedMediaOf } from './chat.service.js';
import type { ChatHub } from './socket.js';

/** The REST side of chat: what is not live (lists, history, catch-up) and a send for clients without a socket. */
export const chatRestRoutes =
  (hub: ChatHub): FastifyPluginAsync =>
  async (app) => {
    const db = app.db;

    route(app, 'chat.recent', { guard: 'bearer' }, async (req) => listed('Recent chats', await recentChats(db, me(req), req.query)));
    route(app, 'chat.history', { guard: 'bearer' }, async (req) => {
      if (req.query.before !== undefined && req.query.after !== undefined) throw badRequest('Use before or after, not both', 'BAD_RANGE');
      return ok(await history(db, me(req), req.params.userId, req.query), 'Messages');
    });
    route(app, 'chat.send', { guard: 'bearer' }, async (req, reply) => {
      const { message, created } = await hub.send(me(req), req.body);
      return reply.status(created ? 201 : 200).send(ok(message, created ? 'Message sent' : 'Message already sent'));
    });
    route(app, 'chat.seen', { guard: 'bearer' }, async (req) => {
      const { otherId, ...m } = await markUpTo(db, me(req), conversationId(me(req), req.params.userId), req.body.upToSeq, true);
      hub.receipt(otherId, m);
      return ok(m, 'Seen');
    });
    route(app, 'chat.directory', { guard: 'bearer' }, async (req) => listed('Directory', await directory(db, me(req), req.query)));
    route(app, 'chat.presence', { guard: 'bearer' }, async (req) => {
      const ids = [
        ...new Set(
          req.query.userIds
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const bad = ids.find((id) => !/^[0-9a-f-]{36}$/i.test(id));
      if (bad || ids.length > 100) throw badRequest('userIds must be up to 100 valid ids', 'BAD_IDS');
      return ok(await hub.presenceFor(me(req), ids), 'Presence');
    });
    route(app, 'chat.savedMedia', { guard: 'bearer' }, async (req) => listed('Saved media', await savedMediaOf(db, me(req), req.query)));
    route(app, 'chat.saveMedia', { guard: 'bearer' }, async (req) => ok(await saveMedia(db, me(req), req.body.messageId), 'Saved'));
    route(app, 'chat.calls', { guard: 'bearer' }, async (req) => listed('Calls', await callLog(db, me(req), req.query)));
    route(app, 'chat.iceServers', { guard: 'bearer' }, async (req) => ok(iceServersFor(app.config, me(req)), 'ICE servers'));

    // Blocks and reports (docs/chat.md).
    route(app, 'chat.blocks', { guard: 'bearer' }, async (req) => listed('Blocked people', await blocksOf(db, me(req), req.query)));
    route(app, 'chat.blockStatus', { guard: 'bearer' }, async (req) => ok(await blockStatusOf(db, me(req), req.params.userId), 'Block'));
    route(app, 'chat.block', { guard: 'bearer' }, async (req, reply) => {
      const userId = me(req);
      const other = req.params.userId;
      // A replay (the same Idempotency-Key) answers as the first time and ends nothing again.
      let ended: Awaited<ReturnType<typeof endCallsBetween>> = [];
      const answer = await withIdempotency(db, req, reply, userId, `chat.block:${other}`, async (tx) => {
        const status = await blockPerson(tx, userId, other);
        ended = await endCallsBetween(tx, userId, other);
        return ok(status, 'Blocked');
      });
      await hub.cutOff(userId, other, ended);
      return answer;
    });
    route(app, 'chat.unblock', { guard: 'bearer' }, async (req) => ok(await unblockPerson(db, me(req), req.params.userId), 'Unblocked'));
    route(app, 'chat.report', { guard: 'bearer' }, async (req, reply) =>
      reply.status(201).send(ok(await reportConversation(db, me(req), req.params.userId, req.body), 'Thanks, we’ll look into it')),
    );
  };
