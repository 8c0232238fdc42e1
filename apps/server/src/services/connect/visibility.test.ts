import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, Post } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { auth, json, type TestUser } from '../../test/harness.js';
import { connectApp, type Method } from './connect-fixtures.js';

// "May this person see this post" is asked by every read and every action (visibility.ts): the
// people a private community does not admit, and those a community blocked, can neither read nor
// act on its posts, and no member can carry them outside it.

const { t, api } = connectApp();

/** Everything a post action could write, to prove a refused one wrote nothing. */
async function snapshot() {
  const [row] = await executeRows<Record<string, unknown>>(
    t.db,
    sql`SELECT
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (SELECT id, status, kind, repost_of, likes_count, comment_count,
        repost_count, report_count, hidden_at FROM posts) x) AS posts,
      (SELECT coalesce(json_agg(x ORDER BY x.post_id, x.user_id), '[]') FROM post_likes x) AS likes,
      (SELECT coalesce(json_agg(x ORDER BY x.id), '[]') FROM (SELECT id, post_id FROM post_comments) x) AS comments,
      (SELECT coalesce(json_agg(x ORDER BY x.post_id, x.user_id), '[]') FROM post_saves x) AS saves,
      (SELECT coalesce(json_agg(x ORDER BY x.post_id, x.reporter_id), '[]') FROM post_reports x) AS reports,
      (SELECT coalesce(json_agg(x ORDER BY x.post_id, x.viewer_id), '[]') FROM post_views x) AS views,
      (SELECT coalesce(json_agg(x ORDER BY x.highlight_id, x.user_id), '[]') FROM highlight_likes x) AS highlight_likes,
      (SELECT coalesce(json_agg(x ORDER BY x.story_id, x.viewer_id), '[]') FROM story_views x) AS story_views`,
  );
  return JSON.stringify(row);
}

type Cast = { owner: TestUser; admin: TestUser; member: TestUser; blocked: TestUser; outsider: TestUser };

