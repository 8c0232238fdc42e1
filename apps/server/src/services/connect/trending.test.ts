import { describe, expect, it } from 'vitest';
import type { Community, Post } from '@owo/contracts';
import { connectApp } from './connect-fixtures.js';

const { api } = connectApp();

const ids = async (u: Parameters<typeof api.page>[0], q = '') => (await api.page<Post>(u, `/posts/trending${q}`)).data.map((p) => p._id);

describe('trending posts', () => {
  it('ranks a liked and commented post above a newer quiet one, for someone who follows nobody', async () => {
    const [a, b, reader] = [await api.person(), await api.person(), await api.person()];
    const loved = await api.post(a, { text: 'Everyone loves this #Jollof', category: 'food' });
    for (const u of [b, reader, await api.person()]) await api.ok(u, 'PATCH', `/posts/${loved._id}/like`);
    await api.ok(b, 'POST', `/posts/${loved._id}/comment`, { text: 'So true' });
    const quiet = await api.post(b, { text: 'A quiet thought' });
    const shown = await ids(reader);
    expect(shown.indexOf(loved._id)).toBeGreaterThanOrEqual(0);
    expect(shown.indexOf(loved._id)).toBeLessThan(shown.indexOf(quiet._id));
    expect(await ids(reader, '?category=food')).toEqual([loved._id]);
  });

  it('never shows a private community’s post to someone outside it', async () => {
    const [owner, outsider] = [await api.person(), await api.person()];
    const c = await api.ok<Community>(owner, 'POST', '/communities', { name: 'Quiet circle', category: 'business', visibility: 'private' });
    const p = await api.post(owner, { text: 'Members only', communityId: c._id });
    expect(await ids(owner)).toContain(p._id);
    expect(await ids(outsider)).not.toContain(p._id);
  });

  it('answers 404 for an unknown category', async () => {
    const u = await api.person();
    expect((await api.call(u, 'GET', '/posts/trending?category=astrology')).json()).toMatchObject({ message: 'Category not found' });
  });

  it('refuses a bad limit with 400', async () => {
    const u = await api.person();
    expect((await api.call(u, 'GET', '/posts/trending?limit=500')).statusCode).toBe(400);
  });

  it('needs a token', async () => {
    expect((await api.call(null, 'GET', '/posts/trending')).statusCode).toBe(401);
  });
});

describe('a hashtag’s posts', () => {
  it('lists the posts with the tag, whatever its case, and refuses a bad tag with 400', async () => {
    const [a, reader] = [await api.person(), await api.person()];
    const p = await api.post(a, { text: 'Best #SuyaNight ever' });
    await api.post(a, { text: 'No tag here' });
    expect((await api.page<Post>(reader, '/posts/tags/suyanight')).data.map((x) => x._id)).toEqual([p._id]);
    expect((await api.call(reader, 'GET', '/posts/tags/not%20a%20tag')).statusCode).toBe(400);
    expect((await api.call(null, 'GET', '/posts/tags/suyanight')).statusCode).toBe(401);
  });
});
