import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../platform/db.js';
import { auth, createTestApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { firstAdmin, staffAuth, staffMember, type TestStaff } from './staff-test-kit.js';

let t: TestContext;
let moderator: TestStaff;

/** A post by a new author, reported by `times` different people ("Scam or fraud"). */
async function reportedPost(times = 1, text = 'Send me ₦5,000 and I will double it by Friday') {
  const author = await newUser(t.app);
  const made = await t.app.inject({ method: 'POST', url: '/api/connect/posts', headers: auth(author), payload: { text } });
  expect(made.statusCode, made.body).toBeLessThan(300);
  const id = (json(made).data as { _id: string })._id;
  for (let i = 0; i < times; i++) {
    const reporter = await newUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/connect/posts/${id}/report`,
      headers: auth(reporter),
      payload: { reason: 'scam' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return { id, author };
}

const decide = (postId: string, action: string, reason = 'It asks people to send money for a promised return') =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/moderation/posts/${postId}`,
    headers: staffAuth(moderator, { 'idempotency-key': randomUUID() }),
    payload: { action, reason },
  });
const queue = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/staff/moderation/posts?limit=100', headers: staffAuth(moderator) });
  expect(res.statusCode).toBe(200);
  return json(res).data as { id: string; reports: number; hidden: boolean; reasons: { reason: string }[]; author: { id: string } }[];
};
const seenBy = async (u: TestUser, postId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/connect/posts/${postId}`, headers: auth(u) })).statusCode;

beforeAll(async () => {
  t = await createTestApp({ env: { REPORT_HIDE_THRESHOLD: '2' } });
  moderator = await staffMember(t, await firstAdmin(t), 'moderator', 'Mo Moderator');
});
afterAll(async () => {
  await t?.close();
});

describe('the moderation queue', () => {
  it("holds a reported post with its reports' reasons and its author", async () => {
    const { id, author } = await reportedPost(1);
    const item = (await queue()).find((p) => p.id === id);
    expect(item).toMatchObject({ reports: 1, hidden: false, reasons: [{ reason: 'Scam or fraud' }], author: { id: author.id } });
  });

  it('shows a post hidden by its reports as hidden', async () => {
    const { id } = await reportedPost(2);
    expect((await queue()).find((p) => p.id === id)).toMatchObject({ hidden: true, reports: 2 });
  });
});

describe('moderation decisions', () => {
  it('removing a post deletes it and takes it out of the queue', async () => {
    const { id } = await reportedPost(1);
    const res = await decide(id, 'remove');
    expect(res.statusCode, res.body).toBe(200);
    expect(await seenBy(await newUser(t.app), id)).toBe(404);
    expect((await queue()).map((p) => p.id)).not.toContain(id);
  });

  it('restoring a hidden post shows it again and clears its reports', async () => {
    const { id } = await reportedPost(2);
    expect((await decide(id, 'restore', 'It is a joke between friends, not a scam')).statusCode).toBe(200);
    const [p] = await executeRows<{ hidden_at: string | null; report_count: number }>(
      t.db,
      sql`SELECT hidden_at, report_count FROM posts WHERE id = ${id}`,
    );
    expect(p).toEqual({ hidden_at: null, report_count: 0 });
  });

  it('the author is sent the reason', async () => {
    const { id, author } = await reportedPost(1);
    await decide(id, 'warn', 'Promising returns on money breaks the community rules');
    const [n] = await executeRows<{ title: string; body: string }>(
      t.db,
      sql`SELECT title, body FROM notices WHERE user_id = ${author.id} AND kind = 'moderation.warn'`,
    );
    expect(n!.title).toBe('A warning about your post');
    expect(n!.body).toContain('Promising returns on money breaks the community rules');
  });

  it('a decision is in the audit log with the moderator and the reason', async () => {
    const { id } = await reportedPost(1);
    await decide(id, 'remove');
    const [e] = await executeRows<{ staff_id: string; kind: string }>(
      t.db,
      sql`SELECT staff_id, kind FROM staff_audit_log WHERE subject = ${id}`,
    );
    expect(e).toEqual({ staff_id: moderator.id, kind: 'moderation.remove' });
  });

  it('a second decision on a post already reviewed answers 409', async () => {
    const { id } = await reportedPost(1);
    await decide(id, 'restore');
    const res = await decide(id, 'remove');
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'NOT_REPORTED' });
  });

  it('an unknown action answers 400 and changes nothing', async () => {
    const { id } = await reportedPost(1);
    const res = await decide(id, 'shout');
    expect(res.statusCode).toBe(400);
    expect((await queue()).find((p) => p.id === id)).toMatchObject({ reports: 1 });
  });
});
