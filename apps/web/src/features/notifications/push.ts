import { ApiError, call } from '../../api/client';
import { PUSH_FAILED, PushError, pushSupported, rememberOffered } from './push-offer';

export { PUSH_FAILED, PushError };

// This device's Web Push subscription: offered at a moment that makes sense (after the first money
// received or the first chat: PushPrompt), never at first launch, and on or off in the settings
// (PushSettingsRow).

/**
 * Lock-screen notifications on this device: `on` (subscribed, allowed), `off`, `blocked` (refused in
 * the browser's settings) or `unsupported` (no Web Push here).
 */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported';

/** A push service that never answers (some browsers have none) must not leave the button spinning. */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

function withTimeout<T>(p: Promise<T>, ms = SUBSCRIBE_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushError(PUSH_FAILED)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Whether this device shows lock-screen notifications now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  try {
    return (await currentSubscription()) ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

/**
 * Asks the browser for permission (from a tap), subscribes with the server's VAPID key and keeps the
 * subscription on the server for this session. Answers the state that follows (`on`, or `blocked` /
 * `off` when the person said no); throws PushError when it could not be done, so it can be retried.
 * The offer is remembered as made only once the person has answered it.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    rememberOffered();
    return permission === 'denied' ? 'blocked' : 'off';
  }
  try {
    const reg = await withTimeout(navigator.serviceWorker.ready);
    const key = (await call('GET /api/notifications/push/key', {})).data.publicKey;
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await withTimeout(reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key) })));
    const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    await call('POST /api/notifications/push/subscriptions', { body: { endpoint: json.endpoint, keys: json.keys } });
  } catch (err) {
    throw err instanceof PushError ? err : new PushError(err instanceof ApiError && err.message ? err.message : PUSH_FAILED);
  }
  rememberOffered();
  return 'on';
}

/** Stops lock-screen notifications on this device: the server forgets the subscription, then the browser drops it. */
export async function disablePush(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await call('POST /api/notifications/push/unsubscribe', { body: { endpoint: sub.endpoint } });
    await sub.unsubscribe().catch(() => false);
  }
  return pushState();
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}
