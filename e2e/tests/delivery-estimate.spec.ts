import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, createUser, logIn, makePng, shot, type ApiUser } from './helpers';

// A phone sold in Kano, looked at from Yaba: the product page says where it ships from and what
// delivery costs to the shopper's address (the price checkout then asks), and a short balance at
// checkout opens funding with the shortfall filled in, saying when it is above the tier's limit.

const E = '/api/ecommerce';
const PIN = '2580';

async function kanoPhone(request: APIRequestContext, page: Page, seller: ApiUser, shopName: string) {
  const s = await request.post(`${E}/api/shop`, {
    headers: bearer(seller),
    data: {
      name: shopName,
      stateId: 'kano',
      lgaId: 'fagge',
      latitude: 12.0167,
      longitude: 8.5333,
      phone: '08031234567',
      address: '9 Airport Road',
    },
  });
  expect(s.status(), await s.text()).toBeLessThan(300);
  const up = await request.post('/api/upload/api/upload/single', {
    headers: bearer(seller),
    multipart: { file: { name: 'phone.png', mimeType: 'image/png', buffer: await makePng(page) } },
  });
  const { url } = ((await up.json()) as { data: { url: string } }).data;
  const p = await request.post(`${E}/api/product`, {
    headers: bearer(seller),
    data: {
      name: 'Tecno Spark 20',
      description: 'Sealed in its box.',
      categoryId: 'phones',
      subcategoryId: 'smartphones',
      images: [url],
      price: 7_565_000,
      stock: 3,
    },
  });
  expect(p.status(), await p.text()).toBeLessThan(300);
  return ((await p.json()) as { data: { id: string } }).data.id;
}

test('the product page shows the delivery to Yaba; checkout’s short balance opens funding with the shortfall', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-5);
  const seller = await createUser(request, { firstName: 'Musa' });
  // Verified to Tier 2 (BVN, NIN and address; the sandbox matches Ngozi Adebayo, born 1 January 1990):
  // ₦100,000 a deposit in the journeys' settings.
  const shopper = await createUser(request, { firstName: 'Ngozi', lastName: 'Adebayo', pin: PIN, fundKobo: 500_000 });
  const sandboxNumber = (first: string) => `${first}${String(randomInt(0, 1e9)).padStart(9, '0')}1`;
  for (const [path, data] of [
    ['/api/kyc/bvn', { bvn: sandboxNumber('2'), dateOfBirth: '1990-01-01' }],
    ['/api/kyc/nin', { nin: sandboxNumber('1'), dateOfBirth: '1990-01-01' }],
  ] as const) {
    const r = await request.post(path, { headers: bearer(shopper), data });
    expect(r.status(), await r.text()).toBe(200);
  }
  const kycAddress = await request.put('/api/kyc/address', {
    headers: bearer(shopper),
    data: { line1: '3 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' },
  });
  expect(kycAddress.status(), await kycAddress.text()).toBe(200);
  await page.goto('/login');
  const productId = await kanoPhone(request, page, seller, `Fagge Phones ${tag}`);
  const a = await request.post(`${E}/api/user-saved-address`, {
    headers: bearer(shopper),
    data: { label: 'Home', stateId: 'lagos', lgaId: 'lagos-mainland', street: '3 Herbert Macaulay Way, Yaba', phone: '08035550001' },
  });
  expect(a.status(), await a.text()).toBeLessThan(300);

  await logIn(page, shopper);
  await page.goto(`/shop/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tecno Spark 20' })).toBeVisible();
  await expect(page.getByText(`Ships from Fagge, Kano · Fagge Phones ${tag}`)).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  const options = delivery.getByRole('list', { name: 'Delivery options' });
  await expect(options).toBeVisible();
  await expect(delivery).toContainText('to Home (Lagos Mainland, Lagos)');
  const standard = (await options.getByRole('listitem').first().innerText()).match(/₦[\d,]+/)?.[0];
  expect(standard).toBeTruthy();
  await expect(options).toContainText('Pick up at the shop');
  await delivery.scrollIntoViewIfNeeded();
  await shot(page, 'delivery-01-product');

  // The same price at checkout.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(/added to your cart/i).first()).toBeVisible();
  await page.goto('/shop/cart');
  await page.getByRole('button', { name: /^Checkout/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(`Standard delivery.*${standard}`) })).toBeChecked();

  // ₦5,000 in the wallet: short, and the shortfall is above what Tier 2 lets in at once.
  const add = page.getByRole('link', { name: /^Add ₦/ });
  await expect(add).toBeVisible();
  await expect(page.getByText(/At Tier 2 you can add at most ₦100,000 at a time/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify to raise your limits' })).toHaveAttribute('href', '/account/limits');
  await shot(page, 'delivery-02-short');
  const shortfall = (await add.innerText()).replace(/^Add ₦/, '').replace(/,/g, '');
  await add.click();
  await expect(page).toHaveURL(/\/pay\/fund\?amount=\d+/);
  await expect(page.getByLabel(/Amount/).first()).toHaveValue(shortfall);
  await shot(page, 'delivery-03-fund-prefilled');
});
