import { expect } from 'vitest';
import { auth, fileApp, json, newUser, type TestContext, type TestUser } from '../../test/harness.js';
import { uploadPng } from '../../test/upload-fixture.js';

// Shared by the connect tests: the file's app, calls as a person, uploads, follows and posts.

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
  const upload = (u: TestUser, colour = '#0b6e4f') => uploadPng(t.app, u, colour);
  const follow = (a: TestUser, b: TestUser) => ok(a, 'PUT', `/connect/${b.id}/follow`);
  const post = <T = { _id: string }>(u: TestUser, body: object) => ok<T>(u, 'POST', '/posts', body);
  /** A new person with a nickname (for mentions). */
  const person = (nickName?: string) => newUser(t.app, nickName ? { nickName } : {});
  return { call, ok, page, upload, follow, post, person };
}

/** The test file's app on a fresh database (see `fileApp`) and a connect client on it. */
export function connectApp(opts: Parameters<typeof fileApp>[0] = {}) {
  const t = fileApp(opts);
  return { t, api: connectClient(t) };
}
