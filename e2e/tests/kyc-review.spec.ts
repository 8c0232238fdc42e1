import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addStaff, admin, enrol, phone, signIn } from './console-helpers';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

// KYC review (docs/console.md, docs/kyc.md): a Tier 2 customer sends an ID and a proof of address;
// the admin adds a compliance person, who approves them in the console; the customer's Limits
// screen shows Tier 3.

/** A sandbox number that matches Ngozi Adebayo, born 01/01/1990 (the sandbox answers by the last digits). */
const sandboxNumber = (first: string) => `${first}${String(randomInt(0, 1e9)).padStart(9, '0')}1`;
const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

/** A customer verified to Tier 2 through the calls (BVN, NIN, address) who sends Tier 3 documents. */
async function tier3Requester(request: APIRequestContext, page: Page) {
  const u = await createUser(request, { firstName: 'Ngozi', lastName: 'Adebayo' });
  const dateOfBirth = '1990-01-01';
  for (const [path, data] of [
    ['/api/kyc/bvn', { bvn: sandboxNumber('2'), dateOfBirth }],
    ['/api/kyc/nin', { nin: sandboxNumber('1'), dateOfBirth }],
  ] as const) {
    const r = await request.post(path, { headers: bearer(u), data });
    expect(r.status(), await r.text()).toBe(200);
  }
  const a = await request.put('/api/kyc/address', {
    headers: bearer(u),
    data: { line1: '4 Allen Avenue', city: 'Ikeja', state: 'Lagos' },
  });
  expect(a.status(), await a.text()).toBe(200);
  // The customer sends the two photos from the Tier 3 screen: private uploads, sent by id.
  await logIn(page, u);
  await page.goto('/account/limits/tier3');
  await page
    .getByLabel('Add a photo of your id')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await makePng(page) });
  await page.getByLabel('Add a proof of address').setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: await makePng(page) });
  await page.getByLabel('Kind of ID').selectOption('passport');
  await expect(page.getByRole('img', { name: 'Photo of your ID preview' })).toBeVisible();
  await shot(page, 'kyc-review-00-customer-sends');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/kyc/tier3') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send for review' }).click();
  const body = (await (await sent).request().postDataJSON()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['idDocumentId', 'idType', 'proofOfAddressId']);
  await expect(page.getByText('Your ID and proof of address are being reviewed.')).toBeVisible();
  return u;
}

test('compliance approves a Tier 3 request in the console, and the customer sees Tier 3', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const customer = await tier3Requester(request, page);
  const stamp = Date.now();

  // The admin adds a compliance person (a recovery code of its own: the other console journeys spend theirs).
  await signIn(page, admin().recoveryCodes[2]!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await addStaff(page, 'Chioma Compliance', `chioma.${stamp}@staff.owo.ng`, 'compliance');

  const compliance = await enrol(browser, request, `chioma.${stamp}@staff.owo.ng`, 'Chioma Compliance');
  await compliance.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'KYC review' }).click();
  await expect(compliance.getByRole('heading', { level: 1, name: 'KYC review' })).toBeVisible();
  const request3 = compliance.getByRole('article', { name: 'Tier 3 request from Ngozi Adebayo' }).last();
  await expect(request3.getByText('International passport')).toBeVisible();
  await expect(request3.getByText('4 Allen Avenue, Ikeja, Lagos')).toBeVisible();
  // The documents are images fetched with the staff session (blob: addresses), never links to an address.
  const idPhoto = request3.getByRole('img', { name: "Ngozi Adebayo's International passport" });
  await expect(idPhoto).toHaveAttribute('src', /^blob:/);
  await expect(request3.getByRole('img', { name: "Ngozi Adebayo's proof of address" })).toHaveAttribute('src', /^blob:/);
  expect(await idPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(request3.getByRole('link')).toHaveCount(0);
  await shot(compliance, 'kyc-review-01-queue');
  await request3.getByRole('button', { name: "Show Ngozi Adebayo's International passport larger" }).click();
  await expect(request3.getByRole('button', { name: "Show Ngozi Adebayo's International passport smaller" })).toBeVisible();
  await shot(compliance, 'kyc-review-01b-document');

  // A rejection needs a reason: the form says so, by the contracts' own rule, and sends nothing.
  await request3.getByRole('button', { name: "Reject Ngozi Adebayo's documents" }).click();
  const reject = compliance.getByRole('dialog', { name: 'Reject the documents' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Say why the documents are rejected: the customer reads it')).toBeVisible();
  await reject.getByRole('button', { name: 'Close' }).click();

  await request3.getByRole('button', { name: 'Approve Ngozi Adebayo for Tier 3' }).click();
  const approve = compliance.getByRole('dialog', { name: 'Approve Ngozi Adebayo for Tier 3' });
  await shot(compliance, 'kyc-review-02-approve');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(compliance.getByText('Approved: Ngozi Adebayo is on Tier 3.')).toBeVisible();
  await shot(compliance, 'kyc-review-03-approved');

  const mine = await (await browser.newContext(phone)).newPage();
  await logIn(mine, customer);
  await mine.goto('/account/limits');
  await expect(mine.getByRole('heading', { name: 'Tier 3' })).toBeVisible();
  await shot(mine, 'kyc-review-04-customer-tier3');
});
