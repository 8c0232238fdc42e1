import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { auth, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

// What a change to a post does to the next page of every list it is in (the home feed, its topic
// feed, the author's profile), for each reader: the post's shared part (text, counts, the latest
// comments) is new for everyone at once, the reader's own part (liked, saved, reposted by me) for
// that reader only, and a deleted post is gone for everyone. A feed kept assembled from stored
// pieces must keep all of this; so must today's.

const { t, api } = connectApp({ env: { REPORT_HIDE_THRESHOLD: '2' } });

type Seen = {
  text: string;
  likes: number;
  likedByMe: boolean;
  savedByMe: boolean;
  repostedByMe: boolean;
  comments: number;
  latest: string[];
};

describe('a change to a post is in the next page of every list, for the right readers', () => {
  it('a like, a save, a repost, a comment, an edit and a delete', async () => {
    const [author, liker, follower] = await Promise.all([api.person(), api.person(), api.person()]);
    await api.follow(liker, author);
    await api.follow(follower, author);
    const post = await api.post<Post>(author, { text: 'Fresh bread at the corner shop', category: 'food' });

    const lists = { home: '/posts/feeds', topic: '/posts/feeds/food', profile: `/posts/${author.id}/posts-with-text` };
    /** The post as each list shows it to `u` (undefined where it is not). */
    async function seen(u: TestUser): Promise<Record<string, Seen | undefined>> {
      const out: Record<string, Seen | undefined> = {};
      for (const [name, url] of Object.entries(lists)) {
        // Shown once per list: as itself, or as the reader's repost of it (the same post, `repostedBy` set).
        const p = (await api.page<Post>(u, url)).data.find((x) => x._id === post._id);
        out[name] = p && {
          text: p.text,
          likes: p.likes.likesCount,
          likedByMe: p.isLiked,
          savedByMe: p.isSaved,
          repostedByMe: p.isReposted,
          comments: p.commentCount,
          latest: p.comments.map((c) => c.text),
        };
      }
      return out;
    }
    const everywhere = (s: Seen) => ({ home: s, topic: s, profile: s });
    const base: Seen = {
      text: 'Fresh bread at the corner shop',
      likes: 0,
      likedByMe: false,
      savedByMe: false,
      repostedByMe: false,
      comments: 0,
      latest: [],
    };
    for (const u of [author, liker, follower]) expect(await seen(u), 'before any change').toEqual(everywhere(base));

    // A like: the count for everyone, "liked" for the liker alone.
    await api.ok(liker, 'PATCH', `/posts/${post._id}/like`);
    expect(await seen(liker)).toEqual(everywhere({ ...base, likes: 1, likedByMe: true }));
    for (const u of [author, follower]) expect(await seen(u), 'a like').toEqual(everywhere({ ...base, likes: 1 }));

    // A save and a repost are the saver's own.
    await api.ok(follower, 'PUT', `/posts/${post._id}/save-post`, {});
    await api.ok(follower, 'PUT', `/posts/${post._id}/repost`);
    const liked = { ...base, likes: 1 };
    expect(await seen(follower)).toEqual(everywhere({ ...liked, savedByMe: true, repostedByMe: true }));
    expect(await seen(liker)).toEqual(everywhere({ ...liked, likedByMe: true }));
    expect(await seen(author)).toEqual(everywhere(liked));

    // A comment: the count and the latest comments for everyone.
    await api.ok(follower, 'POST', `/posts/${post._id}/comment`, { text: 'On my way!' });
    const commented = { ...liked, comments: 1, latest: ['On my way!'] };
    expect(await seen(author)).toEqual(everywhere(commented));
    expect(await seen(liker)).toEqual(everywhere({ ...commented, likedByMe: true }));
    expect(await seen(follower)).toEqual(everywhere({ ...commented, savedByMe: true, repostedByMe: true }));

    // An edit: the new text for everyone, the readers' own marks kept.
    await api.ok(author, 'PATCH', `/posts/${post._id}`, { text: 'Fresh bread and akara at the corner shop' });
    const edited = { ...commented, text: 'Fresh bread and akara at the corner shop' };
    expect(await seen(author)).toEqual(everywhere(edited));
    expect(await seen(liker)).toEqual(everywhere({ ...edited, likedByMe: true }));
    expect(await seen(follower)).toEqual(everywhere({ ...edited, savedByMe: true, repostedByMe: true }));

    // An unlike takes the count back down for everyone.
    await api.ok(liker, 'PUT', `/posts/${post._id}/unlike`);
    for (const u of [author, liker]) expect(await seen(u), 'an unlike').toEqual(everywhere({ ...edited, likes: 0 }));

    // A delete: gone from every list, for every reader (the follower's repost included).
    await api.ok(author, 'PUT', `/posts/${post._id}`);
    for (const u of [author, liker, follower]) {
      expect(await seen(u), 'a delete').toEqual({ home: undefined, topic: undefined, profile: undefined });
    }
  });
});

describe('the latest comments and likers, as each reader may see them', () => {
  const latest = async (u: TestUser, postId: string) => {
    const p = (await api.page<Post>(u, '/posts/feeds')).data.find((x) => x._id === postId);
    return p && { comments: p.comments.map((c) => c.text), likers: p.likes.likedBy.map((l) => l._id) };
  };
  const block = (by: TestUser, who: TestUser) =>
    t.app.inject({ method: 'PUT', url: `/api/chat/blocks/${who.id}`, headers: auth(by, { 'idempotency-key': `b-${by.id}-${who.id}` }) });

  it("a comment hidden by reports goes for everyone but its author; a block hides each one's comments from the other", async () => {
    const [author, rude, kind, r1, r2] = await Promise.all([api.person(), api.person(), api.person(), api.person(), api.person()]);
    for (const u of [rude, kind, r1]) await api.follow(u, author);
    const post = await api.post<Post>(author, { text: 'Who sells good ofada rice?', category: 'food' });
    await api.ok(kind, 'POST', `/posts/${post._id}/comment`, { text: 'Try Mama Put on Allen' });
    const c = await api.ok<{ _id: string }>(rude, 'POST', `/posts/${post._id}/comment`, { text: 'Buy a fake one' });
    // Every reader's page keeps the post's shared part; the next changes must still show.
    for (const u of [author, rude, kind])
      expect((await latest(u, post._id))?.comments).toEqual(['Buy a fake one', 'Try Mama Put on Allen']);

    for (const u of [r1, r2]) await api.ok(u, 'POST', `/comments/${c._id}/report`, { reason: 'scam' });
    for (const u of [author, kind, r1]) expect((await latest(u, post._id))?.comments, 'hidden').toEqual(['Try Mama Put on Allen']);
    expect((await latest(rude, post._id))?.comments, 'its author still sees it').toEqual(['Buy a fake one', 'Try Mama Put on Allen']);

    expect((await block(kind, author)).statusCode).toBe(200);
    expect(await latest(kind, post._id), 'the blocker no longer sees the blocked author').toBeUndefined();
    expect((await latest(author, post._id))?.comments, "nor the author the blocker's comment").toEqual([]);
  });

  it('finds the latest comments a reader may see beyond the ten kept for everyone', async () => {
    const [author, chatty, reader] = await Promise.all([api.person(), api.person(), api.person()]);
    await api.follow(reader, author);
    const post = await api.post<Post>(author, { text: 'Market day tomorrow', category: 'food' });
    await api.ok(author, 'POST', `/posts/${post._id}/comment`, { text: 'first' });
    await api.ok(reader, 'POST', `/posts/${post._id}/comment`, { text: 'second' });
    for (let i = 1; i <= 11; i += 1) await api.ok(chatty, 'POST', `/posts/${post._id}/comment`, { text: `chatty ${i}` });
    expect((await latest(reader, post._id))?.comments).toEqual(['chatty 11', 'chatty 10', 'chatty 9']);
    expect((await block(reader, chatty)).statusCode).toBe(200);
    expect((await latest(reader, post._id))?.comments).toEqual(['second', 'first']);
  });

  it("shows the latest three likers, and a change made by another server process to the post's row", async () => {
    const [author, a, b, c, d] = await Promise.all([api.person(), api.person(), api.person(), api.person(), api.person()]);
    await api.follow(a, author);
    const post = await api.post<Post>(author, { text: 'Suya night', category: 'food' });
    for (const u of [a, b, c, d]) await api.ok(u, 'PATCH', `/posts/${post._id}/like`);
    expect((await latest(a, post._id))?.likers).toEqual([d.id, c.id, b.id]);
    // Another process's change reaches this one through the row's version alone.
    await t.db.execute(sql`UPDATE posts SET text = 'Suya night, 7pm' WHERE id = ${post._id}`);
    const p = (await api.page<Post>(a, '/posts/feeds')).data.find((x) => x._id === post._id);
    expect(p?.text).toBe('Suya night, 7pm');
  });
});
