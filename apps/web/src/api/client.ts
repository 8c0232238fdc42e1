import type { Pagination } from '@owo/contracts';
import { toast } from 'sonner';

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
  let res: Response;
  try {
    res = await fetch(buildUrl(service, path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach Owo. Check your connection and try again.');
  }
  let parsed: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: handled as a bare HTTP failure */
    }
  }
  return unwrapEnvelope<T>(res.status, parsed);
}

/** A client bound to one service: `api.user.get('/users/1')`. */
export function serviceClient(service: ServiceName) {
  return {
    request: <T>(path: string, opts?: RequestOptions) => apiRequest<T>(service, path, opts),
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(service, path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      apiRequest<T>(service, path, { ...opts, method: 'POST', body: body ?? {} }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      apiRequest<T>(service, path, { ...opts, method: 'PUT', body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      apiRequest<T>(service, path, { ...opts, method: 'PATCH', body: body ?? {} }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(service, path, { ...opts, method: 'DELETE' }),
  };
}

export const api = {
  user: serviceClient('user'),
  transaction: serviceClient('transaction'),
  wallet: serviceClient('wallet'),
  bills: serviceClient('bills'),
  ecommerce: serviceClient('ecommerce'),
  connect: serviceClient('connect'),
  upload: serviceClient('upload'),
  chat: serviceClient('chat'),
};

/** The text to show for a failure: the server's message, else its description, else the fallback. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) return err.message || err.description || fallback;
  return fallback;
}
