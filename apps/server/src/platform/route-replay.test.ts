import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@owo/contracts';
import { connectClient } from '../services/connect/connect-fixtures.js';
import { auth, createTestApp, json, type TestContext, type TestUser } from '../test/harness.js';
import { executeRows } from './db.js';

// Calls that change what others see but keep no key of their own (posts, comments, follows, ...)
// accept an Idempotency-Key too (registerRouteReplay): a retry replays the first answer and does not
// run the call again.

let t: TestContext;
let api: ReturnType<typeof connectClient>;
let ada: TestUser;
let post: Post;
beforeAll(async () => {
  t = await createTestApp();
  api = connectClient(t);
  ada = await api.person();
  post = await api.post<Post>(await api.person(), { text: 'Suya tonight?' });
});
afterAll(() => t.close());

const send = (u: TestUser, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object | undefined, key?: string) =>
  t.app.inject({
    method,
    url: `/api/connect${url}`,
    headers: auth(u, key ? { 'idempotency-key': key } : {}),
    ...(payload ? { payload } : {}),
  });

const count = async (table: string, where: ReturnType<typeof sql>) =>
  (await executeRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n;

describe('the Idempotency-Key of a call that keeps none of its own', () => {
  it('replays a comment’s answer on a retry, and the comment is made once', async () => {
    const first = await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'I’m in' }, 'comment-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'I’m in' }, 'comment-key-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(first));
    expect(await count('post_comments', sql`post_id = ${post._id} AND author_id = ${ada.id}`)).toBe(1);
  });

  it('replays a new post once made', async () => {
    const body = { text: `Market day ${Math.random()}` };
    const first = await send(ada, 'POST', '/posts', body, 'post-key-00000001');
    const again = await send(ada, 'POST', '/posts', body, 'post-key-00000001');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(json(again).data).toEqual(json(first).data);
    expect(await count('posts', sql`author_id = ${ada.id} AND text = ${body.text}`)).toBe(1);
  });

  it('refuses the same key for another body or another call (422), writing nothing', async () => {
    await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'First' }, 'comment-key-0002');
    const before = await count('post_comments', sql`author_id = ${ada.id}`);
    const other = await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'Second' }, 'comment-key-0002');
    expect(other.statusCode).toBe(422);
    expect(json(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const elsewhere = await send(ada, 'PATCH', `/posts/${post._id}/like`, undefined, 'comment-key-0002');
    expect(elsewhere.statusCode).toBe(422);
    expect(await count('post_comments', sql`author_id = ${ada.id}`)).toBe(before);
    expect(await count('post_likes', sql`user_id = ${ada.id}`)).toBe(0);
  });

  it('keeps no answer of a refused call: the retry runs again', async () => {
    const missing = '0198a7b2-0000-7000-8000-00000000dead';
    const first = await send(ada, 'POST', `/posts/${missing}/comment`, { text: 'Hello' }, 'comment-key-0003');
    expect(first.statusCode).toBe(404);
    const again = await send(ada, 'POST', `/posts/${missing}/comment`, { text: 'Hello' }, 'comment-key-0003');
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('changes nothing without a key, and refuses a malformed one (400)', async () => {
    const before = await count('post_comments', sql`author_id = ${ada.id}`);
    await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'Once' });
    await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'Once' });
    expect(await count('post_comments', sql`author_id = ${ada.id}`)).toBe(before + 2);
    const bad = await send(ada, 'POST', `/posts/${post._id}/comment`, { text: 'Bad key' }, 'no spaces allowed');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await count('post_comments', sql`author_id = ${ada.id}`)).toBe(before + 2);
  });

  it('keys are each person’s own: another person’s same key runs their own call', async () => {
    const bola = await api.person();
    const a = await send(bola, 'POST', `/posts/${post._id}/comment`, { text: 'I’m in' }, 'comment-key-0001');
    expect(a.statusCode).toBe(201);
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('post_comments', sql`post_id = ${post._id} AND author_id = ${bola.id}`)).toBe(1);
  });

  it('leaves the key of a call that keeps its own to that call: one row, in the call’s own scope', async () => {
    const bola = await api.person();
    const put = () =>
      t.app.inject({ method: 'PUT', url: `/api/chat/blocks/${bola.id}`, headers: auth(ada, { 'idempotency-key': 'block-key-0001' }) });
    const first = await put();
    expect(first.statusCode, first.body).toBe(200);
    const again = await put();
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await executeRows<{ scope: string }>(
      t.db,
      sql`SELECT scope FROM idempotency_keys WHERE user_id = ${ada.id} AND key = 'block-key-0001'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scope.startsWith('route:')).toBe(false);
  });
});
