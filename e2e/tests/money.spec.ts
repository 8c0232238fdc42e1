import { expect, test, type Page } from '@playwright/test';
import { confirmTransfer, createUser, logIn, shot } from './helpers';

const PIN = '2580';

const confirmWithPin = (page: Page) => confirmTransfer(page, PIN);

test('fund the wallet by card', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Bisi' });
  await logIn(page, user);
  await page.goto('/pay/fund');
  await page.getByRole('tab', { name: 'Card', exact: true }).click();
  await page.getByLabel('Card number').fill('4084 0840 8408 4081');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2030');
  await page.getByLabel('CVV').fill('408');
  await page.getByLabel('Amount (₦)').fill('5,000');
  await shot(page, '20-fund-card');
  await page.getByRole('button', { name: 'Fund wallet' }).click();
  await expect(page.getByText('Wallet funded')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText('₦5,000.00').first()).toBeVisible();
  await shot(page, '21-home-funded');
});

test('send money to another user, who sees it', async ({ page, request }) => {
  const sender = await createUser(request, { firstName: 'Sade', pin: PIN, fundKobo: 1_000_000 });
  const receiver = await createUser(request, { firstName: 'Chinedu', lastName: `Okoro` });
  await logIn(page, sender);
  await page.goto('/pay/send');
  await page.getByLabel('Search people').fill('Chinedu');
  await page.getByRole('button', { name: 'Chinedu Okoro' }).first().click();
  await page.getByLabel('Amount (₦)').fill('1500');
  await page.getByLabel('Narration (optional)').fill('Suya money');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' }).getByText('₦1,500.00').first()).toBeVisible();
  await shot(page, '22-send-preview');
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transfer successful' })).toBeVisible();
  await shot(page, '23-send-success');

  const check = await request.get('/api/wallet/wallet-balances', { headers: { authorization: `Bearer ${receiver.token}` } });
  expect(((await check.json()) as { data: { walletBalance: number } }).data.walletBalance).toBe(150_000);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, receiver);
  await expect(page.getByText('Sade Adeleke').first()).toBeVisible();
  await expect(page.getByText('₦1,500.00').first()).toBeVisible();
  await shot(page, '24-receiver-home');
});

test('send to a bank account: success, then a failing account is reversed', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Femi', pin: PIN, fundKobo: 2_000_000 });
  await logIn(page, user);
  await page.goto('/pay/bank');
  await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('0123456789');
  await expect(page.getByRole('status').filter({ hasText: 'Tobi Olawale' })).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('2000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await shot(page, '25-bank-preview');
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transfer successful' })).toBeVisible();

  await page.goto('/pay/bank');
  await page.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill('0000000009');
  await page.getByLabel('Amount (₦)').fill('3000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transfer reversed' })).toBeVisible();
  await expect(page.getByText('The beneficiary bank is not available. Your money has been returned.').first()).toBeVisible();
  await shot(page, '26-bank-reversed');
  const b = await request.get('/api/wallet/wallet-balances', { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await b.json()) as { data: { walletBalance: number } }).data.walletBalance).toBe(2_000_000 - 200_000 - 1_000);
});

test('view a receipt in the history and share it as an image', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Ifeoma', pin: PIN, fundKobo: 500_000 });
  await logIn(page, user);
  await page.goto('/history');
  await page
    .getByRole('link', { name: /Visa •••• 4081/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('₦5,000.00').first()).toBeVisible();
  await shot(page, '27-receipt');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Share receipt' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);
});
