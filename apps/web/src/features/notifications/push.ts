import { notificationsApi } from './api';
import { pushSupported, rememberOffered } from './push-offer';

// This device's Web Push subscription: asked for at a moment that makes sense (after the first money
// received or the first chat: PushPrompt), never at first launch.

/**
 * Asks the browser for permission (from a tap), subscribes with the server's VAPID key and keeps the
 * subscription on the server for this session. Answers whether lock-screen notifications are on.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  rememberOffered();
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = await navigator.serviceWorker.ready;
  const key = await notificationsApi.pushKey();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key) }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await notificationsApi.subscribe({ endpoint: json.endpoint, keys: json.keys });
  return true;
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}
