import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { ok } from '../../platform/http.js';
import { listed, route, userIdOf as me } from '../../platform/route.js';
import { COMMUNITY_CATEGORIES, findCommunityCategory } from './communities-catalogue.js';
import { createCommunity, editCommunity } from './communities-edit.js';
import { answerInvite, communityInvitesList, invitePeople, inviteeList, receivedInvites, undoInvite } from './communities-invites.js';
import { activeMembers, blockedUsers, communityJoinRequests, sentJoinRequests } from './communities-lists.js';
import { addAdmin, answerJoinRequest, blockUser, removeUser, toggleJoin, unblockUser, undoJoinRequest } from './communities-membership.js';
import { answerOwnership, offerOwnership, receivedOwnershipRequests, sentOwnershipRequests } from './communities-ownership.js';
import {
  answerPostRequest,
  communityInsights,
  communityPosts,
  describeCommunity,
  postRequests,
  reportedPosts,
  spamPosts,
} from './communities-posts.js';
import { communitiesInCategory, discoverCommunities, getCommunity, myCommunities } from './communities-read.js';
import { reportCommunity } from './reports.service.js';

/** Communities: discover, create and edit, membership, invites, roles, moderation and insights. */
export const communityRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  route(app, 'communities.categories', { guard: 'bearer' }, async () =>
    ok(
      COMMUNITY_CATEGORIES.map((x) => ({ _id: x.id, name: x.name })),
      'Community categories',
    ),
  );
  route(app, 'communities.discover', { guard: 'bearer' }, async (req) =>
    listed('Communities', await discoverCommunities(db, me(req), req.query)),
  );
  route(app, 'communities.mine', { guard: 'bearer' }, async (req) =>
    listed('Your communities', await myCommunities(db, me(req), req.query)),
  );
  route(app, 'communities.describe', { guard: 'bearer' }, async (req) => {
    const cat = findCommunityCategory(req.query.community_category);
    if (!cat) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
    const description = await describeCommunity(req.query.community_name, cat.id, app.config.communityDescriberUrl);
    return ok({ description }, 'Description');
  });
  route(app, 'communities.sentRequests', { guard: 'bearer' }, async (req) =>
    listed('Your join requests', await sentJoinRequests(db, me(req), req.query)),
  );
  route(app, 'communities.sentOwnership', { guard: 'bearer' }, async (req) =>
    listed('Sent ownership requests', await sentOwnershipRequests(db, me(req), req.query)),
  );
  route(app, 'communities.receivedOwnership', { guard: 'bearer' }, async (req) =>
    listed('Received ownership requests', await receivedOwnershipRequests(db, me(req), req.query)),
  );
  route(app, 'communities.get', { guard: 'bearer' }, async (req) => ok(await getCommunity(db, me(req), req.params.id), 'Community'));
  route(app, 'communities.posts', { guard: 'bearer' }, async (req) => {
    const r = await communityPosts(db, me(req), req.params.id, req.query);
    return { status: true as const, message: 'Community posts', data: r.posts, pagination: r.pagination };
  });
  route(app, 'communities.create', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await createCommunity(db, me(req), req.body), 'Community created')),
  );
  route(app, 'communities.edit', { guard: 'bearer' }, async (req) =>
    ok(await editCommunity(db, me(req), req.params.id, req.body), 'Community updated'),
  );
  route(app, 'communities.byCategory', { guard: 'bearer' }, async (req) =>
    listed('Communities', await communitiesInCategory(db, me(req), req.params.id, req.query)),
  );

  // Invites ---------------------------------------------------------------------------------------
  route(app, 'communities.invitees', { guard: 'bearer' }, async (req) =>
    listed('People you can invite', await inviteeList(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.invite', { guard: 'bearer' }, async (req, reply) =>
    reply.status(201).send(ok(await invitePeople(db, me(req), req.body.communityId, req.body.userIds), 'Invites sent')),
  );
  route(app, 'communities.myInvites', { guard: 'bearer' }, async (req) =>
    listed('Your invites', await receivedInvites(db, me(req), req.query)),
  );
  route(app, 'communities.undoInvite', { guard: 'bearer' }, async (req) =>
    ok(await undoInvite(db, me(req), req.params.id), 'Invite taken back'),
  );
  route(app, 'communities.acceptInvite', { guard: 'bearer' }, async (req) =>
    ok(await answerInvite(db, me(req), req.params.id, true), 'You joined the community'),
  );
  route(app, 'communities.declineInvite', { guard: 'bearer' }, async (req) =>
    ok(await answerInvite(db, me(req), req.params.id, false), 'Invite declined'),
  );

  // Membership and roles --------------------------------------------------------------------------
  route(app, 'communities.join', { guard: 'bearer' }, async (req) => {
    const r = await toggleJoin(db, me(req), req.params.id);
    return ok(r, r.isMember ? 'You joined the community' : r.joinRequested ? 'Join request sent' : 'You left the community');
  });
  route(app, 'communities.undoJoin', { guard: 'bearer' }, async (req) =>
    ok(await undoJoinRequest(db, me(req), req.params.id), 'Join request withdrawn'),
  );
  route(app, 'communities.acceptJoin', { guard: 'bearer' }, async (req) =>
    ok(await answerJoinRequest(db, me(req), req.params.id, req.body.userId, true), 'Join request accepted'),
  );
  route(app, 'communities.rejectJoin', { guard: 'bearer' }, async (req) =>
    ok(await answerJoinRequest(db, me(req), req.params.id, req.body.userId, false), 'Join request rejected'),
  );
  route(app, 'communities.removeUser', { guard: 'bearer' }, async (req) =>
    ok(await removeUser(db, me(req), req.params.id, req.body.userId), 'Member removed'),
  );
  route(app, 'communities.addAdmin', { guard: 'bearer' }, async (req) =>
    ok(await addAdmin(db, me(req), req.params.id, req.body.userId), 'Admin added'),
  );
  route(app, 'communities.block', { guard: 'bearer' }, async (req) =>
    ok(await blockUser(db, me(req), req.params.id, req.body.userId), 'User blocked'),
  );
  route(app, 'communities.unblock', { guard: 'bearer' }, async (req) =>
    ok(await unblockUser(db, me(req), req.params.id, req.body.userId), 'User unblocked'),
  );
  route(app, 'communities.transfer', { guard: 'bearer' }, async (req) =>
    ok(await offerOwnership(db, me(req), req.params.id, req.body.userId), 'Ownership offered'),
  );
  route(app, 'communities.acceptTransfer', { guard: 'bearer' }, async (req) =>
    ok(await answerOwnership(db, me(req), req.params.id, true), 'You are now the owner'),
  );
  route(app, 'communities.declineTransfer', { guard: 'bearer' }, async (req) =>
    ok(await answerOwnership(db, me(req), req.params.id, false), 'Ownership declined'),
  );

  // Posts waiting for approval -----------------------------------------------------------------------
  route(app, 'communities.acceptPost', { guard: 'bearer' }, async (req) =>
    ok(await answerPostRequest(db, me(req), req.params.id, req.body.postId, true), 'Post published'),
  );
  route(app, 'communities.declinePost', { guard: 'bearer' }, async (req) =>
    ok(await answerPostRequest(db, me(req), req.params.id, req.body.postId, false), 'Post declined'),
  );

  // Lists -------------------------------------------------------------------------------------------
  route(app, 'communities.invites', { guard: 'bearer' }, async (req) =>
    listed('Invites', await communityInvitesList(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.joinRequests', { guard: 'bearer' }, async (req) =>
    listed('Join requests', await communityJoinRequests(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.blocked', { guard: 'bearer' }, async (req) =>
    listed('Blocked users', await blockedUsers(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.spam', { guard: 'bearer' }, async (req) =>
    listed('Spam posts', await spamPosts(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.reported', { guard: 'bearer' }, async (req) =>
    listed('Reported posts', await reportedPosts(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.postRequests', { guard: 'bearer' }, async (req) =>
    listed('Post requests', await postRequests(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.activeMembers', { guard: 'bearer' }, async (req) =>
    listed('Members', await activeMembers(db, me(req), req.params.id, req.query)),
  );
  route(app, 'communities.report', { guard: 'bearer' }, async (req, reply) =>
    reply
      .status(201)
      .send(
        ok(
          await reportCommunity(db, me(req), req.params.id, req.body.reason, app.config.reportHideThreshold),
          'Thanks: we will look at it',
        ),
      ),
  );
  route(app, 'communities.insights', { guard: 'bearer' }, async (req) =>
    ok(await communityInsights(db, me(req), req.params.id), 'Community insights'),
  );
};
