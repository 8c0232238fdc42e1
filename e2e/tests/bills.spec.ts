import { expect, test, type Page } from '@playwright/test';
import { createUser, logIn, shot } from './helpers';

const PIN = '2580';

async function confirmAndPay(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByLabel('Transaction PIN').fill(PIN);
  await dialog.getByRole('button', { name: 'Pay' }).click();
}

test('buy airtime for a beneficiary', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Tola', pin: PIN, fundKobo: 1_000_000 });
  // A first purchase makes 08031112233 a beneficiary.
  const headers = { authorization: `Bearer ${user.token}` };
  const p = await request.post('/api/transaction/api/v1/initiate', {
    headers,
    data: { type: 'airtime', billerId: 'mtn-airtime', billerGroupId: 'airtime', customerNumber: '08031112233', amount: 10_000 },
  });
  const { reference } = ((await p.json()) as { data: { reference: string } }).data;
  expect(
    (
      await request.post('/api/transaction/api/v1/complete', { headers: { ...headers, transactionPin: PIN }, data: { reference } })
    ).status(),
  ).toBe(200);

  await logIn(page, user);
  await page.goto('/pay/bills');
  await expect(page.getByRole('tab', { name: 'Airtime', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'MTN', exact: true }).click();
  await page
    .getByRole('button', { name: /^Use 0803/ })
    .first()
    .click();
  await expect(page.getByLabel('Phone number')).toHaveValue(/0803\s?111\s?2233/);
  await page.getByLabel('Amount (₦)').fill('500');
  await shot(page, '40-airtime');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndPay(page);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const b = await request.get('/api/wallet/wallet-balances', { headers });
  expect(((await b.json()) as { data: { walletBalance: number } }).data.walletBalance).toBe(1_000_000 - 10_000 - 50_000);
});

test('buy electricity and read the token', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Ngozi', pin: PIN, fundKobo: 1_000_000 });
  await logIn(page, user);
  await page.goto('/pay/bills');
  await page.getByRole('tab', { name: 'Electricity' }).click();
  await page.getByRole('button', { name: 'Ikeja Electric' }).click();
  await page.getByLabel('Meter type').selectOption('prepaid');
  await page.getByLabel('Meter number').fill('45701234567');
  await expect(page.getByRole('status').filter({ hasText: /,/ }).first()).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('2000');
  await shot(page, '41-electricity');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndPay(page);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/\d{4}-\d{4}-\d{4}-\d{4}-\d{4}/).first()).toBeVisible();
  await shot(page, '42-electricity-token');
});

test('a failed TV payment whose money comes back', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Ike', pin: PIN, fundKobo: 3_000_000 });
  await logIn(page, user);
  await page.goto('/pay/bills');
  await page.getByRole('tab', { name: 'TV' }).click();
  await page.getByRole('button', { name: 'DStv' }).click();
  await page.getByLabel('Bouquet').selectOption('dstv-compact');
  await page.getByLabel('Smartcard number').fill('1234569999');
  await expect(page.getByRole('status').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAndPay(page);
  await expect(page.getByRole('heading', { name: 'Payment reversed' })).toBeVisible();
  await expect(page.getByText('DStv could not complete this purchase. Your money has been returned.').first()).toBeVisible();
  await shot(page, '43-tv-reversed');
  const b = await request.get('/api/wallet/wallet-balances', { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await b.json()) as { data: { walletBalance: number } }).data.walletBalance).toBe(3_000_000);
});

test('a Tier 1 person paying ₦55,000 of electricity is told the day limit at the preview, once, in the form', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Kemi', pin: PIN, fundKobo: 4_000_000 });
  const more = await request.post('/api/wallet/fund/card', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { amount: 4_000_000, card: { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' } },
  });
  expect(more.status()).toBe(200);
  await logIn(page, user);
  await page.goto('/pay/bills?type=electricity');
  await page.getByRole('button', { name: 'Ikeja Electric' }).click();
  await page.getByLabel('Meter type').selectOption('prepaid');
  await page.getByLabel('Meter number').fill('45701234567');
  await expect(page.getByRole('status').filter({ hasText: /,/ }).first()).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('55000');
  await page.getByRole('button', { name: 'Continue' }).click();

  const message =
    'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦50,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.';
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Verify your BVN' })).toBeVisible();
  // Once: no toast says it as well, and no payment dialog opens.
  await page.waitForTimeout(500);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText(/daily limit/)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Confirm payment' })).toHaveCount(0);
  // Brought into view, its links above the tab bar.
  await expect(alert.getByRole('link', { name: 'See your limits and raise them' })).toBeInViewport({ ratio: 1 });
  await shot(page, '44-electricity-limit-at-preview');
});
