import type { ApiBody, ApiData, ApiNeedsPin, ApiParams, ApiQuery, ApiRoute, Pagination } from '@owo/contracts';
import { toast } from '../lib/toast';

/** Each service has its own base URL (the spec's separate staging hosts). */
export const SERVICE_URLS = {
  user: '/api/user',
  transaction: '/api/transaction',
  wallet: '/api/wallet',
  bills: '/api/bills',
  ecommerce: '/api/ecommerce',
  connect: '/api/connect',
  upload: '/api/upload',
  chat: '/api/chat',
  kyc: '/api/kyc',
  notifications: '/api/notifications',
} as const;
export type ServiceName = keyof typeof SERVICE_URLS;

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly description?: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

export interface ApiResult<T> {
  data: T;
  message: string;
  pagination?: Pagination;
}

/** Spec sections 5 and 8: budget and transfer actions never leave without a token. */
export const NO_TOKEN_MESSAGE = 'Authorization failed, no token!';
export const NO_TOKEN_CODE = 'NO_TOKEN';

interface ClientHooks {
  getToken: () => string | null;
  /** Called when any call answers 401 SESSION_INVALID. */
  onSessionInvalid: () => void;
  /** Called when a call that requires a token is made without one (before anything is sent). */
  onNoToken: () => void;
}

const showNoTokenToast = () => {
  toast.error(NO_TOKEN_MESSAGE, { id: NO_TOKEN_CODE });
};

const hooks: ClientHooks = { getToken: () => null, onSessionInvalid: () => undefined, onNoToken: showNoTokenToast };

/** Wires the client to the session store (kept as hooks so the client has no store import). */
export function configureApiClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

export function authToken(): string | null {
  return hooks.getToken();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Transaction PIN, sent in the transactionPin header. */
  pin?: string;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Refuse to send without a token: raises the 'Authorization failed, no token!' toast and throws NO_TOKEN. */
  requireToken?: boolean;
  signal?: AbortSignal;
  /**
   * Give up after this many ms with a TIMEOUT ApiError (0: never). Default: 15 s for reads (GET, or a
   * call that passes a signal, as every query does), 30 s for other calls, 2 min for uploads, and none
   * for calls with a PIN (money calls: a retry goes through their Idempotency-Key instead).
   */
  timeoutMs?: number;
}

export const READ_TIMEOUT_MS = 15_000;
export const WRITE_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const TIMEOUT_CODE = 'TIMEOUT';
export const TIMEOUT_MESSAGE = 'This is taking too long. Check your connection and try again.';
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const OFFLINE_ERROR_MESSAGE = 'No network connection. Check your connection and try again.';
export const UNREACHABLE_MESSAGE = 'We could not reach Owo. Check your connection and try again.';

export function defaultTimeout(opts: RequestOptions): number {
  if (opts.timeoutMs !== undefined) return opts.timeoutMs;
  if (opts.pin) return 0;
  if (opts.body instanceof FormData) return UPLOAD_TIMEOUT_MS;
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  return method === 'GET' || opts.signal ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS;
}

/** True for an ApiError that a better connection might fix (timeout or no network). */
export function isConnectionError(err: unknown): boolean {
  return err instanceof ApiError && (err.code === TIMEOUT_CODE || err.code === NETWORK_ERROR_CODE);
}

/**
 * One signal that aborts when the caller's does, or after `ms` (0: never). Written by hand rather
 * than with AbortSignal.any/timeout, which older Android WebViews lack.
 */
function withTimeout(caller: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  const timer =
    ms > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('The request timed out', 'TimeoutError'));
        }, ms)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => timedOut && !caller?.aborted,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

