import { beforeAll, describe, expect, it } from 'vitest';
import type { Community, Post } from '@owo/contracts';
import type { TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

const { api } = connectApp();

const create = (u: TestUser, body: Record<string, unknown> = {}) =>
  api.ok<Community>(u, 'POST', '/communities', { name: `Circle ${Math.random().toString(36).slice(2, 8)}`, category: 'business', ...body });
type Membership = { isMember: boolean; joinRequested: boolean; role: string | null; membersCount: number };
type Invite = { _id: string; community: { _id: string }; invitee: { _id: string } };
type Offer = { _id: string; status: string; to: { _id: string } };

describe('creating and finding communities', () => {
  it('creates with a cover, refuses bad input with nothing written, and needs a token', async () => {
    const owner = await api.person();
    const cover = await api.upload(owner);
    const c = await create(owner, { name: 'Lagos Foodies', description: 'Where to eat in Lagos', category: 'food', coverUrl: cover.url });
    expect(c).toMatchObject({
      name: 'Lagos Foodies',
      role: 'owner',
      isMember: true,
      membersCount: 1,
      visibility: 'public',
      coverUrl: cover.url,
    });
    expect(c.owner._id).toBe(owner.id);

    const other = await api.person();
    const foreign = await api.call(other, 'POST', '/communities', { name: 'Not mine', category: 'food', coverUrl: cover.url });
    expect(foreign.statusCode).toBe(400);
    expect((await api.call(owner, 'POST', '/communities', { name: 'ab', category: 'food' })).json()).toMatchObject({
      message: expect.stringMatching(/at least 3 characters/),
    });
    expect((await api.call(owner, 'POST', '/communities', { name: 'Good name', category: 'nope' })).statusCode).toBe(400);
    expect((await api.call(null, 'POST', '/communities', { name: 'Good name', category: 'food' })).statusCode).toBe(401);
    const mine = await api.page<Community>(owner, '/communities/my-communities');
    expect(mine.data.map((x) => x.name)).toEqual(['Lagos Foodies']);
    expect((await api.page<Community>(other, '/communities/my-communities')).data).toEqual([]);

    const edited = await api.ok<Community>(owner, 'PATCH', `/communities/${c._id}`, { needsApproval: true, description: 'Eat well' });
    expect(edited).toMatchObject({ needsApproval: true, description: 'Eat well' });
    expect((await api.call(owner, 'PATCH', `/communities/${c._id}`, {})).statusCode).toBe(400);
    expect((await api.call(owner, 'GET', '/communities/not-an-id')).statusCode).toBe(400);
    expect((await api.call(owner, 'GET', '/communities/0198a7b2-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('discovers a page at a time from page 1, by category, and by a search that forgives typos', async () => {
    const owner = await api.person();
    const tag = Math.random().toString(36).slice(2, 7);
    await create(owner, { name: `Abuja Runners ${tag}`, category: 'health', description: 'Saturday morning runs' });
    await create(owner, { name: `Kano Traders ${tag}`, category: 'business', description: 'Wholesale prices and suppliers' });
    await create(owner, { name: `Tech Hub ${tag}`, category: 'tech', description: 'Developers and designers in Yaba' });
    const first = await api.page<Community>(owner, '/communities?page=1&limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, prev: null, next: { page: 2 } });
    const second = await api.page<Community>(owner, '/communities?page=2&limit=2');
    expect(second.pagination.prev).toEqual({ page: 1 });
    expect(new Set([...first.data, ...second.data].map((c) => c._id)).size).toBe(first.data.length + second.data.length);
    expect((await api.call(owner, 'GET', '/communities?page=0')).statusCode).toBe(400);

    const typo = await api.page<Community>(owner, `/communities?search=${encodeURIComponent('abuja runers')}`);
    expect(typo.data.map((c) => c.name)).toContain(`Abuja Runners ${tag}`);
    const byDescription = await api.page<Community>(owner, '/communities?search=wholesale');
    expect(byDescription.data.map((c) => c.name)).toContain(`Kano Traders ${tag}`);
    const inTech = await api.page<Community>(owner, '/communities/tech/get-community-by-category');
    expect(inTech.data.every((c) => c.category._id === 'tech')).toBe(true);
    expect(inTech.data.map((c) => c.name)).toContain(`Tech Hub ${tag}`);
    expect((await api.call(owner, 'GET', '/communities/unknown/get-community-by-category')).statusCode).toBe(404);
    const cats = await api.ok<{ _id: string }[]>(owner, 'GET', '/community-category');
    expect(cats.map((c) => c._id)).toContain('health');
  });

  it('writes a description from the name and category, the same each time', async () => {
    const u = await api.person();
    const q = '/communities/generate-description?community_name=Ibadan%20Bakers&community_category=food';
    const a = await api.ok<{ description: string }>(u, 'GET', q);
    expect(a.description).toMatch(/Ibadan Bakers/);
    expect(a.description).toMatch(/recipes/);
    expect(await api.ok(u, 'GET', q)).toEqual(a);
    expect((await api.call(u, 'GET', '/communities/generate-description?community_name=Ibadan&community_category=nope')).statusCode).toBe(
      400,
    );
    expect((await api.call(u, 'GET', '/communities/generate-description?community_category=food')).statusCode).toBe(400);
  });
});

describe('membership', () => {
  it('joins a public community at once, as a member', async () => {
    const [owner, u] = [await api.person(), await api.person()];
    const c = await create(owner);
    expect(await api.ok<Membership>(u, 'PUT', `/communities/${c._id}/join-community`)).toMatchObject({
      isMember: true,
      membersCount: 2,
      role: 'member',
    });
  });

  it('leaves it with the same call again (isMember flips back)', async () => {
    const [owner, u] = [await api.person(), await api.person()];
    const c = await create(owner);
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    expect(await api.ok<Membership>(u, 'PUT', `/communities/${c._id}/join-community`)).toMatchObject({
      isMember: false,
      membersCount: 1,
      role: null,
    });
  });

  it('does not let the owner leave before transferring ownership', async () => {
    const owner = await api.person();
    const c = await create(owner);
    const res = await api.call(owner, 'PUT', `/communities/${c._id}/join-community`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Transfer ownership to another member before you leave' });
  });

  it('asks to join a private community: listed, undone, asked again, rejected, then accepted', async () => {
    const [owner, u] = [await api.person(), await api.person()];
    const c = await create(owner, { visibility: 'private' });
    expect(await api.ok<Membership>(u, 'PUT', `/communities/${c._id}/join-community`)).toMatchObject({
      isMember: false,
      joinRequested: true,
    });
    expect((await api.page<{ community: { _id: string } }>(u, '/communities/get-sent-requests')).data.map((r) => r.community._id)).toEqual([
      c._id,
    ]);
    expect((await api.page<{ user: { _id: string } }>(owner, `/communities/${c._id}/join-requests`)).data.map((r) => r.user._id)).toEqual([
      u.id,
    ]);
    expect(await api.ok<Membership>(u, 'PUT', `/communities/${c._id}/undo-join-request`)).toMatchObject({ joinRequested: false });
    expect((await api.call(u, 'PUT', `/communities/${c._id}/undo-join-request`)).statusCode).toBe(404);
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    expect(await api.ok(owner, 'PUT', `/communities/${c._id}/reject-join-request`, { userId: u.id })).toMatchObject({ role: null });
    expect((await api.call(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id })).statusCode).toBe(404);
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    expect(await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id })).toMatchObject({ role: 'member' });
    expect(await api.ok<Community>(u, 'GET', `/communities/${c._id}`)).toMatchObject({
      isMember: true,
      membersCount: 2,
      joinRequested: false,
    });
    expect((await api.call(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: 'x' })).statusCode).toBe(400);
  });

  it('tells the owner and admins, and no one else, how many join and post requests wait', async () => {
    const [owner, member, asker] = [await api.person(), await api.person(), await api.person()];
    const c = await create(owner, { visibility: 'private', needsApproval: true });
    await api.ok(member, 'PUT', `/communities/${c._id}/join-community`);
    await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: member.id });
    await api.ok(asker, 'PUT', `/communities/${c._id}/join-community`);
    await api.post<Post>(member, { text: 'Meetup on Saturday at Freedom Park', communityId: c._id });
    expect((await api.ok<Community>(owner, 'GET', `/communities/${c._id}`)).requests).toEqual({ join: 1, posts: 1 });
    expect((await api.ok<Community>(member, 'GET', `/communities/${c._id}`)).requests).toBeNull();
    expect((await api.ok<Community>(asker, 'GET', `/communities/${c._id}`)).requests).toBeNull();
    await api.ok(owner, 'PUT', `/communities/${c._id}/reject-join-request`, { userId: asker.id });
    expect((await api.ok<Community>(owner, 'GET', `/communities/${c._id}`)).requests).toEqual({ join: 0, posts: 1 });
  });

  /** A public community whose owner blocked a member: the answer to the block. */
  async function blockedMember() {
    const [owner, u] = [await api.person(), await api.person()];
    const c = await create(owner);
    await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    const blocked = await api.ok(owner, 'PUT', `/communities/${c._id}/block-user`, { userId: u.id });
    return { owner, u, c, blocked };
  }

  it('blocking a member puts them out of the community', async () => {
    const { owner, c, blocked } = await blockedMember();
    expect(blocked).toMatchObject({ role: 'blocked' });
    expect(await api.ok<Community>(owner, 'GET', `/communities/${c._id}`)).toMatchObject({ membersCount: 1 });
  });

  it('a blocked person cannot join again', async () => {
    const { u, c } = await blockedMember();
    expect((await api.call(u, 'PUT', `/communities/${c._id}/join-community`)).statusCode).toBe(403);
  });

  it('lists the blocked people for the staff', async () => {
    const { owner, u, c } = await blockedMember();
    expect((await api.page<{ _id: string; role: string }>(owner, `/communities/${c._id}/get-blocked-users`)).data).toMatchObject([
      { _id: u.id, role: 'blocked' },
    ]);
  });

  it('an unblocked person may join again', async () => {
    const { owner, u, c } = await blockedMember();
    await api.ok(owner, 'PUT', `/communities/${c._id}/unblock-user`, { userId: u.id });
    expect(await api.ok<Membership>(u, 'PUT', `/communities/${c._id}/join-community`)).toMatchObject({ isMember: true });
    const members = await api.page<{ _id: string; role: string }>(u, `/communities/${c._id}/get-active-members`);
    expect(members.data.map((m) => m.role).sort()).toEqual(['member', 'owner']);
  });

  describe('invites to a private community', () => {
    // The owner follows the friend and is followed by the fan; nobody follows the stranger.
    let owner: TestUser, fan: TestUser, friend: TestUser, stranger: TestUser;
    let c: Community;
    beforeAll(async () => {
      [owner, fan, friend, stranger] = [await api.person(), await api.person(), await api.person(), await api.person()];
      await api.follow(fan, owner);
      await api.follow(owner, friend);
      c = await create(owner, { visibility: 'private' });
    });
    /** The owner invites these people: the invites sent. */
    const invite = (...people: TestUser[]) =>
      api.ok<Invite[]>(owner, 'POST', '/community-invites', { communityId: c._id, userIds: people.map((p) => p.id) });

    it('offers only the people one follows or who follow one', async () => {
      const invitees = await api.page<{ _id: string }>(owner, `/community-invites/get-invitee-list/${c._id}`);
      expect(invitees.data.map((p) => p._id).sort()).toEqual([fan.id, friend.id].sort());
    });

    it('refuses to invite anyone else', async () => {
      const refused = await api.call(owner, 'POST', '/community-invites', { communityId: c._id, userIds: [stranger.id] });
      expect(refused.statusCode).toBe(400);
    });

    it('refuses an invite to nobody', async () => {
      expect((await api.call(owner, 'POST', '/community-invites', { communityId: c._id, userIds: [] })).statusCode).toBe(400);
    });

    it('sends an invite to each, listed for the community and no longer offered', async () => {
      expect(await invite(fan, friend)).toHaveLength(2);
      expect((await api.page(owner, `/community-invites/get-invitee-list/${c._id}`)).data).toEqual([]);
      expect((await api.page(owner, `/communities/${c._id}/invites`)).data).toHaveLength(2);
    });

    it('lists the invite for the invitee', async () => {
      const fanInvite = (await api.page<Invite>(fan, '/community-invites')).data[0]!;
      expect(fanInvite.community._id).toBe(c._id);
    });

    it('lets only the invitee accept it', async () => {
      const fanInvite = (await api.page<Invite>(fan, '/community-invites')).data[0]!;
      expect((await api.call(stranger, 'PUT', `/community-invites/${fanInvite._id}/accept-invite`)).statusCode).toBe(404);
    });

    it('accepting it joins the private community', async () => {
      const fanInvite = (await api.page<Invite>(fan, '/community-invites')).data[0]!;
      expect(await api.ok(fan, 'PUT', `/community-invites/${fanInvite._id}/accept-invite`)).toMatchObject({ isMember: true });
      expect(await api.ok<Community>(fan, 'GET', `/communities/${c._id}`)).toMatchObject({ role: 'member', inviteId: null });
    });

    it('lets only the inviting side undo it', async () => {
      const friendInvite = (await api.page<Invite>(friend, '/community-invites')).data[0]!;
      expect((await api.call(fan, 'DELETE', `/community-invites/${friendInvite._id}/undo-invite`)).statusCode).toBe(404);
    });

    it('undoing it takes it from the invitee', async () => {
      const friendInvite = (await api.page<Invite>(friend, '/community-invites')).data[0]!;
      await api.ok(owner, 'DELETE', `/community-invites/${friendInvite._id}/undo-invite`);
      expect((await api.page(friend, '/community-invites')).data).toEqual([]);
    });

    it('declining it leaves the invitee outside', async () => {
      const [again] = await invite(friend);
      expect(await api.ok(friend, 'PUT', `/community-invites/${again!._id}/decline-invite`)).toMatchObject({ isMember: false });
    });
  });

  it('transfers ownership as an offer: declined, offered again, accepted (the old owner becomes an admin and may leave)', async () => {
    const [owner, m] = [await api.person(), await api.person()];
    const c = await create(owner);
    expect((await api.call(owner, 'PUT', `/communities/${c._id}/transfer-ownership`, { userId: m.id })).statusCode).toBe(404);
    await api.ok(m, 'PUT', `/communities/${c._id}/join-community`);
    const offer = await api.ok<Offer>(owner, 'PUT', `/communities/${c._id}/transfer-ownership`, { userId: m.id });
    expect(offer).toMatchObject({ status: 'pending', to: { _id: m.id } });
    expect((await api.page<Offer>(owner, '/communities/sent-ownership-requests')).data.map((o) => o._id)).toEqual([offer._id]);
    expect((await api.page<Offer>(m, '/communities/received-ownership-requests')).data.map((o) => o._id)).toEqual([offer._id]);
    expect(await api.ok<Community>(m, 'GET', `/communities/${c._id}`)).toMatchObject({ ownershipOffered: true });
    expect((await api.call(owner, 'PUT', `/communities/${c._id}/accept-transfer-request`)).statusCode).toBe(404);
    expect(await api.ok<Offer>(m, 'PUT', `/communities/${c._id}/decline-transfer-request`)).toMatchObject({ status: 'declined' });
    expect((await api.page(m, '/communities/received-ownership-requests')).data).toEqual([]);
    await api.ok(owner, 'PUT', `/communities/${c._id}/transfer-ownership`, { userId: m.id });
    expect(await api.ok<Offer>(m, 'PUT', `/communities/${c._id}/accept-transfer-request`)).toMatchObject({ status: 'accepted' });
    expect(await api.ok<Community>(m, 'GET', `/communities/${c._id}`)).toMatchObject({ role: 'owner', owner: { _id: m.id } });
    expect(await api.ok<Community>(owner, 'GET', `/communities/${c._id}`)).toMatchObject({ role: 'admin' });
    expect((await api.call(owner, 'PUT', `/communities/${c._id}/transfer-ownership`, { userId: m.id })).statusCode).toBe(403);
    expect(await api.ok<Membership>(owner, 'PUT', `/communities/${c._id}/join-community`)).toMatchObject({ isMember: false });
  });
});

