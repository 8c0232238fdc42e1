import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** Saves a full-page screenshot under e2e/artifacts/ for people to look at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false });
}

/**
 * A valid Nigerian mobile number in local form, random so that parallel workers (each its own
 * process, starting at the same millisecond) do not draw the same one; callers that sign up retry
 * on the rare PHONE_TAKEN.
 */
export const newPhone = (prefix = '0803') => `${prefix}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
export const e164 = (local: string) => `+234${local.slice(1)}`;

/** Reads the newest 6-digit code texted or emailed to an address (development outbox). */
export async function readCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { data: { body: string | null }[] };
      code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A small PNG made in the page's own canvas, as a file to upload. */
export async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 240;
    c.height = 240;
    const g = c.getContext('2d')!;
    const grad = g.createLinearGradient(0, 0, 240, 240);
    grad.addColorStop(0, '#0b6e4f');
    grad.addColorStop(1, '#f2c14e');
    g.fillStyle = grad;
    g.fillRect(0, 0, 240, 240);
    g.fillStyle = '#fff';
    g.font = 'bold 96px sans-serif';
    g.fillText('NA', 50, 155);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * The journeys' browser, as the server knows devices (docs/kyc.md, "New devices"): people made
 * through the API log in from it first, so it is their trusted first device and a browser login
 * needs no texted code. devices.spec.ts drives a second device with its code.
 */
export const E2E_DEVICE = 'e2e-journeys-browser';
export const DEVICE_KEY = 'owo.device';

export type ApiUser = { id: string; token: string; email: string; phone: string; password: string; firstName: string; lastName: string };
let made = 0;

/** Signs a new person up; another worker may draw the same random number, so it draws again (three times at most). */
async function signUp(request: APIRequestContext, opts: { firstName?: string; lastName?: string }, attempt = 0) {
  const n = `${Date.now()}${process.pid}${made++}`;
  const phone = newPhone('0805');
  const user = {
    firstName: opts.firstName ?? 'Kemi',
    lastName: opts.lastName ?? 'Adeleke',
    email: `e2e${n}@example.ng`,
    phone,
    password: 'Lagos2026pay',
  };
  const s = await request.post('/api/user/users/signup', { data: { ...user, phoneNumber: phone } });
  const body = await s.text();
  if (s.status() === 409 && body.includes('PHONE_TAKEN') && attempt < 3) return signUp(request, opts, attempt + 1);
  expect(s.status(), body).toBe(201);
  return { phone, user };
}

/** Creates a verified user through the API (sign-up, texted code, verify, log in), optionally with a PIN and money. */
export async function createUser(
  request: APIRequestContext,
  opts: { firstName?: string; lastName?: string; pin?: string; fundKobo?: number } = {},
): Promise<ApiUser> {
  const { phone, user } = await signUp(request, opts);
  const otp = await readCode(request, e164(phone));
  // Verifying signs in on the device it is sent from (its first): the journeys' browser, as the login below.
  const v = await request.post('/api/user/users/verify-mobile', {
    headers: { 'x-device-id': E2E_DEVICE },
    data: { phoneNumber: phone, otp },
  });
  expect(v.status()).toBe(200);
  const l = await request.post('/api/user/users/login', {
    headers: { 'x-device-id': E2E_DEVICE },
    data: { username: user.email, password: user.password },
  });
  const { id, accessToken } = ((await l.json()) as { data: { id: string; accessToken: string } }).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  if (opts.pin) {
    const r = await request.put('/api/user/user/users/set-pin', {
      headers: { ...headers, transactionPin: opts.pin },
      data: { pin: opts.pin },
    });
    expect(r.status()).toBe(200);
  }
  if (opts.fundKobo) {
    const r = await request.post('/api/wallet/fund/card', {
      headers,
      data: { amount: opts.fundKobo, card: { number: '4084084084084081', expiryMonth: 12, expiryYear: 2035, cvv: '408' } },
    });
    expect(r.status()).toBe(200);
  }
  return { id, token: accessToken, ...user };
}

/** Logs in through the login screen and waits for Home. */
export async function logIn(page: Page, user: { email: string; password: string; firstName: string }) {
  await page.goto('/login');
  await page.evaluate(([key, id]) => localStorage.setItem(key!, id!), [DEVICE_KEY, E2E_DEVICE]);
  await page.getByLabel('Email or phone number').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(user.firstName) })).toBeVisible();
}

/** A person's bearer token as request headers. */
export const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** The directory lists only people with a nickname: give one (through the profile edit). */
export async function setNickName(request: APIRequestContext, u: { token: string }, nickName: string) {
  const r = await request.put('/api/user/users/edit-profile', { headers: bearer(u), data: { nickName } });
  expect(r.status(), await r.text()).toBe(200);
}

/** A person's wallet balance in kobo. */
export async function walletBalance(request: APIRequestContext, u: { token: string }): Promise<number> {
  const r = await request.get('/api/wallet/wallet-balances', { headers: bearer(u) });
  return ((await r.json()) as { data: { walletBalance: number } }).data.walletBalance;
}

/**
 * The send-money preview ("Confirm transfer"): checks it shows `shown` (the amount, a narration) or
 * is open, confirms, types the PIN and pays.
 */
export async function confirmTransfer(page: Page, pin: string, shown?: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm transfer' });
  await expect(shown ? dialog.getByText(shown).first() : dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByLabel('Transaction PIN').fill(pin);
  await dialog.getByRole('button', { name: 'Pay' }).click();
}
