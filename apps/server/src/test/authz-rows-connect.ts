import { anyone, list, NOOP, privatePostAction, unique, type Row, OK } from './authz-rows-shapes.js';

/** The authorization matrix's rows (authz-rows.ts) of connect: posts, people, stories, highlights, collections. */
export const connectRows: Record<string, Row> = {
  // --- connect: posts ------------------------------------------------------------------------------
  'connect.categories': list(),
  'connect.feed': list(),
  'connect.categoryFeed': list({ params: () => ({ category: 'tech' }) }),
  'connect.trending': list(),
  'connect.tagFeed': list({ params: () => ({ tag: 'jollof' }) }),
  // Posting into the private community: its members only (the blocked and outsiders are refused).
  'connect.createPost': {
    body: (w) => ({ text: `Hello ${unique()}`, communityId: w.community }),
    expect: { stranger: 401, nonMember: 403, blocked: 403, member: OK, owner: OK },
  },
  'connect.post': privatePostAction({ expect: { stranger: 401, nonMember: 404, blocked: 404, member: OK, owner: OK } }),
  'connect.editPost': privatePostAction({
    body: () => ({ text: `Edited ${unique()}` }),
    expect: { stranger: 401, nonMember: 404, blocked: 404, member: 403, owner: OK },
  }),
  'connect.deletePost': {
    setup: async (w) => ({ id: await w.ownerPost() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, nonMember: 404, blocked: 404, member: 403, owner: OK },
  },
  'connect.drafts': { expect: anyone('owner') },
  // A draft is its author's alone.
  'connect.publishDraft': {
    setup: async (w) => ({ id: await w.ownerDraft() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, member: 404, nonMember: 404, owner: OK },
  },
  'connect.like': privatePostAction(),
  'connect.unlike': privatePostAction(),
  'connect.comment': privatePostAction({ body: () => ({ text: 'Nice one' }) }),
  'connect.comments': privatePostAction(),
  // A members-only post may not be shared outside its community, even by a member (it would show it to
  // the member's followers); to everyone else it does not exist.
  'connect.repost': privatePostAction({ expect: { stranger: 401, nonMember: 404, blocked: 404, member: 403 } }),
  'connect.quote': privatePostAction({
    body: () => ({ text: 'My thoughts' }),
    expect: { stranger: 401, nonMember: 404, blocked: 404, member: 403 },
  }),
  // Views are a batch of what the app showed: posts one may not see are passed over, and nothing is written for them.
  'connect.views': { body: (w) => ({ postIds: [w.privatePost] }), expect: { stranger: 401, nonMember: NOOP, blocked: NOOP, member: OK } },
  'connect.mediaTab': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.textTab': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.repostsTab': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.taggedTab': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.save': privatePostAction({ body: () => ({}) }),
  'connect.unsave': privatePostAction(),
  'connect.saved': list(),
  'connect.reportReasons': list(),
  'connect.report': privatePostAction({ body: () => ({ reason: 'Spam' }) }),
  // The member's comment on the private post: reported by those who see it, never by its author.
  'connect.reportComment': {
    params: (w) => ({ id: w.comment }),
    body: () => ({ reason: 'Spam' }),
    expect: { stranger: 401, nonMember: 404, blocked: 404, member: 400, owner: OK },
  },
  // Author only; a member sees the post but not its insights.
  'connect.insights': privatePostAction({ expect: { stranger: 401, nonMember: 404, blocked: 404, member: 403, owner: OK } }),

  // --- connect: people -----------------------------------------------------------------------------
  'connect.profile': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.editBio': list({ body: () => ({ bio: 'Lagos' }) }),
  'connect.followers': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.followings': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.follow': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.unfollow': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.suggestedAccounts': list(),
  'connect.suggestedTags': list(),
  'connect.search': list({ query: () => ({ q: 'suya' }) }),
  'connect.closeFriends': list(),
  'connect.addCloseFriend': list({ params: (w) => ({ id: w.owner.id }) }),
  'connect.removeCloseFriend': list({ params: (w) => ({ id: w.owner.id }) }),

  // --- connect: stories and highlights -------------------------------------------------------------
  'connect.stories': list(),
  'connect.createStory': list({ body: () => ({ kind: 'text', text: 'Good morning' }) }),
  'connect.myStories': list(),
  // The owner's close-friends story: the member is a close friend; nobody else is in its audience.
  'connect.story': {
    params: (w) => ({ id: w.closeStory }),
    expect: { stranger: 401, nonMember: 404, blocked: 404, member: OK, owner: OK },
  },
  'connect.viewStory': { params: (w) => ({ id: w.closeStory }), expect: { stranger: 401, nonMember: 404, blocked: 404, member: OK } },
  'connect.storyInsights': { params: (w) => ({ id: w.closeStory }), expect: { stranger: 401, nonMember: 404, member: 403, owner: OK } },
  'connect.highlights': list({ query: (w) => ({ userId: w.owner.id }) }),
  // A highlight is made of one's own stories: another person's story in the body is bad input (400
  // "Choose stories of your own"), as is a story id that does not exist.
  'connect.createHighlight': {
    body: (w) => ({ title: 'Mine', storyIds: [w.publicStory] }),
    expect: { stranger: 401, outsider: 400, owner: OK },
  },
  'connect.editHighlight': {
    params: (w) => ({ id: w.highlight }),
    body: () => ({ title: 'Lagos days' }),
    expect: { stranger: 401, outsider: 403, owner: OK },
  },
  'connect.deleteHighlight': {
    setup: async (w) => ({ id: await w.ownerHighlight() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, outsider: 403, owner: OK },
  },
  'connect.likeHighlight': list({ params: (w) => ({ id: w.highlight }) }),
  'connect.unlikeHighlight': list({ params: (w) => ({ id: w.highlight }) }),

  // --- connect: the member's saved collections ----------------------------------------------------
  'connect.collections': list(),
  'connect.createCollection': list({ body: () => ({ name: `Later ${unique()}` }) }),
  'connect.collection': { params: (w) => ({ id: w.collection }), expect: { stranger: 401, outsider: 404, member: OK } },
  'connect.renameCollection': {
    params: (w) => ({ id: w.collection }),
    body: () => ({ name: `Keep ${unique()}` }),
    expect: { stranger: 401, outsider: 404, member: OK },
  },
  'connect.deleteCollection': {
    setup: async (w) => ({ id: await w.memberCollection() }),
    params: (_w, x) => ({ id: x.id! }),
    expect: { stranger: 401, outsider: 404, member: OK },
  },
  'connect.removeFromCollection': {
    setup: async (w) => {
      await w.ok(w.member, 'PUT', `/api/connect/posts/${w.publicPost}/save-post`, { collectionId: w.collection });
      return {};
    },
    params: (w) => ({ id: w.collection }),
    body: (w) => ({ postIds: [w.publicPost] }),
    expect: { stranger: 401, outsider: 404, member: OK },
  },
  'connect.moveToCollection': {
    setup: async (w) => {
      await w.ok(w.member, 'PUT', `/api/connect/posts/${w.publicPost}/save-post`, {});
      return {};
    },
    params: (w) => ({ id: w.collection }),
    body: (w) => ({ postIds: [w.publicPost] }),
    expect: { stranger: 401, outsider: 404, member: OK },
  },
};
