// What the app shell and Home need of Web Push without loading the offer itself: whether to offer it
// on this device, and where a tapped notification leads (public/push-sw.js). Nothing here imports.

const ASKED_KEY = 'owo.push.asked';

/** Turning notifications on failed (no push service, no answer, the server refused): said to the person, with a Retry. */
export class PushError extends Error {}

export const PUSH_FAILED = 'We couldn’t turn on lock-screen notifications on this phone. Check your connection and try again.';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * Whether to offer lock-screen notifications now: supported, not refused in the browser, not yet
 * offered on this device. Permission already granted (to the site, say) still needs this device's
 * subscription, which the offer's tap makes.
 */
export function shouldOfferPush(): boolean {
  if (!pushSupported() || Notification.permission === 'denied') return false;
  try {
    return localStorage.getItem(ASKED_KEY) === null;
  } catch {
    return false;
  }
}

export function rememberOffered(): void {
  try {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    /* private mode: offered again next time */
  }
}

/**
 * A tap on a push opens its screen: the service worker (public/push-sw.js) tells an open window
 * where to go. Returns the function that stops listening.
 */
export function listenForPushOpens(navigate: (url: string) => unknown): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  const onMessage = (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type === 'owo:open' && typeof e.data.url === 'string' && e.data.url.startsWith('/')) void navigate(e.data.url);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
