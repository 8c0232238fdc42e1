import { type APIRequestContext, expect, test, type Locator } from '@playwright/test';
import { type ApiUser, confirmTransfer, createUser, logIn, shot } from './helpers';

const PIN = '2580';
const W = 390;
const H = 844;

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inViewport = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= W + 0.5 && b.y + b.height <= H + 0.5;
/** True when an input or text shows all of its content (nothing cut off). */
const notCutOff = (l: Locator) => l.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
const pad = (n: number) => String(n).padStart(2, '0');
const dayFirst = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
/** Today on the app's calendar (Lagos time; the machine may be on UTC, an hour behind around midnight). */
const lagosToday = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date()).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

// Two people for the whole file (sign-ups are rate limited per address, and the suite shares one):
// Ada, funded with a long amount, and Bola, brand new (no money in yet), who Ada pays last.
let ada: ApiUser | undefined;
let bola: ApiUser | undefined;
const getAda = async (request: APIRequestContext) =>
  (ada ??= await createUser(request, { firstName: 'Ada', lastName: 'Okafor', pin: PIN, fundKobo: 123_456_789 }));
const getBola = async (request: APIRequestContext) => (bola ??= await createUser(request, { firstName: 'Bola', lastName: 'Ige' }));

test('every Pay tab is reachable at 390 px, and Spending limit opens', async ({ page, request }) => {
  const user = await getAda(request);
  await logIn(page, user);
  await page.getByRole('link', { name: 'Pay' }).click();
  const tabs = page.getByRole('tablist', { name: 'Pay' });
  await expect(tabs).toBeVisible();
  // Every tab is on screen at once, whole (the row shares its width by label, wrapping only between words).
  for (const tab of await tabs.getByRole('tab').all()) {
    expect(inViewport(await box(tab))).toBe(true);
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  const limit = page.getByRole('tab', { name: 'Spending limit' });
  await shot(page, '60-pay-tabs-start');
  await limit.click();
  await expect(limit).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/pay\/limit$/);
  // Selected, it is scrolled fully into view.
  await expect.poll(async () => inViewport(await box(limit))).toBe(true);
  await shot(page, '61-pay-tabs-limit');
  // Opened by link, too.
  await page.goto('/pay/limit');
  await expect(page.getByRole('tab', { name: 'Spending limit' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => inViewport(await box(page.getByRole('tab', { name: 'Spending limit' })))).toBe(true);
});

test('a toast leaves the page header and the dialog clear, and shows a repeat once', async ({ page, request }) => {
  const user = await getAda(request);
  await logIn(page, user);
  await page.goto('/statement');
  await expect(page.getByRole('heading', { name: 'Account statement', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Request statement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your email' });
  await confirm.getByLabel('Email address').fill('not.me@example.ng');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Email verification failed!' });
  await expect(toast).toHaveCount(1); // the same message twice shows once
  await expect(toast).toBeVisible();
  // With a sheet open the toast sits in the strip above it, covering none of the dialog.
  expect(overlaps(await box(toast), await box(confirm))).toBe(false);
  await shot(page, '62-toast-over-sheet');

  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(toast).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to account' });
  await expect(back).toBeVisible();
  await expect.poll(async () => overlaps(await box(toast), await box(back))).toBe(false);
  // Above the bottom navigation, not on it.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect.poll(async () => overlaps(await box(toast), await box(nav))).toBe(false);
  const t = await box(toast);
  expect(t.width).toBeGreaterThanOrEqual(300);
  expect(t.width).toBeLessThanOrEqual(560);
  await shot(page, '63-toast-page');
  await back.click(); // not intercepted by the toast
  await expect(page).toHaveURL(/\/account$/);
});

test('dates show day first, whole, in the history filters and the statement form', async ({ page, request }) => {
  const user = await getAda(request);
  await logIn(page, user);
  await page.goto('/history');
  const from = page.getByRole('group', { name: 'Filters' }).getByLabel('From', { exact: true });
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await from.pressSequentially('01032026');
  await expect(from).toHaveValue('01/03/2026');
  expect(await notCutOff(from)).toBe(true);
  await from.blur();
  await shot(page, '64-history-date');
  // Today typed day first filters to today's funding.
  await from.fill('');
  const today = lagosToday();
  await from.pressSequentially(dayFirst(today).replaceAll('/', ''));
  await expect(from).toHaveValue(dayFirst(today));
  await expect(page.getByText(/Showing 1 of 1 transaction/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(from).toHaveValue('');

  await page.goto('/statement');
  const sFrom = page.getByLabel('From', { exact: true });
  const sTo = page.getByLabel('To', { exact: true });
  await expect(sFrom).toHaveValue(dayFirst(new Date(today.getFullYear(), today.getMonth(), 1)));
  await expect(sTo).toHaveValue(dayFirst(today));
  expect(await notCutOff(sFrom)).toBe(true);
  expect(await notCutOff(sTo)).toBe(true);
  await expect(page.getByRole('button', { name: 'From: open a calendar' })).toBeVisible();
  await sTo.fill('');
  await sTo.pressSequentially('3102');
  await sTo.blur();
  await expect(page.getByText('Enter the date as dd/mm/yyyy, for example 25/12/2025')).toBeVisible();
  await page.getByRole('button', { name: 'Last 3 months' }).click();
  await expect(sTo).toHaveValue(dayFirst(today));
  await shot(page, '65-statement-dates');
});

test('the receipt keeps Share receipt on screen; a long amount leaves the description room on Home', async ({ page, request }) => {
  const user = await getAda(request);
  await logIn(page, user);
  // Home: the amount stands whole on its own, the description is not cut.
  const recent = page.getByRole('region', { name: 'Recent transactions' });
  const amount = recent.getByText('+₦1,234,567.89');
  await expect(amount).toBeVisible();
  expect(await notCutOff(amount)).toBe(true);
  const description = recent.getByText(/^Wallet funding ·/);
  await expect(description).toBeVisible();
  expect(await description.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(description).toContainText(/\d{1,2}:\d{2}/); // the time is there in full
  await description.scrollIntoViewIfNeeded();
  await shot(page, '66-home-long-amount');

  await page.goto('/history');
  await page
    .getByRole('link', { name: /Wallet funding/ })
    .first()
    .click();
  const receipt = page.getByRole('dialog', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  const share = receipt.getByRole('button', { name: 'Share receipt' });
  await expect(share).toBeVisible();
  expect(inViewport(await box(share))).toBe(true);
  await expect(receipt.getByText('Free')).toBeVisible();
  await shot(page, '67-receipt');
});

test('a new account sees why it cannot take a loan yet', async ({ page, request }) => {
  const user = await getBola(request);
  await logIn(page, user);
  await page.getByRole('link', { name: /Loans/ }).click();
  await expect(page.getByRole('heading', { name: 'Loans', level: 1 })).toBeVisible();
  await expect(page.getByText("You can't take a loan yet")).toBeVisible();
  await expect(
    page.getByText(/^Money coming into your wallet over the last 28 days must be at least half of the loan \(₦500\)\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  const notYet = page.getByRole('button', { name: 'Not available yet' }).first();
  await expect(notYet).toBeDisabled();
  await shot(page, '68-loans-not-eligible');
  // Money in makes it possible.
  await page.getByRole('link', { name: 'Add money' }).click();
  await expect(page).toHaveURL(/\/pay\/fund$/);
});

test('a new screen starts at the top; going back returns to where you were', async ({ page, request }) => {
  const user = await getAda(request);
  await logIn(page, user);
  await page.getByRole('link', { name: /Loans/ }).click();
  await expect(page.getByRole('group', { name: 'Business boost' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('link', { name: /Savings/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('link', { name: /Savings/ }).click();
  const heading = page.getByRole('heading', { name: 'Savings', level: 1 });
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(inViewport(await box(heading))).toBe(true);
  await shot(page, '69-savings-top');
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Loans', level: 1 })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
});

test("a long amount keeps the balance in view; fee, narration and the receiver's label agree", async ({ page, request }) => {
  const sender = await getAda(request);
  const receiver = await getBola(request);
  await logIn(page, sender);
  await page.goto('/pay/send');
  await page.getByLabel('Search people').fill('Bola');
  await page.getByRole('button', { name: 'Bola Ige' }).first().click();
  const amount = page.getByLabel('Amount (₦)');
  await amount.fill('12345');
  await expect(page.getByText(/^Wallet balance: ₦1,234,567\.89$/)).toBeVisible();
  await expect(page.getByText('₦12,345.00')).toBeVisible();
  await shot(page, '70-amount-balance');
  await amount.fill('2500');
  await page.getByLabel('Narration (optional)').fill('Garri and beans');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' }).getByText('Garri and beans')).toBeVisible();
  await confirmTransfer(page, PIN);
  const result = page.getByRole('dialog', { name: 'Transfer successful' });
  await expect(result).toBeVisible();
  await expect(result.getByText('Garri and beans')).toBeVisible();
  await expect(result.getByText('Free')).toBeVisible();
  await shot(page, '71-send-result');
  await page.keyboard.press('Escape');

  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, receiver);
  const recent = page.getByRole('region', { name: 'Recent transactions' });
  await expect(recent.getByText('Ada Okafor')).toBeVisible();
  await expect(recent.getByText(/^Money received ·/)).toBeVisible();
  await expect(recent.getByText(/Send money/)).toHaveCount(0);
  await shot(page, '72-receiver-home');
});
