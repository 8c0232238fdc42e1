import { readFileSync } from 'node:fs';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { json, type TestUser } from '../../test/harness.js';
import { connectApp } from './connect-fixtures.js';
import { postReports, savedCollections } from './tables.js';

const { t, api } = connectApp({ env: { REPORT_HIDE_THRESHOLD: '3' } });
let author: TestUser;
let reader: TestUser; // follows the author
beforeAll(async () => {
  [author, reader] = await Promise.all([api.person(), api.person()]);
  await api.follow(reader, author);
});

type Collection = { _id: string; name: string; postsCount: number };

describe('saved posts and collections', () => {
  const collectionNamed = (u: TestUser, name: string) => api.ok<Collection>(u, 'POST', '/saved-categories', { name });
  const savedIds = async (u: TestUser, q = '') => (await api.page<Post>(u, `/posts/saved-posts${q}`)).data.map((p) => p._id);
  /** A new reader who saved two of the author's posts (p1 first), then moved both into Recipes: the move's answer. */
  async function collectionOfTwo() {
    const reader = await api.person();
    const p1 = await api.post<Post>(author, { text: 'Keep this' });
    const p2 = await api.post<Post>(author, { text: 'And this' });
    await api.ok(reader, 'PUT', `/posts/${p1._id}/save-post`);
    const recipes = await collectionNamed(reader, 'Recipes');
    const moved = await api.ok(reader, 'PUT', `/saved-categories/${recipes._id}/move-posts`, { postIds: [p1._id, p2._id] });
    return { reader, p1, p2, recipes, moved };
  }
  /** As `collectionOfTwo`, with p2 then saved into a second collection, Travel. */
  async function inTwoCollections() {
    const w = await collectionOfTwo();
    const travel = await collectionNamed(w.reader, 'Travel');
    await api.ok(w.reader, 'PUT', `/posts/${w.p2._id}/save-post`, { collectionId: travel._id });
    return { ...w, travel };
  }

  it('saves a post, shown as saved', async () => {
    const p1 = await api.post<Post>(author, { text: 'Keep this' });
    expect(await api.ok(reader, 'PUT', `/posts/${p1._id}/save-post`)).toMatchObject({ isSaved: true, collectionId: null });
    expect((await api.ok<Post>(reader, 'GET', `/posts/${p1._id}`)).isSaved).toBe(true);
  });

  it('refuses a second collection of the same name, whatever its case', async () => {
    const u = await api.person();
    await collectionNamed(u, 'Recipes');
    expect((await api.call(u, 'POST', '/saved-categories', { name: 'recipes' })).statusCode).toBe(409);
  });

  it('refuses a collection without a name', async () => {
    expect((await api.call(reader, 'POST', '/saved-categories', { name: '' })).statusCode).toBe(400);
  });

  it('moves saved posts into a collection, listed latest saved first', async () => {
    const { reader, p1, p2, recipes, moved } = await collectionOfTwo();
    expect(moved).toMatchObject({ postsCount: 2 });
    const inside = await api.ok<{ collection: Collection; posts: Post[] }>(reader, 'GET', `/saved-categories/${recipes._id}`);
    expect(inside.posts.map((p) => p._id)).toEqual([p2._id, p1._id]);
    expect(await savedIds(reader, `?collectionId=${recipes._id}`)).toHaveLength(2);
  });

  it('saving a post into another collection moves it there', async () => {
    const { reader, recipes } = await inTwoCollections();
    expect(await api.ok(reader, 'GET', `/saved-categories/${recipes._id}`)).toMatchObject({ collection: { postsCount: 1 } });
  });

  it('takes posts out of a collection, keeping them saved', async () => {
    const { reader, p1, p2, recipes } = await inTwoCollections();
    expect(await api.ok(reader, 'PUT', `/saved-categories/${recipes._id}/remove-posts`, { postIds: [p1._id] })).toMatchObject({
      postsCount: 0,
    });
    expect(await savedIds(reader)).toEqual([p2._id, p1._id]);
  });

  it('renames a collection', async () => {
    const { reader, travel } = await inTwoCollections();
    expect(await api.ok(reader, 'PUT', `/saved-categories/${travel._id}/update-category`, { name: 'Trips' })).toMatchObject({
      name: 'Trips',
    });
  });

  it.each([
    ['read', 'GET', '', undefined],
    ['move posts into', 'PUT', '/move-posts', true],
    ['delete', 'PATCH', '/delete-category', undefined],
  ] as const)('someone else cannot %s a collection: it is not there for them', async (_case, method, path, withPost) => {
    const { p1, travel } = await inTwoCollections();
    const body = withPost ? { postIds: [p1._id] } : undefined;
    expect((await api.call(author, method, `/saved-categories/${travel._id}${path}`, body)).statusCode).toBe(404);
  });

  it('refuses to save into a collection that is not there', async () => {
    const { reader, p1 } = await collectionOfTwo();
    expect((await api.call(reader, 'PUT', `/posts/${p1._id}/save-post`, { collectionId: crypto.randomUUID() })).statusCode).toBe(404);
  });

  it('deleting a collection keeps its posts saved', async () => {
    const { reader, travel } = await inTwoCollections();
    const before = (await t.db.select({ n: count() }).from(savedCollections))[0]!.n;
    await api.ok(reader, 'PATCH', `/saved-categories/${travel._id}/delete-category`);
    expect((await t.db.select({ n: count() }).from(savedCollections))[0]!.n).toBe(before - 1);
    expect(await savedIds(reader)).toHaveLength(2);
    const names = (await api.page<Collection>(reader, '/saved-categories')).data.map((c) => c.name);
    expect(names).toEqual(['Recipes']);
  });

  it('unsaving takes a post off the saved posts', async () => {
    const { reader, p1, p2 } = await inTwoCollections();
    await api.ok(reader, 'PUT', `/posts/${p1._id}/unsave-post`);
    expect(await savedIds(reader)).toEqual([p2._id]);
  });
});

