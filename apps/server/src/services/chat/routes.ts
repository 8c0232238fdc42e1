import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { callLog, iceServersFor } from './calls.service.js';
import {
  conversationId,
  directory,
  history,
  lastSeenOf,
  markUpTo,
  recentChats,
  saveMedia,
  savedMediaOf,
  sendMessage,
} from './chat.service.js';
import type { ChatHub } from './socket.js';

const tags = ['chat'];
const doc = <E extends object>(summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const res = <R extends object>(response: R) => ({ 200: response, ...errorResponses });
const list = <T>(message: string, r: { items: T[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});

/** The REST side of chat: what is not live (lists, history, catch-up) and a send for clients without a socket. */
export const chatRestRoutes =
  (hub: ChatHub): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const db = app.db;
    const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

    app.get(
      '/recent-chats',
      {
        ...bearer,
        schema: doc('Your conversations, the latest first, with the last message and unread count', {
          querystring: c.directoryQuery,
          response: res(c.recentChatsResponse),
        }),
      },
      async (req) => list('Recent chats', await recentChats(db, me(req), req.query)),
    );
    app.get(
      '/conversations/:userId/messages',
      {
        ...bearer,
        schema: doc('Your conversation with a person: the latest messages, older ones (?before=seq), or catch-up (?after=seq)', {
          params: c.conversationParam,
          querystring: c.chatHistoryQuery,
          response: res(c.chatHistoryResponse),
        }),
      },
      async (req) => {
        if (req.query.before !== undefined && req.query.after !== undefined) throw badRequest('Use before or after, not both', 'BAD_RANGE');
        return ok(await history(db, me(req), req.params.userId, req.query), 'Messages');
      },
    );
    app.post(
      '/messages',
      {
        ...bearer,
        schema: doc('Send a message (as the socket event message:send); the same msgId again returns the stored message', {
          body: c.sendMessageBody,
          response: { 201: c.messageResponse, ...res(c.messageResponse) },
        }),
      },
      async (req, reply) => {
        const { message, created } = await sendMessage(db, me(req), req.body);
        if (created) hub.deliver(message);
        return reply.status(created ? 201 : 200).send(ok(message, created ? 'Message sent' : 'Message already sent'));
      },
    );
    app.put(
      '/conversations/:userId/seen',
      {
        ...bearer,
        schema: doc('Mark your conversation with a person seen up to a message (seq)', {
          params: c.conversationParam,
          body: c.markBody,
          response: res(c.marksResponse),
        }),
      },
      async (req) => {
        const { otherId, ...m } = await markUpTo(db, me(req), conversationId(me(req), req.params.userId), req.body.upToSeq, true);
        hub.receipt(otherId, m);
        return ok(m, 'Seen');
      },
    );
    app.get(
      '/directory',
      {
        ...bearer,
        schema: doc('People you can chat with (those with a nickname), searchable', {
          querystring: c.directoryQuery,
          response: res(c.directoryResponse),
        }),
      },
      async (req) => list('Directory', await directory(db, me(req), req.query)),
    );
    app.get(
      '/presence',
      {
        ...bearer,
        schema: doc('Whether people are online, or when they were last seen', {
          querystring: c.presenceQuery,
          response: res(c.presenceResponse),
        }),
      },
      async (req) => {
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
        const seen = await lastSeenOf(db, ids);
        const data = await Promise.all(
          ids.map(async (id) => {
            const online = await hub.isOnline(id);
            return {
              fromUserJid: id,
              status: online ? ('online' as const) : ('offline' as const),
              lastSeen: online ? null : (seen.get(id) ?? null),
            };
          }),
        );
        return ok(data, 'Presence');
      },
    );
    app.get(
      '/saved-media',
      {
        ...bearer,
        schema: doc('Photos and voice notes you saved from chats', { querystring: c.directoryQuery, response: res(c.savedMediaResponse) }),
      },
      async (req) => list('Saved media', await savedMediaOf(db, me(req), req.query)),
    );
    app.post(
      '/saved-media',
      {
        ...bearer,
        schema: doc('Save a photo or voice note from a chat', { body: c.savedMediaBody, response: res(c.savedMediaItemResponse) }),
      },
      async (req) => ok(await saveMedia(db, me(req), req.body.messageId), 'Saved'),
    );
    app.get(
      '/calls',
      { ...bearer, schema: doc('Your call log, the latest first', { querystring: c.directoryQuery, response: res(c.callsResponse) }) },
      async (req) => list('Calls', await callLog(db, me(req), req.query)),
    );
    app.get(
      '/ice-servers',
      {
        ...bearer,
        schema: doc('STUN/TURN servers for a call (TURN credentials last TURN_TTL_SECONDS)', { response: res(c.iceServersResponse) }),
      },
      async (req) => ok(iceServersFor(app.config, me(req)), 'ICE servers'),
    );
  };
