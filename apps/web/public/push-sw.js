// Web Push in the service worker (imported by the one vite-plugin-pwa writes: vite.config.ts,
// workbox.importScripts). The server's push carries JSON (packages/contracts notifications.ts,
// PushPayload): a notification to show, or `close` to take down the one with its tag (a call
// answered on another device, a chat read elsewhere). A tap opens the notification's screen.
/* global self */
self.addEventListener('push', (event) => {
  let p;
  try {
    p = event.data ? event.data.json() : null;
  } catch {
    p = null;
  }
  if (!p) return;
  if (p.close) {
    event.waitUntil(
      self.registration.getNotifications({ tag: p.tag.replace(/:close$/, '') }).then((list) => list.forEach((n) => n.close())),
    );
    return;
  }
  event.waitUntil(show(p));
});

/** Shows the push, unless it is a call ringing while the app is on screen (its own ringer rings there). */
async function show(p) {
  if (p.urgent) {
    const wins = await self.clients.matchAll({ type: 'window' });
    if (wins.some((w) => w.visibilityState === 'visible' && w.focused)) return;
  }
  await self.registration.showNotification(p.title, {
    body: p.body,
    tag: p.tag,
    // A newer message in the same chat replaces the older one, and says so again.
    renotify: true,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    requireInteraction: Boolean(p.urgent),
    actions: p.actions || [],
    data: { url: p.url, noticeId: p.noticeId || null, kind: p.kind },
  });
}

/** Opens `url` in the app: an open window of it is told to go there (and brought forward), or a new one opens. */
async function openInApp(url) {
  const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const win = wins.find((w) => new URL(w.url).origin === self.location.origin);
  if (win) {
    win.postMessage({ type: 'owo:open', url });
    return win.focus().catch(() => win);
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {};
  event.notification.close();
  const base = data.url || '/notifications';
  // A call's Answer and Decline open the call screen with the choice made.
  const url = event.action ? `${base}${base.includes('?') ? '&' : '?'}action=${encodeURIComponent(event.action)}` : base;
  event.waitUntil(openInApp(url));
});
