import sharp from 'sharp';
import { expect } from 'vitest';
import { auth, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';

// Shared by the connect tests: calls as a person, uploads, follows and posts.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function connectClient(t: TestContext) {
  const call = (u: TestUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/connect${url}`, headers: u ? auth(u) : {}, ...(payload ? { payload } : {}) });
  /** A call that must succeed: its data. */
  const ok = async <T = Record<string, unknown>>(u: TestUser, method: Method, url: string, payload?: object): Promise<T> => {
    const res = await call(u, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return json(res).data as T;
  };
  /** A whole successful reply (data and pagination). */
  const page = async <T = Record<string, unknown>>(u: TestUser, url: string) => {
    const res = await call(u, 'GET', url);
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json() as {
      data: T[];
      pagination: { page: number; next: { page: number; cursor?: string } | null; prev: { page: number } | null; total?: number };
    };
  };
  const BOUNDARY = '----owo-connect';
  const upload = async (u: TestUser, colour = '#0b6e4f'): Promise<{ url: string; thumbnailUrl: string }> => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/api/upload/single',
      headers: { ...auth(u), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json(res).data as { url: string; thumbnailUrl: string };
  };
  const follow = (a: TestUser, b: TestUser) => ok(a, 'PUT', `/connect/${b.id}/follow`);
  const post = <T = { _id: string }>(u: TestUser, body: object) => ok<T>(u, 'POST', '/posts', body);
  /** A new person with a nickname (for mentions). */
  const person = (nickName?: string) => newUser(t.app, nickName ? { nickName } : {});
  return { call, ok, page, upload, follow, post, person };
}
