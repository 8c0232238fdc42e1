import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

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
