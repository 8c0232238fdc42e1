import { readFileSync } from 'node:fs';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { createTestApp, json, type TestContext, type TestUser } from '../../test/harness.js';
import { connectClient } from './connect-fixtures.js';
import { postReports, savedCollections } from './tables.js';

let t: TestContext;
let api: ReturnType<typeof connectClient>;
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });
  api = connectClient(t);
  [author, reader] = await Promise.all([api.person(), api.person()]);
  await api.follow(reader, author);
});
afterAll(() => t.close());

type Collection = { _id: string; name: string; postsCount: number };

describe('saved posts and collections', () => {
  it('saves, lists, moves between collections, removes and unsaves; someone else’s collection is not there', async () => {
    const p1 = await api.post<Post>(author, { text: 'Keep this' });
    const p2 = await api.post<Post>(author, { text: 'And this' });
    expect(await api.ok(reader, 'PUT', `/posts/${p1._id}/save-post`)).toMatchObject({ isSaved: true, collectionId: null });
    expect((await api.ok<Post>(reader, 'GET', `/posts/${p1._id}`)).isSaved).toBe(true);
    const recipes = await api.ok<Collection>(reader, 'POST', '/saved-categories', { name: 'Recipes' });
    const dup = await api.call(reader, 'POST', '/saved-categories', { name: 'recipes' });
    expect(dup.statusCode).toBe(409);
    expect((await api.call(reader, 'POST', '/saved-categories', { name: '' })).statusCode).toBe(400);

    expect(await api.ok(reader, 'PUT', `/saved-categories/${recipes._id}/move-posts`, { postIds: [p1._id, p2._id] })).toMatchObject({
      postsCount: 2,
    });
    const inside = await api.ok<{ collection: Collection; posts: Post[] }>(reader, 'GET', `/saved-categories/${recipes._id}`);
    expect(inside.posts.map((p) => p._id)).toEqual([p2._id, p1._id]);
    expect((await api.page<Post>(reader, `/posts/saved-posts?collectionId=${recipes._id}`)).data).toHaveLength(2);

    const travel = await api.ok<Collection>(reader, 'POST', '/saved-categories', { name: 'Travel' });
    await api.ok(reader, 'PUT', `/posts/${p2._id}/save-post`, { collectionId: travel._id });
    expect(await api.ok(reader, 'GET', `/saved-categories/${recipes._id}`)).toMatchObject({ collection: { postsCount: 1 } });
    expect(await api.ok(reader, 'PUT', `/saved-categories/${recipes._id}/remove-posts`, { postIds: [p1._id] })).toMatchObject({
      postsCount: 0,
    });
    expect((await api.page<Post>(reader, '/posts/saved-posts')).data.map((p) => p._id)).toEqual([p2._id, p1._id]);

    expect(await api.ok(reader, 'PUT', `/saved-categories/${travel._id}/update-category`, { name: 'Trips' })).toMatchObject({
      name: 'Trips',
    });
    expect((await api.call(author, 'GET', `/saved-categories/${travel._id}`)).statusCode).toBe(404);
    expect((await api.call(author, 'PUT', `/saved-categories/${travel._id}/move-posts`, { postIds: [p1._id] })).statusCode).toBe(404);
    expect((await api.call(author, 'PATCH', `/saved-categories/${travel._id}/delete-category`)).statusCode).toBe(404);
    expect((await api.call(reader, 'PUT', `/posts/${p1._id}/save-post`, { collectionId: crypto.randomUUID() })).statusCode).toBe(404);

    const before = (await t.db.select({ n: count() }).from(savedCollections))[0]!.n;
    await api.ok(reader, 'PATCH', `/saved-categories/${travel._id}/delete-category`);
    expect((await t.db.select({ n: count() }).from(savedCollections))[0]!.n).toBe(before - 1);
    expect((await api.page<Post>(reader, '/posts/saved-posts')).data).toHaveLength(2);
    await api.ok(reader, 'PUT', `/posts/${p1._id}/unsave-post`);
    expect((await api.page<Post>(reader, '/posts/saved-posts')).data.map((p) => p._id)).toEqual([p2._id]);
    const names = (await api.page<Collection>(reader, '/saved-categories')).data.map((c) => c.name);
    expect(names).toEqual(['Recipes']);
  });
});

