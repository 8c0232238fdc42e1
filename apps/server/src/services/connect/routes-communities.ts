import * as c from '@owo/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.js';
import { bearer, bearerDoc, errorResponses } from '../../platform/guards.js';
import { ok } from '../../platform/http.js';
import { COMMUNITY_CATEGORIES, findCommunityCategory } from './communities-catalogue.js';
import {
  answerPostRequest,
  communityInsights,
  communityPosts,
  describeCommunity,
  postRequests,
  reportedPosts,
  spamPosts,
} from './communities-posts.js';
import * as s from './communities.service.js';
import { badRequest } from '../../platform/errors.js';

const tags = ['connect: communities'];
const doc = <E extends object>(summary: string, extra: E) => ({ tags, summary, ...bearerDoc, ...extra });
const list = <T>(message: string, r: { items: T[]; pagination: c.Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});
const res = <R extends object>(response: R) => ({ 200: response, ...errorResponses });

/** Communities: discover, create and edit, membership, invites, roles, moderation and insights. */
export const communityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  const byId = { params: c.connectIdParam };
  const pageOf = { querystring: c.communityPageQuery };

  app.get(
    '/community-category',
    { ...bearer, schema: doc('Community categories', { response: res(c.communityCategoriesResponse) }) },
    async () =>
      ok(
        COMMUNITY_CATEGORIES.map((x) => ({ _id: x.id, name: x.name })),
        'Community categories',
      ),
  );

  app.get(
    '/communities',
    {
      ...bearer,
      schema: doc('Discover communities (pages from 1): the most joined first, or matching ?search= (typo tolerant)', {
        querystring: c.communitiesQuery,
        response: res(c.communityListResponse),
      }),
    },
    async (req) => list('Communities', await s.discoverCommunities(db, me(req), req.query)),
  );

  app.get(
    '/communities/my-communities',
    { ...bearer, schema: doc('The communities you belong to', { ...pageOf, response: res(c.communityListResponse) }) },
    async (req) => list('Your communities', await s.myCommunities(db, me(req), req.query)),
  );

  app.get(
    '/communities/generate-description',
    {
      ...bearer,
      schema: doc('A short description written from the name and category', {
        querystring: c.generateDescriptionQuery,
        response: res(c.generateDescriptionResponse),
      }),
    },
    async (req) => {
      const cat = findCommunityCategory(req.query.community_category);
      if (!cat) throw badRequest('Choose a category from the list', 'CATEGORY_NOT_FOUND');
      const description = await describeCommunity(req.query.community_name, cat.id, app.config.communityDescriberUrl);
      return ok({ description }, 'Description');
    },
  );

  app.get(
    '/communities/get-sent-requests',
    { ...bearer, schema: doc('Your requests to join private communities', { ...pageOf, response: res(c.joinRequestsResponse) }) },
    async (req) => list('Your join requests', await s.sentJoinRequests(db, me(req), req.query)),
  );
  app.get(
    '/communities/sent-ownership-requests',
    { ...bearer, schema: doc('Ownership you offered, still open', { ...pageOf, response: res(c.ownershipRequestsResponse) }) },
    async (req) => list('Sent ownership requests', await s.sentOwnershipRequests(db, me(req), req.query)),
  );
  app.get(
    '/communities/received-ownership-requests',
    {
      ...bearer,
      schema: doc('Ownership offered to you, waiting for your answer', { ...pageOf, response: res(c.ownershipRequestsResponse) }),
    },
    async (req) => list('Received ownership requests', await s.receivedOwnershipRequests(db, me(req), req.query)),
  );

  app.get(
    '/communities/:id',
    {
      ...bearer,
      schema: doc('A community with counts, whether you are a member and your role', { ...byId, response: res(c.communityResponse) }),
    },
    async (req) => ok(await s.getCommunity(db, me(req), req.params.id), 'Community'),
  );

  app.get(
    '/communities/:id/posts',
    {
      ...bearer,
      schema: doc('The community’s posts, newest first (pages from 1; members only when private)', {
        ...byId,
        querystring: c.communityPostsQuery,
        response: res(c.communityPostsResponse),
      }),
    },
    async (req) => {
      const r = await communityPosts(db, me(req), req.params.id, req.query);
      return { status: true as const, message: 'Community posts', data: r.posts, pagination: r.pagination };
    },
  );

  app.post(
    '/communities',
    {
      ...bearer,
      schema: doc('Create a community (you become its owner)', { body: c.createCommunityBody, response: res(c.communityResponse) }),
    },
    async (req, reply) => reply.status(201).send(ok(await s.createCommunity(db, me(req), req.body), 'Community created')),
  );

  app.patch(
    '/communities/:id',
    {
      ...bearer,
      schema: doc('Edit a community (owner or admin)', { ...byId, body: c.editCommunityBody, response: res(c.communityResponse) }),
    },
    async (req) => ok(await s.editCommunity(db, me(req), req.params.id, req.body), 'Community updated'),
  );

  app.get(
    '/communities/:id/get-community-by-category',
    {
      ...bearer,
      schema: doc('Communities in a category ({id} is a category id from GET /community-category)', {
        params: c.communityCategoryParam,
        ...pageOf,
        response: res(c.communityListResponse),
      }),
    },
    async (req) => list('Communities', await s.communitiesInCategory(db, me(req), req.params.id, req.query)),
  );

  // Invites ---------------------------------------------------------------------------------------
  app.get(
    '/community-invites/get-invitee-list/:id',
    {
      ...bearer,
      schema: doc('People you can invite: those you follow or who follow you, not members or invited yet', {
        ...byId,
        ...pageOf,
        response: res(c.inviteesResponse),
      }),
    },
    async (req) => list('People you can invite', await s.inviteeList(db, me(req), req.params.id, req.query)),
  );
  app.post(
    '/community-invites',
    { ...bearer, schema: doc('Invite people to a community (members)', { body: c.inviteBody, response: res(c.inviteCreatedResponse) }) },
    async (req, reply) =>
      reply.status(201).send(ok(await s.invitePeople(db, me(req), req.body.communityId, req.body.userIds), 'Invites sent')),
  );
  app.get(
    '/community-invites',
    { ...bearer, schema: doc('Invites you received', { ...pageOf, response: res(c.invitesResponse) }) },
    async (req) => list('Your invites', await s.receivedInvites(db, me(req), req.query)),
  );
  app.delete(
    '/community-invites/:id/undo-invite',
    {
      ...bearer,
      schema: doc('Take an invite back (who sent it, or an owner or admin)', { ...byId, response: res(c.inviteAnswerResponse) }),
    },
    async (req) => ok(await s.undoInvite(db, me(req), req.params.id), 'Invite taken back'),
  );
  app.put(
    '/community-invites/:id/accept-invite',
    { ...bearer, schema: doc('Accept an invite: you join, a private community too', { ...byId, response: res(c.inviteAnswerResponse) }) },
    async (req) => ok(await s.answerInvite(db, me(req), req.params.id, true), 'You joined the community'),
  );
  app.put(
    '/community-invites/:id/decline-invite',
    { ...bearer, schema: doc('Decline an invite', { ...byId, response: res(c.inviteAnswerResponse) }) },
    async (req) => ok(await s.answerInvite(db, me(req), req.params.id, false), 'Invite declined'),
  );

  // Membership and roles --------------------------------------------------------------------------
  app.put(
    '/communities/:id/join-community',
    {
      ...bearer,
      schema: doc('Join a public community, or leave it when a member; on a private one, ask to join', {
        ...byId,
        response: res(c.membershipResponse),
      }),
    },
    async (req) => {
      const r = await s.toggleJoin(db, me(req), req.params.id);
      return ok(r, r.isMember ? 'You joined the community' : r.joinRequested ? 'Join request sent' : 'You left the community');
    },
  );
  app.put(
    '/communities/:id/undo-join-request',
    { ...bearer, schema: doc('Take back your request to join', { ...byId, response: res(c.membershipResponse) }) },
    async (req) => ok(await s.undoJoinRequest(db, me(req), req.params.id), 'Join request withdrawn'),
  );

  const userAction = (
    path: string,
    summary: string,
    message: string,
    run: (
      actor: string,
      communityId: string,
      userId: string,
    ) => Promise<{ communityId: string; userId: string; role: c.CommunityRole | null }>,
  ) =>
    app.put(
      `/communities/:id/${path}`,
      { ...bearer, schema: doc(summary, { ...byId, body: c.communityUserBody, response: res(c.memberResponse) }) },
      async (req) => ok(await run(me(req), req.params.id, req.body.userId), message),
    );
  userAction('accept-join-request', 'Accept a request to join (owner or admin)', 'Join request accepted', (a, id, u) =>
    s.answerJoinRequest(db, a, id, u, true),
  );
  userAction('reject-join-request', 'Reject a request to join (owner or admin)', 'Join request rejected', (a, id, u) =>
    s.answerJoinRequest(db, a, id, u, false),
  );
  userAction('remove-user', 'Remove a member (owner or admin; only the owner removes admins)', 'Member removed', (a, id, u) =>
    s.removeUser(db, a, id, u),
  );
  userAction('add-admin', 'Make a member an admin (owner)', 'Admin added', (a, id, u) => s.addAdmin(db, a, id, u));
  userAction(
    'block-user',
    'Block someone: out of the community, cannot join, request or post (owner or admin)',
    'User blocked',
    (a, id, u) => s.blockUser(db, a, id, u),
  );
  userAction('unblock-user', 'Unblock someone (owner or admin)', 'User unblocked', (a, id, u) => s.unblockUser(db, a, id, u));

  app.put(
    '/communities/:id/transfer-ownership',
    {
      ...bearer,
      schema: doc('Offer ownership to a member (owner); they accept or decline', {
        ...byId,
        body: c.communityUserBody,
        response: res(c.ownershipRequestResponse),
      }),
    },
    async (req) => ok(await s.offerOwnership(db, me(req), req.params.id, req.body.userId), 'Ownership offered'),
  );
  app.put(
    '/communities/:id/accept-transfer-request',
    {
      ...bearer,
      schema: doc('Accept the ownership offered to you (the old owner becomes an admin)', {
        ...byId,
        response: res(c.ownershipRequestResponse),
      }),
    },
    async (req) => ok(await s.answerOwnership(db, me(req), req.params.id, true), 'You are now the owner'),
  );
  app.put(
    '/communities/:id/decline-transfer-request',
    { ...bearer, schema: doc('Decline the ownership offered to you', { ...byId, response: res(c.ownershipRequestResponse) }) },
    async (req) => ok(await s.answerOwnership(db, me(req), req.params.id, false), 'Ownership declined'),
  );

  // Posts waiting for approval -----------------------------------------------------------------------
  app.put(
    '/communities/:id/accept-post-request',
    {
      ...bearer,
      schema: doc('Publish a post waiting for approval or held as spam (owner or admin)', {
        ...byId,
        body: c.communityPostBody,
        response: res(c.moderatedPostResponse),
      }),
    },
    async (req) => ok(await answerPostRequest(db, me(req), req.params.id, req.body.postId, true), 'Post published'),
  );
  app.put(
    '/communities/:id/decline-post-request',
    {
      ...bearer,
      schema: doc('Decline a waiting post; it is removed (owner or admin)', {
        ...byId,
        body: c.communityPostBody,
        response: res(c.moderatedPostResponse),
      }),
    },
    async (req) => ok(await answerPostRequest(db, me(req), req.params.id, req.body.postId, false), 'Post declined'),
  );

  // Lists -------------------------------------------------------------------------------------------
  const listRoute = <T>(
    path: string,
    summary: string,
    message: string,
    response: object,
    run: (u: string, id: string, p: s.Page) => Promise<{ items: T[]; pagination: c.Pagination }>,
  ) =>
    app.get(`/communities/:id/${path}`, { ...bearer, schema: doc(summary, { ...byId, ...pageOf, response: res(response) }) }, async (req) =>
      list(message, await run(me(req), req.params.id, req.query)),
    );
  listRoute('invites', 'Invites sent for this community (owner or admin)', 'Invites', c.invitesResponse, (u, id, p) =>
    s.communityInvitesList(db, u, id, p),
  );
  listRoute('join-requests', 'Requests to join (owner or admin)', 'Join requests', c.joinRequestsResponse, (u, id, p) =>
    s.communityJoinRequests(db, u, id, p),
  );
  listRoute('get-blocked-users', 'Blocked people (owner or admin)', 'Blocked users', c.membersResponse, (u, id, p) =>
    s.blockedUsers(db, u, id, p),
  );
  listRoute('spam-posts', 'Posts held back by the spam rules (owner or admin)', 'Spam posts', c.moderatedPostsResponse, (u, id, p) =>
    spamPosts(db, u, id, p),
  );
  listRoute('reported-posts', 'Reported posts (owner or admin)', 'Reported posts', c.moderatedPostsResponse, (u, id, p) =>
    reportedPosts(db, u, id, p),
  );
  listRoute('post-requests', 'Posts waiting for approval (owner or admin)', 'Post requests', c.moderatedPostsResponse, (u, id, p) =>
    postRequests(db, u, id, p),
  );
  listRoute('get-active-members', 'Members, the most recently active first', 'Members', c.membersResponse, (u, id, p) =>
    s.activeMembers(db, u, id, p),
  );

  app.get(
    '/communities/:id/get-insights',
    {
      ...bearer,
      schema: doc('Member growth, posts, comments, active members and top posts, last 7 and 30 days (owner or admin)', {
        ...byId,
        response: res(c.communityInsightsResponse),
      }),
    },
    async (req) => ok(await communityInsights(db, me(req), req.params.id), 'Community insights'),
  );
};
