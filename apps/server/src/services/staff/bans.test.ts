import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { KINDS, moderationKit } from './moderation-test-kit.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

// Bans (moderation.service.ts banAuthor, user/bans.ts): a moderator bans the author of a reported
// thing; while the ban lasts every customer service refuses them posting, commenting, listing
// products and creating communities (403 BANNED, with why and until when), writing nothing.

let t: TestContext;
let admin: TestStaff;
let moderator: TestStaff;
const kit = moderationKit(
  () => t,
  () => moderator,
);
const { reported, ban, call, ok, productOf, noticesOf } = kit;

beforeAll(async () => {
  t = await createTestApp();
  admin = await firstAdmin(t);
  moderator = await staffMember(t, admin, 'moderator', 'Mo Moderator');
});
afterAll(async () => {
  await t?.close();
});

/**
 * A person who has a shop with a product, a draft, and a post by someone else to comment on, and a
 * reported post of theirs: what each banned activity needs.
 */
async function seller() {
  const u = await newUser(t.app);
  const productId = await productOf(u, 'Tecno Spark 20');
  const draft = await ok(u, 'POST', '/api/connect/posts', { text: 'Coming soon', draft: true });
  const other = await ok(await newUser(t.app), 'POST', '/api/connect/posts', { text: 'Who sells good phones in Ikeja?' });
  const post = await reported('post', 1, u);
  return { u, productId, draftId: draft._id, otherPostId: other._id, post };
}
type Seller = Awaited<ReturnType<typeof seller>>;