async function communityWith(visibility: 'public' | 'private'): Promise<{ c: Community; who: Cast; post: Post }> {
  const [owner, admin, member, blocked, outsider] = await Promise.all([
    api.person(),
    api.person(),
    api.person(),
    api.person(),
    api.person(),
  ]);
  const c = await api.ok<Community>(owner, 'POST', '/communities', {
    name: `Circle ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A place to talk',
    category: 'business',
    visibility,
  });
  for (const u of [admin, member]) {
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    if (visibility === 'private') await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id });
  }
  await api.ok(owner, 'PUT', `/communities/${c._id}/add-admin`, { userId: admin.id });
  await api.ok(owner, 'PUT', `/communities/${c._id}/block-user`, { userId: blocked.id });
  // The outsider and the blocked person follow the author: following never opens a community.
  await api.follow(outsider, owner);
  await api.follow(blocked, owner);
  const post = await api.post<Post>(owner, {
    text: `Members only: our savings plan ${visibility}`,
    communityId: c._id,
    category: 'business',
  });
  expect(post.status).toBe('published');
  return { c, who: { owner, admin, member, blocked, outsider }, post };
}

/** Every read of and action on one post, as its path and body. */
const ACTIONS: Array<[string, Method, (id: string) => string, object | undefined]> = [
  ['read', 'GET', (id) => `/posts/${id}`, undefined],
  ['like', 'PATCH', (id) => `/posts/${id}/like`, undefined],
  ['unlike', 'PUT', (id) => `/posts/${id}/unlike`, undefined],
  ['comment', 'POST', (id) => `/posts/${id}/comment`, { text: 'Nice one' }],
  ['list comments', 'GET', (id) => `/posts/${id}/comments`, undefined],
  ['repost', 'PUT', (id) => `/posts/${id}/repost`, undefined],
  ['repost with thoughts', 'PUT', (id) => `/posts/${id}/repost-with-thought`, { text: 'Look at this' }],
  ['save', 'PUT', (id) => `/posts/${id}/save-post`, {}],
  ['unsave', 'PUT', (id) => `/posts/${id}/unsave-post`, undefined],
  ['report', 'POST', (id) => `/posts/${id}/report`, { reason: 'Spam' }],
];

describe.each(['private', 'public'] as const)('a %s community’s post', (visibility) => {
  let w: Awaited<ReturnType<typeof communityWith>>;
  beforeAll(async () => {
    w = await communityWith(visibility);
  });

  const refused = visibility === 'private' ? (['outsider', 'blocked'] as const) : (['blocked'] as const);
  describe.each(refused)('to the %s', (who) => {
    it.each(ACTIONS)('%s answers 404 and writes nothing', async (_name, method, path, body) => {
      const before = await snapshot();
      const res = await api.call(w.who[who], method, path(w.post._id), body);
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res).code).toBe('POST_NOT_FOUND');
      expect(await snapshot()).toBe(before);
    });

    it('records no view and shows the post in no list', async () => {
      const before = await snapshot();
      await api.ok(w.who[who], 'POST', '/posts/views', { postIds: [w.post._id] });
      expect(await snapshot()).toBe(before);
      const u = w.who[who];
      for (const url of ['/posts/feeds', '/posts/feeds/business', `/posts/${w.who.owner.id}/posts-with-text`]) {
        const list = await api.page<Post>(u, url);
        expect(
          list.data.map((p) => p._id),
          url,
        ).not.toContain(w.post._id);
      }
    });
  });

  it('members, admins and the owner read it, like it and comment on it', async () => {
    for (const who of ['member', 'admin', 'owner'] as const) {
      const u = w.who[who];
      const seen = await api.ok<Post>(u, 'GET', `/posts/${w.post._id}`);
      expect(seen._id).toBe(w.post._id);
      expect(seen.shareable).toBe(visibility === 'public');
      await api.ok(u, 'PATCH', `/posts/${w.post._id}/like`);
      await api.ok(u, 'POST', `/posts/${w.post._id}/comment`, { text: `From the ${who}` });
      await api.ok(u, 'PUT', `/posts/${w.post._id}/save-post`, {});
    }
    const comments = await api.page(w.who.member, `/posts/${w.post._id}/comments`);
    expect(comments.data).toHaveLength(3);
  });

  if (visibility === 'private') {
    it.each([
      ['reposted', 'repost', undefined],
      ['quoted', 'repost-with-thought', { text: 'Everyone should see this' }],
    ] as const)('cannot be %s outside the community, even by a member, writing nothing', async (_case, action, body) => {
      const before = await snapshot();
      const res = await api.call(w.who.member, 'PUT', `/posts/${w.post._id}/${action}`, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(json(res).code).toBe('PRIVATE_COMMUNITY_POST');
      expect(await snapshot()).toBe(before);
    });

    it('leaves the saved posts and collections of a member who was then blocked', async () => {
      const m = w.who.member;
      const col = await api.ok<{ _id: string }>(m, 'POST', '/saved-categories', { name: `Keep ${Math.random().toString(36).slice(2, 6)}` });
      await api.ok(m, 'PUT', `/posts/${w.post._id}/save-post`, { collectionId: col._id });
      expect((await api.page<Post>(m, '/posts/saved-posts')).data.map((p) => p._id)).toContain(w.post._id);
      await api.ok(w.who.owner, 'PUT', `/communities/${w.c._id}/block-user`, { userId: m.id });
      expect((await api.page<Post>(m, '/posts/saved-posts')).data.map((p) => p._id)).not.toContain(w.post._id);
      const kept = await api.ok<{ collection: { postsCount: number }; posts: Post[] }>(m, 'GET', `/saved-categories/${col._id}`);
      expect(kept.collection.postsCount).toBe(0);
      expect(kept.posts).toEqual([]);
      expect((await api.call(m, 'GET', `/posts/${w.post._id}`)).statusCode).toBe(404);
      // What they saved is theirs to remove.
      expect((await api.ok<{ isSaved: boolean }>(m, 'PUT', `/posts/${w.post._id}/unsave-post`)).isSaved).toBe(false);
    });
  } else {
    it('can be reposted and quoted by a member', async () => {
      const r = await api.ok<{ isReposted: boolean }>(w.who.member, 'PUT', `/posts/${w.post._id}/repost`);
      expect(r.isReposted).toBe(true);
      const q = await api.ok<Post>(w.who.member, 'PUT', `/posts/${w.post._id}/repost-with-thought`, { text: 'Worth reading' });
      expect(q.quoted?._id).toBe(w.post._id);
    });
  }
});

describe('a quote of a post the viewer may not see', () => {
  it('shows the quoted post as unavailable, not its text', async () => {
    const { c, who, post } = await communityWith('public');
    const q = await api.ok<Post>(who.member, 'PUT', `/posts/${post._id}/repost-with-thought`, { text: 'Read this' });
    // The community turns private: the quote stays, the quoted text is for members only.
    await t.db.execute(sql`UPDATE communities SET visibility = 'private' WHERE id = ${c._id}`);
    const fan = await api.person();
    await api.follow(fan, who.member);
    const seen = await api.ok<Post>(fan, 'GET', `/posts/${q._id}`);
    expect(seen.quoted).toMatchObject({ _id: post._id, deleted: true, text: '', author: null });
    const inFeed = (await api.page<Post>(fan, '/posts/feeds')).data.find((p) => p._id === q._id);
    expect(inFeed?.quoted).toMatchObject({ deleted: true, text: '' });
    // A member still sees it.
    expect((await api.ok<Post>(who.admin, 'GET', `/posts/${q._id}`)).quoted).toMatchObject({ deleted: false, text: post.text });
  });
});

describe('drafts, deleted and hidden posts', () => {
  it('a draft and a deleted post are not there for anyone else to act on', async () => {
    const [author, other] = await Promise.all([api.person(), api.person()]);
    const draft = await api.post<Post>(author, { text: 'Not yet', draft: true });
    const gone = await api.post<Post>(author, { text: 'Soon gone' });
    await api.ok(author, 'PUT', `/posts/${gone._id}`);
    for (const id of [draft._id, gone._id]) {
      for (const [, method, path, body] of ACTIONS) {
        const before = await snapshot();
        const res = await api.call(other, method, path(id), body);
        expect(res.statusCode, `${method} ${path(id)}`).toBe(404);
        expect(await snapshot()).toBe(before);
      }
    }
  });
});

describe('stories and highlights', () => {
  it('a close-friends story and a highlight of them are for close friends only', async () => {
    const [author, friend, fan] = await Promise.all([api.person(), api.person(), api.person()]);
    await api.follow(friend, author);
    await api.follow(fan, author);
    await api.ok(author, 'PUT', `/connect/${friend.id}/add-close-friend`);
    const story = await api.ok<{ _id: string }>(author, 'POST', '/stories', {
      kind: 'text',
      text: 'Just us',
      audience: 'close_friends',
    });
    const h = await api.ok<{ _id: string }>(author, 'POST', '/highlights', { title: 'Ours', storyIds: [story._id] });

    for (const [method, path] of [
      ['GET', `/stories/${story._id}`],
      ['PATCH', `/stories/${story._id}`],
      ['PATCH', `/highlights/${h._id}/like`],
      ['PATCH', `/highlights/${h._id}/unlike`],
    ] as const) {
      const before = await snapshot();
      const res = await api.call(fan, method, path);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
      expect(await snapshot()).toBe(before);
    }
    const list = await api.call(fan, 'GET', `/highlights?userId=${author.id}`);
    expect(json(list).data).toEqual([]);

    await api.ok(friend, 'PATCH', `/stories/${story._id}`);
    expect((await api.ok<{ isLiked: boolean }>(friend, 'PATCH', `/highlights/${h._id}/like`)).isLiked).toBe(true);
    const theirs = json(await api.call(friend, 'GET', `/highlights?userId=${author.id}`)).data as Array<{ _id: string }>;
    expect(theirs.map((x) => x._id)).toEqual([h._id]);
  });
});

describe('a block between two people', () => {
  it('hides each one’s posts, comments and stories from the other in every list, and refuses acting on them, until lifted', async () => {
    const [ada, bayo, chi] = await Promise.all([api.person(), api.person(), api.person()]);
    await api.follow(bayo, ada);
    await api.follow(ada, bayo);
    const tag = `blockcheck${Date.now().toString(36)}`;
    const adas = await api.post<Post>(ada, { text: `Market day #${tag}`, category: 'food' });
    const bayos = await api.post<Post>(bayo, { text: `Bayo's day #${tag}` });
    const chis = await api.post<Post>(chi, { text: 'Anyone for suya?' });
    await api.ok(bayo, 'POST', `/posts/${chis._id}/comment`, { text: 'Me!' });
    await api.ok(ada, 'POST', '/stories', { kind: 'text', text: 'Hello all', audience: 'everyone' });
    const chat = (u: TestUser, method: 'PUT' | 'DELETE', who: TestUser) =>
      t.app.inject({ method, url: `/api/chat/blocks/${who.id}`, headers: auth(u, { 'idempotency-key': `${method}-${who.id}` }) });
    const ids = async (u: TestUser, url: string) => (await api.page<Post>(u, url)).data.map((x) => x._id);
    const seen = async () => ({
      bayoHome: await ids(bayo, '/posts/feeds'),
      bayoFood: await ids(bayo, '/posts/feeds/food'),
      bayoProfile: await ids(bayo, `/posts/${ada.id}/posts-with-text`),
      bayoSearch: (await api.ok<{ posts: Post[] }>(bayo, 'GET', `/search?q=%23${tag}`)).posts.map((x) => x._id),
      bayoStories: (await api.page<{ author: { _id: string } }>(bayo, '/stories/allStories')).data.map((g) => g.author._id),
      adaHome: await ids(ada, '/posts/feeds'),
      adaComments: (await api.page<{ text: string }>(ada, `/posts/${chis._id}/comments`)).data.map((c) => c.text),
    });
    const before = await seen();
    expect(before).toMatchObject({ bayoStories: expect.arrayContaining([ada.id]), adaComments: ['Me!'] });
    for (const list of [before.bayoHome, before.bayoFood, before.bayoProfile, before.bayoSearch]) expect(list).toContain(adas._id);
    expect(before.adaHome).toContain(bayos._id);

    // Ada blocks Bayo (from a chat or his profile): each is hidden from the other.
    expect((await chat(ada, 'PUT', bayo)).statusCode).toBe(200);
    const blocked = await seen();
    for (const list of [blocked.bayoHome, blocked.bayoFood, blocked.bayoProfile, blocked.bayoSearch]) expect(list).not.toContain(adas._id);
    expect(blocked.bayoStories).not.toContain(ada.id);
    expect(blocked.adaHome).not.toContain(bayos._id);
    expect(blocked.adaComments).toEqual([]);
    for (const [, method, path, body] of ACTIONS) {
      const snap = await snapshot();
      const res = await api.call(bayo, method, path(adas._id), body);
      expect(res.statusCode, `${method} ${path(adas._id)}`).toBe(404);
      expect(await snapshot()).toBe(snap);
    }
    // Chi, whom nobody blocked, still sees both.
    expect((await api.page<{ text: string }>(chi, `/posts/${chis._id}/comments`)).data.map((c) => c.text)).toEqual(['Me!']);

    // Lifted: everything is back.
    expect((await chat(ada, 'DELETE', bayo)).statusCode).toBe(200);
    const after = await seen();
    expect(after.bayoHome).toContain(adas._id);
    expect(after.adaHome).toContain(bayos._id);
    expect(after.adaComments).toEqual(['Me!']);
  });
});
