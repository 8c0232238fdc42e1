import { expect, test, type Page } from '@playwright/test';
import { createUser, logIn, shot } from './helpers';

const PIN = '2580';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function pinAndConfirm(page: Page) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByLabel('Transaction PIN') });
  await dialog.getByLabel('Transaction PIN').fill(PIN);
  await dialog.getByRole('button', { name: /^(Confirm|Send statement)$/ }).click();
}

test('a savings target: create, top up, withdraw', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Zainab', pin: PIN, fundKobo: 2_000_000 });
  await logIn(page, user);
  await page.goto('/savings');
  await expect(page.getByRole('heading', { name: 'Savings', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New target' }).click();
  const form = page.getByRole('dialog', { name: 'New savings target' });
  await form.getByLabel('Target name').fill('New laptop');
  await form.getByLabel('Target amount (₦)').fill('50000');
  await form.getByRole('textbox', { name: 'Target date' }).fill(inDays(120));
  await shot(page, '30-savings-new');
  await form.getByRole('button', { name: 'Create target' }).click();
  await expect(page.getByRole('dialog', { name: 'Target created' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByText('New laptop').first().click();
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog', { name: 'Top up' }).getByLabel('Amount (₦)').fill('5000');
  await page
    .getByRole('dialog', { name: 'Top up' })
    .getByRole('button', { name: /Continue|Top up/ })
    .last()
    .click();
  await pinAndConfirm(page);
  await expect(page.getByRole('dialog', { name: 'Top-up successful' })).toBeVisible();
  await shot(page, '31-savings-topped-up');
  const bal = async () =>
    (
      (await (await request.get('/api/wallet/wallet-balances', { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
        data: { walletBalance: number; savingsBalance: number };
      }
    ).data;
  expect(await bal()).toMatchObject({ walletBalance: 1_500_000, savingsBalance: 500_000 });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Withdraw' }).first().click();
  const w = page.getByRole('dialog', { name: 'Withdraw to wallet' });
  await w.getByRole('checkbox', { name: /Withdraw everything/ }).check();
  await w
    .getByRole('button', { name: /Withdraw/ })
    .last()
    .click();
  await expect.poll(bal).toMatchObject({ walletBalance: 2_000_000, savingsBalance: 0 });
  await shot(page, '32-savings-withdrawn');
});

test('a locked fund: preview, lock, early withdrawal refused', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Musa', pin: PIN, fundKobo: 5_000_000 });
  await logIn(page, user);
  await page.goto('/savings');
  await page.getByRole('button', { name: 'Lock funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock funds' });
  await dialog.getByLabel('Amount (₦)').fill('20000');
  await dialog.getByLabel('Duration').selectOption({ index: 2 });
  await dialog.getByLabel('Title').fill('House rent');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/interest/i).first()).toBeVisible();
  await shot(page, '33-lock-preview');
  await dialog.getByRole('button', { name: 'Lock funds' }).click();
  await pinAndConfirm(page);
  await expect(page.getByRole('dialog', { name: 'Funds locked' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('House rent').first()).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw' }).first().click();
  await expect(page.getByText(/^This fund is locked until .+\. You can withdraw it from then\.$/).first()).toBeVisible();
  await shot(page, '34-lock-early-refused');
});

test('the statement flow, including the email mismatch', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Amina', pin: PIN, fundKobo: 300_000 });
  await logIn(page, user);
  await page.goto('/statement');
  await expect(page.getByRole('heading', { name: 'Account statement' })).toBeVisible();
  const today = new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Request statement' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your email' });
  await confirm.getByLabel('Email address').fill('not.me@example.ng');
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Email verification failed!')).toBeVisible();
  await shot(page, '35-statement-mismatch');
  await confirm.getByLabel('Email address').fill(user.email.toUpperCase());
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await pinAndConfirm(page);
  await expect(page.getByRole('heading', { name: 'Statement sent' })).toBeVisible();
  await shot(page, '36-statement-sent');
  const out = await request.get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
  const mails = ((await out.json()) as { data: { subject: string | null }[] }).data;
  expect(mails[0]?.subject).toBe(`Your Owo statement, ${today} to ${today}`);
});

test('a loan: apply, see it in the wallet, repay', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Efe', pin: PIN, fundKobo: 2_000_000 });
  await logIn(page, user);
  await page.goto('/loans');
  await expect(page.getByRole('heading', { name: 'Loans', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).first().click();
  const apply = page.getByRole('dialog', { name: /^Apply for / });
  await apply.getByLabel('Amount (₦)').fill('10000');
  await shot(page, '37-loan-apply');
  await apply.getByRole('button', { name: 'Apply now' }).click();
  await expect(page.getByText('Loan approved and paid into your wallet').first()).toBeVisible();
  const bal = async () =>
    (
      (await (await request.get('/api/wallet/wallet-balances', { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
        data: { walletBalance: number };
      }
    ).data.walletBalance;
  expect(await bal()).toBe(3_000_000);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByText('₦30,000.00').first()).toBeVisible();
  await page.goto('/loans');
  await page.getByRole('tab', { name: 'My loans' }).click();
  await page.getByRole('button', { name: 'Repay' }).first().click();
  const repay = page.getByRole('dialog', { name: 'Repay loan' });
  await repay
    .getByRole('button', { name: /Continue|Repay/ })
    .last()
    .click();
  await pinAndConfirm(page);
  await expect(page.getByText('Repayment received').first()).toBeVisible();
  await shot(page, '38-loan-repaid');
  expect(await bal()).toBe(3_000_000 - 1_050_000);
});