async function banned(days: number | null = 7) {
  const s = await seller();
  const res = await ban(s.post, days);
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

/** A ban that ran out a minute ago. */
const expire = (u: TestUser) => t.db.execute(sql`UPDATE user_bans SET until = now() - interval '1 minute' WHERE user_id = ${u.id}`);

/** Each banned activity: the call, and what it writes (counted before and after a refusal). */
const ACTIVITIES: Record<string, { run: (s: Seller) => ReturnType<typeof call>; written: (s: Seller) => ReturnType<typeof count> }> = {
  'writing a post': {
    run: (s) => call(s.u, 'POST', '/api/connect/posts', { text: `Fresh deals ${randomUUID()}` }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM posts WHERE author_id = ${s.u.id}`),
  },
  'editing a post': {
    run: (s) => call(s.u, 'PATCH', `/api/connect/posts/${s.post.id}`, { text: 'Still doubling money, DM me' }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM posts WHERE id = ${s.post.id} AND text = ${s.post.text}`),
  },
  'publishing a draft': {
    run: (s) => call(s.u, 'PATCH', `/api/connect/posts/${s.draftId}/post-draft`),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM posts WHERE author_id = ${s.u.id} AND status = 'published'`),
  },
  reposting: {
    run: (s) => call(s.u, 'PUT', `/api/connect/posts/${s.otherPostId}/repost`),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM posts WHERE author_id = ${s.u.id}`),
  },
  commenting: {
    run: (s) => call(s.u, 'POST', `/api/connect/posts/${s.otherPostId}/comment`, { text: 'DM me for phones' }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM post_comments WHERE author_id = ${s.u.id}`),
  },
  'listing a product': {
    run: async (s) =>
      call(s.u, 'POST', '/api/ecommerce/api/product', {
        name: 'Infinix Hot 40',
        categoryId: 'phones',
        subcategoryId: 'smartphones',
        images: [await firstImage(s)],
        price: 1_200_000,
        stock: 2,
      }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM products p JOIN shops s ON s.id = p.shop_id WHERE s.owner_id = ${s.u.id}`),
  },
  'changing a product': {
    run: (s) => call(s.u, 'PATCH', '/api/ecommerce/api/product/edit-product', { productId: s.productId, name: 'Tecno Spark 20 Pro' }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM products WHERE id = ${s.productId} AND name = 'Tecno Spark 20'`),
  },
  'creating a community': {
    run: (s) => call(s.u, 'POST', '/api/connect/communities', { name: `Phone deals ${randomUUID().slice(0, 6)}`, category: 'business' }),
    written: (s) => count(sql`SELECT count(*)::int AS n FROM communities WHERE owner_id = ${s.u.id}`),
  },
};
const activities = Object.keys(ACTIVITIES);

async function count(q: ReturnType<typeof sql>) {
  const [r] = await executeRows<{ n: number }>(t.db, q);
  return r!.n;
}
async function firstImage(s: Seller) {
  const [r] = await executeRows<{ url: string }>(t.db, sql`SELECT images->0->>'url' AS url FROM products WHERE id = ${s.productId}`);
  return r!.url;
}

describe('a banned person', () => {
  it.each(activities)('is refused %s with 403 BANNED', async (what) => {
    const s = await banned();
    const res = await ACTIVITIES[what]!.run(s);
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res)).toMatchObject({ code: 'BANNED' });
  });

  it.each(activities)('has nothing written when refused %s', async (what) => {
    const s = await banned();
    const before = await ACTIVITIES[what]!.written(s);
    await ACTIVITIES[what]!.run(s);
    expect(await ACTIVITIES[what]!.written(s)).toBe(before);
  });

  it('is told in the refusal why and until when', async () => {
    const s = await banned(7);
    const message = json(await ACTIVITIES.commenting!.run(s)).message as string;
    expect(message).toMatch(
      /^You are banned from commenting on Owo until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m \(Lagos time\): Repeated posts promising returns on money\./,
    );
  });

  it('banned for good is told the ban has no end', async () => {
    const s = await banned(null);
    const message = json(await ACTIVITIES['writing a post']!.run(s)).message as string;
    expect(message).toContain('You are banned from posting on Owo for good: Repeated posts promising returns on money.');
  });

  it.each(activities)('is allowed %s again once the ban has ended', async (what) => {
    const s = await banned();
    await expire(s.u);
    const res = await ACTIVITIES[what]!.run(s);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('can still take a listing down', async () => {
    const s = await banned();
    expect((await call(s.u, 'PATCH', `/api/ecommerce/api/product/delete/${s.productId}`)).statusCode).toBeLessThan(300);
  });

  it('is sent a notice with the reason and the end of the ban', async () => {
    const s = await banned(30);
    const [n] = await noticesOf(s.u, 'moderation.ban');
    expect(n?.title).toMatch(/^You are banned until \d{1,2} \w{3} \d{4}$/);
    expect(n?.body).toMatch(
      /^Owo reviewed reports about you\. Until .+ you can't post, comment, list products or create communities: Repeated/,
    );
  });
});

describe('banning', () => {
  it.each(KINDS)('the author of a reported %s is banned', async (kind) => {
    const r = await reported(kind);
    expect((await ban(r, 7)).statusCode).toBe(200);
    const res = await call(r.author, 'POST', '/api/connect/posts', { text: 'Back again' });
    expect(json(res)).toMatchObject({ code: 'BANNED' });
  });

  it('answers with the person, the end of the ban and the reason', async () => {
    const r = await reported('comment');
    const res = await ban(r, 7);
    const data = json(res).data as { userId: string; until: string; reason: string };
    expect(data).toMatchObject({ userId: r.author.id, reason: 'Repeated posts promising returns on money' });
    expect(new Date(data.until).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });

  it('shows the ban on the author’s items in the queue', async () => {
    const r = await reported('product');
    await ban(r, null);
    const item = (await kit.queue('product')).find((i) => i.id === r.id);
    expect(item?.author.ban).toMatchObject({ until: null, reason: 'Repeated posts promising returns on money' });
  });

  it('a new ban replaces the one in force', async () => {
    const r = await reported('post');
    await ban(r, 1);
    await ban(r, null, 'Scams again after a first ban');
    const message = json(await call(r.author, 'POST', '/api/connect/posts', { text: 'Hello' })).message as string;
    expect(message).toContain('for good: Scams again after a first ban.');
  });

  it('is in the audit log with the moderator, the person, the reason and the end', async () => {
    const r = await reported('shop');
    const until = (json(await ban(r, 7)).data as { until: string }).until;
    const [e] = await executeRows<{ staff_id: string; customer_id: string; detail: Record<string, unknown> }>(
      t.db,
      sql`SELECT staff_id, customer_id, detail FROM staff_audit_log WHERE kind = 'moderation.ban' AND subject = ${r.id}`,
    );
    expect(e).toEqual({
      staff_id: moderator.id,
      customer_id: r.author.id,
      detail: { target: 'shop', reason: 'Repeated posts promising returns on money', until },
    });
  });

  it.each([
    ['a ban of 0 days', 0],
    ['a ban of part of a day', 1.5],
  ])('refuses %s', async (_what, days) => {
    const r = await reported('post');
    expect((await ban(r, days)).statusCode).toBe(400);
  });

  it('answers 404 for a thing that does not exist', async () => {
    expect((await ban({ kind: 'comment', id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('who may ban', () => {
  it.each(['support', 'compliance', 'finance'] as const)('a %s is refused (403) and nobody is banned', async (role) => {
    const r = await reported('post');
    const res = await ban(r, 7, undefined, await staffMember(t, admin, role));
    expect(res.statusCode).toBe(403);
    expect(await count(sql`SELECT count(*)::int AS n FROM user_bans WHERE user_id = ${r.author.id}`)).toBe(0);
  });

  it('an admin may ban', async () => {
    const r = await reported('post');
    expect((await ban(r, 7, undefined, admin)).statusCode).toBe(200);
  });

  it('a customer token is refused (401) and nobody is banned', async () => {
    const r = await reported('post');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/moderation/post/${r.id}/ban`,
      headers: auth(await newUser(t.app), { 'idempotency-key': randomUUID() }),
      payload: { reason: 'Repeated posts promising returns on money', days: 7 },
    });
    expect(res.statusCode).toBe(401);
    expect(await count(sql`SELECT count(*)::int AS n FROM user_bans WHERE user_id = ${r.author.id}`)).toBe(0);
  });
});

