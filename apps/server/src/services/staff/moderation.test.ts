import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { HIDEABLE, KINDS, moderationKit, type Reported } from './moderation-test-kit.js';
import { firstAdmin, staffMember, type TestStaff } from './staff-test-kit.js';

// The moderation queue and its decisions (moderation.service.ts): every kind of reported thing,
// with REPORT_HIDE_THRESHOLD at 2.

let t: TestContext;
let moderator: TestStaff;
const kit = moderationKit(
  () => t,
  () => moderator,
);
const { reported, report, decide, queue, inQueue, noticesOf, call, write } = kit;

beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_HIDE_THRESHOLD: '2' } });
  moderator = await staffMember(t, await firstAdmin(t), 'moderator', 'Mo Moderator');
});
afterAll(async () => {
  await t?.close();
});

/** Does a new person see the thing where customers find it? */
async function seenByOthers(r: Reported, viewer?: TestUser): Promise<boolean> {
  const u = viewer ?? (await newUser(t.app));
  if (r.kind === 'post') return (await call(u, 'GET', `/api/connect/posts/${r.id}`)).statusCode === 200;
  if (r.kind === 'comment') {
    const res = await call(u, 'GET', `/api/connect/posts/${r.parentId}/comments`);
    return (json(res).data as { _id: string }[]).some((c) => c._id === r.id);
  }
  if (r.kind === 'community') {
    const res = await call(u, 'GET', `/api/connect/communities?search=${encodeURIComponent(r.text)}&limit=50`);
    return (json(res).data as { _id: string }[]).some((c) => c._id === r.id);
  }
  const productId = r.kind === 'product' ? r.id : r.productId;
  return (await call(u, 'PATCH', `/api/ecommerce/api/product/view/${productId}`)).statusCode === 200;
}

describe('the moderation queue', () => {
  it.each(KINDS)('holds a reported %s with its reasons and their counts', async (kind) => {
    const r = await reported(kind, 2);
    expect(await inQueue(r)).toMatchObject({ kind, reports: 2, reasons: [{ reason: 'Scam or fraud', count: 2 }] });
  });

  it('lists the reasons the most given first', async () => {
    const r = await write('product');
    for (const reason of ['counterfeit', 'scam', 'scam']) await report(r, reason);
    expect((await inQueue(r))?.reasons).toEqual([
      { reason: 'Scam or fraud', count: 2 },
      { reason: 'Fake or counterfeit item', count: 1 },
    ]);
  });

  it.each(KINDS)('names the author of a reported %s', async (kind) => {
    const r = await reported(kind);
    expect((await inQueue(r))?.author).toMatchObject({ id: r.author.id, name: `${r.author.firstName} Adebayo`, ban: null });
  });

  it.each([
    ['post', null],
    ['comment', /^On the post “How do you save for rent\?”$/],
    ['product', /^₦15,000 · from the shop Shop \w+$/],
    ['shop', /^1 product · Ikeja, Lagos$/],
    ['community', /^Public community · 1 member$/],
  ] as const)('shows a preview of a reported %s', async (kind, context) => {
    const r = await reported(kind);
    const item = await inQueue(r);
    expect(item?.preview.text).toBe(r.text);
    if (context === null) expect(item?.preview.context).toBeNull();
    else expect(item?.preview.context).toMatch(context);
  });

  it.each(HIDEABLE)('shows a %s hidden by its reports as hidden', async (kind) => {
    const r = await reported(kind, 2);
    expect(await inQueue(r)).toMatchObject({ hidden: true, reports: 2 });
  });

  it('keeps the words of a marketplace report', async () => {
    const r = await write('product');
    await report(r, 'counterfeit', 'The logo is misspelt on the box');
    expect((await inQueue(r))?.details).toEqual(['The logo is misspelt on the box']);
  });

  it('filters the queue by kind', async () => {
    await reported('post');
    await reported('comment');
    const kinds = new Set((await queue('comment')).map((i) => i.kind));
    expect([...kinds]).toEqual(['comment']);
  });

  it('lists hidden things before the others, whatever their kind', async () => {
    await reported('product', 3);
    await reported('comment', 2);
    const all = await queue();
    const firstShown = all.findIndex((i) => !i.hidden);
    expect(all.slice(firstShown).some((i) => i.hidden)).toBe(false);
  });
});

