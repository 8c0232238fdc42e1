import type { z } from 'zod';
import { chatApi } from './api-chat.js';
import { chatGroupsApi } from './api-chat-groups.js';
import { chatActionsApi } from './api-chat-actions.js';
import { connectApi } from './api-connect.js';
import { communitiesApi } from './api-communities.js';
import { moneyApi } from './api-money.js';
import { noticesApi } from './api-notices.js';
import { notificationsApi } from './api-notifications.js';
import { shopApi } from './api-shop.js';
import { staffApi } from './api-staff.js';
import { staffOpsApi } from './api-staff-ops.js';
import { staffReconApi } from './api-staff-recon.js';
import { userApi } from './api-user.js';
import { kycApi } from './api-kyc.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: how it is served and the schemas of what goes in and comes back. */
export interface ApiEndpointDef {
  method: HttpMethod;
  /** The full path as served: the service's mount point `/api/<service>` and the route (`:name` marks a path parameter). */
  path: `/api/${string}`;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success reply (the envelope with its data). */
  response: z.ZodType;
  /** The call carries the transaction PIN (header transactionPin). */
  pin?: true;
  /** Headers the call reads besides the token (the PIN headers of the PIN calls). */
  headers?: z.ZodObject;
  /** What the call does, as the OpenAPI document shows it (its summary). */
  summary?: string;
  /** The OpenAPI section, when not the area of the call's name (`shop.placeOrder` is in "shop"). */
  tag?: string;
  /** The call answers 201 when it creates something (and 200 when a retry finds it made). */
  created?: true;
  /** The body is multipart/form-data (an upload), read by the route itself. */
  multipart?: true;
  /** The call answers a file's bytes of one of these types, not an envelope (`response` then describes the bytes). */
  bytes?: readonly string[];
}

/**
 * Every call the web client makes, by name. The web client takes each call's method, path and
 * types from here (types only: see apps/web/src/api/client.ts), so a changed contract fails the
 * type check of every screen that uses it; apps/server/src/test/api-map.test.ts checks that the
 * server serves every entry at its method and path.
 */
export const apiMap = {
  // The areas, each in a file of its own (api-<area>.ts).
  ...userApi,
  ...moneyApi,
  ...connectApi,
  ...communitiesApi,
  ...chatApi,
  ...chatGroupsApi,
  ...chatActionsApi,
  ...shopApi,
  ...noticesApi,
  ...staffApi,
  ...notificationsApi,
  ...kycApi,
  ...staffOpsApi,
  ...staffReconApi,
} as const satisfies Record<string, ApiEndpointDef>;

export type ApiMap = typeof apiMap;
export type ApiName = keyof ApiMap;

type RouteOf<E> = E extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;

/** A call as "METHOD /full/path", e.g. `GET /api/wallet/wallet-balances`: what the web client passes to `call`. */
export type ApiRoute = { [K in ApiName]: RouteOf<ApiMap[K]> }[ApiName];

/** The map's entry (or entries, for a union of routes) of a route. */
export type ApiEndpoint<R extends ApiRoute> = { [K in ApiName]: RouteOf<ApiMap[K]> extends R ? ApiMap[K] : never }[ApiName];

/** The names of a path's `:parameters`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type QueryValue = string | number | boolean | null | undefined;
/** Query values the schema coerces (typed unknown on input) may be sent as any plain value. */
type QueryInput<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };

/** What a call's parts are, or undefined for a part it does not have. */
export type ApiParams<R extends ApiRoute> = [PathParamNames<ApiEndpoint<R>['path']>] extends [never]
  ? undefined
  : Record<PathParamNames<ApiEndpoint<R>['path']>, string>;
export type ApiQuery<R extends ApiRoute> = ApiEndpoint<R> extends { query: infer S extends z.ZodType } ? QueryInput<z.input<S>> : undefined;
export type ApiBody<R extends ApiRoute> = ApiEndpoint<R> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
/** True when the call carries the transaction PIN. */
export type ApiNeedsPin<R extends ApiRoute> = ApiEndpoint<R> extends { pin: true } ? true : false;
/** The whole success reply, and its `data`. */
export type ApiResponse<R extends ApiRoute> = z.output<ApiEndpoint<R>['response']>;
export type ApiData<R extends ApiRoute> = ApiResponse<R> extends { data: infer D } ? D : never;
