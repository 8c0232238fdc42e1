import { expect, test } from '@playwright/test';
import { createUser, logIn, shot } from './helpers';

// Search on the demo catalogue at 390x844: a misspelt word, a suggestion picked, the state and LGA
// filters, sorted by price, the product opened with its name as the page's heading.

test('a shopper finds a Samsung in Ikeja despite a typo, cheapest first, and opens it', async ({ page, request }) => {
  const shopper = await createUser(request, { firstName: 'Kemi' });
  await logIn(page, shopper);
  await page.goto('/shop/search');

  // Typed with a typo: the suggestion offers the catalogue's word.
  await page.getByLabel('Search products').fill('samsnug');
  const suggestions = page.getByRole('list', { name: 'Suggestions' });
  await expect(suggestions.getByRole('button', { name: 'samsung', exact: true })).toBeVisible();
  await shot(page, 'search-01-suggestions');
  await suggestions.getByRole('button', { name: 'samsung', exact: true }).click();

  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article', { name: 'Samsung Galaxy A15' }).first()).toBeVisible();
  await shot(page, 'search-02-results');

  // Lagos, Ikeja.
  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByLabel('State').selectOption({ label: 'Lagos' });
  await sheet.getByLabel('Local government area').selectOption({ label: 'Ikeja' });
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('button', { name: 'Remove filter Ikeja' })).toBeVisible();
  await expect(results.getByRole('article').first()).toContainText('Ikeja, Lagos');

  // Cheapest first.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  const prices = async () =>
    (await results.getByRole('article').allInnerTexts()).map((t) => Number(/₦([\d,]+)/.exec(t)?.[1]?.replace(/,/g, '') ?? NaN));
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 1 && p.every((x, i) => i === 0 || x >= p[i - 1]!);
    })
    .toBe(true);
  await shot(page, 'search-03-ikeja-cheapest');

  // The product's page is headed by its name.
  const first = results.getByRole('article').first();
  const name = await first.getAttribute('aria-label');
  await first.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  await shot(page, 'search-04-product');
});

test('"garri" lists the garri and stops: nothing from a shop whose name has "Gari", one category chip', async ({ page, request }) => {
  const shopper = await createUser(request, { firstName: 'Bisi' });
  await logIn(page, shopper);
  await page.goto('/shop/search?q=garri');

  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article').first()).toBeVisible();
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  const names = await results.getByRole('article').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((n) => !/Garri|Gari/.test(n))).toEqual([]);
  await expect(results).not.toContainText('Sabon Gari Electronics');

  // One chip, the category the garri is in, with the same count as the results.
  const chips = page.getByRole('list', { name: 'Categories found' });
  await expect(chips.getByRole('button')).toHaveCount(1);
  await expect(chips.getByRole('button').first()).toContainText(`(${names.length})`);
  await shot(page, 'search-05-garri');
});
