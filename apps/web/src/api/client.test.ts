// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_CODE,
  NO_TOKEN_MESSAGE,
  READ_TIMEOUT_MS,
  SERVICE_URLS,
  TIMEOUT_CODE,
  TIMEOUT_MESSAGE,
  UPLOAD_TIMEOUT_MS,
  WRITE_TIMEOUT_MS,
  apiRequest,
  buildUrl,
  call,
  configureApiClient,
  defaultTimeout,
  errorMessage,
  isConnectionError,
  resolveRoute,
} from './client';
import { userApi } from './user';

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ getToken: () => null, onSessionInvalid: () => undefined });
});

describe('api client', () => {
  it('has a base URL per service', () => {
    expect(SERVICE_URLS).toEqual({
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
    });
    expect(buildUrl('wallet', '/wallet-balances', { a: 1, b: undefined })).toBe('/api/wallet/wallet-balances?a=1');
  });

  it('unwraps the success envelope', async () => {
    const f = mockFetch(200, { status: true, message: 'Login successful', data: { id: 'u1', accessToken: 't' } });
    const res = await userApi.login({ username: 'ada', password: 'pw' });
    expect(res).toEqual({ data: { id: 'u1', accessToken: 't' }, message: 'Login successful' });
    const [url, init] = f.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/users/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', password: 'pw' });
  });

  it('keeps pagination of list replies', async () => {
    const pagination = { page: 1, limit: 20, total: 1, prev: null, next: null };
    mockFetch(200, { status: true, message: 'Users', data: [{ id: 1 }], pagination });
    const res = await call('GET /api/user/users/filter', { query: { query: 'ad' } });
    expect(res.pagination).toEqual(pagination);
  });

  it('throws ApiError with status, code, message, description and field errors', async () => {
    mockFetch(400, {
      status: false,
      message: 'Invalid request',
      code: 'VALIDATION_FAILED',
      description: 'more detail',
      errors: [{ path: 'email', message: 'Enter a valid email address' }],
    });
    const err = await apiRequest('user', '/users/signup', { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid request', description: 'more detail' });
    expect((err as ApiError).errors).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    expect(errorMessage(err)).toBe('Invalid request');
  });

  it('sends the bearer token and the transactionPin header', async () => {
    configureApiClient({ getToken: () => 'tok-123' });
    const f = mockFetch(200, { status: true, message: 'Transaction PIN set', data: null });
    const res = await userApi.setPin('2468');
    expect(res.message).toBe('Transaction PIN set');
    const headers = f.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-123');
    expect(headers.transactionPin).toBe('2468');
  });

  it('update-pin sends the new PIN in transactionPin and the old one in header and query', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const f = mockFetch(200, { status: true, message: 'Transaction PIN updated', data: null });
    await userApi.updatePin('2468', '1357');
    const [url, init] = f.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/user/users/update-pin?oldTransactionPin=2468');
    expect(init?.method).toBe('PUT');
    const headers = init?.headers as Record<string, string>;
    expect(headers.transactionPin).toBe('1357');
    expect(headers.oldTransactionPin).toBe('2468');
  });

  it('does not send a bearer token on unauthenticated calls', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const f = mockFetch(200, { status: true, message: 'ok', data: null });
    await userApi.login({ username: 'a', password: 'b' });
    expect((f.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('reports a 401 SESSION_INVALID so the user is logged out', async () => {
    const onSessionInvalid = vi.fn();
    configureApiClient({ getToken: () => 'tok', onSessionInvalid });
    mockFetch(401, { status: false, message: 'Your session has ended. Please log in again.', code: 'SESSION_INVALID' });
    await expect(userApi.getUser('x')).rejects.toMatchObject({ status: 401, code: 'SESSION_INVALID' });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);

    mockFetch(401, { status: false, message: 'Incorrect username or password', code: 'LOGIN_FAILED' });
    await expect(userApi.login({ username: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(userApi.getUser('x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('handles a non-JSON failure body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))),
    );
    const err = await userApi.getUser('x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'HTTP_502' });
    expect(errorMessage(err, 'fallback')).toBe('fallback');
  });

  it("refuses a token-only call without a token: 'Authorization failed, no token!'", async () => {
    const onNoToken = vi.fn();
    configureApiClient({ getToken: () => null, onNoToken });
    const f = mockFetch(200, { status: true, message: 'ok', data: null });
    const err = await apiRequest('wallet', '/initiate', { body: {}, requireToken: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NO_TOKEN', message: NO_TOKEN_MESSAGE });
    expect(NO_TOKEN_MESSAGE).toBe('Authorization failed, no token!');
    expect(onNoToken).toHaveBeenCalledTimes(1);
    expect(f).not.toHaveBeenCalled();
  });
});

describe('call: routes of the contracts API map', () => {
  it('fills and encodes path parameters under the service base URL', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const f = mockFetch(200, { status: true, message: 'Beneficiary removed', data: null });
    await call('DELETE /api/bills/beneficiary/:label/:customerNumber', { params: { label: 'mtn airtime', customerNumber: '0803/1' } });
    const [url, init] = f.mock.calls[0] ?? [];
    expect(url).toBe('/api/bills/beneficiary/mtn%20airtime/0803%2F1');
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
    expect(resolveRoute('GET /api/wallet/e-comm/api/loan/types')).toEqual({
      method: 'GET',
      service: 'wallet',
      path: '/e-comm/api/loan/types',
    });
  });

  it('sends the body, the PIN and the Idempotency-Key', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const f = mockFetch(200, { status: true, message: 'Transfer successful', data: { reference: 'OWO-1' } });
    const res = await call('POST /api/wallet/complete', { body: { reference: 'OWO-123456' }, pin: '2468', idempotencyKey: 'key-1' });
    expect(res.message).toBe('Transfer successful');
    const [url, init] = f.mock.calls[0] ?? [];
    expect(url).toBe('/api/wallet/complete');
    expect(JSON.parse(String(init?.body))).toEqual({ reference: 'OWO-123456' });
    const headers = init?.headers as Record<string, string>;
    expect(headers.transactionPin).toBe('2468');
    expect(headers['Idempotency-Key']).toBe('key-1');
  });

  it('sends an empty JSON body on a write that has none, and the query on a read', async () => {
    configureApiClient({ getToken: () => 'tok' });
    const f = mockFetch(200, { status: true, message: 'ok', data: [] });
    await call('POST /api/wallet/lockedfund/withdraw/:id', { params: { id: 'f1' } });
    expect(f.mock.calls[0]?.[1]?.body).toBe('{}');
    await call('GET /api/bills/bills/validate-customer', {
      query: { billerId: 'ikedc', billerGroupId: 'electricity', customerNumber: '45012345678' },
    });
    expect(f.mock.calls[1]?.[0]).toBe(
      '/api/bills/bills/validate-customer?billerId=ikedc&billerGroupId=electricity&customerNumber=45012345678',
    );
  });

  it('types every part of a call from the map', () => {
    // Compiled, never run: \`npm run typecheck\` fails if the map stops refusing these.
    const typeChecks = () => {
      // @ts-expect-error: not a route of the map
      void call('GET /api/wallet/balances');
      // @ts-expect-error: a PIN call without the PIN
      void call('POST /api/wallet/complete', { body: { reference: 'OWO-123456' } });
      // @ts-expect-error: the path parameter is missing
      void call('GET /api/user/users/:id');
      // @ts-expect-error: the body's field is misspelt
      void call('POST /api/user/users/login', { body: { user: 'ada', password: 'pw' } });
      // @ts-expect-error: the reply has no such field
      void call('GET /api/wallet/wallet-balances').then((r) => r.data.balance);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('time limits', () => {
  /** A fetch that never answers, but rejects (as browsers do) when its signal aborts. */
  function hangingFetch() {
    const fn = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fn);
    return fn;
  }

  afterEach(() => vi.useRealTimers());

  it('turns a read that hangs into a TIMEOUT ApiError after 15 s', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const caller = new AbortController();
    const p = apiRequest('wallet', '/wallet-balances', { signal: caller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: TIMEOUT_CODE, message: TIMEOUT_MESSAGE });
    expect(isConnectionError(err)).toBe(true);
  });

  it('times out a reply whose body stalls half-way', async () => {
    vi.useFakeTimers();
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        stream = c;
        c.enqueue(new TextEncoder().encode('{"status":'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        // As browsers do: aborting the request errors a body still being read.
        init?.signal?.addEventListener('abort', () => stream.error(init.signal?.reason));
        return Promise.resolve(new Response(body, { status: 200 }));
      }),
    );
    const p = apiRequest('user', '/users/u1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(await p).toMatchObject({ code: TIMEOUT_CODE });
  });

  it("passes the caller's abort through as an AbortError, not a timeout", async () => {
    hangingFetch();
    const caller = new AbortController();
    const p = apiRequest('wallet', '/wallet-balances', { signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    const err = await p;
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as DOMException).name).toBe('AbortError');
  });

  it('says there is no network when fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await apiRequest('wallet', '/wallet-balances').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
    expect((err as ApiError).message).toMatch(/Check your connection and try again\.$/);
  });

  it('gives reads 15 s, other calls 30 s, uploads 2 min, and money calls with a PIN no limit', () => {
    expect(defaultTimeout({})).toBe(READ_TIMEOUT_MS);
    expect(defaultTimeout({ method: 'POST', body: {}, signal: new AbortController().signal })).toBe(READ_TIMEOUT_MS);
    expect(defaultTimeout({ method: 'POST', body: {} })).toBe(WRITE_TIMEOUT_MS);
    expect(defaultTimeout({ method: 'POST', body: new FormData() })).toBe(UPLOAD_TIMEOUT_MS);
    expect(defaultTimeout({ method: 'POST', body: {}, pin: '2468' })).toBe(0);
    expect(defaultTimeout({ timeoutMs: 5 })).toBe(5);
  });

  it('never times out a money call with a PIN', async () => {
    vi.useFakeTimers();
    const f = hangingFetch();
    let settled = false;
    const p = apiRequest('transaction', '/api/v1/complete', { body: { reference: 'r' }, pin: '2468' }).finally(() => (settled = true));
    p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(settled).toBe(false);
    expect(f).toHaveBeenCalledOnce();
  });
});
