import type { FastifyInstance } from 'fastify';
import { io as ioClient, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

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
  /** The next `event` on `s` (within 5 s). */
  const next = <T = Record<string, unknown>>(s: Socket, event: string, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      s.once(event, (data: T) => {
        clearTimeout(timer);
        resolve(data);
      });
    });
  /** Everything `s` receives of `event` from now on. */
  const collect = <T = Record<string, unknown>>(s: Socket, event: string) => {
    const got: T[] = [];
    s.on(event, (d: T) => got.push(d));
    return got;
  };
  const closeAll = () => open.forEach((s) => s.close());
  return { connect, emit, must, next, collect, closeAll };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