describe('reports', () => {
  // A scam post, reported by the reader and two others (REPORT_HIDE_THRESHOLD is 3 here).
  let p: Post;
  let reporters: TestUser[];
  const reportsOf = async (post: Post) =>
    (await t.db.select({ n: count() }).from(postReports).where(eq(postReports.postId, post._id)))[0]!.n;
  beforeAll(async () => {
    p = await api.post<Post>(author, { text: 'Double your money in 2 days, DM me', category: 'money-tips' });
    reporters = [reader, await api.person(), await api.person()];
  });

  it('lists the reasons one may give', async () => {
    const reasons = await api.ok<{ id: string; reason: string }[]>(reader, 'GET', '/posts/all-report-reasons');
    expect(reasons.map((r) => r.id)).toContain('scam');
  });

  it('takes a report with one of the reasons', async () => {
    expect(await api.ok(reporters[0]!, 'POST', `/posts/${p._id}/report`, { reason: 'scam' })).toMatchObject({ reason: 'scam' });
  });

  it('takes one report per person', async () => {
    const again = await api.call(reporters[0]!, 'POST', `/posts/${p._id}/report`, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('You have already reported this post');
    expect(await reportsOf(p)).toBe(1);
  });

  it.each([
    ['a reason not on the list', () => reporters[1]!, 'boring'],
    ['the post’s author', () => author, 'spam'],
  ] as const)('refuses a report by %s, writing nothing', async (_case, by, reason) => {
    expect((await api.call(by(), 'POST', `/posts/${p._id}/report`, { reason })).statusCode).toBe(400);
    expect(await reportsOf(p)).toBe(1);
  });

  it('keeps a post reported by 2 people in the feeds', async () => {
    await api.ok(reporters[1]!, 'POST', `/posts/${p._id}/report`, { reason: 'Scam or fraud' });
    expect((await api.page<Post>(reader, '/posts/feeds')).data.map((x) => x._id)).toContain(p._id);
  });

  it('hides a post reported by 3 people from every list and by id', async () => {
    await api.ok(reporters[2]!, 'POST', `/posts/${p._id}/report`, { reason: 'spam' });
    for (const url of ['/posts/feeds', '/posts/feeds/money-tips', `/posts/${author.id}/posts-with-text`]) {
      expect((await api.page<Post>(reader, url)).data.map((x) => x._id)).not.toContain(p._id);
    }
    expect((await api.call(reader, 'GET', `/posts/${p._id}`)).statusCode).toBe(404);
  });

  it('still shows a hidden post to its author, marked hidden', async () => {
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
