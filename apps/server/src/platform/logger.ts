import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** A request id a client or proxy may choose: letters, digits, `-`, `_` and `.`, up to 64 characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the request's id, logged as `reqId` on each of its log lines and echoed in
 * the `x-request-id` reply header. An incoming `x-request-id` is kept when it is a sane token (so a
 * proxy's or a client's id ties their logs to ours); otherwise, or without one, a random UUID.
 * (Fastify's own `requestIdHeader` would take the header as it comes, so it is off and this reads it.)
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Keys whose values never reach a log, wherever they appear. */
export const SECRET_KEY = /pass(word)?|pin|otp|token|secret|authorization|cookie|card|cvv|pan|code/i;

/** Masks secret query-string values: `?oldTransactionPin=1234` is logged as `?oldTransactionPin=[REDACTED]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        /* keep the raw key */
      }
      return eq >= 0 && SECRET_KEY.test(name) ? `${key}=[REDACTED]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.transactionpin',
        'req.headers.oldtransactionpin',
        'req.headers.cookie',
        'req.headers["x-device-id"]',
        '*.password',
        '*.pin',
        '*.otp',
        '*.accessToken',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}
