import type { Community, ConnectSearchResult, Post } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, json } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';

const { t, api } = connectApp();
const search = (u: Parameters<typeof api.ok>[0], q: string) => api.ok<ConnectSearchResult>(u, 'GET', `/search?q=${encodeURIComponent(q)}`);
const stamp = Date.now().toString(36);

describe('search in Connect', () => {
  it('finds a person by nickname, and not oneself', async () => {
    const zikora = await api.person(`zikora${stamp}`);
    const me = await api.person(`zikorafan${stamp}`);
    const found = await search(me, `zikora${stamp}`);
    expect(found.people.map((p) => p._id)).toContain(zikora.id);
    expect(found.people.map((p) => p._id)).not.toContain(me.id);
  });

  it('does not find a person cut off by a block, either way', async () => {
    const [ifeoma, me] = [await api.person(`ifeoma${stamp}`), await api.person()];
    expect((await search(me, `ifeoma${stamp}`)).people.map((p) => p._id)).toEqual([ifeoma.id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/blocks/${me.id}`,
      headers: auth(ifeoma, { 'idempotency-key': `block-${me.id}` }),
    });
    expect(res.statusCode).toBe(200);
    expect((await search(me, `ifeoma${stamp}`)).people).toEqual([]);
  });

  it('finds hashtags beginning with the words, the most used first, and the posts with a #hashtag', async () => {
    const [a, b] = [await api.person(), await api.person()];
    await api.post(a, { text: `Night market #suya${stamp} #suya${stamp}night` });
    await api.post(b, { text: `Again tonight #suya${stamp}` });
    const found = await search(b, `#suya${stamp}`);
    expect(found.tags).toEqual([
      { tag: `suya${stamp}`, count: 2 },
      { tag: `suya${stamp}night`, count: 1 },
    ]);
    expect(found.posts.map((p) => p.text)).toEqual([`Again tonight #suya${stamp}`, `Night market #suya${stamp} #suya${stamp}night`]);
    expect(found.people).toEqual([]);
  });

  it('finds posts and communities by their words', async () => {
    const [owner, reader] = [await api.person(), await api.person()];
    const word = `amala${stamp}`;
    const post = await api.post<Post>(owner, { text: `The best ${word} in Ibadan is at Bodija` });
    const c = await api.ok<Community>(owner, 'POST', '/communities', { name: `${word} lovers`, category: 'food' });
    const found = await search(reader, word);
    expect(found.posts.map((p) => p._id)).toEqual([post._id]);
    expect(found.communities.map((x) => x._id)).toEqual([c._id]);
  });

  it('finds posts of any age by their words, from three characters', async () => {
    const [owner, reader] = [await api.person(), await api.person()];
    const word = `ofada${stamp}`;
    const post = await api.post<Post>(owner, { text: `Old but gold: ${word} rice and ayamase` });
    await t.db.execute(
      sql`UPDATE posts SET published_at = now() - interval '400 days', created_at = now() - interval '400 days' WHERE id = ${post._id}`,
    );
    expect((await search(reader, word)).posts.map((p) => p._id)).toEqual([post._id]);
    expect((await search(reader, 'ay')).posts).toEqual([]);
    expect((await search(reader, 'ayamase')).posts.map((p) => p._id)).toContain(post._id);
  });

  it('shows nobody a post they could not see in a feed (a private community’s)', async () => {
    const [owner, outsider] = [await api.person(), await api.person()];
    const word = `secretjollof${stamp}`;
    const c = await api.ok<Community>(owner, 'POST', '/communities', {
      name: `Inner circle ${stamp}`,
      category: 'food',
      visibility: 'private',
    });
    const inside = await api.post<Post>(owner, { text: `Members only: ${word}`, communityId: c._id });
    expect((await search(outsider, word)).posts).toEqual([]);
    expect((await search(owner, word)).posts.map((p) => p._id)).toEqual([inside._id]);
  });

  it.each([
    ['', 'Type something to search for'],
    ['   ', 'Type something to search for'],
    ['x'.repeat(61), 'Search for at most 60 characters'],
  ])('refuses %j (400)', async (q, message) => {
    const res = await api.call(await api.person(), 'GET', `/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('needs a token (401)', async () => {
    expect((await api.call(null, 'GET', '/search?q=suya')).statusCode).toBe(401);
  });
});
