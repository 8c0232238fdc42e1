import type { ApiBody, ApiData, ApiParams, ApiQuery, ApiRoute, Pagination } from '@owo/contracts';

// The console's client: every call is a route of the contracts' API map under /api/staff (types
// only: the client loads no schema; the forms check what they send with the call's own schema), sent
// with the staff session's token.

export type StaffRoute = Extract<ApiRoute, `${string} /api/staff/${string}`>;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'We could not reach Owo. Check your connection and try again.';
const TIMEOUT_MS = 20_000;

type Hooks = { token: () => string | null; onSessionEnded: () => void };
const hooks: Hooks = { token: () => null, onSessionEnded: () => undefined };
export const configureClient = (h: Partial<Hooks>) => Object.assign(hooks, h);

type Opts<R extends StaffRoute> = {
  params?: ApiParams<R>;
  query?: ApiQuery<R>;
  body?: ApiBody<R>;
  /** Sent as the Idempotency-Key header: a retry of the same action is answered as the first. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

export type Reply<R extends StaffRoute> = { data: ApiData<R>; message: string; pagination?: Pagination };

/** The address and headers of a call: its path with the params filled in, its query, the session's token. */
function request<R extends StaffRoute>(route: R, opts: Opts<R>, accept: string) {
  const [method, template] = route.split(' ') as [string, string];
  const params = (opts.params ?? {}) as Record<string, string>;
  let url = template.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((opts.query ?? {}) as Record<string, unknown>))
    if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  if (query.size > 0) url += `?${query.toString()}`;
  const headers: Record<string, string> = { Accept: accept };
  const token = hooks.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method, url, headers, token };
}

/**
 * A call that answers a file (a KYC document's image): fetched with the session's token, never by
 * a bare address, so it can be shown only from a blob.
 */
export async function callBlob<R extends StaffRoute>(route: R, opts: Opts<R> = {}): Promise<Blob> {
  const { method, url, headers } = request(route, opts, 'image/*, application/json');
  let res: Response;
  try {
    res = await fetch(url, { method, headers, signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  if (res.ok) return res.blob();
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.message || `The server answered ${res.status}`);
}

export async function call<R extends StaffRoute>(route: R, opts: Opts<R> = {}): Promise<Reply<R>> {
  const { method, url, headers, token } = request(route, opts, 'application/json');
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => timeout.abort(), { once: true });
  let res: Response;
  let body: { status?: boolean; message?: string; code?: string; data?: unknown; pagination?: Pagination; errors?: ApiError['errors'] } =
    {};
  try {
    res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: timeout.signal,
    });
    const text = await res.text();
    body = text ? (JSON.parse(text) as typeof body) : {};
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  if (res.ok && body.status !== false) return { data: body.data as ApiData<R>, message: body.message ?? '', pagination: body.pagination };
  const error = new ApiError(
    res.status,
    body.code ?? `HTTP_${res.status}`,
    body.message || `The server answered ${res.status}`,
    body.errors,
  );
  if (res.status === 401 && token && (error.code === 'STAFF_SESSION_INVALID' || error.code === 'NO_TOKEN')) hooks.onSessionEnded();
  throw error;
}

export const messageOf = (err: unknown): string => (err instanceof Error && err.message ? err.message : 'Something went wrong. Try again.');

/** A new key for one action of the person (kept while the same action is sent again). */
export const newKey = () => crypto.randomUUID();
