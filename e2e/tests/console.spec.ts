import { expect, test, type APIRequestContext } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { admin, addStaff, enrol, phone, signIn, totp } from './console-helpers';
import { createUser, logIn, shot, type ApiUser } from './helpers';

// The operator console (/console): an admin made by the command (in the Playwright set-up) signs in
// with TOTP and adds a support and a finance person; support finds a customer and asks for a refund
// of one of their payments; finance approves it; the customer sees it in their history. Then the
// console at a desktop size, and the customer app's bundle, which holds none of the console.

const PIN = '2580';

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

test('an admin adds support and finance; support asks for a refund, finance approves it, and the customer sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await createUser(request, { firstName: 'Chiamaka', lastName: 'Eze', pin: PIN, fundKobo: 500_000 });
  const reference = await buyAirtime(request, customer, 150_000);
  const stamp = Date.now();
  const supportEmail = `sola.${stamp}@staff.owo.ng`;
  const financeEmail = `femi.${stamp}@staff.owo.ng`;

  // The admin (made by the command) signs in with a TOTP code and adds two people.
  await page.goto('/console/login');
  await shot(page, 'console-01-sign-in');
  await signIn(page, totp(admin().totpSecret));
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await addStaff(page, 'Sola Support', supportEmail, 'support', 'console-02-add-staff');
  await addStaff(page, 'Femi Finance', financeEmail, 'finance');
  await expect(page.getByRole('list', { name: 'Staff members' }).getByText('Sola Support')).toBeVisible();
  await shot(page, 'console-02-staff-list');

  // Support enrols, finds the customer by phone and asks for a refund of the airtime.
  const support = await enrol(browser, request, supportEmail, 'Sola Support', 'console-03');
  await expect(support.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await shot(support, 'console-04-search-empty');
  await support.getByLabel('Phone, email, name, account number or transaction reference').fill(customer.phone);
  await support.getByRole('button', { name: 'Search' }).click();
  await support.getByRole('link', { name: /Chiamaka Eze/ }).click();
  await expect(support.getByRole('heading', { level: 1, name: 'Chiamaka Eze' })).toBeVisible();
  const payment = support.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: reference });
  await payment.getByRole('button', { name: 'Refund' }).click();
  const ask = support.getByRole('dialog', { name: 'Request a refund' });
  await ask.getByLabel('Amount (₦)').fill('1500');
  await ask.getByLabel('Reason').fill('The airtime never arrived');
  await shot(support, 'console-05-request-refund');
  await ask.getByRole('button', { name: 'Send for approval' }).click();
  await expect(support.getByText('Refund of ₦1,500.00 requested. Another finance person must approve it.')).toBeVisible();
  await expect(support.getByRole('list', { name: 'Money requests of this customer' }).getByText('pending', { exact: true })).toBeVisible();
  // The device the customer signed up from (the journeys' device) is in the record.
  await expect(support.getByRole('list', { name: 'Devices of this customer' }).getByText('Signed in')).toBeVisible();
  await shot(support, 'console-06-customer');
  // The record says the KYC tier and whether BVN and NIN are verified, never the numbers; the
  // freeze, with its reason box, comes after the details, not above them.
  const profile = support.locator('dl[aria-label="Profile"]');
  await expect(profile.getByText('Tier 1')).toBeVisible();
  await expect(profile.getByText('not verified')).toHaveCount(2);
  await support.getByRole('heading', { level: 1, name: 'Chiamaka Eze' }).scrollIntoViewIfNeeded();
  await shot(support, 'console-06-customer-top');
  const freezeBox = await support.getByRole('button', { name: 'Freeze account' }).boundingBox();
  const balancesBox = await support.locator('dl[aria-label="Balances"]').boundingBox();
  expect(freezeBox!.y).toBeGreaterThan(balancesBox!.y + balancesBox!.height);

  // Finance enrols and approves it.
  const finance = await enrol(browser, request, financeEmail, 'Femi Finance');
  await finance.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
  const waiting = finance.getByRole('list', { name: 'Money requests' }).getByRole('listitem').filter({ hasText: reference });
  await expect(waiting.getByText('The airtime never arrived')).toBeVisible();
  await shot(finance, 'console-07-money-waiting');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  // Approving posts money at once: a dialog names the amount and the customer first.
  await finance
    .getByRole('dialog', { name: /^Approve the / })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(finance.getByText(/^Approved and posted: STF\d+ for Chiamaka Eze\.$/)).toBeVisible();
  await expect(finance.getByRole('list', { name: 'Money requests' })).toHaveCount(0);
  await shot(finance, 'console-08-money-approved');

  // At phone size the admin's tab bar shows every page (it wraps): Audit and Health are in view.
  const tabs = page.getByRole('navigation', { name: 'Console' });
  await expect(tabs.getByRole('link', { name: 'Audit' })).toBeInViewport();
  await expect(tabs.getByRole('link', { name: 'Health' })).toBeInViewport();
  await shot(page, 'console-08b-phone-tabs');
  await tabs.getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('list', { name: 'Audit entries' })).toBeVisible();
  // Filtered by the customer's name and the staff member's email: people by name, money in naira.
  await page.getByLabel('Customer', { exact: true }).fill('Chiamaka Eze');
  await page.getByLabel('Staff member').fill(supportEmail);
  await page.getByLabel('Kind').selectOption('money.request');
  await page.getByRole('button', { name: 'Filter' }).click();
  const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
  await expect(entry.getByRole('link', { name: 'Chiamaka Eze' })).toBeVisible();
  await expect(entry.getByText('Sola Support')).toBeVisible();
  await expect(entry.getByText(/amount: ₦1,500\.00/)).toBeVisible();
  await expect(page.getByText(/amount: 150000/)).toHaveCount(0);
  await shot(page, 'console-08c-phone-audit');
  await tabs.getByRole('link', { name: 'Health' }).click();
  const jobs = page.getByRole('list', { name: 'Background jobs' });
  const pushJob = jobs.getByRole('listitem').filter({ hasText: 'notifications.events' });
  await expect(pushJob).toContainText('every 0.2 s');
  await expect(jobs.getByText(/every 0 s/)).toHaveCount(0);
  // The name has its width: not cut to a letter.
  expect((await pushJob.getByText('notifications.events').boundingBox())!.width).toBeGreaterThan(100);
  await shot(page, 'console-08d-phone-health');

  // The customer sees the refund in their history, with both names.
  const mine = await (await browser.newContext(phone)).newPage();
  await logIn(mine, customer);
  await mine.goto('/history');
  await mine.getByRole('link', { name: /Owo/ }).first().click();
  await expect(mine.getByText('₦1,500.00').first()).toBeVisible();
  await expect(
    mine.getByText(`Refund of ${reference}: The airtime never arrived (requested by Sola Support, approved by Femi Finance)`),
  ).toBeVisible();
  await shot(mine, 'console-09-customer-history');
});

