import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { createUser, logIn, shot, type ApiUser } from './helpers';

// Lock-screen notifications (docs/notifications.md). Headless Chromium has no vendor push service
// and no OS notification tray: the push is delivered to the service worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage), the notification it shows is read back with
// registration.getNotifications(), and the tap is the worker's own notificationclick handler run on
// that notification (a NotificationEvent dispatched in the worker), since a click on the OS
// notification cannot be made headless.

const PIN = '2580';

async function sendMoney(request: APIRequestContext, from: ApiUser, to: ApiUser, kobo: number): Promise<string> {
  const headers = { authorization: `Bearer ${from.token}` };
  const init = await request.post('/api/transaction/api/v1/initiate', {
    headers,
    data: { type: 'sendMoney', recipientId: to.id, amount: kobo },
  });
  expect(init.status(), await init.text()).toBe(200);
  const { reference } = ((await init.json()) as { data: { reference: string } }).data;
  const done = await request.post('/api/transaction/api/v1/complete', {
    headers: { ...headers, transactionPin: PIN },
    data: { reference },
  });
  expect(done.status(), await done.text()).toBe(200);
  return reference;
}

/** Waits until the service worker controls the page (a reload after it first activates). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
  );

test('money received is offered as a lock-screen notification, and a push tapped opens its payment', async ({ page, context, request }) => {
  const ada = await createUser(request, { firstName: 'Adaeze', lastName: 'Okafor', pin: PIN, fundKobo: 500_000 });
  const bayo = await createUser(request, { firstName: 'Bayo', lastName: 'Lawal' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await logIn(page, bayo);
  // Never at first launch: nothing has happened to Bayo yet.
  await expect(page.getByRole('region', { name: 'Lock screen notifications' })).toHaveCount(0);

  const reference = await sendMoney(request, ada, bayo, 250_000);
  await page.reload();
  const offer = page.getByRole('region', { name: 'Lock screen notifications' });
  await expect(offer).toBeVisible();
  await expect(offer.getByText('Know the moment money arrives')).toBeVisible();
  // The reload shows the money that came in while the page was away.
  await expect(page.getByRole('region', { name: 'Wallet balance' })).toContainText('₦2,500.00');
  await shot(page, '90-push-offer-home');

  // The push the server sends for it, delivered to the service worker by the DevTools protocol.
  await controlledByServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(baseURL));
      if (r) resolve(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const payload = {
    kind: 'money',
    title: 'You received ₦2,500.00',
    body: 'From Adaeze Okafor',
    url: `/history/${encodeURIComponent(reference)}`,
    tag: `money:${reference}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

  // A tap on it: the worker's notificationclick handler, run on the notification it showed.
  const [worker] = context.serviceWorkers();
  await page.goto('/notifications');
  await worker!.evaluate(async () => {
    // The worker's global scope (the page's DOM types do not name it).
    const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
    type Init = { notification: Notification };
    const { NotificationEvent } = globalThis as unknown as { NotificationEvent: new (type: string, init: Init) => Event };
    const [n] = await sw.registration.getNotifications();
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification: n! }));
  });
  await expect(page).toHaveURL(new RegExp(`/history/${encodeURIComponent(reference)}$`));
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test('the notification centre lists money with its unread count and opens the payment', async ({ page, request }) => {
  const ada = await createUser(request, { firstName: 'Adaeze', lastName: 'Okafor', pin: PIN, fundKobo: 500_000 });
  const bayo = await createUser(request, { firstName: 'Bayo', lastName: 'Lawal' });
  const reference = await sendMoney(request, ada, bayo, 120_000);
  await logIn(page, bayo);
  await page.goto('/notifications');
  const kinds = page.getByRole('radiogroup', { name: 'Show' });
  await expect(kinds.getByRole('radio', { name: 'Money received (1)' })).toBeVisible();
  await kinds.getByRole('radio', { name: 'Money received (1)' }).click();
  const row = page.getByRole('link', { name: /^Unread: You received ₦1,200\.00\. From Adaeze Okafor/ });
  await expect(row).toBeVisible();
  await shot(page, '91-notification-centre');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/history/${encodeURIComponent(reference)}$`));
});
