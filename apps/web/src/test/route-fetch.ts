import { vi } from 'vitest';
import { jsonResponse } from './render';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch mock that answers by "METHOD path" (path without the query string). */
export function routeFetch(routes: Record<string, Handler | unknown>) {
  const fn = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    if (route === undefined)
      return Promise.resolve(jsonResponse(404, { status: false, message: `No mock for ${key}`, code: 'NOT_MOCKED' }));
    if (typeof route === 'function') return Promise.resolve((route as Handler)(url, init));
    return Promise.resolve(jsonResponse(200, route));
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const calls = (fn: ReturnType<typeof routeFetch>, key: string) =>
  fn.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);
