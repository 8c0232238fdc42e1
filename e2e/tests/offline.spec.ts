import { expect, test, type Page } from '@playwright/test';
import { logIn, shot } from './helpers';

const ADA = { email: 'ada@demo.owo.ng', password: 'Demo1234', firstName: 'Adaeze' };
const NAIRA = /₦[\d,]+\.\d{2}/;
const TIME = /\d{1,2}:\d{2}\s?[ap]m/i;

/** Waits until the service worker controls the page (a reload after it first activates). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** Waits until the app has saved this query key's data on the device. */
async function savedOnDevice(page: Page, key: unknown[]) {
  await expect
    .poll(() =>
      page.evaluate((k) => {
        const snap = JSON.parse(localStorage.getItem('owo.offline.v1') ?? 'null') as { queries: { key: unknown[] }[] } | null;
        return Boolean(snap?.queries.some((q) => JSON.stringify(q.key) === JSON.stringify(k)));
      }, key),
    )
    .toBe(true);
}

test('a visited app opens offline with the last balances, history and name, marked with their time', async ({ page, context }) => {
  await logIn(page, ADA);
  await controlledByServiceWorker(page);

  // Open Home and History once the service worker controls the page, so their code is cached too.
  await page.getByRole('link', { name: 'History', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByText(/Showing \d+ of \d+ transaction/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible();
  const balance = (await page.getByRole('region', { name: 'Wallet balance' }).getByText(NAIRA).first().textContent()) ?? '';
  expect(balance).toMatch(NAIRA);
  for (const key of [
    ['wallet', 'balances'],
    ['transactions', 'list', {}],
    ['transactions', 'recent', 5],
  ])
    await savedOnDevice(page, key);
  // Nothing secret is kept with the saved data.
  const saved = await page.evaluate(() => localStorage.getItem('owo.offline.v1') ?? '');
  // (The demo card's whole number: a reference may hold its first digits by chance.)
  expect(saved).not.toMatch(/accessToken|refreshToken|Bearer|transactionPin|cvv|4084\s?0840\s?8408\s?4081/i);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText(balance).first()).toBeVisible();
  const marks = page.getByRole('status').filter({ hasText: /^Offline · last updated/ });
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toHaveText(new RegExp(`Offline · last updated ${TIME.source}`, 'i'));
  await expect(page.getByRole('region', { name: 'Recent transactions' }).getByRole('listitem').first()).toBeVisible();
  await shot(page, '60-offline-home');

  await page.getByRole('link', { name: 'History', exact: true }).first().click();
  await expect(page.getByText(/Showing \d+ of \d+ transaction/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Offline · last updated/ })).toBeVisible();
  await shot(page, '61-offline-history');

  // Back online: the data refreshes and the mark says so.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
});
