import { io, type Socket } from 'socket.io-client';
import { useSyncExternalStore } from 'react';
import type { AckReply, ClientEvents, ServerEvents } from '../../api/chat';
import type { GroupClientEvents, GroupServerEvents } from './groups-api';

/** Every event the app sends: the 1:1 chat's and the groups'. */
export type SocketClientEvents = ClientEvents & GroupClientEvents;

/**
 * The chat socket behind a small interface (the rest of the area never touches socket.io itself,
 * and tests replace this module with a fake): one connection per signed-in session, at
 * /api/chat/socket.io on the same origin, with the bearer token in the handshake.
 *
 * Listeners are registered with `listen` once, at module level or in an effect, and follow the
 * connection across reconnects and a new token.
 */
export interface ChatSocket {
  readonly connected: boolean;
  /** Sends an event; `ack` gets the server's acknowledgement (callers add their own time limit). */
  emit<E extends keyof SocketClientEvents>(event: E, payload: SocketClientEvents[E], ack: (reply: AckReply) => void): void;
}

/** Server events plus the connection's own. `connect_error` carries the server's refusal (a dead session). */
export type ListenEvents = ServerEvents & GroupServerEvents & { connect: undefined; disconnect: undefined; connect_error: Error };
type Listener<E extends keyof ListenEvents> = (payload: ListenEvents[E]) => void;

let socket: Socket | null = null;
let token: string | null = null;
const registry = new Map<string, Set<(payload: never) => void>>();
const statusListeners = new Set<() => void>();
let connected = false;
let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * The first connection of the current socket, or its failure, or FIRST_CONNECT_WAIT_MS: the chat
 * lists ask the server after it, so what they read is already followed by the socket and the
 * connection's catch-up need not read them again (each list is read once per page load).
 */
const FIRST_CONNECT_WAIT_MS = 3_000;
type FirstConnect = { promise: Promise<boolean>; settle: (connected: boolean) => void; settled: boolean };
let firstConnect: FirstConnect | null = null;
/** The pending first connection (made by whichever comes first: a list's read or the socket's opening). */
function pendingFirstConnect(): FirstConnect {
  if (firstConnect && !firstConnect.settled) return firstConnect;
  let resolve!: (connected: boolean) => void;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  const f: FirstConnect = {
    promise,
    settled: false,
    settle: (v) => {
      clearTimeout(timer);
      f.settled = true;
      resolve(v);
    },
  };
  const timer = setTimeout(() => f.settle(false), FIRST_CONNECT_WAIT_MS);
  return (firstConnect = f);
}

/**
 * Resolves when the session's socket first connects (true), or fails or takes too long (false);
 * at once once it has connected. The chat lists' first read waits for it (the app's shell opens
 * the socket a moment after a screen may ask for a list).
 */
export function firstConnected(): Promise<boolean> {
  return firstConnect?.settled ? Promise.resolve(Boolean(socket?.connected)) : pendingFirstConnect().promise;
}

const setConnected = (v: boolean) => {
  if (connected === v) return;
  connected = v;
  statusListeners.forEach((l) => l());
};

const wrapper: ChatSocket = {
  get connected() {
    return Boolean(socket?.connected);
  },
  emit(event, payload, ack) {
    socket?.emit(event, payload, ack);
  },
};

/** The session's socket, or null when no one is signed in. */
export function getSocket(): ChatSocket | null {
  return socket ? wrapper : null;
}

/** Calls `fn` for every `event` on the current and any later connection; returns the unsubscribe. */
export function listen<E extends keyof ListenEvents>(event: E, fn: Listener<E>): () => void {
  let set = registry.get(event);
  if (!set) registry.set(event, (set = new Set()));
  set.add(fn as (payload: never) => void);
  socket?.on(event as string, fn as (payload: unknown) => void);
  return () => {
    set.delete(fn as (payload: never) => void);
    socket?.off(event as string, fn as (payload: unknown) => void);
  };
}

/** Connects with the session's token (a new token replaces the connection). */
export function openSocket(sessionToken: string): void {
  if (socket && token === sessionToken) return;
  closeSocket();
  token = sessionToken;
  const s = io({ path: '/api/chat/socket.io', auth: { token: sessionToken }, transports: ['websocket', 'polling'] });
  socket = s;
  for (const [event, fns] of registry) for (const fn of fns) s.on(event, fn as (payload: unknown) => void);
  const first = pendingFirstConnect();
  s.on('connect', () => {
    setConnected(true);
    first.settle(true);
  });
  s.on('disconnect', () => setConnected(false));
  s.on('connect_error', (err: Error) => {
    setConnected(false);
    first.settle(false);
    // A refusal by the server (not a network failure) stops socket.io's own retries: try again later,
    // unless the session itself has ended (the app then signs out through its REST calls).
    if (!s.active && !/session has ended|no token/i.test(err.message)) {
      clearTimeout(retry);
      retry = setTimeout(() => {
        if (socket === s && !s.connected) s.connect();
      }, 5_000);
    }
  });
}

/** Drops the connection (sign-out). */
export function closeSocket(): void {
  clearTimeout(retry);
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  token = null;
  // A pending first connection stays pending: a new token (the session refreshed at start-up) opens
  // the next socket at once, and the lists wait for that one (or for FIRST_CONNECT_WAIT_MS).
  if (firstConnect?.settled) firstConnect = null;
  setConnected(false);
}

/** Asks a dropped connection to try again now (the device came back online). */
export function reconnectSocket(): void {
  if (socket && !socket.connected && !socket.active) socket.connect();
}

/** Whether the chat socket is connected (re-renders when that changes). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (cb) => {
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    () => connected,
    () => false,
  );
}
