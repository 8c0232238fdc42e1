import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushConfig } from '../../../platform/config-push.js';
import { pushEndpointProblem } from '../push-endpoints.js';

/** A device's subscription as the browser gave it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
export type PushOptions = { ttlSeconds: number; urgency: 'very-low' | 'low' | 'normal' | 'high'; topic: string };
/** The push service's answer: `gone` (404, 410) means the subscription is dead and is dropped. */
export type PushResult = { outcome: 'sent' } | { outcome: 'gone'; status: number } | { outcome: 'retry'; status: number; error: string };

/** Sends one encrypted push message to a browser's push service. */
export interface PushProvider {
  readonly name: string;
  send(target: PushTarget, payload: string, opts: PushOptions): Promise<PushResult>;
}

/** Sends nothing (development, tests that do not look at pushes): every push counts as sent. */
export const sandboxPush: PushProvider = { name: 'sandbox', send: async () => ({ outcome: 'sent' }) };

/**
 * The real adapter: `web-push` encrypts the payload (RFC 8291, aes128gcm) and the request carries
 * a VAPID token (RFC 8292) signed once per push service for hours; the request goes out through
 * node:https (node:http for a local stand-in) with connections to each push service kept open
 * between pushes. (fetch took about three times the CPU per push.)
 */
export function webPushProvider(vapid: PushConfig['vapid'], extraServices: readonly string[] = [], timeoutMs = 10_000): PushProvider {
  const authorization = vapidAuthorization(vapid);
  // Idle connections are unref'd by their agent: they keep no process alive.
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return {
    name: 'webpush',
    async send(target, payload, opts) {
      // Asked again here: a subscription stored before the rule, or by hand, is dropped, never sent to.
      if (pushEndpointProblem(target.endpoint, extraServices)) return { outcome: 'gone', status: 0 };
      const req = webpush.generateRequestDetails(target, payload, {
        // No vapidDetails here (and none set globally), so web-push signs nothing itself.
        headers: { Authorization: authorization(target.endpoint) },
        TTL: opts.ttlSeconds,
        urgency: opts.urgency,
        topic: opts.topic,
        contentEncoding: 'aes128gcm',
      });
      try {
        const status = await post(req.endpoint, req.headers as Record<string, string>, req.body ?? Buffer.alloc(0), agents, timeoutMs);
        if (status >= 200 && status < 300) return { outcome: 'sent' };
        if (status === 404 || status === 410) return { outcome: 'gone', status };
        // A redirect is never followed: the push goes to the endpoint's own host or nowhere.
        if (status >= 300 && status < 400)
          return { outcome: 'retry', status, error: `push service answered ${status}; redirects are not followed` };
        return { outcome: 'retry', status, error: `push service answered ${status}` };
      } catch (err) {
        return { outcome: 'retry', status: 0, error: String((err as Error).message).slice(0, 300) };
      }
    },
  };
}

/** POSTs the push and answers the push service's status; gives up when the connection is silent for `timeoutMs`. */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer,
  agents: { 'https:': https.Agent; 'http:': http.Agent },
  timeoutMs: number,
): Promise<number> {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.reject(new Error(`not an http(s) endpoint: ${url.protocol}`));
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: agents[url.protocol as 'https:' | 'http:'], timeout: timeoutMs }, (res) => {
      res.on('error', reject);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from the push service within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** How long a VAPID token is valid (RFC 8292 allows up to a day), and how long one is used before a new one is signed. */
const VAPID_VALID_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 6 * 3600_000;

/**
 * The VAPID Authorization header for a push service (the endpoint's origin is the token's
 * audience), signed once and used for hours: the ES256 signature was about half the CPU of each
 * push. A token is replaced halfway through its validity.
 */
function vapidAuthorization(vapid: PushConfig['vapid']): (endpoint: string) => string {
  const signed = new Map<string, { header: string; until: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const kept = signed.get(audience);
    if (kept && kept.until > now) return kept.header;
    const expiration = Math.floor(now / 1000) + VAPID_VALID_SECONDS;
    const header = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    ).Authorization;
    signed.set(audience, { header, until: now + VAPID_REUSE_MS });
    return header;
  };
}

export type NotificationsProviders = { push: PushProvider };

/** The push provider this config names: the real one (production's default) or the sandbox. */
export function notificationsProviders(push: PushConfig): NotificationsProviders {
  return { push: push.provider === 'webpush' ? webPushProvider(push.vapid, push.extraServices) : sandboxPush };
}
