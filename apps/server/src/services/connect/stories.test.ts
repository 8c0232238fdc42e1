import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@owo/contracts';
import { json, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';
import { cleanUpStoryMedia } from './stories.service.js';
import { stories } from './tables.js';

const { t, api } = connectApp();
let bisi: TestUser; // posts stories
let ada: TestUser; // follows bisi, a close friend
let chidi: TestUser; // follows bisi, not a close friend
let stranger: TestUser; // follows nobody
beforeAll(async () => {
  [bisi, ada, chidi, stranger] = await Promise.all([api.person(), api.person(), api.person(), api.person()]);
  await api.follow(ada, bisi);
  await api.follow(chidi, bisi);
  await api.ok(bisi, 'PUT', `/connect/${ada.id}/add-close-friend`);
});

type Group = { author: { _id: string }; isMine: boolean; hasUnseen: boolean; stories: Story[] };
const groups = async (u: TestUser) => (await api.page<Group>(u, '/stories/allStories')).data;
const storyIds = async (u: TestUser) => (await groups(u)).flatMap((g) => g.stories.map((s) => s._id));
const expire = (id: string) =>
  t.db
    .update(stories)
    .set({ expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 25 * 3_600_000) })
    .where(eq(stories.id, id));

describe('stories', () => {
  describe('by audience', () => {
    // Bisi posts a photo story for everyone and a text story for close friends (Ada, not Chidi).
    let everyone: Story;
    let close: Story;
    beforeAll(async () => {
      const photo = await api.upload(bisi);
      everyone = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'image', mediaUrl: photo.url });
      close = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'text', text: 'Only for my people', audience: 'close_friends' });
    });
    const people = () => ({ ada, chidi, stranger });
    const story = { everyone: () => everyone, close: () => close };

    it('a text story gets the default background', () => {
      expect(close).toMatchObject({ kind: 'text', background: '#0b6e4f', audience: 'close_friends', viewCount: 0, expired: false });
    });

    it('lists both stories for a close friend', async () => {
      expect(await storyIds(ada)).toEqual(expect.arrayContaining([everyone._id, close._id]));
    });

    it('lists only the everyone story for another follower', async () => {
      expect(await storyIds(chidi)).toContain(everyone._id);
      expect(await storyIds(chidi)).not.toContain(close._id);
    });

    it('lists no stories for someone who follows nobody', async () => {
      expect(await storyIds(stranger)).toEqual([]);
    });

    it.each([
      ['chidi', 'reads', 'close', 404],
      ['chidi', 'views', 'close', 404],
      ['stranger', 'reads', 'everyone', 404],
      ['ada', 'reads', 'close', 200],
      ['chidi', 'reads', 'everyone', 200],
    ] as const)('%s %s the %s story by id: %i', async (who, verb, which, status) => {
      const method = verb === 'reads' ? 'GET' : 'PATCH';
      expect((await api.call(people()[who], method, `/stories/${story[which]()._id}`)).statusCode).toBe(status);
    });

    it('hides the close-friends story from someone taken off the close friends', async () => {
      await api.ok(bisi, 'PUT', `/connect/${ada.id}/remove-close-friend`);
      expect((await api.call(ada, 'GET', `/stories/${close._id}`)).statusCode).toBe(404);
      await api.ok(bisi, 'PUT', `/connect/${ada.id}/add-close-friend`);
    });
  });

  describe('the list and the views', () => {
    // Ada follows Bisi and Other, has seen all of Bisi's stories, not Other's, and has one of her own.
    let other: TestUser;
    let s: Story;
    beforeAll(async () => {
      other = await api.person();
      await api.follow(ada, other);
      s = await api.ok<Story>(other, 'POST', '/stories', { kind: 'text', text: 'hello', background: '#aa3300' });
      await api.ok(ada, 'POST', '/stories', { kind: 'text', text: 'mine' });
      for (const b of (await groups(ada)).find((g) => g.author._id === bisi.id)!.stories) await api.ok(ada, 'PATCH', `/stories/${b._id}`);
    });

    it('groups the caller’s own stories first, then authors with unseen ones, then the seen', async () => {
      const order = await groups(ada);
      expect(order[0]).toMatchObject({ isMine: true });
      expect(order[1]).toMatchObject({ author: { _id: other.id }, hasUnseen: true });
      expect(order[2]).toMatchObject({ author: { _id: bisi.id }, hasUnseen: false });
    });

    it('marks a story seen', async () => {
      const seen = await api.ok<Story>(ada, 'PATCH', `/stories/${s._id}`);
      expect(seen.seen).toBe(true);
    });

    it('lists a viewer once in the author’s insights', async () => {
      await api.ok(ada, 'PATCH', `/stories/${s._id}`);
      const insights = await api.call(other, 'GET', `/stories/${s._id}/get-insights`);
      expect(insights.statusCode).toBe(200);
      const body = json(insights).data as { viewCount: number; viewers: { user: { _id: string }; viewedAt: string }[] };
      expect(body.viewCount).toBe(1);
      expect(body.viewers.map((v) => v.user._id)).toEqual([ada.id]);
    });

    it.each([
      ['a viewer', () => ada, 403],
      ['someone who may not see the story', () => stranger, 404],
    ] as const)('shows the insights to the author only: %s gets %i', async (_case, who, status) => {
      expect((await api.call(who(), 'GET', `/stories/${s._id}/get-insights`)).statusCode).toBe(status);
    });
  });

  it('an expired story is gone for everyone but its author (who keeps its insights)', async () => {
    const s = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'text', text: 'brief' });
    await api.ok(chidi, 'PATCH', `/stories/${s._id}`);
    await expire(s._id);
    expect(await storyIds(chidi)).not.toContain(s._id);
    expect(await storyIds(bisi)).not.toContain(s._id);
    expect((await api.call(chidi, 'GET', `/stories/${s._id}`)).statusCode).toBe(404);
    expect((await api.call(chidi, 'PATCH', `/stories/${s._id}`)).statusCode).toBe(404);
    expect((await api.ok<Story>(bisi, 'GET', `/stories/${s._id}`)).expired).toBe(true);
    expect(json(await api.call(bisi, 'GET', `/stories/${s._id}/get-insights`)).data).toMatchObject({ viewCount: 1 });
    expect((await api.page<Story>(bisi, '/stories/mine')).data.map((x) => x._id)).toContain(s._id);
  });

  it('refuses bad stories: no file, someone else’s upload, a bad colour, no token', async () => {
    const theirs = await api.upload(ada);
    const cases: [object, number, string][] = [
      [{ kind: 'image' }, 400, 'A text story needs text; a photo or video story needs its file'],
      [{ kind: 'image', mediaUrl: theirs.url }, 400, 'Add a photo you uploaded'],
      [{ kind: 'text', text: 'hi', background: 'red' }, 400, 'background must be a colour like #0b6e4f'],
      [{ kind: 'text', text: 'hi', audience: 'family' }, 400, ''],
    ];
    for (const [body, status, message] of cases) {
      const res = await api.call(bisi, 'POST', '/stories', body);
      expect(res.statusCode).toBe(status);
      if (message) expect(json(res).message).toBe(message);
    }
    expect((await api.call(null, 'POST', '/stories', { kind: 'text', text: 'x' })).statusCode).toBe(401);
    expect((await api.call(null, 'GET', '/stories/allStories')).statusCode).toBe(401);
  });

  it('cleans up expired stories’ media, except what a highlight keeps, claiming its rows', async () => {
    const kept = await api.upload(bisi, '#112233');
    const gone = await api.upload(bisi, '#445566');
    const a = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'image', mediaUrl: kept.url });
    const b = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'image', mediaUrl: gone.url });
    await api.ok(bisi, 'POST', '/highlights', { title: 'Keep', storyIds: [a._id] });
    await expire(a._id);
    await expire(b._id);
    const file = (url: string) => path.join(t.dataDir, 'uploads', url.replace('/api/upload/files/', ''));
    const [first, second] = await Promise.all([cleanUpStoryMedia(t.db, t.providers.storage), cleanUpStoryMedia(t.db, t.providers.storage)]);
    expect(first! + second!).toBeGreaterThanOrEqual(1);
    expect(existsSync(file(gone.url))).toBe(false);
    expect(existsSync(file(kept.url))).toBe(true);
    expect(await cleanUpStoryMedia(t.db, t.providers.storage)).toBe(0);
  });
});