export function buildUrl(service: ServiceName, path: string, query?: RequestOptions['query']): string {
  const url = `${SERVICE_URLS[service]}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export function authHeaders(opts: { auth?: boolean; pin?: string } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = opts.auth === false ? null : hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.pin) headers.transactionPin = opts.pin;
  return headers;
}

interface Envelope {
  status?: boolean;
  message?: string;
  code?: string;
  description?: string;
  data?: unknown;
  errors?: FieldError[];
  pagination?: Pagination;
}

/** Turns a parsed reply into data or an ApiError (and reports a dead session). */
export function unwrapEnvelope<T>(status: number, body: unknown): ApiResult<T> {
  const env = (body && typeof body === 'object' ? body : {}) as Envelope;
  if (status >= 200 && status < 300 && env.status !== false) {
    return {
      data: env.data as T,
      message: env.message ?? '',
      ...(env.pagination ? { pagination: env.pagination } : {}),
    };
  }
  const error = new ApiError(
    status,
    env.code ?? `HTTP_${status}`,
    env.message ?? '',
    env.description,
    Array.isArray(env.errors) ? env.errors : [],
  );
  if (status === 401 && error.code === 'SESSION_INVALID') hooks.onSessionInvalid();
  throw error;
}

export async function apiRequest<T>(service: ServiceName, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  if (opts.requireToken && !hooks.getToken()) {
    hooks.onNoToken();
    throw new ApiError(401, NO_TOKEN_CODE, NO_TOKEN_MESSAGE);
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(opts), ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const limit = withTimeout(opts.signal, defaultTimeout(opts));
  let res: Response;
  let text: string;
  try {
    res = await fetch(buildUrl(service, path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: limit.signal,
    });
    // The time limit covers the body too: a reply that stalls half-way must not hang the screen.
    text = await res.text();
  } catch (err) {
    if (limit.timedOut()) throw new ApiError(0, TIMEOUT_CODE, TIMEOUT_MESSAGE);
    if (opts.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError')) throw err;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(0, NETWORK_ERROR_CODE, offline ? OFFLINE_ERROR_MESSAGE : UNREACHABLE_MESSAGE);
  } finally {
    limit.done();
  }
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: handled as a bare HTTP failure */
    }
  }
  return unwrapEnvelope<T>(res.status, parsed);
}

/** The options of a call: its path parameters, query and body as the API map types them, and how to send it. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };
export type CallOptions<R extends ApiRoute> = Part<'params', ApiParams<R>> &
  Part<'query', ApiQuery<R>> &
  Part<'body', ApiBody<R>> &
  (ApiNeedsPin<R> extends true ? { pin: string } : { pin?: never }) &
  Omit<RequestOptions, 'method' | 'body' | 'query' | 'pin'> & {
    /** Sent as the Idempotency-Key header (money calls: the same key replays the first answer). */
    idempotencyKey?: string;
  };
type CallArgs<R extends ApiRoute> = Partial<CallOptions<R>> extends CallOptions<R> ? [opts?: CallOptions<R>] : [opts: CallOptions<R>];
type RuntimeCallOptions = Omit<RequestOptions, 'method'> & { params?: Record<string, string | number>; idempotencyKey?: string };

/** A route "METHOD /api/<service>/rest" with its parameters filled in: the service, the path under its base URL, the method. */
export function resolveRoute(
  route: ApiRoute,
  params: Record<string, string | number> = {},
): { method: NonNullable<RequestOptions['method']>; service: ServiceName; path: string } {
  const [method, template = ''] = route.split(' ') as [NonNullable<RequestOptions['method']>, string];
  const full = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const m = /^\/api\/([a-z]+)(\/.*)$/.exec(full);
  if (!m || !(m[1]! in SERVICE_URLS)) throw new Error(`${route}: not a path of a known service`);
  return { method, service: m[1] as ServiceName, path: m[2]! };
}

/**
 * Calls the API by its route in the contracts' map (`packages/contracts/src/api.ts`), which types
 * the path parameters, query, body and reply: `call('GET /api/user/users/:id', { params: { id } })`.
 * The map is imported for its types only, so no schema reaches the first screen's code.
 */
export function call<R extends ApiRoute>(route: R, ...[opts]: CallArgs<R>): Promise<ApiResult<ApiData<R>>> {
  const { params, body, idempotencyKey, headers, ...rest } = (opts ?? {}) as RuntimeCallOptions;
  const { method, service, path } = resolveRoute(route, params);
  return apiRequest<ApiData<R>>(service, path, {
    ...rest,
    method,
    // Writes always carry a JSON body (an empty one when the call has none).
    body: body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
    headers: idempotencyKey ? { ...headers, 'Idempotency-Key': idempotencyKey } : headers,
  });
}

/** The text to show for a failure: the server's message, else its description, else the fallback. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.message || err.description || fallback;
  return fallback;
}
