import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, addStaff, enrol, signIn, totp } from './console-helpers';
import { createUser, logIn, shot, type ApiUser } from './helpers';

// Money and trust at 390x844: a staff refund tells the customer (a notice, and a history row titled
// "Refund from Owo"); a Tier 1 person sending over the day limit is told at the preview, once, with
// links that work; Home shows the tier, a prompt to verify and the account number to fund by transfer.

const PIN = '2580';
const CARD = { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' };

async function buyAirtime(request: APIRequestContext, user: ApiUser, amount: number): Promise<string> {
  const headers = { authorization: `Bearer ${user.token}` };
  const init = await request.post('/api/transaction/api/v1/initiate', {
    headers,
    data: { type: 'airtime', billerId: 'mtn-airtime', billerGroupId: 'airtime', customerNumber: '08034445566', amount },
  });
  expect(init.status()).toBe(200);
  const reference = ((await init.json()) as { data: { reference: string } }).data.reference;
  const done = await request.post('/api/transaction/api/v1/complete', {
    headers: { ...headers, transactionPin: PIN },
    data: { reference },
  });
  expect(done.status()).toBe(200);
  return reference;
}

const suffix = () => [0, 1, 2].map(() => String.fromCharCode(97 + randomInt(0, 26))).join('');

async function fund(request: APIRequestContext, u: ApiUser, kobo: number) {
  const r = await request.post('/api/wallet/fund/card', {
    headers: { authorization: `Bearer ${u.token}` },
    data: { amount: kobo, card: CARD },
  });
  expect(r.status()).toBe(200);
}

async function startSend(page: Page, to: string, naira: string) {
  await page.goto('/pay/send');
  await page.getByLabel('Search people').fill(to.split(' ')[0]!);
  await page.getByRole('button', { name: to }).first().click();
  await page.getByLabel('Amount (₦)').fill(naira);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a staff refund reaches the customer as a notice and a history row titled "Refund from Owo"', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const customer = await createUser(request, { firstName: 'Kemi', lastName: `Ade${suffix()}`, pin: PIN, fundKobo: 500_000 });
  const reference = await buyAirtime(request, customer, 150_000);
  const stamp = Date.now();
  const supportEmail = `tola.${stamp}@staff.owo.ng`;
  const financeEmail = `bisi.${stamp}@staff.owo.ng`;

  await page.goto('/console/login');
  await signIn(page, totp(admin().totpSecret));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await addStaff(page, 'Tola Support', supportEmail, 'support');
  await addStaff(page, 'Bisi Finance', financeEmail, 'finance');

  const support = await enrol(browser, request, supportEmail, 'Tola Support');
  await support.getByLabel('Phone, email, name, account number or transaction reference').fill(customer.phone);
  await support.getByRole('button', { name: 'Search' }).click();
  await support.getByRole('link', { name: new RegExp(customer.firstName) }).click();
  const payment = support.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: reference });
  await payment.getByRole('button', { name: 'Refund' }).click();
  const ask = support.getByRole('dialog', { name: 'Request a refund' });
  await ask.getByLabel('Amount (₦)').fill('1500');
  await ask.getByLabel('Reason').fill('The airtime never arrived');
  await ask.getByRole('button', { name: 'Send for approval' }).click();
  await expect(support.getByText('Refund of ₦1,500.00 requested. Another finance person must approve it.')).toBeVisible();

  // Finance approves: a dialog names the amount and the customer first.
  const finance = await enrol(browser, request, financeEmail, 'Bisi Finance');
  await finance.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
  const waiting = finance.getByRole('list', { name: 'Money requests' }).getByRole('listitem').filter({ hasText: reference });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  const confirm = finance.getByRole('dialog', { name: `Approve the refund of ₦1,500.00 for ${customer.firstName} ${customer.lastName}?` });
  await expect(confirm).toBeVisible();
  await shot(finance, 'money-trust-01-approve-confirm');
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(finance.getByText(/^Approved and posted: STF\d+ for /)).toBeVisible();

  // The customer: a notice in the centre that says refund, and the history row titled for it.
  const mine = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  ).newPage();
  await logIn(mine, customer);
  await mine.goto('/notifications');
  await expect(mine.getByText('Owo refunded ₦1,500.00 to your wallet')).toBeVisible();
  await expect(mine.getByText('Refund of your airtime payment: The airtime never arrived')).toBeVisible();
  await shot(mine, 'money-trust-02-refund-notice');
  await mine.goto('/history');
  const row = mine.getByRole('link', { name: /Refund from Owo/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('+₦1,500.00');
  await shot(mine, 'money-trust-03-refund-history');
});

test('a Tier 1 person sending ₦55,000 is told the limit at the preview, once, with links that work', async ({ page, request }) => {
  const me = await createUser(request, { firstName: 'Ngozi', lastName: `Adebayo${suffix()}`, pin: PIN, fundKobo: 4_000_000 });
  await fund(request, me, 4_000_000);
  const friend = await createUser(request, { firstName: 'Obinna', lastName: `Eze${suffix()}` });
  await logIn(page, me);

  // Home: the tier, a prompt to verify and the account number to fund by transfer.
  const status = page.getByRole('region', { name: 'Your limits and account number' });
  await expect(status.getByText('Tier 1 · limit ₦50,000 a day')).toBeVisible();
  await expect(status.getByRole('link', { name: 'Verify to raise your limits' })).toBeVisible();
  await expect(status.getByTestId('home-account-number')).toHaveText(/^\d{10}$/);
  await expect(status.getByRole('button', { name: 'Copy account number' })).toBeVisible();
  await shot(page, 'money-trust-04-home-tier');

  await startSend(page, `${friend.firstName} ${friend.lastName}`, '55000');
  const message =
    'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦50,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.';
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' })).toHaveCount(0);
  await shot(page, 'money-trust-05-limit-at-preview');

  await page.getByRole('link', { name: 'Verify your BVN' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your BVN' })).toBeVisible();
  // The form starts afresh on return: asked again, the same refusal, and its other link.
  await startSend(page, `${friend.firstName} ${friend.lastName}`, '55000');
  await page.getByRole('link', { name: 'See your limits and raise them' }).click();
  await expect(page.getByRole('heading', { name: 'Limits and verification' })).toBeVisible();
  await shot(page, 'money-trust-06-limits');

  // The Pay tabs and the funding methods fit at 390 px.
  await page.goto('/pay/fund');
  for (const name of ['Send money', 'To bank', 'Bills', 'Add money', 'Spending limit', 'Bank account', 'Saved card']) {
    const tab = page.getByRole('tab', { name });
    await expect(tab).toBeVisible();
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await shot(page, 'money-trust-07-pay-tabs');
});
