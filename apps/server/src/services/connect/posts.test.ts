import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { preparedWatchers } from '../../platform/db.js';
import { forgetSharedPosts } from './post-pieces.js';
import { json, newUser, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';
import { postLikes, posts } from './tables.js';

const { t, api } = connectApp();
let ada: TestUser; // follows tunde
let tunde: TestUser;
let halima: TestUser; // follows nobody
beforeAll(async () => {
  [ada, tunde, halima] = await Promise.all([api.person('ada_k'), api.person('tunde_b'), api.person()]);
  await api.follow(ada, tunde);
});

const postCount = async () => (await t.db.select({ n: count() }).from(posts))[0]!.n;
const feed = (u: TestUser, q = '') => api.page<Post>(u, `/posts/feeds${q}`);

describe('creating posts', () => {
  describe('a post with tags, a mention and a category', () => {
    let p: Post;
    beforeAll(async () => {
      p = await api.post<Post>(tunde, { text: 'Save small small #MoneyTips with @ada_k', category: 'money-tips', tags: ['savings'] });
    });
    const ids = async (u: TestUser, url: string) => (await api.page<Post>(u, url)).data.map((x) => x._id);

    it('is published with its tags, mention and category', () => {
      expect(p).toMatchObject({
        status: 'published',
        kind: 'post',
        tags: ['moneytips', 'savings'],
        category: { _id: 'money-tips', name: 'Money tips' },
        mentions: [{ _id: ada.id, nickName: 'ada_k' }],
        isMine: true,
        likes: { likesCount: 0, likedBy: [] },
        commentCount: 0,
      });
    });

    it('shows in the home feeds of its author and their followers only', async () => {
      expect(await ids(ada, '/posts/feeds')).toContain(p._id);
      expect(await ids(tunde, '/posts/feeds')).toContain(p._id);
      expect(await ids(halima, '/posts/feeds')).not.toContain(p._id);
    });

    it('shows to everyone in its category’s feed', async () => {
      expect(await ids(halima, '/posts/feeds/money-tips')).toContain(p._id);
    });

    it('shows to everyone among the posts the mentioned person is tagged in', async () => {
      expect(await ids(halima, `/posts/${ada.id}/tagged-posts`)).toContain(p._id);
    });
  });

  it('takes the author’s own uploaded photos, and refuses someone else’s upload, bad input and no token, writing nothing', async () => {
    const mine = await api.upload(tunde);
    const p = await api.post<Post>(tunde, { media: [{ url: mine.url }] });
    expect(p.media[0]).toMatchObject({ url: mine.url, kind: 'image', thumbnailUrl: mine.thumbnailUrl });
    expect((await api.page<Post>(halima, `/posts/${tunde.id}/posts-with-media`)).data[0]?._id).toBe(p._id);

    const before = await postCount();
    const cases: [object, string][] = [
      [{ media: [{ url: (await api.upload(ada)).url }] }, 'Add photos or a video you uploaded'],
      [{ text: '' }, 'Write something or add a photo or video'],
      [{ text: 'x'.repeat(2001) }, 'text can be at most 2000 characters'],
      [{ text: 'hi', category: 'astrology' }, 'Choose a category from the list'],
      [{ text: 'hi', communityId: 'not-a-uuid' }, 'communityId must be a valid id'],
    ];
    for (const [body, message] of cases) {
      const res = await api.call(tunde, 'POST', '/posts', body);
      expect(res.statusCode, message).toBe(400);
      expect(json(res).message).toBe(message);
    }
    expect((await api.call(null, 'POST', '/posts', { text: 'hi' })).statusCode).toBe(401);
    expect(await postCount()).toBe(before);
  });

  it('drafts stay out of every list until published', async () => {
    const d = await api.post<Post>(tunde, { text: 'Draft about #jollof', draft: true, category: 'food' });
    expect(d.status).toBe('draft');
    const ids = async (u: TestUser, url: string) => (await api.page<Post>(u, url)).data.map((x) => x._id);
    for (const url of ['/posts/feeds', '/posts/feeds/food', `/posts/${tunde.id}/posts-with-text`]) {
      expect(await ids(ada, url)).not.toContain(d._id);
      expect(await ids(tunde, url)).not.toContain(d._id);
    }
    expect((await api.call(ada, 'GET', `/posts/${d._id}`)).statusCode).toBe(404);
    expect(await ids(tunde, '/posts/drafts')).toContain(d._id);
    expect(await ids(ada, '/posts/drafts')).not.toContain(d._id);
    expect((await api.call(ada, 'PATCH', `/posts/${d._id}/post-draft`)).statusCode).toBe(404);

    const published = await api.ok<Post>(tunde, 'PATCH', `/posts/${d._id}/post-draft`);
    expect(published.status).toBe('published');
    expect(await ids(ada, '/posts/feeds')).toContain(d._id);
    expect(await ids(tunde, '/posts/drafts')).not.toContain(d._id);
    expect((await api.call(tunde, 'PATCH', `/posts/${d._id}/post-draft`)).statusCode).toBe(409);
  });

  describe('editing and deleting', () => {
    const techPost = () => api.post<Post>(tunde, { text: 'Typo here', category: 'tech' });
    const postsCount = async () => (await api.ok<{ postsCount: number }>(tunde, 'GET', `/connect/profile/${tunde.id}`)).postsCount;
    /** One of Tunde's posts, deleted, with his post count before and after. */
    async function deletedPost() {
      const p = await techPost();
      const before = await postsCount();
      await api.ok(tunde, 'PUT', `/posts/${p._id}`);
      return { p, before, after: await postsCount() };
    }

    it('lets only the author edit a post', async () => {
      const p = await techPost();
      const edit = await api.call(ada, 'PATCH', `/posts/${p._id}`, { text: 'hacked' });
      expect(edit.statusCode).toBe(403);
      expect(json(edit).message).toBe('Only the author can edit this post');
    });

    it('lets only the author delete a post', async () => {
      const p = await techPost();
      expect((await api.call(ada, 'PUT', `/posts/${p._id}`)).statusCode).toBe(403);
    });

    it('refuses an edit that changes nothing', async () => {
      const p = await techPost();
      expect((await api.call(tunde, 'PATCH', `/posts/${p._id}`, {})).statusCode).toBe(400);
    });

    it('an edit changes the text and tags and marks the post edited', async () => {
      const p = await techPost();
      const edited = await api.ok<Post>(tunde, 'PATCH', `/posts/${p._id}`, { text: 'Fixed #typo' });
      expect(edited).toMatchObject({ text: 'Fixed #typo', tags: ['typo'] });
      expect(edited.editedAt).not.toBeNull();
    });

    it('deleting a post takes it off its author’s count', async () => {
      const { before, after } = await deletedPost();
      expect(after).toBe(before - 1);
    });

    it('a deleted post is gone from every list and by id', async () => {
      const { p } = await deletedPost();
      for (const url of ['/posts/feeds', '/posts/feeds/tech', `/posts/${tunde.id}/posts-with-text`]) {
        expect((await api.page<Post>(ada, url)).data.map((x) => x._id)).not.toContain(p._id);
      }
      expect((await api.call(ada, 'GET', `/posts/${p._id}`)).statusCode).toBe(404);
    });

    it('a deleted post can be neither liked nor deleted again', async () => {
      const { p } = await deletedPost();
      expect((await api.call(tunde, 'PATCH', `/posts/${p._id}/like`)).statusCode).toBe(404);
      expect((await api.call(tunde, 'PUT', `/posts/${p._id}`)).statusCode).toBe(404);
    });
  });
});

describe('likes, comments and reposts', () => {
  it('a like twice counts once, unlike lowers it, and the post says so everywhere', async () => {
    const p = await api.post<Post>(tunde, { text: 'Like me once' });
    expect(await api.ok(ada, 'PATCH', `/posts/${p._id}/like`)).toMatchObject({ isLiked: true, likesCount: 1 });
    expect(await api.ok(ada, 'PATCH', `/posts/${p._id}/like`)).toMatchObject({ isLiked: true, likesCount: 1 });
    const seen = (await feed(ada)).data.find((x) => x._id === p._id)!;
    expect(seen).toMatchObject({ isLiked: true, likes: { likesCount: 1, likedBy: [{ _id: ada.id }] } });
    expect((await api.ok<Post>(tunde, 'GET', `/posts/${p._id}`)).isLiked).toBe(false);
    expect(await api.ok(ada, 'PUT', `/posts/${p._id}/unlike`)).toMatchObject({ isLiked: false, likesCount: 0 });
    expect(await api.ok(ada, 'PUT', `/posts/${p._id}/unlike`)).toMatchObject({ likesCount: 0 });
    expect((await api.call(null, 'PATCH', `/posts/${p._id}/like`)).statusCode).toBe(401);
    expect((await api.call(ada, 'PATCH', `/posts/${crypto.randomUUID()}/like`)).statusCode).toBe(404);
    expect((await api.call(ada, 'PATCH', `/posts/nope/like`)).statusCode).toBe(400);
  });

  it('counts exactly 50 when 50 people like at once, and twice-tapped likes once each', async () => {
    const p = await api.post<Post>(tunde, { text: 'Everyone tap' });
    const people = await Promise.all(Array.from({ length: 50 }, () => newUser(t.app)));
    const taps = people.flatMap((u, i) => (i < 10 ? [u, u] : [u]));
    const results = await Promise.all(taps.map((u) => api.call(u, 'PATCH', `/posts/${p._id}/like`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select({ n: posts.likesCount }).from(posts).where(eq(posts.id, p._id));
    const [likes] = await t.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, p._id));
    expect(row!.n).toBe(50);
    expect(likes!.n).toBe(50);
  });

  it('comments raise the count by one and are listed newest first, a page at a time', async () => {
    const p = await api.post<Post>(tunde, { text: 'Talk to me' });
    for (const text of ['first', 'second', 'third', 'fourth']) {
      const c = await api.ok<{ commentCount: number; text: string }>(ada, 'POST', `/posts/${p._id}/comment`, { text });
      expect(c.text).toBe(text);
    }
    const shown = await api.ok<Post>(halima, 'GET', `/posts/${p._id}`);
    expect(shown.commentCount).toBe(4);
    expect(shown.comments.map((c) => c.text)).toEqual(['fourth', 'third', 'second']);
    expect(shown.comments[0]!.postedBy._id).toBe(ada.id);
    const first = await api.page<{ text: string }>(halima, `/posts/${p._id}/comments?limit=3`);
    expect(first.data.map((c) => c.text)).toEqual(['fourth', 'third', 'second']);
    const rest = await api.page<{ text: string }>(
      halima,
      `/posts/${p._id}/comments?limit=3&page=1&cursor=${first.pagination.next!.cursor}`,
    );
    expect(rest.data.map((c) => c.text)).toEqual(['first']);
    const empty = await api.call(ada, 'POST', `/posts/${p._id}/comment`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).message).toBe('Write a comment');
  });

  describe('reposts', () => {
    // Tunde reposts Halima's posts; Ada follows Tunde.
    const original = () => api.post<Post>(halima, { text: 'Original thought' });
    /** Halima's post, reposted by Tunde: the post and the repost's answer. */
    async function reposted() {
      const p = await original();
      return { p, answer: await api.ok(tunde, 'PUT', `/posts/${p._id}/repost`) };
    }
    /** Halima's post, quoted by Tunde. */
    async function quoted() {
      const p = await original();
      return { p, q: await api.ok<Post>(tunde, 'PUT', `/posts/${p._id}/repost-with-thought`, { text: 'So true' }) };
    }

    it('a repost counts once on the post', async () => {
      const { answer } = await reposted();
      expect(answer).toMatchObject({ isReposted: true, repostCount: 1 });
    });

    it('shows a repost in followers’ feeds and the reposter’s reposts, as reposted by them', async () => {
      const { p } = await reposted();
      const inFeed = (await feed(ada)).data.find((x) => x._id === p._id)!;
      expect(inFeed.repostedBy?.user._id).toBe(tunde.id);
      expect((await api.page<Post>(ada, `/posts/${tunde.id}/user-reposts`)).data.map((x) => x._id)).toContain(p._id);
    });

    it('reposting again undoes the repost, out of followers’ feeds', async () => {
      const { p } = await reposted();
      expect(await api.ok(tunde, 'PUT', `/posts/${p._id}/repost`)).toMatchObject({ isReposted: false, repostCount: 0 });
      expect((await feed(ada)).data.map((x) => x._id)).not.toContain(p._id);
    });

    it('a repost with thought quotes the post and counts as a repost', async () => {
      const { p, q } = await quoted();
      expect(q).toMatchObject({ kind: 'quote', text: 'So true', quoted: { _id: p._id, deleted: false, text: 'Original thought' } });
      expect((await api.ok<Post>(halima, 'GET', `/posts/${p._id}`)).repostCount).toBe(1);
    });

    it('a quote of a deleted post shows it as deleted', async () => {
      const { p, q } = await quoted();
      await api.ok(halima, 'PUT', `/posts/${p._id}`);
      expect((await api.ok<Post>(ada, 'GET', `/posts/${q._id}`)).quoted).toMatchObject({ _id: p._id, deleted: true });
    });

    it('a deleted post cannot be reposted', async () => {
      const { p } = await quoted();
      await api.ok(halima, 'PUT', `/posts/${p._id}`);
      expect((await api.call(tunde, 'PUT', `/posts/${p._id}/repost`)).statusCode).toBe(404);
    });
  });
});

describe('feed pages', () => {
  it('stay stable while new posts arrive: page 1 after page 0 neither repeats nor skips', async () => {
    const writer = await newUser(t.app);
    const reader = await newUser(t.app);
    await api.follow(reader, writer);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await api.post<Post>(writer, { text: `post ${i}` }))._id);
    const p0 = await feed(reader, '?limit=3');
    expect(p0.pagination.prev).toBeNull();
    for (let i = 0; i < 3; i++) await api.post(writer, { text: `late ${i}` });
    const p1 = await feed(reader, `?limit=3&page=1&cursor=${p0.pagination.next!.cursor}`);
    expect(p1.pagination.prev).toEqual({ page: 0 });
    const p2 = await feed(reader, `?limit=3&page=2&cursor=${p1.pagination.next!.cursor}`);
    const seen = [...p0.data, ...p1.data, ...p2.data].map((x) => x._id);
    expect(seen).toEqual([...made].reverse());
    expect(p2.pagination.next).toBeNull();
    expect((await api.call(reader, 'GET', '/posts/feeds?page=1&cursor=bad!')).statusCode).toBe(400);
    expect((await api.call(reader, 'GET', '/posts/feeds?page=-1')).statusCode).toBe(400);
  });

  it('reads a page in a fixed number of statements, however many posts it holds, one fewer once its posts are kept', async () => {
    const statements = async (limit: number, kept: 'cold' | 'warm') => {
      if (kept === 'cold') forgetSharedPosts();
      let n = 0;
      const original = t.db.execute.bind(t.db);
      const spy = (q: Parameters<typeof original>[0]) => {
        n += 1;
        return original(q);
      };
      (t.db as unknown as { execute: typeof spy }).execute = spy;
      const selectSpy = t.db.select.bind(t.db);
      (t.db as unknown as { select: typeof selectSpy }).select = ((...a: Parameters<typeof selectSpy>) => {
        n += 1;
        return selectSpy(...a);
      }) as typeof selectSpy;
      // On PostgreSQL the page's statement is sent by name, past `execute`.
      const prepared = () => (n += 1);
      preparedWatchers.add(prepared);
      try {
        await feed(ada, `?limit=${limit}`);
      } finally {
        preparedWatchers.delete(prepared);
        (t.db as unknown as { execute: typeof original }).execute = original;
        (t.db as unknown as { select: typeof selectSpy }).select = selectSpy;
      }
      return n;
    };
    const small = await statements(2, 'cold');
    const large = await statements(30, 'cold');
    // The page's statement (the timeline's mark read inside it), the posts' shared parts, the people named.
    expect(small).toBe(3);
    expect(large).toBe(small);
    // Read again, every post's shared part is kept at its version: no statement for them.
    expect(await statements(30, 'warm')).toBe(large - 1);
  });
});
