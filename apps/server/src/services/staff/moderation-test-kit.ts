import { randomUUID } from 'node:crypto';
import type { ModerationKind, ReportedItem } from '@owo/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { uploadPng } from '../../test/upload-fixture.js';
import { staffAuth, type TestStaff } from './staff-test-kit.js';

// What the moderation and ban tests share: a thing of each kind written by a new person and
// reported through the customers' own calls, the moderator's calls, and what the person was told.

export const KINDS = ['post', 'comment', 'product', 'shop', 'community'] as const satisfies readonly ModerationKind[];
/** The kinds that their reports hide (posts and comments from others, communities from discovery). */
export const HIDEABLE = ['post', 'comment', 'product', 'shop', 'community'] as const satisfies readonly ModerationKind[];

export type Reported = {
  kind: ModerationKind;
  id: string;
  author: TestUser;
  text: string;
  /** A comment's post. */
  parentId?: string;
  /** A shop's product. */
  productId?: string;
};

export function moderationKit(ctx: () => TestContext, moderator: () => TestStaff) {
  const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(u), ...(payload ? { payload } : {}) });
  const ok = async <T = { _id: string }>(u: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const res = await call(u, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return json(res).data as T;
  };

  /** The person's shop (made once) and a new product of theirs: the product's id. */
  async function productOf(u: TestUser, name: string, description = 'Brand new, sealed in the box') {
    const mine = await call(u, 'GET', '/api/ecommerce/api/shop/me');
    if ((mine.json() as { data: unknown }).data === null)
      await ok(u, 'POST', '/api/ecommerce/api/shop', {
        name: `Shop ${randomUUID().slice(0, 6)}`,
        description: 'Phones and accessories',
        phone: '08031234567',
        address: '12 Allen Avenue',
        stateId: 'lagos',
        lgaId: 'ikeja',
        latitude: 6.6018,
        longitude: 3.3515,
      });
    const img = await uploadPng(ctx().app, u);
    return (
      await ok<{ id: string }>(u, 'POST', '/api/ecommerce/api/product', {
        name,
        description,
        categoryId: 'phones',
        subcategoryId: 'smartphones',
        images: [img.url],
        price: 1_500_000,
        stock: 3,
      })
    ).id;
  }

  /** A new thing of `kind` by `author` (a new person unless given), with the text it shows. */
  async function write(kind: ModerationKind, author?: TestUser): Promise<Reported> {
    const u = author ?? (await newUser(ctx().app));
    const text = `Send me ₦5,000 and get ₦10,000 back ${randomUUID().slice(0, 8)}`;
    if (kind === 'post') return { kind, author: u, text, id: (await ok(u, 'POST', '/api/connect/posts', { text }))._id };
    if (kind === 'comment') {
      const post = await ok(await newUser(ctx().app), 'POST', '/api/connect/posts', { text: 'How do you save for rent?' });
      const c = await ok(u, 'POST', `/api/connect/posts/${post._id}/comment`, { text });
      return { kind, author: u, text, id: c._id, parentId: post._id };
    }
    if (kind === 'community') {
      const made = await ok(u, 'POST', '/api/connect/communities', {
        name: `Double your money ${randomUUID().slice(0, 6)}`,
        description: text,
        category: 'business',
        visibility: 'public',
      });
      return { kind, author: u, text, id: made._id };
    }
    const productId = await productOf(u, `Phone ${randomUUID().slice(0, 6)}`, text);
    if (kind === 'product') return { kind, author: u, text, id: productId };
    const shop = await ok<{ id: string }>(u, 'GET', '/api/ecommerce/api/shop/me');
    return { kind, author: u, text: 'Phones and accessories', id: shop.id, productId };
  }

  /** One report of the thing by a new person (reason `scam` unless told; marketplace reports carry `details`). */
  async function report(r: Reported, reason = 'scam', details = '') {
    const reporter = await newUser(ctx().app);
    const res =
      r.kind === 'post'
        ? await call(reporter, 'POST', `/api/connect/posts/${r.id}/report`, { reason })
        : r.kind === 'comment'
          ? await call(reporter, 'POST', `/api/connect/comments/${r.id}/report`, { reason })
          : r.kind === 'community'
            ? await call(reporter, 'POST', `/api/connect/communities/${r.id}/report`, { reason })
            : await call(reporter, 'POST', '/api/ecommerce/api/report-shop-product', {
                ...(r.kind === 'product' ? { productId: r.id } : { shopId: r.id }),
                reason,
                details,
              });
    expect(res.statusCode, res.body).toBe(201);
    return { reporter, reportId: (json(res).data as { id?: string }).id };
  }

  /** A new thing of `kind`, reported `times` times for scams. */
  async function reported(kind: ModerationKind, times = 1, author?: TestUser): Promise<Reported> {
    const r = await write(kind, author);
    for (let i = 0; i < times; i++) await report(r);
    return r;
  }

  const decide = (r: Pick<Reported, 'kind' | 'id'>, action: string, reason = 'It asks people to send money for a promised return') =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/staff/moderation/${r.kind}/${r.id}`,
      headers: staffAuth(moderator(), { 'idempotency-key': randomUUID() }),
      payload: { action, reason },
    });

  const ban = (
    r: Pick<Reported, 'kind' | 'id'>,
    days: number | null = 7,
    reason = 'Repeated posts promising returns on money',
    as?: TestStaff,
  ) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/staff/moderation/${r.kind}/${r.id}/ban`,
      headers: staffAuth(as ?? moderator(), { 'idempotency-key': randomUUID() }),
      payload: { reason, days },
    });

  async function queue(kind?: ModerationKind): Promise<ReportedItem[]> {
    const res = await ctx().app.inject({
      method: 'GET',
      url: `/api/staff/moderation?limit=100${kind ? `&kind=${kind}` : ''}`,
      headers: staffAuth(moderator()),
    });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as ReportedItem[];
  }
  const inQueue = async (r: Pick<Reported, 'kind' | 'id'>) => (await queue(r.kind)).find((i) => i.id === r.id);

  /** The notices the person was sent of this kind (`moderation.warn`...), newest first. */
  const noticesOf = (u: TestUser, kind: string) =>
    executeRows<{ title: string; body: string; link: string | null }>(
      ctx().db,
      sql`SELECT title, body, link FROM notices WHERE user_id = ${u.id} AND kind = ${kind} ORDER BY created_at DESC`,
    );

  return { call, ok, write, report, reported, productOf, decide, ban, queue, inQueue, noticesOf };
}
