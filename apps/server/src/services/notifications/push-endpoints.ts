/**
 * The one rule for where pushes may go: a subscription's endpoint must be an `https:` address of a
 * known browser push service, so the server never sends requests wherever a person tells it (a
 * cloud metadata address, Redis on the loopback, an intranet host). Asked when a device subscribes
 * and again just before each push is sent (a row stored before the rule is dropped, never sent to).
 */

/** The browsers' push services, by host (the host itself or any host under it). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Chromium-based browsers on Android and desktop (Firebase Cloud Messaging)
  'android.googleapis.com', // Chrome's older endpoints (GCM), still held by long-lived subscriptions
  'push.services.mozilla.com', // Firefox (Mozilla Autopush)
  'push.apple.com', // Safari on iOS, iPadOS and macOS (web.push.apple.com)
  'notify.windows.com', // Edge on Windows (Windows Push Notification Services)
] as const;

const knownHost = (host: string) => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/**
 * Why this endpoint is refused, or null when pushes may go there. `extraOrigins` are the further
 * push services of PUSH_EXTRA_SERVICES (a local stand-in in tests and the bench), matched by origin.
 */
export function pushEndpointProblem(endpoint: string, extraOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be the push service address';
  }
  if (extraOrigins.includes(url.origin) && !url.username && !url.password) return null;
  if (url.protocol !== 'https:') return 'endpoint must be an https address';
  if (url.username || url.password || url.port) return 'endpoint must be a push service address without a port or credentials';
  if (!knownHost(url.hostname)) return 'endpoint must be an address of a browser push service (FCM, Mozilla, Apple or Microsoft)';
  return null;
}