describe('moderation decisions', () => {
  it.each(KINDS)('a decision on a %s takes it out of the queue', async (kind) => {
    const r = await reported(kind);
    const res = await decide(r, 'restore');
    expect(res.statusCode, res.body).toBe(200);
    expect(await inQueue(r)).toBeUndefined();
  });

  it.each(HIDEABLE)('restoring a hidden %s shows it to everyone again', async (kind) => {
    const r = await reported(kind, 2);
    expect(await seenByOthers(r)).toBe(false);
    expect((await decide(r, 'restore', 'It is a joke between friends, not a scam')).statusCode).toBe(200);
    expect(await seenByOthers(r)).toBe(true);
  });

  it.each(KINDS)('warning about a %s leaves it up', async (kind) => {
    const r = await reported(kind);
    expect((await decide(r, 'warn')).statusCode).toBe(200);
    expect(await seenByOthers(r)).toBe(true);
  });

  it.each(KINDS)('removing a %s takes it away from everyone', async (kind) => {
    const r = await reported(kind);
    expect(await seenByOthers(r)).toBe(true);
    const res = await decide(r, 'remove');
    expect(res.statusCode, res.body).toBe(200);
    expect(await seenByOthers(r)).toBe(false);
  });

  it('removing a community takes it away from its owner too', async () => {
    const r = await reported('community');
    await decide(r, 'remove');
    expect((await call(r.author, 'GET', `/api/connect/communities/${r.id}`)).statusCode).toBe(404);
  });

  it('removing a comment takes it off its post’s count', async () => {
    const r = await reported('comment');
    await decide(r, 'remove');
    const post = json(await call(r.author, 'GET', `/api/connect/posts/${r.parentId}`)).data as { commentCount: number };
    expect(post.commentCount).toBe(0);
  });

  it('a marketplace reporter sees their report reviewed', async () => {
    const r = await write('product');
    const { reporter, reportId } = await report(r);
    await decide(r, 'warn');
    const mine = json(await call(reporter, 'GET', `/api/ecommerce/api/report-shop-product/${reportId}`)).data as { status: string };
    expect(mine.status).toBe('reviewed');
  });

  it.each(
    KINDS.flatMap((kind) =>
      (
        [
          ['restore', `Your ${kind} stays up`],
          ['warn', `A warning about your ${kind}`],
          ['remove', kind === 'shop' ? 'Your shop’s products were removed' : `Your ${kind} was removed`],
        ] as const
      ).map(([action, title]) => [kind, action, title] as const),
    ),
  )('the author of a %s is told of a %s with the reason', async (kind, action, title) => {
    const r = await reported(kind);
    await decide(r, action, 'Promising returns on money breaks the community rules');
    const [n] = await noticesOf(r.author, `moderation.${action}`);
    expect(n?.title).toBe(title);
    expect(n?.body).toContain('Promising returns on money breaks the community rules');
  });

  it.each(HIDEABLE)('the author of a hidden %s is told it is back when it is restored', async (kind) => {
    const r = await reported(kind, 2);
    await decide(r, 'restore', 'It is a joke between friends, not a scam');
    const [n] = await noticesOf(r.author, 'moderation.restore');
    expect(n).toMatchObject({
      title: `Your ${kind} is back`,
      body: `Owo reviewed the reports on your ${kind} and restored it: It is a joke between friends, not a scam`,
    });
  });

  it.each(['restore', 'warn', 'remove'] as const)(
    'a %s is in the audit log with the moderator, the author and the reason',
    async (action) => {
      const r = await reported('comment');
      await decide(r, action, 'Abusive words about another member');
      const [e] = await executeRows<{ staff_id: string; customer_id: string; kind: string; detail: Record<string, unknown> }>(
        t.db,
        sql`SELECT staff_id, customer_id, kind, detail FROM staff_audit_log WHERE subject = ${r.id}`,
      );
      expect(e).toEqual({
        staff_id: moderator.id,
        customer_id: r.author.id,
        kind: `moderation.${action}`,
        detail: { target: 'comment', reason: 'Abusive words about another member' },
      });
    },
  );

  it.each(KINDS)('a second decision on a %s already reviewed answers 409', async (kind) => {
    const r = await reported(kind);
    await decide(r, 'restore');
    const res = await decide(r, 'warn');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'NOT_REPORTED' });
  });

  it('an unknown action answers 400 and changes nothing', async () => {
    const r = await reported('post');
    const res = await decide(r, 'shout');
    expect(res.statusCode).toBe(400);
    expect(await inQueue(r)).toMatchObject({ reports: 1 });
  });

  it('an unknown kind answers 400', async () => {
    const r = await reported('post');
    expect((await decide({ kind: 'story' as never, id: r.id }, 'remove')).statusCode).toBe(400);
  });

  it.each(KINDS)('a %s that does not exist answers 404', async (kind) => {
    expect((await decide({ kind, id: '00000000-0000-4000-8000-000000000000' }, 'remove')).statusCode).toBe(404);
  });
});
