import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { chatEvents, groupEvents, type ChatMessage, type GroupSendBody, type SendMessageBody } from '@owo/contracts';
import { sessionTokenHash } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { PUSH_JOB } from '../notifications/index.js';
import { NOTIFY_JOB } from './message-push.js';
import { guardValue } from '../../platform/input-guard.js';
import {
  answerCall,
  declineCall,
  endCall,
  iceServersFor,
  liveCallParty,
  missUnanswered,
  ringingFor,
  startCall,
  toCalls,
  type CallRow,
} from './calls.service.js';
import { blockedAmong } from './block-rule.js';
import { lastSeenOf, markUpTo, recordLastSeen, type Marks } from './chat.service.js';
import { createSendBatcher, type SendBatcher, type SendOutcome } from './send-batch.js';
import { markGroup } from './group-messages.js';
import {
  joinGroupCall,
  leaveGroupCall,
  leaveGroupCallsOf,
  liveGroupCalls,
  muteInGroupCall,
  signalPeer,
  startGroupCall,
  type CallChange,
} from './group-calls.js';
import { groupIdsOf } from './groups.queries.js';
import { requireMember, type GroupChange } from './groups.service.js';

// The live side of chat: Socket.IO at /api/chat/socket.io with the bearer token in the handshake,
// a room per person (`user:<id>`, every device), presence rooms (`presence:<id>`), and with
// REDIS_URL the Redis adapter so people on different processes reach each other. docs/chat.md
// lists the events.

type Presence = { fromUserJid: string; status: 'online' | 'offline'; lastSeen: string | null };
type Ack = (reply: { status: true; data: unknown } | { status: false; message: string; code: string }) => void;
type SocketData = { userId: string; tokenHash: string; groupIds: string[] };
const userRoom = (id: string) => `user:${id}`;
const presenceRoom = (id: string) => `presence:${id}`;
const groupRoom = (id: string) => `group:${id}`;
const FALLBACK = 'An error occured';
const C2S = { ...chatEvents.clientToServer, ...groupEvents.clientToServer };

export type ChatHub = {
  io: Server;
  /** Sends a stored message to both people's devices. */
  deliver: (m: ChatMessage) => void;
  /** Stores a message through the group commit and, when new, delivers it (after its commit). */
  send: (fromUserId: string, input: SendMessageBody) => Promise<SendOutcome>;
  /** As `send`, to a group: delivered to the group's room. */
  sendToGroup: (fromUserId: string, input: GroupSendBody & { groupId: string }) => Promise<SendOutcome>;
  /** After a group changed: its events delivered, who joined put in its room, who left taken out at once. */
  groupChanged: (c: GroupChange) => void;
  /** Tells everyone who has a message that it was deleted for everyone (`message:deleted`, the message as it is now). */
  deleted: (m: ChatMessage) => void;
  /** Tells a group's members one member's marks moved. */
  groupReceipt: (m: Marks) => void;
  batcher: SendBatcher;
  /** Tells the other member their marks moved. */
  receipt: (otherId: string, m: Marks) => void;
  isOnline: (userId: string) => Promise<boolean>;
  /** What one person may see of others: online or last seen, or a neutral "offline" for anyone cut off by a block. */
  presenceFor: (viewerId: string, userIds: string[]) => Promise<Presence[]>;
  /** After a block: the two stop watching each other's presence, and their live calls end (told to both). */
  cutOff: (a: string, b: string, endedCalls: CallRow[]) => Promise<void>;
  close: () => Promise<void>;
};

