import { apiMap, type ApiEndpointDef } from '@owo/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestContext } from './harness.js';

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

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
