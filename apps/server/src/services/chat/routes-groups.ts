import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { groupHistory, groupReceipts, markGroup } from './group-messages.js';
import { personByPhone } from './people.js';
import { deleteForEveryone } from './message-actions.js';
import {
  addMembers,
  createGroup,
  groupInfo,
  invitePreview,
  joinByInvite,
  leaveGroup,
  listGroups,
  muteGroup,
  removeMember,
  resetInvite,
  setMemberRole,
  updateGroup,
  type GroupChange,
} from './groups.service.js';
import type { ChatHub } from './socket.js';

/** Chat groups' REST calls (docs/chat.md): each change is told live to the group through the hub. */
export const groupRoutes =
  (hub: ChatHub): FastifyPluginAsync =>
  async (app) => {
    const db = app.db;
    const told = (c: GroupChange, message: string) => {
      hub.groupChanged(c);
      return ok(c.info, message);
    };

    route(app, 'chat.groups', { guard: 'bearer' }, async (req) => listed('Groups', await listGroups(db, me(req), req.query)));
    route(app, 'chat.groupCreate', { guard: 'bearer' }, async (req, reply) =>
      reply.status(201).send(told(await createGroup(db, me(req), req.body), 'Group created')),
    );
    route(app, 'chat.group', { guard: 'bearer' }, async (req) => ok(await groupInfo(db, req.params.groupId, me(req)), 'Group'));
    route(app, 'chat.groupUpdate', { guard: 'bearer' }, async (req) =>
      told(await updateGroup(db, req.params.groupId, me(req), req.body), 'Group updated'),
    );
    route(app, 'chat.groupAdd', { guard: 'bearer' }, async (req) =>
      told(await addMembers(db, req.params.groupId, me(req), req.body.userIds), 'Added'),
    );
    route(app, 'chat.groupRemove', { guard: 'bearer' }, async (req) =>
      told(await removeMember(db, req.params.groupId, me(req), req.params.userId), 'Removed'),
    );
    route(app, 'chat.groupRole', { guard: 'bearer' }, async (req) =>
      told(await setMemberRole(db, req.params.groupId, me(req), req.params.userId, req.body.role), 'Role changed'),
    );
    route(app, 'chat.groupLeave', { guard: 'bearer' }, async (req) => told(await leaveGroup(db, req.params.groupId, me(req)), 'You left'));
    route(app, 'chat.groupInvite', { guard: 'bearer' }, async (req) =>
      ok(await resetInvite(db, req.params.groupId, me(req)), 'Invite link reset'),
    );
    route(app, 'chat.groupInvitePreview', { guard: 'bearer' }, async (req) =>
      ok(await invitePreview(db, req.params.code, me(req)), 'Invite'),
    );
    route(app, 'chat.groupJoin', { guard: 'bearer' }, async (req) => told(await joinByInvite(db, req.params.code, me(req)), 'Joined'));
    route(app, 'chat.groupMute', { guard: 'bearer' }, async (req) =>
      ok(await muteGroup(db, req.params.groupId, me(req), req.body.for), req.body.for === 'off' ? 'Unmuted' : 'Muted'),
    );
    route(app, 'chat.groupHistory', { guard: 'bearer' }, async (req) => {
      if (req.query.before !== undefined && req.query.after !== undefined) throw badRequest('Use before or after, not both', 'BAD_RANGE');
      return ok(await groupHistory(db, req.params.groupId, me(req), req.query), 'Messages');
    });
    route(app, 'chat.groupSend', { guard: 'bearer' }, async (req, reply) => {
      const { message, created } = await hub.sendToGroup(me(req), { ...req.body, groupId: req.params.groupId });
      return reply.status(created ? 201 : 200).send(ok(message, created ? 'Message sent' : 'Message already sent'));
    });
    route(app, 'chat.groupSeen', { guard: 'bearer' }, async (req) => {
      const m = await markGroup(db, req.params.groupId, me(req), req.body.upToSeq, true);
      hub.groupReceipt(m);
      return ok(m, 'Seen');
    });
    route(app, 'chat.byPhone', { guard: 'bearer' }, async (req) => ok(await personByPhone(db, me(req), req.query.phone), 'Person'));
    route(app, 'chat.deleteForEveryone', { guard: 'bearer' }, async (req) => {
      const m = await deleteForEveryone(db, me(req), req.params.messageId);
      hub.deleted(m);
      return ok(m, 'Deleted for everyone');
    });
    route(app, 'chat.groupReceipts', { guard: 'bearer' }, async (req) =>
      ok(await groupReceipts(db, req.params.groupId, me(req), req.params.messageId), 'Receipts'),
    );
  };