export function createChatHub(app: FastifyInstance): ChatHub {
  const { db, config } = app;
  const io = new Server(app.server, {
    path: '/api/chat/socket.io',
    serveClient: false,
    cors: config.corsOrigins.length ? { origin: config.corsOrigins } : undefined,
  });
  const extra: { quit: () => Promise<unknown> }[] = [];
  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    for (const c of [pub, sub]) c.on('error', (err: unknown) => app.log.warn({ err }, 'chat redis connection error'));
    io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}-socket.io` }));
    extra.push(pub, sub);
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('Authorization failed, no token!'));
    const tokenHash = sessionTokenHash(config.secret, token);
    app.authenticator
      .recentSession(tokenHash)
      .then((s) => {
        if (!s) return next(new Error('Your session has ended. Please log in again.'));
        return groupIdsOf(db, s.userId).then((groupIds) => {
          (socket.data as SocketData) = { userId: s.userId, tokenHash, groupIds };
          next();
        });
      })
      .catch(() => next(new Error(FALLBACK)));
  });

  const isOnline = async (userId: string) => (await io.in(userRoom(userId)).fetchSockets()).length > 0;
  const presenceOf = async (userId: string) => {
    const online = await isOnline(userId);
    const seen = online ? null : ((await lastSeenOf(db, [userId])).get(userId) ?? null);
    return { fromUserJid: userId, status: online ? ('online' as const) : ('offline' as const), lastSeen: seen };
  };
  /** Presence of these people, a neutral "offline" for those in `hidden` (cut off by a block). */
  const presenceBut = (hidden: Set<string>, userIds: string[]): Promise<Presence[]> =>
    Promise.all(userIds.map((id) => (hidden.has(id) ? { fromUserJid: id, status: 'offline' as const, lastSeen: null } : presenceOf(id))));
  const presenceFor = async (viewerId: string, userIds: string[]) => presenceBut(await blockedAmong(db, viewerId, userIds), userIds);
  // A message stored here was queued for its push: the push job takes its turn now (socket messages are no HTTP write).
  const deliver = (m: ChatMessage) => {
    (m.groupId ? io.to(groupRoom(m.groupId)) : io.to(userRoom(m.toUserId)).to(userRoom(m.fromUserId))).emit('message:new', m);
    app.jobs.nudge(NOTIFY_JOB);
  };
  const groupChanged = (c: GroupChange) => {
    const room = groupRoom(c.info.id);
    for (const id of c.joined) io.in(userRoom(id)).socketsJoin(room);
    c.events.forEach(deliver);
    io.to(room).to(c.left.map(userRoom)).emit('group:update', { groupId: c.info.id });
    // A person removed (or who left) receives nothing more from the group, at once, and leaves its call.
    for (const id of c.left) {
      io.in(userRoom(id)).socketsLeave(room);
      void leaveGroupCallsOf(db, c.info.id, id)
        .then((left) => left.forEach((change) => callChanged(change, id)))
        .catch((err: unknown) => app.log.warn({ err }, 'leaving a group call failed'));
    }
  };
  /** A group call changed: the group (and `alsoTo`, who just left it) sees it; a record of its end is delivered as a message. */
  const callChanged = ({ call, record }: CallChange, alsoTo?: string) => {
    io.to(groupRoom(call.groupId))
      .to(alsoTo ? [userRoom(alsoTo)] : [])
      .emit('groupcall:update', call);
    if (record) deliver(record);
  };
  const deleted = (m: ChatMessage) =>
    (m.groupId ? io.to(groupRoom(m.groupId)) : io.to(userRoom(m.toUserId)).to(userRoom(m.fromUserId))).emit('message:deleted', m);
  const groupReceipt = (m: Marks) => io.to(groupRoom(m.conversationId)).emit('receipt', m);
  const batcher = createSendBatcher(db);
  const send = async (fromUserId: string, input: SendMessageBody) => {
    const out = await batcher.send({ fromUserId, input });
    if (out.created) deliver(out.message);
    return out;
  };
  const sendToGroup = async (fromUserId: string, group: GroupSendBody & { groupId: string }) => {
    const out = await batcher.send({ fromUserId, group });
    if (out.created) deliver(out.message);
    return out;
  };
  const receipt = (otherId: string, m: Marks) => io.to(userRoom(otherId)).to(userRoom(m.userId)).emit('receipt', m);
  const callUpdate = async (row: CallRow) => {
    for (const id of [row.callerId, row.calleeId]) {
      const [c] = await toCalls(db, id, [row]);
      io.to(userRoom(id)).emit('call:update', c);
    }
  };
  const missTimers = new Set<NodeJS.Timeout>();
  let closing = false;
  // A call's pushes (the ringing, its stop, a missed call) go at once, not at the push job's next period.
  const pushNow = () => app.jobs.nudge(PUSH_JOB);
  const sweepMissed = async () => {
    const missed = await missUnanswered(db, config.calls.ringMs);
    if (missed.length) pushNow();
    for (const row of missed) await callUpdate(row);
  };

  /**
   * An event handler: the session still live, the payload through the same input rules as an HTTP
   * request's body (no NUL or lone surrogate anywhere) and then its schema, errors as acks.
   */
  function on<E extends keyof typeof C2S>(
    socket: Socket,
    event: E,
    run: (userId: string, body: z.output<(typeof C2S)[E]>) => Promise<unknown>,
  ) {
    socket.on(event as string, async (payload: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === 'function' ? ack : () => undefined;
      const { userId, tokenHash } = socket.data as SocketData;
      try {
        if (!(await app.authenticator.recentSession(tokenHash))) {
          reply({ status: false, message: 'Your session has ended. Please log in again.', code: 'SESSION_INVALID' });
          socket.disconnect(true);
          return;
        }
        guardValue('body', payload);
        const parsed = C2S[event].safeParse(payload);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return reply({ status: false, message: issue?.message ?? 'Invalid request', code: 'VALIDATION_ERROR' });
        }
        reply({ status: true, data: await run(userId, parsed.data as z.output<(typeof C2S)[E]>) });
      } catch (err) {
        if (err instanceof AppError) return reply({ status: false, message: err.message, code: err.code });
        app.log.error({ err, event }, 'chat event failed');
        reply({ status: false, message: FALLBACK, code: 'INTERNAL' });
      }
    });
  }

  io.on('connection', (socket) => {
    const { userId } = socket.data as SocketData;
    // The person's room and their groups' rooms (looked up before the connection was accepted).
    void socket.join([userRoom(userId), ...(socket.data as SocketData).groupIds.map(groupRoom)]);
    io.to(presenceRoom(userId)).emit('presence', { fromUserJid: userId, status: 'online', lastSeen: null });
    // A device that connects while a call rings for this person rings too (the app opened, or the
    // connection came back, during the ringing).
    void (async () => {
      const rows = await ringingFor(db, userId, config.calls.ringMs);
      for (const call of rows.length ? await toCalls(db, userId, rows) : [])
        socket.emit('call:incoming', { call, iceServers: iceServersFor(config, userId).iceServers });
    })().catch((err: unknown) => app.log.warn({ err }, 'ringing calls lookup failed'));
    // And learns of its groups' live voice calls (the app's Join banner), started before it connected.
    void liveGroupCalls(db, (socket.data as SocketData).groupIds)
      .then((calls) => calls.forEach((call) => socket.emit('groupcall:update', call)))
      .catch((err: unknown) => app.log.warn({ err }, 'live group calls lookup failed'));
    socket.on('disconnect', () => {
      // While the server shuts down, the other processes cannot be asked (the Redis connections are closing).
      if (closing) return;
      void (async () => {
        if (await isOnline(userId)) return;
        await recordLastSeen(db, userId);
        io.to(presenceRoom(userId)).emit('presence', await presenceOf(userId));
      })().catch((err: unknown) => app.log.warn({ err }, 'presence update failed'));
    });

    on(socket, 'message:send', async (me, body) => (await send(me, body)).message);
    on(socket, 'group:send', async (me, body) => (await sendToGroup(me, body)).message);
    const groupMark = (seen: boolean) => async (me: string, b: { groupId: string; upToSeq: number }) => {
      const m = await markGroup(db, b.groupId, me, b.upToSeq, seen);
      groupReceipt(m);
      return m;
    };
    on(socket, 'group:delivered', groupMark(false));
    on(socket, 'group:seen', groupMark(true));
    on(socket, 'message:delivered', async (me, b) => {
      const m = await markUpTo(db, me, b.conversationId, b.upToSeq, false);
      receipt(m.otherId, m);
      return m;
    });
    on(socket, 'message:seen', async (me, b) => {
      const m = await markUpTo(db, me, b.conversationId, b.upToSeq, true);
      receipt(m.otherId, m);
      return m;
    });
    on(socket, 'typing', async (me, b) => {
      // In a group: to its room (its current members' sockets), only from a current member.
      if (b.groupId) {
        await requireMember(db, b.groupId, me);
        io.to(groupRoom(b.groupId)).except(userRoom(me)).emit('typing', { fromUserId: me, typing: b.typing, groupId: b.groupId });
        // Not passed on across a block (and the sender is not told).
      } else if (b.toUserId && (await blockedAmong(db, me, [b.toUserId])).size === 0)
        socket.to(userRoom(b.toUserId)).emit('typing', { fromUserId: me, typing: b.typing });
      return null;
    });
    on(socket, 'presence:watch', async (me, b) => {
      const hidden = await blockedAmong(db, me, b.userIds);
      for (const id of b.userIds) if (!hidden.has(id)) void socket.join(presenceRoom(id));
      return presenceBut(hidden, b.userIds);
    });
    on(socket, 'call:start', async (me, b) => {
      const row = await startCall(db, me, b.toUserId, b.kind, config.calls.ringMs);
      pushNow();
      const [mine] = await toCalls(db, me, [row]);
      if (row.status === 'ringing') {
        const [theirs] = await toCalls(db, b.toUserId, [row]);
        io.to(userRoom(b.toUserId)).emit('call:incoming', { call: theirs, iceServers: iceServersFor(config, b.toUserId).iceServers });
        const t = setTimeout(() => {
          missTimers.delete(t);
          void sweepMissed().catch((err: unknown) => app.log.warn({ err }, 'missed-call sweep failed'));
        }, config.calls.ringMs + 50);
        t.unref();
        missTimers.add(t);
      } else await callUpdate(row);
      return { call: mine, iceServers: iceServersFor(config, me).iceServers };
    });
    const callChange = (fn: (me: string, callId: string) => Promise<CallRow>) => async (me: string, b: { callId: string }) => {
      const row = await fn(me, b.callId);
      pushNow();
      await callUpdate(row);
      return (await toCalls(db, me, [row]))[0];
    };
    on(
      socket,
      'call:answer',
      callChange((me, id) => answerCall(db, me, id)),
    );
    on(
      socket,
      'call:decline',
      callChange((me, id) => declineCall(db, me, id)),
    );
    on(
      socket,
      'call:end',
      callChange((me, id) => endCall(db, me, id)),
    );
    // A group's voice call: the others ring when it starts; everyone in the group sees who is in it.
    on(socket, 'groupcall:start', async (me, b) => {
      const { call, created } = await startGroupCall(db, b.groupId, me);
      if (created) io.to(groupRoom(b.groupId)).except(userRoom(me)).emit('groupcall:incoming', { call });
      io.to(groupRoom(b.groupId)).emit('groupcall:update', call);
      return { call, iceServers: iceServersFor(config, me).iceServers };
    });
    on(socket, 'groupcall:join', async (me, b) => {
      const call = await joinGroupCall(db, b.callId, me);
      io.to(groupRoom(call.groupId)).emit('groupcall:update', call);
      return { call, iceServers: iceServersFor(config, me).iceServers };
    });
    on(socket, 'groupcall:leave', async (me, b) => {
      const change = await leaveGroupCall(db, b.callId, me);
      callChanged(change, me);
      return change.call;
    });
    on(socket, 'groupcall:mute', async (me, b) => {
      const call = await muteInGroupCall(db, b.groupId, me, b.muted);
      io.to(groupRoom(call.groupId)).emit('groupcall:update', call);
      return call;
    });
    on(socket, 'groupcall:signal', async (me, b) => {
      await signalPeer(db, b.callId, me, b.toUserId);
      io.to(userRoom(b.toUserId)).emit('groupcall:signal', { callId: b.callId, fromUserId: me, data: b.data });
      return null;
    });
    on(socket, 'call:signal', async (me, b) => {
      const other = await liveCallParty(db, me, b.callId);
      io.to(userRoom(other)).emit('call:signal', { callId: b.callId, fromUserId: me, data: b.data });
      return null;
    });
  });

  // A revoked session is disconnected within this period even when its socket stays quiet, and
  // calls whose ringing process died are still marked missed.
  // This process's own sockets, so every process sweeps its own.
  app.jobs.add({
    name: 'chat.sweep',
    periodMs: config.chatSweepMs,
    scope: 'process',
    run: async () => {
      if (closing) return;
      for (const s of await io.local.fetchSockets()) {
        const { tokenHash } = s.data as SocketData;
        if (!(await app.authenticator.recentSession(tokenHash))) s.disconnect(true);
      }
      await sweepMissed();
    },
  });

  const cutOff = async (a: string, b: string, endedCalls: CallRow[]) => {
    io.in(userRoom(a)).socketsLeave(presenceRoom(b));
    io.in(userRoom(b)).socketsLeave(presenceRoom(a));
    for (const row of endedCalls) await callUpdate(row);
  };

  return {
    io,
    deliver,
    send,
    sendToGroup,
    groupChanged,
    groupReceipt,
    deleted,
    batcher,
    receipt,
    isOnline,
    presenceFor,
    cutOff,
    close: async () => {
      closing = true;
      await batcher.drain();
      missTimers.forEach(clearTimeout);
      io.local.disconnectSockets(true);
      io.engine.close();
      // The adapter unsubscribes and the Redis connections finish their replies before closing
      // (a plain disconnect would reject the adapter's pending commands).
      await (io.of('/').adapter as { close?: () => Promise<void> | void }).close?.();
      await Promise.allSettled(extra.map((c) => c.quit()));
    },
  };
}