describe('highlights', () => {
  it('made from the owner’s stories (expired too), shown to others, liked once, edited and deleted by the owner only', async () => {
    const s1 = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'text', text: 'Lagos trip' });
    const s2 = await api.ok<Story>(bisi, 'POST', '/stories', { kind: 'text', text: 'Secret', audience: 'close_friends' });
    await expire(s1._id);
    const h = await api.ok<{ _id: string; stories: Story[]; title: string }>(bisi, 'POST', '/highlights', {
      title: 'Trips',
      storyIds: [s1._id, s2._id],
    });
    expect(h.stories.map((s) => s._id)).toEqual([s1._id, s2._id]);

    const seenBy = async (u: TestUser) =>
      (await api.page<{ _id: string; stories: Story[] }>(u, `/highlights?userId=${bisi.id}`)).data.find((x) => x._id === h._id);
    expect((await seenBy(stranger))!.stories.map((s) => s._id)).toEqual([s1._id]);
    expect((await seenBy(ada))!.stories.map((s) => s._id)).toEqual([s1._id, s2._id]);

    expect(await api.ok(chidi, 'PATCH', `/highlights/${h._id}/like`)).toMatchObject({ isLiked: true, likesCount: 1 });
    expect(await api.ok(chidi, 'PATCH', `/highlights/${h._id}/like`)).toMatchObject({ likesCount: 1 });
    expect(await seenBy(chidi)).toMatchObject({ isLiked: true, likes: { likesCount: 1 } });
    expect(await api.ok(chidi, 'PATCH', `/highlights/${h._id}/unlike`)).toMatchObject({ isLiked: false, likesCount: 0 });

    expect((await api.call(chidi, 'PATCH', `/highlights/${h._id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await api.call(chidi, 'DELETE', `/highlights/${h._id}`)).statusCode).toBe(403);
    const other = await api.ok<Story>(chidi, 'POST', '/stories', { kind: 'text', text: 'not bisi' });
    const stolen = await api.call(bisi, 'POST', '/highlights', { title: 'x', storyIds: [other._id] });
    expect(stolen.statusCode).toBe(400);
    expect(json(stolen).message).toBe('Choose stories of your own');

    expect(await api.ok(bisi, 'PATCH', `/highlights/${h._id}`, { title: 'Travels', storyIds: [s1._id] })).toMatchObject({
      title: 'Travels',
    });
    await api.ok(bisi, 'DELETE', `/highlights/${h._id}`);
    expect(await seenBy(bisi)).toBeUndefined();
    expect((await api.call(bisi, 'PATCH', `/highlights/${h._id}/like`)).statusCode).toBe(404);
  });
});
