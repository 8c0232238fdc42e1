import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addStaff, admin, enrol, phone, signIn } from './console-helpers';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

// The console's day-to-day work: a moderator removes a reported post; support freezes a customer's
// account (the customer's app shows why) and unfreezes it; support decides a marketplace dispute
// and finance approves the decision, which refunds the shopper.

const PIN = '2580';
const E = '/api/ecommerce';
const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

async function reportedPost(request: APIRequestContext, text: string) {
  const author = await createUser(request, { firstName: 'Tunde', lastName: 'Bakare' });
  const reporter = await createUser(request, { firstName: 'Ngozi' });
  const made = await request.post('/api/connect/posts', { headers: bearer(author), data: { text } });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const id = ((await made.json()) as { data: { _id: string } }).data._id;
  const r = await request.post(`/api/connect/posts/${id}/report`, { headers: bearer(reporter), data: { reason: 'scam' } });
  expect(r.status(), await r.text()).toBeLessThan(300);
  return id;
}

/** A shopper's order from a new shop, shipped, then disputed by the shopper: the order's reference and total. */
async function disputedOrder(request: APIRequestContext, page: Page, shopper: ApiUser) {
  const seller = await createUser(request, { firstName: 'Bisi', lastName: 'Seller' });
  const shop = await request.post(`${E}/api/shop`, {
    headers: bearer(seller),
    data: {
      name: `Bisi Fabrics ${Date.now() % 100000}`,
      phone: '08031234567',
      address: '12 Market Road',
      stateId: 'lagos',
      lgaId: 'ikeja',
      latitude: 6.6018,
      longitude: 3.3515,
    },
  });
  expect(shop.status(), await shop.text()).toBeLessThan(300);
  const up = await request.post('/api/upload/api/upload/single', {
    headers: bearer(seller),
    multipart: { file: { name: 'product.png', mimeType: 'image/png', buffer: await makePng(page) } },
  });
  const { url } = ((await up.json()) as { data: { url: string } }).data;
  const p = await request.post(`${E}/api/product`, {
    headers: bearer(seller),
    data: { name: 'Ankara wrapper', categoryId: 'fashion', subcategoryId: 'women', images: [url], price: 800_000, stock: 5 },
  });
  const productId = ((await p.json()) as { data: { id: string } }).data.id;
  const address = await request.post(`${E}/api/user-saved-address`, {
    headers: bearer(shopper),
    data: { stateId: 'lagos', lgaId: 'surulere', street: '5 Bode Thomas Street', phone: '08035550000', latitude: 6.5, longitude: 3.358 },
  });
  const addressId = ((await address.json()) as { data: { id: string } }).data.id;
  const cart = await request.post(`${E}/api/cart`, { headers: bearer(shopper), data: { productId, quantity: 1 } });
  const cartId = ((await cart.json()) as { data: { id: string } }).data.id;
  const placed = await request.post(`${E}/api/order/initiate`, {
    headers: { ...bearer(shopper), transactionPin: PIN },
    data: { cartItemIds: [cartId], addressId },
  });
  expect(placed.status(), await placed.text()).toBeLessThan(300);
  const order = ((await placed.json()) as { data: { id: string; reference: string; total: number }[] }).data[0]!;
  for (const [who, step, data] of [
    [seller, 'accept', undefined],
    [seller, 'ship', { note: '' }],
    [shopper, 'dispute', { reason: 'The wrapper came torn along the edge' }],
  ] as const) {
    const r = await request.put(`${E}/api/order/${order.id}/${step}`, { headers: bearer(who), ...(data ? { data } : {}) });
    expect(r.status(), await r.text()).toBe(200);
  }
  return order;
}

