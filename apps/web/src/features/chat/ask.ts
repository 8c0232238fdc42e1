import type { AckData } from '../../api/chat';
import type { GroupAckData } from './groups-api';
import type { SocketClientEvents } from './socket';
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_CODE } from '../../api/client';
import { FALLBACK_ERROR } from './fallback';
import { getSocket, listen } from './socket';

export { FALLBACK_ERROR };

export const ACK_TIMEOUT_MS = 8_000;
export const NOT_CONNECTED = 'NOT_CONNECTED';

/**
 * Sends a client event and waits for its acknowledgement: the data, or an ApiError with the
 * server's message (or 'An error occured'); TIMEOUT after `timeoutMs` with no answer, and
 * NOT_CONNECTED at once when the socket is down (socket.io would otherwise hold it in its buffer) or drops.
 */
type Acks = AckData & GroupAckData;

export function ask<E extends keyof SocketClientEvents>(
  event: E,
  payload: SocketClientEvents[E],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<Acks[E]> {
  const socket = getSocket();
  if (!socket?.connected)
    return Promise.reject(new ApiError(0, NOT_CONNECTED, 'You are offline. We will send it when you are back online.'));
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      off();
    };
    const timer = setTimeout(() => {
      settle();
      reject(new ApiError(0, TIMEOUT_CODE, 'No answer from the chat server'));
    }, timeoutMs);
    // A dropped connection will never answer: give up at once (the caller sends it again on reconnect).
    const off = listen('disconnect', () => {
      if (settled) return;
      settle();
      reject(new ApiError(0, NOT_CONNECTED, 'The connection dropped'));
    });
    socket.emit(event, payload, (reply) => {
      if (settled) return;
      settle();
      if (reply && reply.status === true) resolve(reply.data as Acks[E]);
      else reject(new ApiError(0, reply?.code || 'CHAT_ERROR', reply?.message || FALLBACK_ERROR));
    });
  });
}

/** True for a failure that trying again with the same payload can fix (no answer, or no connection). */
export const isTransient = (err: unknown) =>
  err instanceof ApiError && (err.code === TIMEOUT_CODE || err.code === NOT_CONNECTED || err.code === NETWORK_ERROR_CODE);
