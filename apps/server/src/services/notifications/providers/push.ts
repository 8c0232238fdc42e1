import webpush from 'web-push';
import type { PushConfig } from '../../../platform/config-push.js';

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
 * The real adapter: `web-push` encrypts the payload (RFC 8291, aes128gcm) and signs the request
 * with the VAPID keys (RFC 8292); the request itself goes out through fetch, which keeps
 * connections to each push service open between pushes (and reaches an http:// stand-in in tests).
 */
export function webPushProvider(vapid: PushConfig['vapid'], timeoutMs = 10_000): PushProvider {
  return {
    name: 'webpush',
    async send(target, payload, opts) {
      const req = webpush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: opts.ttlSeconds,
        urgency: opts.urgency,
        topic: opts.topic,
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetch(req.endpoint, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: req.body ? new Uint8Array(req.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer();
        if (res.ok) return { outcome: 'sent' };
        if (res.status === 404 || res.status === 410) return { outcome: 'gone', status: res.status };
        return { outcome: 'retry', status: res.status, error: `push service answered ${res.status}` };
      } catch (err) {
        return { outcome: 'retry', status: 0, error: String((err as Error).message).slice(0, 300) };
      }
    },
  };
}

export type NotificationsProviders = { push: PushProvider };

/** The push provider this config names: the real one (production's default) or the sandbox. */
export function notificationsProviders(push: PushConfig): NotificationsProviders {
  return { push: push.provider === 'webpush' ? webPushProvider(push.vapid) : sandboxPush };
}
