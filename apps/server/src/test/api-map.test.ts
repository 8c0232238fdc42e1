import { readFileSync } from 'node:fs';
import { apiMap, type ApiEndpointDef } from '@owo/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { fileApp } from './harness.js';

/**
 * The contracts' API map (packages/contracts/src/api.ts) gives the web client every call's path and
 * types. This suite holds it to the server: each entry is served at its method and path, with the
 * very schemas the route validates and answers with, and the PIN where the route asks for one.
 */

// Every route's options as the app registers them (Fastify's onRoute hook, added as each app is made).
const seen = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<{ default: unknown }>();
  const make = actual.default as (...args: unknown[]) => FastifyInstance;
  const recording = (...args: unknown[]) => {
    const app = make(...args);
    app.addHook('onRoute', (route) => {
      seen.push(route);
    });
    return app;
  };
  return { ...actual, default: Object.assign(recording, actual.default) };
});

const t = fileApp();

const entries = Object.entries(apiMap) as Array<[string, ApiEndpointDef]>;
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);
const routeOf = (e: ApiEndpointDef) => seen.find((r) => r.url === e.path && methodsOf(r).includes(e.method));
const schemaOf = (r: RouteOptions | undefined) =>
  (r?.schema ?? {}) as {
    params?: z.ZodObject;
    querystring?: z.ZodType;
    body?: z.ZodType;
    headers?: z.ZodObject;
    response?: Record<number, z.ZodType>;
    security?: Array<Record<string, unknown>>;
  };
const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();

describe('the API map', () => {
  it('has entries', () => {
    expect(entries.length).toBeGreaterThan(50);
    expect(seen.length).toBeGreaterThan(entries.length);
  });

  it.each(entries)('%s is served at its method and path', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
    expect(routeOf(e)).toBeDefined();
  });

  it.each(entries)('%s takes and answers with the route’s own schemas', (_name, e) => {
    const s = schemaOf(routeOf(e));
    expect(s.body).toBe(e.body);
    expect(s.querystring).toBe(e.query);
    const success = s.response?.[200] ?? s.response?.[201];
    expect(success).toBe(e.response);
  });

  it.each(entries)('%s names its path parameters as the route does', (_name, e) => {
    const s = schemaOf(routeOf(e));
    expect(Object.keys(e.params?.shape ?? {}).sort()).toEqual(pathParams(e.path));
    expect(Object.keys(s.params?.shape ?? {}).sort()).toEqual(pathParams(e.path));
  });

  it.each(entries)('%s carries the PIN exactly when the route asks for it', (_name, e) => {
    const s = schemaOf(routeOf(e));
    const asksPin = Boolean(s.security?.some((x) => 'transactionPin' in x)) || Boolean(s.headers && 'transactionpin' in s.headers.shape);
    expect(Boolean(e.pin)).toBe(asksPin);
  });
});

/** routes.tsv (docs/, a copy of the design's): every call of the specification, its service, path and guard. */
const specRows = readFileSync(new URL('../../../../docs/routes.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .map(([service, method, path, guard]) => ({
    service: service!,
    method: method!,
    path: `/api/${service}${path!.replace(/\{(\w+)\}/g, ':$1')}`,
    guard: guard!,
  }));
const served = () => seen.filter((r) => r.config?.api);
/** The services' mount points (`/api/wallet`...), as the map's paths name them. */
const mounts = new Set(entries.map(([, e]) => e.path.split('/').slice(0, 3).join('/')));
/**
 * Calls guarded more strictly than routes.tsv asks: locking money away moves it out of reach, so it
 * takes the PIN as every other move of money does.
 */
const STRICTER: Record<string, string> = { 'POST /api/wallet/lockedfund': 'bearer+pin' };

describe('routes.tsv and the API map', () => {
  it('has the specification’s calls', () => {
    expect(specRows.length).toBeGreaterThan(150);
  });

  it.each(specRows.map((r) => [`${r.method} ${r.path}`, r] as const))('%s is an entry of the map', (_call, r) => {
    const names = entries.filter(([, e]) => e.method === r.method && e.path.replace(/:\w+/g, ':') === r.path.replace(/:\w+/g, ':'));
    expect(names.map(([n]) => n)).toHaveLength(1);
  });

  it.each(specRows.map((r) => [`${r.method} ${r.path} (${r.guard})`, r] as const))('%s is served behind its guard', (_call, r) => {
    const route = served().find((x) => methodsOf(x).includes(r.method) && x.url.replace(/:\w+/g, ':') === r.path.replace(/:\w+/g, ':'));
    expect(route).toBeDefined();
    const guard = route!.config!.guard;
    // The two calls that set the PIN carry it (routes.tsv: bearer+pin) behind the token alone.
    const setsPin = guard === 'bearer' && Boolean((apiMap[route!.config!.api!] as ApiEndpointDef).pin);
    const named = {
      none: 'none',
      bearer: setsPin ? 'bearer+pin' : 'bearer',
      pin: 'bearer+pin',
      'pin-deferred': 'bearer+pin',
      staff: 'staff',
    }[guard!];
    expect(named).toBe(STRICTER[`${r.method} ${r.path}`] ?? r.guard);
  });

  it('serves every route of a service from the map (or says why not)', () => {
    const stray = seen.filter((r) => mounts.has((r as { prefix?: string }).prefix ?? '') && !r.config?.api && !r.config?.unlisted);
    expect(stray.map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
    expect(new Set(served().map((r) => r.config!.api)).size).toBe(entries.length);
  });
});
