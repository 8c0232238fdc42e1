import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { TOTP } from 'otpauth';
import { baseURL, CONSOLE_ADMIN } from '../playwright.config';
import { shot } from './helpers';

// What the console's journeys share: the admin made by the command, signing in, adding a person and
// their enrolment from the invitation.

export type Admin = { email: string; totpSecret: string; recoveryCodes: string[] };
export const admin = () => JSON.parse(readFileSync(CONSOLE_ADMIN.file, 'utf8')) as Admin;
export const totp = (secret: string) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate();
export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, baseURL };

export async function signIn(page: Page, code: string) {
  await page.goto('/console/login');
  await page.getByLabel('Work email').fill(CONSOLE_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(CONSOLE_ADMIN.password);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function addStaff(page: Page, name: string, email: string, role: string, shotName?: string) {
  await page.getByRole('button', { name: 'Add a staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff member' });
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Work email').fill(email);
  await dialog.getByLabel('Role').selectOption(role);
  if (shotName) await shot(page, shotName);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
}

/** Opens the invitation emailed to `email` in a phone of its own, enrols, and returns the console signed in. */
export async function enrol(browser: Browser, request: APIRequestContext, email: string, name: string, shotName?: string): Promise<Page> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      link =
        /(\/console\/enroll#token=[\w-]+)/.exec(((await res.json()) as { data: { body: string | null }[] }).data[0]?.body ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  const page = await (await browser.newContext(phone)).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  if (shotName) await shot(page, `${shotName}-invitation`);
  const key = (await page.getByLabel('Authenticator key').textContent())!.replace(/\s/g, '');
  await page.getByLabel('Password', { exact: true }).fill('a long enough staff passphrase');
  await page.getByLabel('The password again').fill('a long enough staff passphrase');
  await page.getByLabel('Code from your authenticator app').fill(totp(key));
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Keep your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  if (shotName) await shot(page, `${shotName}-recovery-codes`);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Go to the console' }).click();
  return page;
}