test.describe('at a desktop size', () => {
  test.use({ viewport: { width: 1280, height: 860 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('the admin checks the audit chain and the health page', async ({ page }) => {
    // A recovery code: the journey above spent this minute's TOTP code.
    await signIn(page, admin().recoveryCodes[0]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await page.getByLabel('Phone, email, name, account number or transaction reference').fill('Chiamaka Eze');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('link', { name: /Chiamaka Eze/ })
      .first()
      .click();
    await expect(page.getByRole('list', { name: 'Money requests of this customer' }).getByText('approved', { exact: true })).toBeVisible();
    await shot(page, 'console-10-desktop-customer');
    await page.getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('list', { name: 'Audit entries' })).toBeVisible();
    // The command's entry is the oldest: found by its kind, however many entries came after it.
    await page.getByLabel('Kind').selectOption('staff.create-admin');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('list', { name: 'Audit entries' }).getByText('staff.create-admin')).toBeVisible();
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await expect(page.getByText(/^The chain holds: \d+ entries checked/)).toBeVisible();
    await shot(page, 'console-11-desktop-audit');
    await page.getByLabel('Kind').selectOption('');
    await page.getByLabel('Customer', { exact: true }).fill('Chiamaka');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByRole('list', { name: 'Audit entries' }).getByRole('link', { name: 'Chiamaka Eze' }).first()).toBeVisible();
    await shot(page, 'console-11b-desktop-audit-by-name');
    await page.getByRole('link', { name: 'Health' }).click();
    await expect(page.getByRole('list', { name: 'Background jobs' }).getByText('platform.outbox')).toBeVisible();
    await shot(page, 'console-12-desktop-health');
  });
});

test('a customer token opens nothing in the console: it is sent back to sign in', async ({ page, request }) => {
  const customer = await createUser(request, { firstName: 'Bayo' });
  const res = await request.get('/api/staff/me', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(res.status()).toBe(401);
  await page.goto('/console/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test("the customer app's files hold none of the console", async ({ page }) => {
  const dist = new URL('../../apps/web/dist/assets/', import.meta.url).pathname;
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const text = readFileSync(dist + f, 'utf8');
    expect(text.includes('/api/staff'), `${f} mentions /api/staff`).toBe(false);
    expect(text.includes('Owo console'), `${f} mentions the console`).toBe(false);
  }
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  expect(loaded.filter((p) => p.startsWith('/console'))).toEqual([]);
});
