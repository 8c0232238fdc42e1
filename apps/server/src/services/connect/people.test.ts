import { beforeAll, describe, expect, it } from 'vitest';
import { json, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

const { api } = connectApp();

type Profile = {
  postsCount: number;
  followersCount: number;
  followingsCount: number;
  isFollowing: boolean;
  followsYou: boolean;
  bio: string | null;
};
const profile = (viewer: TestUser, of: TestUser) => api.ok<Profile>(viewer, 'GET', `/connect/profile/${of.id}`);

describe('follows and profiles', () => {
  /** Two new people, the first following the second. */
  async function aFollowsB() {
    const [a, b] = await Promise.all([api.person(), api.person()]);
    await api.follow(a, b);
    return { a, b };
  }

  it('following twice counts one follow', async () => {
    const [a, b] = await Promise.all([api.person(), api.person()]);
    expect(await api.ok(a, 'PUT', `/connect/${b.id}/follow`)).toMatchObject({ isFollowing: true, followersCount: 1 });
    expect(await api.ok(a, 'PUT', `/connect/${b.id}/follow`)).toMatchObject({ isFollowing: true, followersCount: 1 });
  });

  it('shows a follow on both profiles: counts, isFollowing and followsYou', async () => {
    const { a, b } = await aFollowsB();
    expect(await profile(a, b)).toMatchObject({ followersCount: 1, isFollowing: true, followsYou: false });
    expect(await profile(b, a)).toMatchObject({ followingsCount: 1, isFollowing: false, followsYou: true });
  });

  it('refuses to follow oneself, saying so', async () => {
    const a = await api.person();
    const self = await api.call(a, 'PUT', `/connect/${a.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(json(self).message).toBe("You can't follow yourself");
  });

  it.each([
    ['someone who is not there', 404, true, () => crypto.randomUUID()],
    ['without signing in', 401, false, (b: TestUser) => b.id],
  ] as const)('refuses a follow of %s (%i)', async (_case, status, signedIn, target) => {
    const [a, b] = await Promise.all([api.person(), api.person()]);
    expect((await api.call(signedIn ? a : null, 'PUT', `/connect/${target(b)}/follow`)).statusCode).toBe(status);
  });

  it('unfollowing undoes a follow, and twice is harmless', async () => {
    const { a, b } = await aFollowsB();
    expect(await api.ok(a, 'PUT', `/connect/${b.id}/unfollow`)).toMatchObject({ isFollowing: false, followersCount: 0 });
    expect(await api.ok(a, 'PUT', `/connect/${b.id}/unfollow`)).toMatchObject({ followersCount: 0 });
    expect(await profile(b, a)).toMatchObject({ followingsCount: 0 });
  });

  it('lists followers and followings a page at a time, each with whether the caller follows them', async () => {
    const star = await api.person();
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await api.person());
    for (const f of fans) await api.follow(f, star);
    const viewer = await api.person();
    await api.follow(viewer, fans[4]!);
    const first = await api.page<{ _id: string; isFollowing: boolean }>(viewer, `/connect/${star.id}/followers?limit=2`);
    expect(first.data.map((p) => p._id)).toEqual([fans[4]!.id, fans[3]!.id]);
    expect(first.data[0]!.isFollowing).toBe(true);
    expect(first.data[1]!.isFollowing).toBe(false);
    expect(first.pagination).toMatchObject({ total: 5, next: { page: 2 } });
    const last = await api.page<{ _id: string }>(viewer, `/connect/${star.id}/followers?limit=2&page=3`);
    expect(last.data.map((p) => p._id)).toEqual([fans[0]!.id]);
    const followings = await api.page<{ _id: string }>(viewer, `/connect/${fans[0]!.id}/followings`);
    expect(followings.data.map((p) => p._id)).toEqual([star.id]);
    expect((await api.call(viewer, 'GET', `/connect/${star.id}/followers?limit=500`)).statusCode).toBe(400);
  });

  it('edits the bio, with a clear limit', async () => {
    const a = await api.person();
    expect(await api.ok(a, 'PUT', '/connect/edit-bio', { bio: 'Chef in Yaba 🍲' })).toMatchObject({ bio: 'Chef in Yaba 🍲' });
    const long = await api.call(a, 'PUT', '/connect/edit-bio', { bio: 'x'.repeat(161) });
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe('Your bio can be at most 160 characters');
    expect((await profile(a, a)).bio).toBe('Chef in Yaba 🍲');
  });

  describe('suggested accounts', () => {
    // Me follows f1, f2 and already; f1 and f2 both follow x, f1 follows y, me and already; three fans follow popular.
    const who = {} as Record<'me' | 'f1' | 'f2' | 'x' | 'y' | 'popular' | 'already', TestUser>;
    let list: { _id: string; mutualCount: number; reason: string }[];
    beforeAll(async () => {
      const [me, f1, f2, x, y, popular, already] = await Promise.all(Array.from({ length: 7 }, () => api.person()));
      Object.assign(who, { me, f1, f2, x, y, popular, already });
      for (const [a, b] of [
        [me!, f1!],
        [me!, f2!],
        [me!, already!],
        [f1!, x!],
        [f2!, x!],
        [f1!, y!],
        [f1!, me!],
        [f1!, already!],
      ] as const)
        await api.follow(a, b);
      const fans = await Promise.all(Array.from({ length: 3 }, () => api.person()));
      for (const f of fans) await api.follow(f, popular!);
      list = await api.ok(me!, 'GET', '/connect/suggested-accounts?limit=10');
    });

    it('suggests first the people followed by people one follows, the most followed first', () => {
      expect(list.slice(0, 2)).toEqual([
        expect.objectContaining({ _id: who.x.id, mutualCount: 2, reason: 'followed_by_people_you_follow' }),
        expect.objectContaining({ _id: who.y.id, mutualCount: 1 }),
      ]);
    });

    it('then popular people', () => {
      expect(list.find((p) => p._id === who.popular.id)).toMatchObject({ reason: 'popular' });
    });

    it.each([
      ['oneself', 'me'],
      ['someone one follows', 'already'],
      ['someone one follows who follows one', 'f1'],
    ] as const)('never suggests %s', (_case, person) => {
      expect(list.map((p) => p._id)).not.toContain(who[person].id);
    });
  });

  it('keeps close friends (never oneself) and lists them', async () => {
    const [a, b] = await Promise.all([api.person(), api.person()]);
    expect(await api.ok(a, 'PUT', `/connect/${b.id}/add-close-friend`)).toMatchObject({ isCloseFriend: true });
    expect((await api.page<{ _id: string }>(a, '/connect/close-friends')).data.map((p) => p._id)).toEqual([b.id]);
    expect((await profile(a, b)) as unknown).toMatchObject({ isCloseFriend: true });
    expect((await api.call(a, 'PUT', `/connect/${a.id}/add-close-friend`)).statusCode).toBe(400);
    await api.ok(a, 'PUT', `/connect/${b.id}/remove-close-friend`);
    expect((await api.page(a, '/connect/close-friends')).data).toEqual([]);
  });

  it('suggests the hashtags used most in the last 7 days', async () => {
    const a = await api.person();
    await api.post(a, { text: '#Naija #jollof' });
    await api.post(a, { text: 'More #naija' });
    await api.post(a, { text: 'draft #secret', draft: true });
    const tags = await api.ok<{ tag: string; count: number }[]>(a, 'GET', '/connect/get-suggested-tags');
    expect(tags[0]).toEqual({ tag: 'naija', count: 2 });
    expect(tags.map((x) => x.tag)).toContain('jollof');
    expect(tags.map((x) => x.tag)).not.toContain('secret');
  });
});
