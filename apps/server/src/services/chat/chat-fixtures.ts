import type { FastifyInstance } from 'fastify';
import { io as ioClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  auth,
  createTestApp,
  fundWallet,
  json,
  newUser,
  setPin,
  TEST_PIN,
  type TestContext,
  type TestOptions,
  type TestUser,
} from '../../test/harness.js';

// Socket clients for the chat tests: connect as a person, emit with an acknowledgement, wait for events.

export type Reply<T = Record<string, unknown>> = { status: true; data: T } | { status: false; message: string; code: string };

export async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

export function chatSockets(url: string) {
  const open: Socket[] = [];
  /** A connected socket for this token (or the connect error's message); `before` listens from the start. */
  const connect = (token: string | null, before?: (s: Socket) => void) =>
    new Promise<Socket>((resolve, reject) => {
      const s = ioClient(url, {
        path: '/api/chat/socket.io',
        auth: token ? { token } : {},
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      open.push(s);
      before?.(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', (err) => reject(err));
    });
  const emit = async <T = Record<string, unknown>>(s: Socket, event: string, payload: unknown): Promise<Reply<T>> =>
    (await s.timeout(5000).emitWithAck(event, payload)) as Reply<T>;
  /** The data of an acknowledged event that must succeed. */
  const must = async <T = Record<string, unknown>>(s: Socket, event: string, payload: unknown): Promise<T> => {
    const r = await emit<T>(s, event, payload);
    expect(r, `${event}: ${JSON.stringify(r)}`).toMatchObject({ status: true });
    return (r as { data: T }).data;
  };
  /** The next `event` on `s` that `matches` (within 5 s); earlier ones are passed over (with Redis, a
   *  room's earlier event may still be on its way when the test starts listening). */
  const nextWhere = <T = Record<string, unknown>>(s: Socket, event: string, matches: (d: T) => boolean, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      const seen: T[] = [];
      const on = (data: T) => {
        seen.push(data);
        if (!matches(data)) return;
        clearTimeout(timer);
        s.off(event, on);
        resolve(data);
      };
      const timer = setTimeout(() => {
        s.off(event, on);
        reject(new Error(`no matching ${event} within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`));
      }, timeoutMs);
      s.on(event, on);
    });
  /** The next `event` on `s` (within 5 s). */
  const next = <T = Record<string, unknown>>(s: Socket, event: string, timeoutMs = 5000) => nextWhere<T>(s, event, () => true, timeoutMs);
  /** Everything `s` receives of `event` from now on. */
  const collect = <T = Record<string, unknown>>(s: Socket, event: string) => {
    const got: T[] = [];
    s.on(event, (d: T) => got.push(d));
    return got;
  };
  const closeAll = () => open.forEach((s) => s.close());
  return { connect, emit, must, next, nextWhere, collect, closeAll };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The chat tests' app settings: calls ring for 1 s; STUN and TURN servers for the ICE answers. */
export const CHAT_ENV = {
  CALL_RING_SECONDS: '1',
  STUN_URLS: 'stun:stun.example.ng:3478',
  TURN_URLS: 'turn:turn.example.ng:3478',
  TURN_SECRET: 'turn-secret',
};

/** People and chat REST calls on a chat test file's app: `app()` is read when they run, after the file's beforeAll made it. */
export function chatPeople(app: () => TestContext) {
  let n = 0;
  const person = () => newUser(app().app, { nickName: `chat${Date.now().toString(36)}${n++}` });
  const rest = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app().app.inject({ method, url: `/api/chat${url}`, headers: u ? auth(u) : {}, ...(payload ? { payload } : {}) });
  return { person, rest };
}

/**
 * A chat test file's app (CHAT_ENV, and the file's own options) listening on a port, with socket
 * clients: made in beforeAll, closed in afterAll. `t` and `sockets` are read when the tests run.
 */
export function chatTestApp(opts: TestOptions = {}) {
  let t: TestContext | undefined;
  let sockets: ReturnType<typeof chatSockets> | undefined;
  beforeAll(async () => {
    t = await createTestApp({ ...opts, env: { ...CHAT_ENV, ...opts.env } });
    sockets = chatSockets(await listenOn(t.app));
  });
  afterAll(async () => {
    sockets?.closeAll();
    await t?.close();
  });
  const ready = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('The chat test app is made in beforeAll');
    return v;
  };
  return {
    get t() {
      return ready(t);
    },
    get sockets() {
      return ready(sockets);
    },
    ...chatPeople(() => ready(t)),
  };
}

export const text = (to: TestUser, body: string, msgId = `m-${Math.random().toString(36).slice(2)}`, replyTo?: string) => ({
  msgId,
  toUserId: to.id,
  msgType: 'text',
  msgBody: { text: body, ...(replyTo ? { replyTo } : {}) },
});

/** A payment `from` started to `to` (their PIN set, their wallet funded with ₦1,000), not yet confirmed: its reference. */
export async function startedPayment(app: FastifyInstance, from: TestUser, to: TestUser, amount: number): Promise<string> {
  await setPin(app, from);
  await fundWallet(app, from, 100_000);
  const pre = await app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/initiate',
    headers: auth(from),
    payload: { type: 'sendMoney', recipientId: to.id, amount },
  });
  return (json(pre).data as { reference: string }).reference;
}

/** Confirms a started payment with the PIN (it must succeed). */
export async function confirmPayment(app: FastifyInstance, from: TestUser, reference: string): Promise<void> {
  const done = await app.inject({
    method: 'POST',
    url: '/api/transaction/api/v1/complete',
    headers: auth(from, { transactionPin: TEST_PIN }),
    payload: { reference },
  });
  expect(done.statusCode).toBe(200);
}
