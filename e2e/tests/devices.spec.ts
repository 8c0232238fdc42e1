import { devices, expect, test } from '@playwright/test';
import { createUser, DEVICE_KEY, e164, logIn, readCode, shot } from './helpers';

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

test('a second phone logs in with a texted code, sees both devices and signs the first one out', async ({ page, browser, request }) => {
  const user = await createUser(request, { firstName: 'Chidi' });
  await logIn(page, user);

  // Another phone: a device this person has not used.
  const other = await (await browser.newContext(phone)).newPage();
  await other.goto('/login');
  await other.evaluate((key) => localStorage.setItem(key, 'second-phone-of-chidi'), DEVICE_KEY);
  await other.getByLabel('Email or phone number').fill(user.email);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Confirm this device' })).toBeVisible();
  await expect(other.getByText(`Enter the code we texted to +234 ••• ••• ${e164(user.phone).slice(-4)}`)).toBeVisible();
  await shot(other, '70-new-device-code');

  await other.getByLabel('Code from the text message').fill(await readCode(request, e164(user.phone)));
  await other.getByRole('button', { name: 'Confirm and log in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: /Chidi/ })).toBeVisible();

  // Its day limit for now is the new device's.
  await other.goto('/account/limits');
  await expect(other.getByText(/new device/i).first()).toBeVisible();

  await other.goto('/account');
  await other.getByRole('link', { name: 'Devices' }).click();
  const list = other.getByRole('list', { name: 'Your devices' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
  const first = list.getByRole('listitem').filter({ hasNotText: 'This device' });
  await expect(mine.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  await shot(other, '71-devices');

  await first.getByRole('button', { name: /^Sign out / }).click();
  await expect(first.getByText('will need a code texted to your phone', { exact: false })).toBeVisible();
  await shot(other, '72-sign-out-ask');
  await first.getByRole('button', { name: /^Sign out / }).click();
  await expect(other.getByText(/is signed out$/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The first phone's session has ended: its next call sends it to the login screen.
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await other.context().close();
});
