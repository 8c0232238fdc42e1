import { expect, test, type Page } from '@playwright/test';
import { createUser, logIn, shot } from './helpers';

// What a person on a slow network pays for: a page load asks each list once, and nothing answers
// 4xx in normal use (Home of someone without a shop, the Chat tab, a reload of each).

const WATCHED = ['/api/chat/recent-chats', '/api/chat/groups', '/api/ecommerce/api/shop/me'];

/** Counts the watched calls and every 4xx answer from the API while `run` goes. */
async function watch(page: Page, run: () => Promise<void>) {
  const counts = new Map<string, number>(WATCHED.map((p) => [p, 0]));
  const refused: string[] = [];
  const onRequest = (r: { url: () => string; method: () => string }) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'GET' && counts.has(path)) counts.set(path, counts.get(path)! + 1);
  };
  const onResponse = (r: { url: () => string; status: () => number }) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && r.status() >= 400 && r.status() < 500) refused.push(`${r.status()} ${path}`);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await run();
  // Anything late (a catch-up after the socket connects) has time to show.
  await page.waitForTimeout(2_000);
  page.off('request', onRequest);
  page.off('response', onResponse);
  return { counts: Object.fromEntries(counts), refused };
}

test('a page load reads the chat lists and the shop once, and nothing answers 4xx', async ({ page, request }) => {
  const u = await createUser(request, { firstName: 'Halima' });
  await logIn(page, u);

  // Home, loaded afresh: the business wallet asks once whether the person has a shop, and is told "no" without an error.
  const home = await watch(page, async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Halima/ })).toBeVisible();
  });
  expect(home.counts['/api/ecommerce/api/shop/me']).toBeLessThanOrEqual(1);
  expect(home.refused).toEqual([]);

  // The Chat tab, loaded afresh: each list once, though the socket connects and the saved copy is read.
  const chat = await watch(page, async () => {
    await page.goto('/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  });
  expect(chat.counts['/api/chat/recent-chats']).toBe(1);
  expect(chat.counts['/api/chat/groups']).toBe(1);
  expect(chat.refused).toEqual([]);
  await shot(page, 'request-once-chat');

  // Moving between tabs reads nothing again: the socket keeps the lists current.
  const tabs = await watch(page, async () => {
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Halima/ })).toBeVisible();
    await page.getByRole('link', { name: 'Chat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  });
  expect(tabs.counts['/api/chat/recent-chats']).toBe(0);
  expect(tabs.counts['/api/chat/groups']).toBe(0);
  expect(tabs.refused).toEqual([]);
});
