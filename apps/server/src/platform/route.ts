import { apiMap, errorBody, errorResponses, type ApiEndpointDef, type ApiMap, type ApiName, type Pagination } from '@owo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { authOf } from './auth.js';
import { bearer, bearerDoc, bearerPin, bearerPinDeferred, bearerPinDoc } from './guards.js';
import { requireStaff } from './staff-auth.js';

/**
 * Who may make a call, as routes.tsv names it: anyone (`none`), a signed-in person (`bearer`), or a
 * signed-in person with their transaction PIN (`pin`; `pin-deferred` leaves the session and PIN
 * checks to the route's own statement when they were verified together recently), or a staff member
 * of the operator console (`staff`: a staff session's token, never a customer's; platform/staff-auth.ts).
 */
export type Guard = 'none' | 'bearer' | 'pin' | 'pin-deferred' | 'staff';

const guards: Record<Guard, { hooks: RouteShorthandOptions; security?: Array<Record<string, string[]>> }> = {
  none: { hooks: {} },
  bearer: { hooks: bearer, security: bearerDoc.security },
  pin: { hooks: bearerPin, security: bearerPinDoc.security },
  'pin-deferred': { hooks: bearerPinDeferred, security: bearerPinDoc.security },
  staff: { hooks: { onRequest: [requireStaff] }, security: [{ staffAuth: [] }] },
};

export type RouteSettings = {
  guard: Guard;
  /** Route config for plugins (the rate limit of `limitBy`). */
  config?: Record<string, unknown>;
};

type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A call's request as its schemas leave it after validation. */
export type ApiRequest<N extends ApiName> = FastifyRequest<{
  Params: Part<ApiMap[N], 'params'>;
  Querystring: Part<ApiMap[N], 'query'>;
  Body: Part<ApiMap[N], 'body'>;
  Headers: Part<ApiMap[N], 'headers'>;
}>;

/** What a call answers with on success, as its response schema takes it. */
export type ApiAnswer<N extends ApiName> = z.input<ApiMap[N]['response']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API map's name of the call, set by `route` (a route without it was not declared there). */
    api?: ApiName;
    /** The call's guard, set by `route`. */
    guard?: Guard;
    /** Why a service's route is served outside the API map (a stream of bytes has no JSON contract). */
    unlisted?: string;
  }
}

/**
 * Refuses to start an app in which a service serves a route not declared in the API map: every
 * route under a service's `/api/<service>` prefix is registered by `route`, or says why not
 * (`config.unlisted`). Added as an onRoute hook before the services are registered.
 */
export function requireDeclaredRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (r) => {
    if (!r.prefix?.startsWith('/api/')) return;
    const config = r.config as { api?: string; unlisted?: string } | undefined;
    if (!config?.api && !config?.unlisted) {
      throw new Error(`${String(r.method)} ${r.url} is not declared in the API map (packages/contracts): register it with route()`);
    }
  });
}

/**
 * Serves one call of the API map (packages/contracts): its method, path, schemas and OpenAPI text
 * all come from the map, so a call is declared once. The path is the map's full path; the plugin
 * the route is registered in must sit under its start (`/api/chat` for `/api/chat/blocks`). A PIN
 * guard must match the entry's `pin` (or the call sets the PIN: `pin` with a `transactionpin` header
 * and the bearer guard), or the app does not start.
 */
export function route<N extends ApiName>(
  app: FastifyInstance,
  name: N,
  settings: RouteSettings,
  handler: (req: ApiRequest<N>, reply: FastifyReply) => Promise<ApiAnswer<N> | FastifyReply>,
): void {
  const e: ApiEndpointDef = apiMap[name];
  if (!e.path.startsWith(`${app.prefix}/`)) throw new Error(`${name}: ${e.path} is not under ${app.prefix}`);
  const checksPin = settings.guard === 'pin' || settings.guard === 'pin-deferred';
  // A call that sets the PIN carries it (the entry's `pin` and its `headers`) without the guard checking it.
  const setsPin = settings.guard === 'bearer' && Boolean(e.headers && 'transactionpin' in e.headers.shape);
  if (Boolean(e.pin) !== (checksPin || setsPin)) throw new Error(`${name}: the guard ${settings.guard} and the map's pin disagree`);
  const guard = guards[settings.guard];
  const success = e.created ? { 201: e.response, 200: e.response } : { 200: e.response };
  app.route({
    method: e.method,
    url: e.path.slice(app.prefix.length),
    ...guard.hooks,
    config: { ...settings.config, api: name, guard: settings.guard },
    schema: {
      tags: [e.tag ?? name.slice(0, name.indexOf('.'))],
      summary: e.summary ?? name,
      ...(guard.security && { security: guard.security }),
      ...(e.multipart && { consumes: ['multipart/form-data'] }),
      // A file's bytes: the handler sends a stream or a buffer, which no serializer touches.
      ...(e.bytes && { produces: [...e.bytes] }),
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.headers && { headers: e.headers }),
      ...(e.body && { body: e.body }),
      // Any call that takes an Idempotency-Key may answer 422 for a key reused on another request.
      response: { ...success, ...errorResponses, 422: errorBody },
    },
    handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** The signed-in person making the call (routes guarded `bearer` or `pin`). */
export const userIdOf = (req: FastifyRequest): string => authOf(req).userId;

/** The envelope of one page of a list, as the services return it. */
export const listed = <T>(message: string, r: { items: T[]; pagination: Pagination }) => ({
  status: true as const,
  message,
  data: r.items,
  pagination: r.pagination,
});
