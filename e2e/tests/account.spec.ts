import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { createUser, e164, logIn, makePng, newPhone, readCode, shot } from './helpers';

test('a first visit opens sign-up; verifying signs in; set a PIN, edit the profile, log out, the next visit opens login', async ({
  page,
  request,
}) => {
  const phone = newPhone();
  const email = `nneka${Date.now()}@example.ng`;
  const password = 'Lagos2026pay';

  // A browser that has never signed anyone in opens on sign-up, not "Welcome back".
  await page.goto('/');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await shot(page, '01-signup');
  await page.getByLabel('First name').fill('Nneka');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Nickname (optional)').fill(`nneka${Date.now() % 100000}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Verify your phone' })).toBeVisible();
  const code = await readCode(request, e164(phone));
  await page.getByLabel('Verification code').fill(code);
  await shot(page, '02-verify');
  await page.getByRole('button', { name: 'Verify' }).click();
  // Verifying signs the person in: straight on to Home, no password typed again.
  await expect(page.getByText('Phone number verified')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Nneka/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0);
  await shot(page, '03-home-after-verify');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Nneka/ })).toBeVisible();
  await shot(page, '04-home');

  // The token is kept encrypted under 'token'.
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored).toBeTruthy();
  expect(stored).not.toMatch(/^[A-Za-z0-9_-]{43}$/);

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await shot(page, '05-account');
  await page.getByRole('link', { name: 'Transaction PIN' }).click();
  await expect(page.getByRole('heading', { name: 'Set transaction PIN' })).toBeVisible();
  await page.getByLabel('New PIN').fill('2580');
  await page.getByLabel('Confirm PIN').fill('2580');
  await shot(page, '06-set-pin');
  await page.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByText('Transaction PIN set')).toBeVisible();

  await page.goto('/account');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await page.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng(page) });
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /\/api\/upload\/files\//);
  await page.getByLabel('Bio').fill('Paying my light bill on time since 2026');
  await shot(page, '07-edit-profile');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // This browser has signed in before: a later visit opens the login screen.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shot(page, '03-login-later-visit');

  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not-my-password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
  await shot(page, '08-login-failed');

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Nneka/ })).toBeVisible();

  // The session survives a reload: the token is restored from storage.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Nneka/ })).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', /\/api\/upload\/files\//);
  await expect(page.getByLabel('Bio')).toHaveValue('Paying my light bill on time since 2026');
});

test("a start while offline shows 'No network connection'", async ({ page, context }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true });
  });
  await page.goto('/login');
  await expect(page.getByText('No network connection')).toBeVisible();
  await shot(page, '09-offline-start');

  // And when the connection drops later.
  const fresh = await context.newPage();
  await fresh.goto('/login');
  await expect(fresh.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await context.setOffline(true);
  await expect(fresh.getByText('No network connection')).toBeVisible();
  await context.setOffline(false);
});

test('bad sign-up input is explained and the demo user can log in with a phone number', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await shot(page, '10-signup-errors');

  await page.goto('/login');
  await page.getByLabel('Email or phone number').fill('0803 000 0001');
  await page.getByLabel('Password', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Adaeze/ })).toBeVisible();
  for (const [area, heading] of [
    ['Connect', 'Connect'],
    ['Chat', 'Chats'],
    ['Shop', 'Shop'],
  ]) {
    await page.getByRole('link', { name: area, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await shot(page, '11-areas');
});

test('a reload right after logging in keeps the session', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Dayo' });
  for (let i = 0; i < 4; i++) {
    await page.goto('/login');
    await page.getByLabel('Email or phone number').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Dayo/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Dayo/ })).toBeVisible();
    // Logged out locally; the device (its id) stays, as on a phone.
    await page.evaluate(() => {
      const device = localStorage.getItem('owo.device');
      localStorage.clear();
      if (device) localStorage.setItem('owo.device', device);
    });
  }
});

test('a lock-screen opt-in that fails says so and offers Retry; the settings show on or off and turn it on and off', async ({
  page,
  context,
  request,
}) => {
  const uche = await createUser(request, { firstName: 'Uche', lastName: 'Nwosu' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  // Headless Chromium has no push service: this browser's push manager is a stand-in the test
  // controls, refusing as a browser without one does until told the service is back.
  await page.addInitScript(() => {
    const state = { failing: true, sub: null as PushSubscription | null };
    (window as unknown as { pushStandIn: typeof state }).pushStandIn = state;
    const b64 = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    PushManager.prototype.getSubscription = () => Promise.resolve(state.sub);
    PushManager.prototype.subscribe = async () => {
      if (state.failing) throw new DOMException('Registration failed - push service not available', 'AbortError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now()}`;
      state.sub = {
        endpoint,
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: () => ((state.sub = null), Promise.resolve(true)),
      } as unknown as PushSubscription;
      return state.sub;
    };
  });
  await logIn(page, uche);

  // The centre's offer: turning on fails, and it says so with a Retry instead of vanishing.
  await page.goto('/notifications');
  const offer = page.getByRole('region', { name: 'Lock screen notifications' });
  await offer.getByRole('button', { name: 'Turn on' }).click();
  await expect(offer.getByRole('alert')).toHaveText(
    'We couldn’t turn on lock-screen notifications on this phone. Check your connection and try again.',
  );
  await expect(offer.getByRole('button', { name: 'Retry' })).toBeVisible();
  await shot(page, '11-push-offer-failed');
  // Not remembered as offered: it is there again on the next visit.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Lock screen notifications' }).getByRole('button', { name: 'Turn on' })).toBeVisible();

  // The settings' row: Off, a failure, Retry once the push service answers, On, then Off again.
  await page.goto('/notifications/settings');
  const row = page.getByRole('region', { name: 'Lock-screen notifications' });
  await expect(row.getByText('Off for this phone')).toBeVisible();
  await row.getByRole('button', { name: 'Turn on' }).click();
  await expect(row.getByRole('alert')).toContainText('We couldn’t turn on lock-screen notifications');
  await shot(page, '12-push-settings-failed');
  await page.evaluate(() => void ((window as unknown as { pushStandIn: { failing: boolean } }).pushStandIn.failing = false));
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(row.getByText('On for this phone')).toBeVisible();
  await expect(row.getByRole('alert')).toHaveCount(0);
  await shot(page, '13-push-settings-on');
  await row.getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByText('Off for this phone')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
});
