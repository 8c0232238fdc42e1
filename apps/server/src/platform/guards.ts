import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import { requireAuth, requireAuthAndPinState, requireAuthOrDefer, requirePin } from './auth.js';
import { errorResponses } from '@owo/contracts';
import { toE164 } from './phone.js';

/** Route options for bearer-token calls. The token is checked first, before the body is read or validated. */
export const bearer = { onRequest: [requireAuth] } satisfies RouteShorthandOptions;
/** Route options for money calls: bearer token, then (after validation) the `transactionPin` header. */
export const bearerPin = { onRequest: [requireAuthAndPinState], preHandler: [requirePin] } satisfies RouteShorthandOptions;
/**
 * As `bearerPin`, for a route whose one statement re-checks the session and PIN itself
 * (`req.deferredAuth`) when this token and PIN were verified together recently, and calls
 * `confirmAuth` when that re-check fails. Saves a query on the hottest call.
 */
export const bearerPinDeferred = { onRequest: [requireAuthOrDefer], preHandler: [requirePin] } satisfies RouteShorthandOptions;

export const bearerDoc = { security: [{ bearerAuth: [] }] };
export const bearerPinDoc = { security: [{ bearerAuth: [], transactionPin: [] }] };
export { errorResponses };

/** Rate limit for unauthenticated calls, keyed by client address and the account the call names. */
export const limitBy = (name: string, max: number, window: string, field: (req: FastifyRequest) => string | undefined) => ({
  rateLimit: {
    max,
    timeWindow: window,
    keyGenerator: (req: FastifyRequest) => `${name}:${req.ip}:${(field(req) ?? '').toLowerCase()}`,
  },
});

/** The named body field, normalised (emails lower-cased, phones to E.164) so one account is one key however it is typed. */
export const bodyField = (key: string) => (req: FastifyRequest) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[key];
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  return s.includes('@') ? s : (toE164(s) ?? s);
};
