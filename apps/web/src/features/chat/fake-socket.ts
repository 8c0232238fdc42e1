import { useSyncExternalStore } from 'react';
import type { AckReply } from '../../api/chat';
import type { ChatSocket, ListenEvents, SocketClientEvents } from './socket';

/**
 * Tests only: a stand-in for ./socket (vi.mock('./socket', () => import('./fake-socket').then((m) =>
 * m.fakeSocketModule))) that records what the app emits, lets a test answer each acknowledgement,
 * play server events, and go on- or offline.
 */
export interface Emitted {
  event: keyof SocketClientEvents;
  payload: unknown;
  ack: (reply: AckReply) => void;
}

const handlers = new Map<string, Set<(payload: never) => void>>();
const status = new Set<() => void>();
let connected = true;
const emitted: Emitted[] = [];

const socket: ChatSocket = {
  get connected() {
    return connected;
  },
  emit(event, payload, ack) {
    emitted.push({ event, payload, ack });
  },
};

export const fakeSocket = {
  emitted,
  /** The 'message:send' events so far. */
  sends: () => emitted.filter((e) => e.event === 'message:send'),
  reset() {
    emitted.length = 0;
    connected = true;
  },
  setConnected(v: boolean) {
    connected = v;
    status.forEach((l) => l());
    fakeSocket.serverEmit(v ? 'connect' : 'disconnect', undefined as never);
  },
  serverEmit<E extends keyof ListenEvents>(event: E, payload: ListenEvents[E]) {
    handlers.get(event)?.forEach((fn) => fn(payload as never));
  },
};

export const fakeSocketModule = {
  getSocket: () => socket,
  listen<E extends keyof ListenEvents>(event: E, fn: (payload: ListenEvents[E]) => void) {
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(fn as (payload: never) => void);
    return () => set.delete(fn as (payload: never) => void);
  },
  openSocket: () => undefined,
  firstConnected: () => Promise.resolve(connected),
  closeSocket: () => undefined,
  reconnectSocket: () => undefined,
  useSocketConnected: () =>
    useSyncExternalStore(
      (cb) => {
        status.add(cb);
        return () => status.delete(cb);
      },
      () => connected,
    ),
};
