import { C, list, staff, unique, who, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of communities: lists of one's own, then the world's private community. */
export const communityRows: Record<string, Row> = {
  // --- communities: lists of one's own -------------------------------------------------------------
  'communities.mine': list(),
  'communities.discover': list(),
  'communities.sentRequests': list(),
  'communities.sentOwnership': list(),
  'communities.receivedOwnership': list(),
  'communities.describe': list({ query: () => ({ community_name: 'Lagos cyclists', community_category: 'business' }) }),
  'communities.categories': list(),
  'communities.byCategory': list({ params: () => ({ id: 'business' }) }),
  'communities.create': list({ body: () => ({ name: `Circle ${unique()}`, category: 'business' }) }),
  'communities.myInvites': list(),

  // --- communities: the private community ------------------------------------------------------------
  // Its card is seen by anyone (to ask to join); its posts and members by its members only.
  'communities.get': { params: C, expect: { stranger: 401, nonMember: OK, blocked: OK, member: OK } },
  'communities.posts': { params: C, expect: { stranger: 401, nonMember: 403, blocked: 403, member: OK } },
  'communities.activeMembers': { params: C, expect: { stranger: 401, nonMember: 403, blocked: 403, member: OK } },
  'communities.edit': { params: C, body: () => ({ description: `Members only ${unique()}` }), expect: staff },
  'communities.invitees': { params: C, expect: { stranger: 401, nonMember: 403, blocked: 403, owner: OK } },
  'communities.invite': {
    each: async (w) => ({ userId: (await w.invitable()).id }),
    body: (w, x) => ({ communityId: w.community, userIds: [x.userId] }),
    expect: { stranger: 401, nonMember: 403, blocked: 403, owner: OK, admin: OK },
  },
  // An invite (the owner's, to the outsider, into a spare community): its sender may take it back,
  // its invitee answer it; to anyone else it does not exist.
  'communities.undoInvite': {
    each: async (w) => ({ id: await w.inviteTo(w.outsider) }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, owner: OK },
  },
  'communities.acceptInvite': {
    each: async (w) => ({ id: await w.inviteTo(w.outsider) }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, outsider: OK },
  },
  'communities.declineInvite': {
    each: async (w) => ({ id: await w.inviteTo(w.outsider) }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, outsider: OK },
  },
  // The non-member asks to join (private: a request), then takes the request back; the blocked may not ask.
  'communities.join': { params: C, expect: { stranger: 401, blocked: 403, nonMember: OK } },
  'communities.undoJoin': { params: C, expect: { stranger: 401, nonMember: OK } },
  'communities.acceptJoin': {
    params: C,
    each: async (w) => ({ userId: (await w.joinRequester()).id }),
    body: (_w, x) => who(x),
    expect: staff,
  },
  'communities.rejectJoin': {
    params: C,
    each: async (w) => ({ userId: (await w.joinRequester()).id }),
    body: (_w, x) => who(x),
    expect: staff,
  },
  'communities.removeUser': {
    params: C,
    each: async (w) => ({ userId: (await w.newMember()).id }),
    body: (_w, x) => who(x),
    expect: staff,
  },
  // Making admins and handing over the community are the owner's alone (routes.tsv).
  'communities.addAdmin': {
    params: C,
    each: async (w) => ({ userId: (await w.newMember()).id }),
    body: (_w, x) => who(x),
    expect: { ...staff, admin: 403 },
  },
  'communities.transfer': {
    each: async (w) => ({ id: await w.spareCommunity() }),
    params: (_w, x) => ({ id: x.id! }),
    body: (w) => ({ userId: w.admin.id }),
    expect: { stranger: 401, nonMember: 403, admin: 403, owner: OK },
  },
  'communities.block': { params: C, each: async (w) => ({ userId: (await w.newMember()).id }), body: (_w, x) => who(x), expect: staff },
  'communities.unblock': {
    params: C,
    each: async (w) => {
      const u = await w.newMember();
      await w.ok(w.owner, 'PUT', `/api/connect/communities/${w.community}/block-user`, { userId: u.id });
      return { userId: u.id };
    },
    body: (_w, x) => who(x),
    expect: staff,
  },
  'communities.acceptPost': {
    params: C,
    each: async (w) => ({ postId: await w.pendingPost() }),
    body: (_w, x) => ({ postId: x.postId }),
    expect: staff,
  },
  'communities.declinePost': {
    params: C,
    each: async (w) => ({ postId: await w.pendingPost() }),
    body: (_w, x) => ({ postId: x.postId }),
    expect: staff,
  },
  // An ownership offer (owner to admin, of a spare community): only its receiver answers it.
  'communities.acceptTransfer': {
    each: async (w) => ({ id: await w.offeredCommunity() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, admin: OK },
  },
  'communities.declineTransfer': {
    each: async (w) => ({ id: await w.offeredCommunity() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, admin: OK },
  },
  'communities.invites': { params: C, expect: staff },
  'communities.joinRequests': { params: C, expect: staff },
  'communities.blocked': { params: C, expect: staff },
  'communities.spam': { params: C, expect: staff },
  'communities.reported': { params: C, expect: staff },
  'communities.insights': { params: C, expect: staff },
  // Anyone who sees its card may report it, but not its owner.
  'communities.report': { params: C, body: () => ({ reason: 'Spam' }), expect: { stranger: 401, owner: 400, nonMember: OK } },
  'communities.postRequests': { params: C, expect: staff },
};
