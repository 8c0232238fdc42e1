import { expect, test } from '@playwright/test';
import { SETTLEMENT_URL } from '../playwright.config';
import { addStaff, admin, enrol, signIn } from './console-helpers';
import { createUser, shot, type ApiUser } from './helpers';

// Reconciliation in the console: the bank's report of yesterday's inbound transfers has one the
// ledger never got (its notice was lost); finance matches the day, sends a credit of it for
// approval, a second finance person approves it, and the customer has the money with the reason.

const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

test('finance matches a day, credits a transfer the ledger never got, and a second finance person approves it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  // Lagos keeps UTC+1 all year.
  const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const customer = await createUser(request, { firstName: 'Chidi', lastName: 'Okeke' });
  const va = (await (await request.get('/api/wallet/virtual-account', { headers: bearer(customer) })).json()) as {
    data: { accountNumber: string };
  };
  const reference = `VAe2e-lost-${stamp}`;
  const seeded = await request.post(`${SETTLEMENT_URL}/seed`, {
    data: {
      source: 'inbound',
      date: yesterday,
      lines: [{ reference, providerRef: `NIP${stamp}`, amount: 2_500_000, status: 'successful', accountNumber: va.data.accountNumber }],
    },
  });
  expect(seeded.status()).toBe(204);

  // The admin adds two finance people.
  await signIn(page, admin().recoveryCodes[4]!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await addStaff(page, 'Funmi Finance', `funmi.${stamp}@staff.owo.ng`, 'finance');
  await addStaff(page, 'Kunle Finance', `kunle.${stamp}@staff.owo.ng`, 'finance');

  // Funmi matches yesterday: one inbound transfer is not in the ledger.
  const funmi = await enrol(browser, request, `funmi.${stamp}@staff.owo.ng`, 'Funmi Finance');
  await funmi.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(funmi.getByRole('heading', { level: 1, name: 'Reconciliation' })).toBeVisible();
  await expect(funmi.getByLabel('Day', { exact: true })).toHaveValue(yesterday);
  await funmi.getByRole('button', { name: 'Match this day' }).click();
  await expect(funmi.getByText(`Matched ${yesterday}: 1 record to look at.`)).toBeVisible();
  const runs = funmi.getByRole('list', { name: `Runs of ${yesterday}` });
  await expect(runs.getByText('1 in the report, 0 in the ledger: 0 match, 1 do not')).toBeVisible();
  await expect(runs.getByText('No report from the provider for this source').first()).toBeVisible();
  const record = funmi.getByRole('article', { name: `Inbound transfers ${reference}` });
  await expect(record.getByText('The provider settled it; the ledger has no posted record')).toBeVisible();
  await expect(record.getByRole('link', { name: 'Chidi Okeke' })).toBeVisible();
  await record.scrollIntoViewIfNeeded();
  await shot(funmi, 'console-recon-01-open');

  // She sends a credit for approval.
  await record.getByRole('button', { name: `Credit the customer: ${reference}` }).click();
  const sheet = funmi.getByRole('dialog', { name: 'Credit the customer' });
  await sheet.getByLabel('Reason').fill('Your bank transfer of ₦25,000 reached us but was not credited');
  await shot(funmi, 'console-recon-02-credit');
  await sheet.getByRole('button', { name: 'Send for approval' }).click();
  await expect(funmi.getByText(`Sent for approval: ${reference} waits for another finance person.`)).toBeVisible();
  await expect(funmi.getByText('Nothing open for this day')).toBeVisible();
  await funmi.getByRole('tab', { name: 'Waiting' }).click();
  await expect(funmi.getByRole('article', { name: `Inbound transfers ${reference}` }).getByText('Waiting for approval')).toBeVisible();
  await shot(funmi, 'console-recon-03-waiting');

  // Kunle approves it in Money; the record is resolved and the customer has the money.
  const kunle = await enrol(browser, request, `kunle.${stamp}@staff.owo.ng`, 'Kunle Finance');
  await kunle.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
  const waiting = kunle.getByRole('list', { name: 'Money requests' }).getByRole('listitem').filter({ hasText: reference });
  await waiting.getByRole('button', { name: 'Approve' }).click();
  // Approving posts money at once: a dialog names the amount and the customer first.
  await kunle
    .getByRole('dialog', { name: /^Approve the / })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(kunle.getByText(/^Approved and posted: STF\d+ for Chidi Okeke\.$/)).toBeVisible();
  await kunle.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Reconciliation' }).click();
  await kunle.getByRole('tab', { name: 'All' }).click();
  const resolved = kunle.getByRole('article', { name: `Inbound transfers ${reference}` });
  await expect(resolved.getByText('Resolved')).toBeVisible();
  await expect(resolved.getByText(/Credit the customer by Funmi Finance/)).toBeVisible();
  await resolved.scrollIntoViewIfNeeded();
  await shot(kunle, 'console-recon-04-resolved');
  const history = (await (await request.post('/api/transaction/api/v1/transactions', { headers: bearer(customer), data: {} })).json()) as {
    data: { direction: string; amount: number; status: string; narration: string | null }[];
  };
  expect(history.data[0]).toMatchObject({ direction: 'credit', amount: 2_500_000, status: 'successful' });
  expect(history.data[0]!.narration).toContain(`Reconciliation of ${reference}`);
});
