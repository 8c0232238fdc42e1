import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { confirmTransfer, createUser, logIn, shot } from './helpers';

const PIN = '2580';
/** A sandbox number that matches Ngozi Adebayo, born 01/01/1990 (the sandbox answers by the last digits). */
const sandboxNumber = (first: string) => `${first}${String(randomInt(0, 1e9)).padStart(9, '0')}1`;

async function sendMoney(page: Page, to: string, naira: string, confirm = true) {
  await page.goto('/pay/send');
  await page.getByLabel('Search people').fill(to.split(' ')[0]!);
  await page.getByRole('button', { name: to }).first().click();
  await page.getByLabel('Amount (₦)').fill(naira);
  await page.getByRole('button', { name: 'Continue' }).click();
  if (confirm) await confirmTransfer(page, PIN);
}

test('a new person tries to send beyond Tier 1, is told why, verifies BVN and NIN, sees the new limits and sends', async ({
  page,
  request,
}) => {
  const me = await createUser(request, { firstName: 'Ngozi', lastName: 'Adebayo', pin: PIN, fundKobo: 4_000_000 });
  // A second deposit, each within Tier 1's ₦50,000 per deposit: ₦80,000 in the wallet.
  const fund = await request.post('/api/wallet/fund/card', {
    headers: { authorization: `Bearer ${me.token}` },
    data: { amount: 4_000_000, card: { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' } },
  });
  expect(fund.status()).toBe(200);
  const friend = await createUser(request, {
    firstName: 'Obinna',
    lastName: `Eze${[0, 1, 2].map(() => String.fromCharCode(97 + randomInt(0, 26))).join('')}`,
  });
  const friendName = `${friend.firstName} ${friend.lastName}`;
  await logIn(page, me);

  // ₦60,000 is over Tier 1's ₦50,000 a day: refused at the preview (before the PIN), with the limit, what is left and how to raise it.
  await sendMoney(page, friendName, '60000', false);
  const dialog = page.getByRole('main');
  await expect(
    dialog.getByText(
      'This payment is over your Tier 1 daily limit of ₦50,000.00. You can send ₦50,000.00 more today. Verify your BVN and NIN in Account › Limits and verification to raise it.',
    ),
  ).toBeVisible();
  await shot(page, 'kyc-01-refused');
  await dialog.getByRole('link', { name: 'See your limits and raise them' }).click();

  await expect(page.getByRole('heading', { name: 'Limits and verification' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tier 1' })).toBeVisible();
  await expect(page.getByText('To reach Tier 2: verify your BVN, verify your NIN and add your address.')).toBeVisible();
  await shot(page, 'kyc-02-limits-tier1');

  await page.getByRole('link', { name: 'Verify BVN' }).click();
  await page.getByLabel('BVN', { exact: true }).fill(sandboxNumber('2'));
  await page.getByLabel('Date of birth', { exact: true }).fill('01/01/1990');
  await shot(page, 'kyc-03-verify-bvn');
  await page.getByRole('button', { name: 'Verify BVN' }).click();
  await expect(page.getByRole('heading', { name: 'Limits and verification' })).toBeVisible();

  await page.getByRole('link', { name: 'Verify NIN' }).click();
  await page.getByLabel('NIN', { exact: true }).fill(sandboxNumber('1'));
  await expect(page.getByLabel('Date of birth', { exact: true })).toHaveValue('01/01/1990');
  await page.getByRole('button', { name: 'Verify NIN' }).click();
  await expect(page.getByRole('heading', { name: 'Limits and verification' })).toBeVisible();

  await page.getByRole('link', { name: 'Add address' }).click();
  await page.getByLabel('Street address').fill('4 Allen Avenue');
  await page.getByLabel('City').fill('Ikeja');
  // The State is chosen from Nigeria's 36 states and the FCT.
  await expect(page.getByLabel('State').locator('option')).toHaveCount(38);
  await page.getByLabel('State').selectOption('Lagos');
  await shot(page, 'kyc-03b-address');
  await page.getByRole('button', { name: 'Save address' }).click();

  await expect(page.getByRole('heading', { name: 'Tier 2' })).toBeVisible();
  await expect(page.getByText('₦200,000.00').first()).toBeVisible();
  await expect(page.getByText('To reach Tier 3: upload an ID and a proof of address.')).toBeVisible();
  await shot(page, 'kyc-04-limits-tier2');

  await sendMoney(page, friendName, '60000');
  await expect(page.getByRole('heading', { name: 'Transfer successful' })).toBeVisible();
  await shot(page, 'kyc-05-sent');
});