test('a moderator removes a reported post; support freezes and unfreezes an account and decides a dispute that finance approves', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const postText = `Send me ₦5,000 and get ₦10,000 back by Friday ${Date.now()}`;
  const postId = await reportedPost(request, postText);
  const customer = await createUser(request, { firstName: 'Ifeoma', lastName: 'Obi', pin: PIN, fundKobo: 3_000_000 });
  const order = await disputedOrder(request, page, customer);
  const stamp = Date.now();

  // The admin adds a moderator, a support person and a finance person (a recovery code: console.spec.ts spends the TOTP code).
  await signIn(page, admin().recoveryCodes[1]!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await addStaff(page, 'Musa Moderator', `musa.${stamp}@staff.owo.ng`, 'moderator');
  await addStaff(page, 'Sade Support', `sade.${stamp}@staff.owo.ng`, 'support');
  await addStaff(page, 'Funke Finance', `funke.${stamp}@staff.owo.ng`, 'finance');

  // The moderator removes the reported post, with a reason for its author.
  const mod = await enrol(browser, request, `musa.${stamp}@staff.owo.ng`, 'Musa Moderator');
  await expect(mod.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = mod.getByText(postText).locator('xpath=ancestor::div[contains(@class,"rounded-3xl")][1]');
  await expect(card.getByText('Scam or fraud')).toBeVisible();
  await shot(mod, 'console-ops-01-moderation-queue');
  await card.getByRole('button', { name: /^Remove the post/ }).click();
  const sheet = mod.getByRole('dialog', { name: 'Remove this post' });
  await sheet.getByLabel('Reason').fill('It promises returns on money, which our rules forbid');
  await shot(mod, 'console-ops-02-remove');
  await sheet.getByRole('button', { name: 'Remove' }).click();
  await expect(mod.getByText('Removed. Tunde Bakare is told why.')).toBeVisible();
  await expect(mod.getByText(postText)).toHaveCount(0);
  const gone = await request.get(`/api/connect/posts/${postId}`, { headers: bearer(customer) });
  expect(gone.status()).toBe(404);

  // Support freezes the customer's account; the customer's app shows why.
  const support = await enrol(browser, request, `sade.${stamp}@staff.owo.ng`, 'Sade Support');
  await support.getByLabel('Phone, email, name, account number or transaction reference').fill(customer.phone);
  await support.getByRole('button', { name: 'Search' }).click();
  await support.getByRole('link', { name: /Ifeoma Obi/ }).click();
  await support.getByLabel('Reason the customer sees').fill('We are checking a card payment made from your account');
  await support.getByRole('button', { name: 'Freeze account' }).click();
  await expect(support.getByText('frozen', { exact: true })).toBeVisible();
  await shot(support, 'console-ops-03-frozen');
  const mine = await (await browser.newContext(phone)).newPage();
  await logIn(mine, customer);
  const banner = mine.getByRole('alert').filter({ hasText: 'Your account is frozen' });
  await expect(banner.getByText('We are checking a card payment made from your account')).toBeVisible();
  await shot(mine, 'console-ops-04-customer-banner');

  // Support unfreezes it; the banner is gone.
  await support.getByLabel('Why unfreeze').fill('The card payment checked out');
  await support.getByRole('button', { name: 'Unfreeze account' }).click();
  await expect(support.getByText('active', { exact: true })).toBeVisible();
  await mine.reload();
  await expect(mine.getByRole('heading', { level: 1, name: /Ifeoma/ })).toBeVisible();
  await expect(mine.getByRole('alert').filter({ hasText: 'Your account is frozen' })).toHaveCount(0);

  // Support decides the dispute: a refund, sent for approval.
  await support.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(support.getByText('The wrapper came torn along the edge')).toBeVisible();
  await support.getByRole('button', { name: `Decide ${order.reference}` }).click();
  const dispute = support.getByRole('dialog', { name: `Decide ${order.reference}` });
  await dispute.getByText('Refund the shopper').click();
  await dispute.getByLabel('Reason').fill('The seller sent a torn wrapper');
  await shot(support, 'console-ops-05-dispute');
  await dispute.getByRole('button', { name: 'Send for approval' }).click();
  await expect(support.getByText(`Decision on ${order.reference} sent for approval: a finance person must approve it.`)).toBeVisible();

  // Finance approves it; the shopper has the money back.
  const before = (
    (await (await request.get('/api/wallet/wallet-balances', { headers: bearer(customer) })).json()) as { data: { walletBalance: number } }
  ).data.walletBalance;
  const finance = await enrol(browser, request, `funke.${stamp}@staff.owo.ng`, 'Funke Finance');
  await finance.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
  const waiting = finance
    .getByRole('list', { name: 'Money requests' })
    .getByRole('listitem')
    .filter({ hasText: 'The seller sent a torn wrapper' });
  await shot(finance, 'console-ops-06-dispute-waiting');
  await waiting.getByRole('button', { name: 'Approve' }).click();
  // Approving posts money at once: a dialog names the amount and the customer first.
  await finance
    .getByRole('dialog', { name: /^Approve the / })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(finance.getByText(/^Approved and posted: STF\d+ for Ifeoma Obi\.$/)).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/wallet/wallet-balances', { headers: bearer(customer) })).json()) as {
            data: { walletBalance: number };
          }
        ).data.walletBalance,
    )
    .toBe(before + order.total);
});
