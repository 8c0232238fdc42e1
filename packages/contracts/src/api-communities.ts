import * as c from './community.js';
import { connectIdParam as id } from './connect.js';
import type { ApiEndpointDef } from './api.js';

const P = '/api/connect';
const C = `${P}/communities`;
const userBody = c.communityUserBody;
const postBody = c.communityPostBody;
const page = c.communityPageQuery;

/** Communities in the connect service (/api/connect/communities, /community-invites, /community-category). */
export const communitiesApi = {
  'communities.mine': { method: 'GET', path: `${C}/my-communities`, query: page, response: c.communityListResponse },
  'communities.discover': { method: 'GET', path: C, query: c.communitiesQuery, response: c.communityListResponse },
  'communities.sentRequests': { method: 'GET', path: `${C}/get-sent-requests`, query: page, response: c.joinRequestsResponse },
  'communities.sentOwnership': { method: 'GET', path: `${C}/sent-ownership-requests`, query: page, response: c.ownershipRequestsResponse },
  'communities.receivedOwnership': {
    method: 'GET',
    path: `${C}/received-ownership-requests`,
    query: page,
    response: c.ownershipRequestsResponse,
  },
  'communities.describe': {
    method: 'GET',
    path: `${C}/generate-description`,
    query: c.generateDescriptionQuery,
    response: c.generateDescriptionResponse,
  },
  'communities.get': { method: 'GET', path: `${C}/:id`, params: id, response: c.communityResponse },
  'communities.posts': {
    method: 'GET',
    path: `${C}/:id/posts`,
    params: id,
    query: c.communityPostsQuery,
    response: c.communityPostsResponse,
  },
  'communities.create': { method: 'POST', path: C, body: c.createCommunityBody, response: c.communityResponse },
  'communities.edit': { method: 'PATCH', path: `${C}/:id`, params: id, body: c.editCommunityBody, response: c.communityResponse },
  'communities.categories': { method: 'GET', path: `${P}/community-category`, response: c.communityCategoriesResponse },
  'communities.byCategory': {
    method: 'GET',
    path: `${C}/:id/get-community-by-category`,
    params: c.communityCategoryParam,
    query: page,
    response: c.communityListResponse,
  },
  'communities.invitees': {
    method: 'GET',
    path: `${P}/community-invites/get-invitee-list/:id`,
    params: id,
    query: page,
    response: c.inviteesResponse,
  },
  'communities.invite': { method: 'POST', path: `${P}/community-invites`, body: c.inviteBody, response: c.inviteCreatedResponse },
  'communities.myInvites': { method: 'GET', path: `${P}/community-invites`, query: page, response: c.invitesResponse },
  'communities.undoInvite': {
    method: 'DELETE',
    path: `${P}/community-invites/:id/undo-invite`,
    params: id,
    response: c.inviteAnswerResponse,
  },
  'communities.acceptInvite': {
    method: 'PUT',
    path: `${P}/community-invites/:id/accept-invite`,
    params: id,
    response: c.inviteAnswerResponse,
  },
  'communities.declineInvite': {
    method: 'PUT',
    path: `${P}/community-invites/:id/decline-invite`,
    params: id,
    response: c.inviteAnswerResponse,
  },
  'communities.join': { method: 'PUT', path: `${C}/:id/join-community`, params: id, response: c.membershipResponse },
  'communities.undoJoin': { method: 'PUT', path: `${C}/:id/undo-join-request`, params: id, response: c.membershipResponse },
  'communities.acceptJoin': { method: 'PUT', path: `${C}/:id/accept-join-request`, params: id, body: userBody, response: c.memberResponse },
  'communities.rejectJoin': { method: 'PUT', path: `${C}/:id/reject-join-request`, params: id, body: userBody, response: c.memberResponse },
  'communities.removeUser': { method: 'PUT', path: `${C}/:id/remove-user`, params: id, body: userBody, response: c.memberResponse },
  'communities.addAdmin': { method: 'PUT', path: `${C}/:id/add-admin`, params: id, body: userBody, response: c.memberResponse },
  'communities.transfer': {
    method: 'PUT',
    path: `${C}/:id/transfer-ownership`,
    params: id,
    body: userBody,
    response: c.ownershipRequestResponse,
  },
  'communities.block': { method: 'PUT', path: `${C}/:id/block-user`, params: id, body: userBody, response: c.memberResponse },
  'communities.unblock': { method: 'PUT', path: `${C}/:id/unblock-user`, params: id, body: userBody, response: c.memberResponse },
  'communities.acceptPost': {
    method: 'PUT',
    path: `${C}/:id/accept-post-request`,
    params: id,
    body: postBody,
    response: c.moderatedPostResponse,
  },
  'communities.declinePost': {
    method: 'PUT',
    path: `${C}/:id/decline-post-request`,
    params: id,
    body: postBody,
    response: c.moderatedPostResponse,
  },
  'communities.acceptTransfer': {
    method: 'PUT',
    path: `${C}/:id/accept-transfer-request`,
    params: id,
    response: c.ownershipRequestResponse,
  },
  'communities.declineTransfer': {
    method: 'PUT',
    path: `${C}/:id/decline-transfer-request`,
    params: id,
    response: c.ownershipRequestResponse,
  },
  'communities.invites': { method: 'GET', path: `${C}/:id/invites`, params: id, query: page, response: c.invitesResponse },
  'communities.joinRequests': { method: 'GET', path: `${C}/:id/join-requests`, params: id, query: page, response: c.joinRequestsResponse },
  'communities.blocked': { method: 'GET', path: `${C}/:id/get-blocked-users`, params: id, query: page, response: c.membersResponse },
  'communities.spam': { method: 'GET', path: `${C}/:id/spam-posts`, params: id, query: page, response: c.moderatedPostsResponse },
  'communities.reported': { method: 'GET', path: `${C}/:id/reported-posts`, params: id, query: page, response: c.moderatedPostsResponse },
  'communities.insights': { method: 'GET', path: `${C}/:id/get-insights`, params: id, response: c.communityInsightsResponse },
  'communities.activeMembers': { method: 'GET', path: `${C}/:id/get-active-members`, params: id, query: page, response: c.membersResponse },
  'communities.postRequests': {
    method: 'GET',
    path: `${C}/:id/post-requests`,
    params: id,
    query: page,
    response: c.moderatedPostsResponse,
  },
} as const satisfies Record<string, ApiEndpointDef>;