describe('reports', () => {
  it('lists the reasons; one report per person; a post reported by 3 people is hidden from feeds (not from its author)', async () => {
    const reasons = await api.ok<{ id: string; reason: string }[]>(reader, 'GET', '/posts/all-report-reasons');
    expect(reasons.map((r) => r.id)).toContain('scam');
    const p = await api.post<Post>(author, { text: 'Double your money in 2 days, DM me', category: 'money-tips' });
    const reporters = [reader, await api.person(), await api.person()];
    expect(await api.ok(reporters[0]!, 'POST', `/posts/${p._id}/report`, { reason: 'scam' })).toMatchObject({ reason: 'scam' });
    const again = await api.call(reporters[0]!, 'POST', `/posts/${p._id}/report`, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You have already reported this post');
    const bad = await api.call(reporters[1]!, 'POST', `/posts/${p._id}/report`, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect((await api.call(author, 'POST', `/posts/${p._id}/report`, { reason: 'spam' })).statusCode).toBe(400);
    const n = (await t.db.select({ n: count() }).from(postReports))[0]!.n;
    expect(n).toBe(1);

    await api.ok(reporters[1]!, 'POST', `/posts/${p._id}/report`, { reason: 'Scam or fraud' });
    expect((await api.page<Post>(reader, '/posts/feeds')).data.map((x) => x._id)).toContain(p._id);
    await api.ok(reporters[2]!, 'POST', `/posts/${p._id}/report`, { reason: 'spam' });
    for (const url of ['/posts/feeds', '/posts/feeds/money-tips', `/posts/${author.id}/posts-with-text`]) {
      expect((await api.page<Post>(reader, url)).data.map((x) => x._id)).not.toContain(p._id);
    }
    expect((await api.call(reader, 'GET', `/posts/${p._id}`)).statusCode).toBe(404);
    expect((await api.ok<Post>(author, 'GET', `/posts/${p._id}`)).hidden).toBe(true);
  });
});

describe('post insights', () => {
  it('counts views once per viewer per day, reach, likes, comments, saves and reposts, for the author only', async () => {
    const p = await api.post<Post>(author, { text: 'How did this do?' });
    const [v1, v2] = [reader, await api.person()];
    await api.ok(v1, 'GET', `/posts/${p._id}`);
    await api.ok(v1, 'GET', `/posts/${p._id}`);
    await api.ok(v2, 'POST', '/posts/views', { postIds: [p._id] });
    await api.ok(author, 'GET', `/posts/${p._id}`);
    await api.ok(v1, 'PATCH', `/posts/${p._id}/like`);
    await api.ok(v2, 'POST', `/posts/${p._id}/comment`, { text: 'Great' });
    await api.ok(v2, 'PUT', `/posts/${p._id}/save-post`);
    await api.ok(v1, 'PUT', `/posts/${p._id}/repost`);
    // A view from another day counts again.
    await t.db.execute(sql`INSERT INTO post_views (post_id, viewer_id, day) VALUES (${p._id}, ${v1.id}, current_date - 3)`);

    type Counts = { views: number; reach: number; likes: number; comments: number; saves: number; reposts: number };
    const i = await api.ok<{
      totals: Counts;
      last7Days: { totals: Counts; days: (Counts & { day: string })[] };
      last30Days: { days: unknown[] };
    }>(author, 'GET', `/posts/${p._id}/post-insights`);
    expect(i.totals).toEqual({ views: 3, reach: 2, likes: 1, comments: 1, saves: 1, reposts: 1 });
    expect(i.last7Days.days).toHaveLength(7);
    expect(i.last30Days.days).toHaveLength(30);
    expect(i.last7Days.totals).toMatchObject({ likes: 1, comments: 1, saves: 1, reposts: 1, reach: 2 });
    expect(i.last7Days.days.at(-1)).toMatchObject({ views: 2, likes: 1 });

    const other = await api.call(reader, 'GET', `/posts/${p._id}/post-insights`);
    expect(other.statusCode).toBe(403);
    expect(json(other).message).toBe("Only the post's author can see its insights");
    expect((await api.call(null, 'GET', `/posts/${p._id}/post-insights`)).statusCode).toBe(401);
    expect((await api.call(reader, 'POST', '/posts/views', { postIds: [] })).statusCode).toBe(400);
  });
});

describe('the API document', () => {
  it('lists every connect call of routes.tsv, communities included, at /api/connect<path>', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const rows = readFileSync(new URL('../../../../../docs/routes.tsv', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter(([svc]) => svc === 'connect');
    expect(rows.length).toBeGreaterThan(80);
    for (const [, method, path] of rows) {
      const p = `/api/connect${path!.replace(/\{(\w+)\}/g, (_, n: string) => `{${n === 'category' ? 'category' : 'id'}}`)}`;
      expect(doc.paths[p]?.[method!.toLowerCase()], `${method} ${p}`).toBeDefined();
    }
  });
});