describe('posts in communities', () => {
  describe('in a private community that needs approval', () => {
    // A member posts; the other member reads; the owner answers the requests.
    let owner: TestUser, m: TestUser, other: TestUser;
    let c: Community;
    let waiting: Post;
    beforeAll(async () => {
      [owner, m, other] = [await api.person(), await api.person(), await api.person()];
      c = await create(owner, { visibility: 'private', needsApproval: true });
      for (const u of [m, other]) {
        await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
        await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: u.id });
      }
      waiting = await api.post<Post>(m, { text: 'Our meetup is on Saturday', communityId: c._id });
    });

    it('holds a member’s post for approval, out of the feed and in the staff’s requests', async () => {
      expect(waiting.status).toBe('pending');
      expect((await api.page<Post>(other, `/communities/${c._id}/posts`)).data).toEqual([]);
      expect((await api.page<Post>(owner, `/communities/${c._id}/post-requests`)).data.map((p) => p._id)).toEqual([waiting._id]);
    });

    it('publishes an accepted post to the community’s feed and the members’ home feeds', async () => {
      expect(await api.ok<Post>(owner, 'PUT', `/communities/${c._id}/accept-post-request`, { postId: waiting._id })).toMatchObject({
        status: 'published',
      });
      expect((await api.page<Post>(other, `/communities/${c._id}/posts`)).data.map((p) => p._id)).toEqual([waiting._id]);
      expect((await api.page<Post>(other, '/posts/feeds')).data.map((p) => p._id)).toContain(waiting._id);
    });

    it('accepts a post only once', async () => {
      expect((await api.call(owner, 'PUT', `/communities/${c._id}/accept-post-request`, { postId: waiting._id })).statusCode).toBe(404);
    });

    it('a declined post leaves the requests and is gone, for its author too', async () => {
      const declined = await api.post<Post>(m, { text: 'Buy my course', communityId: c._id });
      await api.ok(owner, 'PUT', `/communities/${c._id}/decline-post-request`, { postId: declined._id });
      expect((await api.page(owner, `/communities/${c._id}/post-requests`)).data).toEqual([]);
      expect((await api.call(m, 'GET', `/posts/${declined._id}`)).statusCode).toBe(404);
    });

    it('shows outsiders none of its posts, by list or by id', async () => {
      const outsider = await api.person();
      await api.follow(outsider, m);
      expect((await api.call(outsider, 'GET', `/communities/${c._id}/posts`)).statusCode).toBe(403);
      expect((await api.call(outsider, 'GET', `/posts/${waiting._id}`)).statusCode).toBe(404);
      expect((await api.page<Post>(outsider, '/posts/feeds')).data.map((p) => p._id)).not.toContain(waiting._id);
      expect((await api.page<Post>(outsider, `/posts/${m.id}/posts-with-text`)).data.map((p) => p._id)).not.toContain(waiting._id);
    });
  });

  it('holds posts by the spam rules: a new member’s link, the same text a third time, a sixth post in minutes', async () => {
    const [owner, m] = [await api.person(), await api.person()];
    const c = await create(owner);
    await api.ok(m, 'PUT', `/communities/${c._id}/join-community`);
    const link = await api.post<Post>(m, { text: 'Cheap phones www.example.ng', communityId: c._id });
    expect(link.status).toBe('held');
    const same = [];
    for (let i = 0; i < 3; i++) same.push(await api.post<Post>(m, { text: 'Who is coming tonight?', communityId: c._id }));
    expect(same.map((p) => p.status)).toEqual(['published', 'published', 'held']);
    const burst = [];
    for (let i = 0; i < 3; i++) burst.push(await api.post<Post>(m, { text: `Update number ${i}`, communityId: c._id }));
    // Four posts so far: the fifth goes out; with five in the last ten minutes (held ones count), the next are held.
    expect(burst.map((p) => p.status)).toEqual(['published', 'held', 'held']);
    const ownerPost = await api.post<Post>(owner, { text: 'Rules: www.example.ng/rules', communityId: c._id });
    expect(ownerPost.status).toBe('published');
    const spam = await api.page<Post & { spamReason: string }>(owner, `/communities/${c._id}/spam-posts`);
    expect(spam.data.map((p) => p.spamReason).sort()).toEqual(
      [
        'A link from a member who joined less than a day ago',
        'Many posts in a few minutes',
        'Many posts in a few minutes',
        'The same text posted several times',
      ].sort(),
    );
    await api.ok(owner, 'PUT', `/communities/${c._id}/accept-post-request`, { postId: link._id });
    expect((await api.page<Post>(m, `/communities/${c._id}/posts`)).data.map((p) => p._id)).toContain(link._id);
  });

  it('lists reported posts with their reasons, pages the feed from 1, and draws insights', async () => {
    const [owner, m, reporter] = [await api.person(), await api.person(), await api.person()];
    const c = await create(owner);
    for (const u of [m, reporter]) await api.ok(u, 'PUT', `/communities/${c._id}/join-community`);
    const posts: Post[] = [];
    for (let i = 0; i < 3; i++) posts.push(await api.post<Post>(owner, { text: `Notice ${i}`, communityId: c._id }));
    await api.ok(reporter, 'POST', `/posts/${posts[0]!._id}/report`, { reason: 'spam' });
    const reported = await api.page<Post & { reportCount: number; reportReasons: string[] }>(owner, `/communities/${c._id}/reported-posts`);
    expect(reported.data).toMatchObject([{ _id: posts[0]!._id, reportCount: 1, reportReasons: ['Spam'] }]);

    const p1 = await api.page<Post>(m, `/communities/${c._id}/posts?page=1&limit=2`);
    expect(p1.data.map((p) => p.text)).toEqual(['Notice 2', 'Notice 1']);
    expect(p1.pagination).toMatchObject({ page: 1, prev: null, next: { page: 2 } });
    await api.post(owner, { text: 'Notice 3', communityId: c._id });
    const p2 = await api.page<Post>(m, `/communities/${c._id}/posts?page=2&limit=2&cursor=${p1.pagination.next!.cursor}`);
    expect(p2.data.map((p) => p.text)).toEqual(['Notice 0']);
    expect(p2.pagination.prev).toEqual({ page: 1 });

    await api.ok(m, 'PATCH', `/posts/${posts[1]!._id}/like`);
    await api.ok(m, 'POST', `/posts/${posts[1]!._id}/comment`, { text: 'Noted' });
    type Period = {
      joined: number;
      posts: number;
      comments: number;
      activeMembers: number;
      days: { members: number; posts: number }[];
      topPosts: { _id: string }[];
    };
    const ins = await api.ok<{ membersCount: number; last7Days: Period; last30Days: Period }>(
      owner,
      'GET',
      `/communities/${c._id}/get-insights`,
    );
    expect(ins.membersCount).toBe(3);
    expect(ins.last7Days).toMatchObject({ joined: 3, posts: 4, comments: 1, activeMembers: 2 });
    expect(ins.last7Days.days).toHaveLength(7);
    expect(ins.last30Days.days).toHaveLength(30);
    expect(ins.last7Days.days.at(-1)).toMatchObject({ members: 3, posts: 4 });
    expect(ins.last7Days.topPosts[0]!._id).toBe(posts[1]!._id);
  });
});