describe('the bans in force', () => {
  const bans = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/moderation/bans?limit=100', headers: staffAuth(moderator) });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as { userId: string; reason: string; bannedBy: { id: string } | null }[];
  };
  const lift = (userId: string, reason = 'The reports were about someone else') =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/moderation/bans/${userId}/lift`,
      headers: staffAuth(moderator, { 'idempotency-key': randomUUID() }),
      payload: { reason },
    });

  it('lists a ban with who made it', async () => {
    const s = await banned();
    expect((await bans()).find((b) => b.userId === s.u.id)).toMatchObject({ bannedBy: { id: moderator.id } });
  });

  it('leaves out a ban that has ended', async () => {
    const s = await banned();
    await expire(s.u);
    expect((await bans()).map((b) => b.userId)).not.toContain(s.u.id);
  });

  it('lifting a ban lets the person post again', async () => {
    const s = await banned();
    expect((await lift(s.u.id)).statusCode).toBe(200);
    expect((await ACTIVITIES['writing a post']!.run(s)).statusCode).toBe(201);
  });

  it('lifting a ban tells the person with the reason', async () => {
    const s = await banned();
    await lift(s.u.id, 'The reports were about someone else');
    const [n] = await noticesOf(s.u, 'moderation.unban');
    expect(n).toMatchObject({ title: 'Your ban is lifted' });
    expect(n?.body).toContain('The reports were about someone else');
  });

  it('lifting a ban is in the audit log', async () => {
    const s = await banned();
    await lift(s.u.id);
    const [e] = await executeRows<{ staff_id: string; kind: string }>(
      t.db,
      sql`SELECT staff_id, kind FROM staff_audit_log WHERE kind = 'moderation.unban' AND customer_id = ${s.u.id}`,
    );
    expect(e).toEqual({ staff_id: moderator.id, kind: 'moderation.unban' });
  });

  it('lifting when no ban is in force answers 409', async () => {
    const s = await banned();
    await expire(s.u);
    const res = await lift(s.u.id);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'NOT_BANNED' });
  });
});
