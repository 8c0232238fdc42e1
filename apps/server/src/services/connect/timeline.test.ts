import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community, FeedQuery, Post } from '@owo/contracts';
import { executeRows } from '../../platform/db.js';
import { createTestApp, type TestContext, type TestUser } from '../../test/harness.js';
import { communityHooks } from './communities-access.js';
import { connectClient } from './connect-fixtures.js';
import { readPost } from './posts-read.js';
import { posts } from './tables.js';
import { fanOutTimelines } from './timeline-fanout.js';
import { homeTimeline } from './timeline-read.js';
import { redisTimelines } from './timeline-redis.js';
import { databaseTimelines, TIMELINE_DEFAULTS, type TimelineSettings, type TimelineStore } from './timeline-store.js';

// Home timelines by fan-out on write, for each store: the database one always, Redis when REDIS_URL
// is set (under this file's own key prefix). Feeds are read through the store under test.

type Kind = 'database' | 'redis';
const kinds: Kind[] = process.env.REDIS_URL ? ['database', 'redis'] : ['database'];

describe.each(kinds)('home timelines in the %s store', (kind) => {
  let t: TestContext;
  let api: ReturnType<typeof connectClient>;
  const prefix = `owo-tl-test-${Math.random().toString(36).slice(2, 10)}:`;
  const storeWith = (s: Partial<TimelineSettings> = {}): TimelineStore =>
    kind === 'redis'
      ? redisTimelines(t.app.redis!, prefix, { ...TIMELINE_DEFAULTS, ...s })
      : databaseTimelines({ ...TIMELINE_DEFAULTS, ...s });
  let store: TimelineStore;
  beforeAll(async () => {
    t = await createTestApp();
    api = connectClient(t);
    store = storeWith();
  });
  afterAll(async () => {
    if (kind === 'redis') await flushPrefix();
    await t.close();
  });

  /** Deletes this file's Redis keys only (SCAN + DEL, never FLUSHALL). */
  async function flushPrefix() {
    const redis = t.app.redis!;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  const q = (over: Partial<FeedQuery> = {}): FeedQuery => ({ page: 0, limit: 10, ...over }) as FeedQuery;
  const feed = async (u: TestUser, over: Partial<FeedQuery> = {}, s = store) =>
    homeTimeline(t.db, s, u.id, q(over), communityHooks.communityFeedSources(u.id));
  const ids = async (u: TestUser, over: Partial<FeedQuery> = {}, s = store) => (await feed(u, over, s)).posts.map((p) => p._id);
  const fanOut = (s = store) => fanOutTimelines(t.db, s);
  /** What the store keeps for this person (nothing pulled at read time). */
  async function stored(u: TestUser): Promise<string[]> {
    if (kind === 'redis') return (await t.app.redis!.zrevrange(`${prefix}tl:${u.id}`, 0, -1)).filter((m) => m !== '.');
    const rows = await executeRows<{ post_id: string }>(
      t.db,
      sql`SELECT post_id FROM home_timelines WHERE user_id = ${u.id} ORDER BY sort_at DESC`,
    );
    return rows.map((r) => r.post_id);
  }
  const pendingEvents = async () => (await executeRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM timeline_events`))[0]!.n;
  const create = (u: TestUser, body: Record<string, unknown> = {}) =>
    api.ok<Community>(u, 'POST', '/communities', {
      name: `Circle ${Math.random().toString(36).slice(2, 8)}`,
      category: 'business',
      ...body,
    });

  it('a new post reaches the stored timeline of every active follower, and not of one who has not read lately', async () => {
    const [author, a, b, away] = [await api.person(), await api.person(), await api.person(), await api.person()];
    for (const f of [a, b, away]) await api.follow(f, author);
    await ids(a);
    await ids(b);
    await fanOut();
    const p = await api.post(author, { text: 'Fresh bread at the corner shop' });
    const stats = await fanOut();
    expect(stats.delivered).toBeGreaterThanOrEqual(2);
    expect(await pendingEvents()).toBe(0);
    expect(await stored(a)).toContain(p._id);
    expect(await stored(b)).toContain(p._id);
    expect(await stored(away)).toEqual([]);
    // The one away gets it when they come back: the timeline is rebuilt from the follow graph.
    expect(await ids(away)).toContain(p._id);
    expect(await stored(away)).toContain(p._id);
  });

  it('shows a new post before the fan-out has run (the waiting event is pulled at read time)', async () => {
    const [author, reader] = [await api.person(), await api.person()];
    await api.follow(reader, author);
    await ids(reader);
    await fanOut();
    const p = await api.post(author, { text: 'Read your writes' });
    expect(await stored(reader)).not.toContain(p._id);
    expect(await ids(reader)).toContain(p._id);
  });

  it('keeps the order and the cursor pages while others post', async () => {
    const [author, reader] = [await api.person(), await api.person()];
    await api.follow(reader, author);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.unshift((await api.post(author, { text: `Post number ${i}` }))._id);
    await fanOut();
    const first = await feed(reader, { limit: 3 });
    expect(first.posts.map((p) => p._id)).toEqual(made.slice(0, 3));
    await api.post(author, { text: 'Arrived between pages' });
    await fanOut();
    const second = await feed(reader, { limit: 3, page: 1, cursor: first.pagination.next!.cursor });
    expect(second.posts.map((p) => p._id)).toEqual(made.slice(3, 6));
    const third = await feed(reader, { limit: 3, page: 2, cursor: second.pagination.next!.cursor });
    expect(third.posts.map((p) => p._id)).toEqual(made.slice(6));
    expect(third.pagination.next).toBeNull();
  });

  it('an unfollow takes the person’s posts out, at once and from the store', async () => {
    const [author, reader] = [await api.person(), await api.person()];
    await api.follow(reader, author);
    await ids(reader);
    const p = await api.post(author, { text: 'Soon unfollowed' });
    await fanOut();
    expect(await stored(reader)).toContain(p._id);
    await api.ok(reader, 'PUT', `/connect/${author.id}/unfollow`);
    expect(await ids(reader)).not.toContain(p._id);
    await fanOut();
    expect(await stored(reader)).not.toContain(p._id);
  });

  it('a new follow merges the person’s recent posts in', async () => {
    const [author, reader] = [await api.person(), await api.person()];
    const p = await api.post(author, { text: 'Posted before the follow' });
    await ids(reader);
    await api.follow(reader, author);
    expect(await ids(reader)).toContain(p._id);
    await fanOut();
    expect(await stored(reader)).toContain(p._id);
  });

  it('a deleted post and a hidden post leave every timeline', async () => {
    const [author, reader] = [await api.person(), await api.person()];
    await api.follow(reader, author);
    await ids(reader);
    const gone = await api.post(author, { text: 'To be deleted' });
    const hidden = await api.post(author, { text: 'To be hidden' });
    await fanOut();
    await api.ok(author, 'PUT', `/posts/${gone._id}`);
    await t.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden._id));
    expect(await ids(reader)).not.toContain(gone._id);
    expect(await ids(reader)).not.toContain(hidden._id);
    await fanOut();
    expect(await stored(reader)).not.toContain(gone._id);
    expect(await stored(reader)).not.toContain(hidden._id);
  });

  it('leaving a private community takes its posts out of the home feed', async () => {
    const [owner, member] = [await api.person(), await api.person()];
    const c = await create(owner, { visibility: 'private' });
    await api.ok(member, 'PUT', `/communities/${c._id}/join-community`);
    await api.ok(owner, 'PUT', `/communities/${c._id}/accept-join-request`, { userId: member.id });
    await api.follow(member, owner);
    const p = await api.post(owner, { text: 'Members only', communityId: c._id });
    await fanOut();
    expect(await ids(member)).toContain(p._id);
    await api.ok(member, 'PUT', `/communities/${c._id}/join-community`);
    expect(await ids(member)).not.toContain(p._id);
  });

  it('a person blocked from a community no longer sees its posts in the home feed', async () => {
    const [owner, member] = [await api.person(), await api.person()];
    const c = await create(owner);
    await api.ok(member, 'PUT', `/communities/${c._id}/join-community`);
    await api.follow(member, owner);
    const p = await api.post(owner, { text: 'Public circle news', communityId: c._id });
    await fanOut();
    expect(await ids(member)).toContain(p._id);
    await api.ok(owner, 'PUT', `/communities/${c._id}/block-user`, { userId: member.id });
    expect(await ids(member)).not.toContain(p._id);
  });

  it('after the store is flushed, feeds are rebuilt the same', async () => {
    const [a, b, reader] = [await api.person(), await api.person(), await api.person()];
    await api.follow(reader, a);
    await api.follow(reader, b);
    for (let i = 0; i < 4; i++) await api.post(i % 2 ? a : b, { text: `Before the flush ${i}` });
    await fanOut();
    const before = await ids(reader);
    expect(before).toHaveLength(4);
    if (kind === 'redis') await flushPrefix();
    else {
      await t.db.execute(sql`DELETE FROM home_timelines`);
      await t.db.execute(sql`DELETE FROM timeline_owners`);
    }
    expect(await stored(reader)).toEqual([]);
    expect(await ids(reader)).toEqual(before);
    expect(await stored(reader)).toEqual(before);
  });

  it('a very followed account’s post is not copied but merged into the page at read time', async () => {
    const big = storeWith({ bigAccountFollowers: 2 });
    const [star, f1, f2] = [await api.person(), await api.person(), await api.person()];
    await api.follow(f1, star);
    await api.follow(f2, star);
    await ids(f1, {}, big);
    await fanOut(big);
    const p = await api.post(star, { text: 'To all my followers' });
    await fanOut(big);
    expect(await stored(f1)).not.toContain(p._id);
    expect(await ids(f1, {}, big)).toContain(p._id);
    expect(await ids(f2, {}, big)).toContain(p._id);
  });

  it('no timeline shows a post its reader may not see (drafts, pending, hidden, private communities, blocks)', async () => {
    const [author, member, outsider, blocked] = [await api.person(), await api.person(), await api.person(), await api.person()];
    const secret = await create(author, { visibility: 'private' });
    const open = await create(author, { needsApproval: true });
    await api.ok(member, 'PUT', `/communities/${secret._id}/join-community`);
    await api.ok(author, 'PUT', `/communities/${secret._id}/accept-join-request`, { userId: member.id });
    await api.ok(blocked, 'PUT', `/communities/${open._id}/join-community`);
    await api.ok(member, 'PUT', `/communities/${open._id}/join-community`);
    await api.ok(author, 'PUT', `/communities/${open._id}/block-user`, { userId: blocked.id });
    for (const u of [member, outsider, blocked]) await api.follow(u, author);
    const made = [
      await api.post<Post>(author, { text: 'Public' }),
      await api.post<Post>(author, { text: 'Draft', draft: true }),
      await api.post<Post>(author, { text: 'Secret', communityId: secret._id }),
      await api.post<Post>(author, { text: 'Open circle', communityId: open._id }),
      await api.post<Post>(member, { text: 'Waiting', communityId: open._id }),
      await api.post<Post>(author, { text: 'Hidden' }),
    ];
    await t.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, made[5]!._id));
    await fanOut();
    for (const u of [author, member, outsider, blocked]) {
      const shown = await ids(u, { limit: 50 });
      for (const id of shown) {
        const p = await readPost(t.db, u.id, id);
        expect(p, `${id} shown to ${u.id}`).not.toBeNull();
        expect(p!.status).toBe('published');
        expect(p!.hidden).toBe(false);
      }
      expect(shown).not.toContain(made[1]!._id);
      expect(shown).not.toContain(made[4]!._id);
      expect(shown).not.toContain(made[5]!._id);
    }
    expect(await ids(member, { limit: 50 })).toContain(made[2]!._id);
    expect(await ids(outsider, { limit: 50 })).not.toContain(made[2]!._id);
    expect(await ids(outsider, { limit: 50 })).toContain(made[3]!._id);
    expect(await ids(blocked, { limit: 50 })).not.toContain(made[3]!._id);
    expect(await ids(blocked, { limit: 50 })).not.toContain(made[2]!._id);
  });
});
