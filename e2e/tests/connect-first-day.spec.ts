import { expect, test } from '@playwright/test';
import { e164, newPhone, readCode, shot } from './helpers';

// A newcomer's first day in Connect (on the demo's network): signs up, finds people to follow and
// popular posts instead of an empty page, follows two, sees their posts, opens a hashtag from a
// post, finds a person by their nickname, and looks round Explore.

test('first day in Connect: people to follow and popular posts, follow two, a hashtag, a nickname, Explore', async ({ page, request }) => {
  test.setTimeout(120_000);
  const phone = newPhone();
  const stamp = Date.now();
  const email = `kemi${stamp}@example.ng`;
  const password = 'Lagos2026pay';

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Kemi');
  await page.getByLabel('Last name').fill('Adeyemi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your phone' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await readCode(request, e164(phone)));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Verifying signs in: Home, with no password typed again.
  await expect(page.getByRole('heading', { level: 1, name: /Kemi/ })).toBeVisible();

  // Connect on the first day: not an empty page, but people to follow and popular posts.
  await page.getByRole('link', { name: 'Connect' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
  await expect(page.getByText('Your feed is empty')).toBeVisible();
  const people = page.getByRole('region', { name: 'People to follow' });
  await expect(people.getByRole('button', { name: 'Follow Adaeze Okafor' })).toBeVisible();
  await expect(people.getByText('Popular on Owo').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Popular posts' }).getByRole('article').first()).toBeVisible();
  await shot(page, 'first-day-01-connect');

  // Follows two of them; their posts fill the feed.
  // Each one followed leaves the suggestions, which stay above the feed while one follows few people.
  await people.getByRole('button', { name: 'Follow Adaeze Okafor' }).click();
  await expect(people.getByRole('button', { name: 'Follow Adaeze Okafor' })).toHaveCount(0);
  const feed = page.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByRole('article').filter({ hasText: 'Adaeze Okafor' }).first()).toBeVisible();
  await shot(page, 'first-day-02-followed-one');
  // The feed keeps three suggestions; the rest are on Explore.
  await people.getByRole('link', { name: 'See all' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  const more = page.getByRole('region', { name: 'People to follow' });
  await more.getByRole('button', { name: 'Follow Tunde Bakare' }).click();
  await expect(more.getByRole('button', { name: 'Follow Tunde Bakare' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Connect' }).click();
  await expect(feed.getByRole('article').filter({ hasText: 'Adaeze Okafor' }).first()).toBeVisible();
  await expect(feed.getByRole('article').filter({ hasText: 'Tunde Bakare' }).first()).toBeVisible();
  await expect(page.getByText('Your feed is empty')).toHaveCount(0);
  await shot(page, 'first-day-03-feed');

  // A hashtag in a post is a link to its page.
  await feed.getByRole('link', { name: '#MoneyTips' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /#moneytips/i })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: /Posts with #moneytips/i })
      .getByRole('article')
      .first(),
  ).toBeVisible();
  await shot(page, 'first-day-04-hashtag');

  // Explore: trending hashtags and posts; a person found by their nickname.
  await page.goto('/connect');
  await page.getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trending posts' }).getByRole('article').first()).toBeVisible();
  await shot(page, 'first-day-05-explore');
  await page.getByLabel('Search people, hashtags, communities and posts').fill('halima');
  const found = page.getByRole('region', { name: 'People' });
  await expect(found.getByRole('link', { name: /Halima Musa/ })).toBeVisible();
  await shot(page, 'first-day-06-search');
  await found.getByRole('link', { name: /Halima Musa/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Halima Musa' })).toBeVisible();
  await shot(page, 'first-day-07-profile');
});
