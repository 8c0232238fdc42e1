import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

const PIN = '2580';
const E = '/api/ecommerce';
const FUND = 10_000_000;
const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

type Order = { id: string; status: string; total: number; commission: number; shop: { id: string; name: string } };

/** A shop and one product through the API: the shop, a photo uploaded, then the product. */
async function openShopWithProduct(
  request: APIRequestContext,
  page: Page,
  seller: ApiUser,
  shop: { name: string; stateId: string; lgaId: string; latitude: number; longitude: number },
  product: { name: string; price: number },
) {
  const s = await request.post(`${E}/api/shop`, {
    headers: bearer(seller),
    data: { ...shop, description: 'E2E shop', phone: '08031234567', address: '12 Market Road' },
  });
  expect(s.status(), await s.text()).toBeLessThan(300);
  const up = await request.post('/api/upload/api/upload/single', {
    headers: bearer(seller),
    multipart: { file: { name: 'product.png', mimeType: 'image/png', buffer: await makePng(page) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const { url } = ((await up.json()) as { data: { url: string } }).data;
  const p = await request.post(`${E}/api/product`, {
    headers: bearer(seller),
    data: {
      name: product.name,
      description: 'Made for the orders test.',
      categoryId: 'fashion',
      subcategoryId: 'women',
      images: [url],
      price: product.price,
      stock: 5,
    },
  });
  expect(p.status(), await p.text()).toBeLessThan(300);
  return ((await p.json()) as { data: { id: string } }).data.id;
}

async function balances(request: APIRequestContext, u: ApiUser) {
  const res = await request.get('/api/wallet/wallet-balances', { headers: bearer(u) });
  return ((await res.json()) as { data: { walletBalance: number; businessWalletBalance: number } }).data;
}

async function ordersOf(request: APIRequestContext, u: ApiUser): Promise<Order[]> {
  const res = await request.get(`${E}/api/order/customer?type=all`, { headers: bearer(u) });
  return ((await res.json()) as { data: Order[] }).data;
}

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: kobo % 100 ? 2 : 0 })}`;

test('Orders: a shopper buys from two shops with the PIN; one seller ships and is paid, the other declines and refunds', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-5);
  const seller1 = await createUser(request, { firstName: 'Bola', lastName: 'Adeyemi', pin: PIN });
  const seller2 = await createUser(request, { firstName: 'Chidi', lastName: 'Eze', pin: PIN });
  const shopper = await createUser(request, { firstName: 'Ngozi', lastName: 'Okoro', pin: PIN, fundKobo: FUND });
  const shop1 = `Bola Styles ${tag}`;
  const shop2 = `Chidi Wears ${tag}`;

  await page.goto('/login');
  const gown = await openShopWithProduct(
    request,
    page,
    seller1,
    { name: shop1, stateId: 'lagos', lgaId: 'ikeja', latitude: 6.6018, longitude: 3.3515 },
    { name: 'Adire Maxi Dress', price: 1_850_000 },
  );
  const cap = await openShopWithProduct(
    request,
    page,
    seller2,
    { name: shop2, stateId: 'oyo', lgaId: 'ibadan-north', latitude: 7.4, longitude: 3.9 },
    { name: 'Aso Oke Cap', price: 650_000 },
  );

  // The shopper adds both products from their pages.
  await logIn(page, shopper);
  for (const productId of [gown, cap]) {
    await page.goto(`/shop/products/${productId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(/added to your cart|Added to your cart/i).first()).toBeVisible();
  }

  // The cart: grouped by shop, everything selected, the total from the server.
  await page.goto('/shop/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('region', { name: shop1 })).toContainText('Adire Maxi Dress');
  await expect(page.getByRole('region', { name: shop2 })).toContainText('Aso Oke Cap');
  await expect(page.getByRole('checkbox', { name: 'Select Adire Maxi Dress' })).toBeChecked();
  await expect(page.getByLabel('Order total')).toContainText('₦25,000');
  await shot(page, '100-orders-cart');
  await page.getByRole('button', { name: /^Checkout/ }).click();

  // Checkout: a new address in Ikeja, then delivery per shop.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Add an address' }).click();
  const sheet = page.getByRole('dialog', { name: 'New delivery address' });
  await sheet.getByLabel('State').selectOption('lagos');
  await sheet.getByLabel('Local government area').selectOption('ikeja');
  await sheet.getByLabel('Street address').fill('7 Opebi Road');
  await sheet.getByLabel('Landmark (optional)').fill('Beside the filling station');
  await sheet.getByLabel('Phone number').fill('08039876543');
  await shot(page, '101-orders-new-address');
  await sheet.getByRole('button', { name: 'Save address' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('radio', { name: /Home/ })).toBeChecked();
  const d1 = page.getByRole('group', { name: shop1 });
  const d2 = page.getByRole('group', { name: shop2 });
  await expect(d1.getByRole('radio', { name: /Standard delivery/ })).toBeChecked();
  await d1.getByRole('radio', { name: /Express delivery/ }).check();
  await d2.getByRole('radio', { name: /Pick up at the shop/ }).check();
  const pay = page.getByRole('button', { name: /^Pay ₦/ });
  await expect(pay).toBeEnabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, '102-orders-checkout');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByLabel('Order total')).toContainText('Delivery');
  await shot(page, '102-orders-checkout-summary');

  // Pays with the PIN.
  await pay.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
  await confirm.getByLabel('Transaction PIN').fill(PIN);
  await shot(page, '103-orders-pin');
  await confirm.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  const placed = page.getByRole('list', { name: 'Your new orders' });
  await expect(placed.getByRole('listitem')).toHaveCount(2);
  await expect(placed).toContainText(shop1);
  await expect(placed).toContainText(shop2);
  await shot(page, '104-orders-placed');

  const orders = await ordersOf(request, shopper);
  const o1 = orders.find((o) => o.shop.name === shop1)!;
  const o2 = orders.find((o) => o.shop.name === shop2)!;
  expect(o1.status).toBe('paid');
  expect(await balances(request, shopper)).toMatchObject({ walletBalance: FUND - o1.total - o2.total });

  // Seller 1 accepts, ships with a tracking note and marks it delivered.
  const s1 = await (await browser.newContext()).newPage();
  await logIn(s1, seller1);
  await s1.goto('/shop/sell/orders');
  await expect(s1.getByRole('heading', { level: 1, name: 'Shop orders' })).toBeVisible();
  const newOrder = s1.getByRole('article', { name: 'Order from Ngozi Okoro' });
  await expect(newOrder).toContainText('Adire Maxi Dress');
  await shot(s1, '105-orders-seller-new');
  await newOrder.getByRole('button', { name: 'Accept' }).click();
  await expect(s1.getByText('Order accepted')).toBeVisible();
  await s1.getByRole('tab', { name: 'To ship' }).click();
  await s1.getByRole('article', { name: 'Order from Ngozi Okoro' }).getByRole('button', { name: 'Mark shipped' }).click();
  const ship = s1.getByRole('dialog', { name: 'Mark as shipped' });
  await ship.getByLabel('Note or tracking number (optional)').fill('GIG Logistics waybill 77120');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(s1.getByText('Marked shipped')).toBeVisible();
  await s1.getByRole('tab', { name: 'Shipped' }).click();
  await s1.getByRole('article', { name: 'Order from Ngozi Okoro' }).getByRole('button', { name: 'Mark delivered' }).click();
  await expect(s1.getByText('Marked delivered')).toBeVisible();
  await s1.getByRole('tab', { name: 'Done' }).click();
  await expect(s1.getByRole('article', { name: 'Order from Ngozi Okoro' })).toContainText('Delivered');

  // The shopper sees both orders, opens the delivered one, confirms receipt and reviews.
  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
  const mine = page.getByRole('list', { name: 'Your orders' });
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByRole('link', { name: new RegExp(shop1) })).toContainText('Delivered');
  await shot(page, '106-orders-mine');
  await mine.getByRole('link', { name: new RegExp(shop1) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  await expect(page.getByText('GIG Logistics waybill 77120')).toBeVisible();
  await expect(page.getByText(/we confirm it for you on/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Confirm you received it?' });
  await expect(receipt).toContainText(`Confirming pays ${shop1}`);
  await shot(page, '107-orders-confirm');
  await receipt.getByRole('button', { name: 'Pay the seller' }).click();
  await expect(page.getByText('Thanks! The seller has been paid')).toBeVisible();
  await page.getByRole('button', { name: 'Review Adire Maxi Dress' }).click();
  const review = page.getByRole('dialog', { name: 'Rate and review' });
  await review.getByRole('radio', { name: '5 stars' }).click();
  await review.getByLabel('Your review (optional)').fill('Beautiful adire, fits perfectly.');
  await review.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thanks for your review')).toBeVisible();
  await expect(page.getByText('You reviewed this')).toBeVisible();
  await page.getByRole('list', { name: 'Timeline' }).scrollIntoViewIfNeeded();
  await shot(page, '107-orders-reviewed');
  // The product and its shop show the rating.
  await page.goto(`/shop/products/${gown}`);
  await expect(page.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
  await expect(page.getByText('Beautiful adire, fits perfectly.')).toBeVisible();
  await shot(page, '107-orders-product-rated');
  await page.getByRole('link', { name: /Sold by/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: shop1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();

  // Seller 1 sees the money (less the commission) in the business wallet on Home.
  const paid = o1.total - o1.commission;
  await expect.poll(async () => (await balances(request, seller1)).businessWalletBalance).toBe(paid);
  const card = s1.getByRole('region', { name: 'Wallet balance' });
  // Home shows the balances it last saved until they are older than 30 s: reload until it has asked again.
  await expect(async () => {
    await s1.goto('/');
    await expect(card).toContainText(naira(paid), { timeout: 3000 });
  }).toPass({ timeout: 60_000, intervals: [2000, 5000, 10_000] });
  await expect(card.getByText('Business', { exact: true })).toBeVisible();
  await shot(s1, '108-orders-business-wallet');

  // And moves it to the main wallet with the PIN.
  await card.getByRole('button', { name: 'Move to wallet' }).click();
  const move = s1.getByRole('dialog', { name: 'Move to wallet' });
  await expect(move.getByLabel('Amount (₦)')).toHaveValue(paid % 100 ? (paid / 100).toFixed(2) : String(paid / 100));
  await move.getByRole('button', { name: 'Continue' }).click();
  await move.getByLabel('Transaction PIN').fill(PIN);
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(s1.getByRole('dialog', { name: 'Moved to your wallet' })).toBeVisible();
  await shot(s1, '108-orders-moved');
  expect(await balances(request, seller1)).toMatchObject({ walletBalance: paid, businessWalletBalance: 0 });

  // Seller 2 declines: the shopper gets that order's money back.
  const s2 = await (await browser.newContext()).newPage();
  await logIn(s2, seller2);
  await s2.goto('/shop/sell/orders');
  await s2.getByRole('article', { name: 'Order from Ngozi Okoro' }).getByRole('button', { name: 'Decline' }).click();
  const decline = s2.getByRole('dialog', { name: 'Decline this order?' });
  await expect(decline).toContainText(`Ngozi Okoro gets ${naira(o2.total)} back`);
  await decline.getByRole('button', { name: 'Decline order' }).click();
  await expect(s2.getByText('Order declined and refunded')).toBeVisible();

  await expect.poll(async () => (await balances(request, shopper)).walletBalance).toBe(FUND - o1.total);
  await page.goto('/shop/orders');
  await page.getByRole('radio', { name: 'Declined' }).click();
  const declined = page.getByRole('list', { name: 'Your orders' });
  await expect(declined.getByRole('listitem')).toHaveCount(1);
  await expect(declined).toContainText(shop2);
  await declined.getByRole('link', { name: new RegExp(shop2) }).click();
  await expect(page.getByText(`${shop2} declined this order. ${naira(o2.total)} is back in your wallet.`)).toBeVisible();
  await shot(page, '109-orders-refunded');

  // Each change reached the shopper in the app too: the bell on Home, the notices, the order.
  await page.goto('/');
  const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const news = page.getByRole('list', { name: 'Notifications' });
  const declinedNotice = news.getByRole('link', { name: new RegExp(`^Unread: Order .*: declined\\. ${shop2} declined your order\\.`) });
  await expect(declinedNotice).toBeVisible();
  await expect(news.getByRole('link', { name: /: shipped\. .*GIG Logistics waybill 77120/ })).toBeVisible();
  await shot(page, '110-orders-notifications');
  await declinedNotice.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  await expect(page.getByText(`${shop2} declined this order.`)).toBeVisible();
});

test('Orders: a dispute holds the money until the seller refunds the shopper', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-5);
  const seller = await createUser(request, { firstName: 'Tunde', lastName: 'Bakare', pin: PIN });
  const shopper = await createUser(request, { firstName: 'Amaka', lastName: 'Obi', pin: PIN, fundKobo: FUND });
  const shopName = `Tunde Shoes ${tag}`;
  await page.goto('/login');
  const shoe = await openShopWithProduct(
    request,
    page,
    seller,
    { name: shopName, stateId: 'lagos', lgaId: 'ikeja', latitude: 6.6, longitude: 3.35 },
    { name: 'Leather Sandals', price: 1_200_000 },
  );

  // Bought, accepted and shipped through the API; the dispute and the refund in the app.
  const cart = await request.post(`${E}/api/cart`, { headers: bearer(shopper), data: { productId: shoe, quantity: 1 } });
  const cartId = ((await cart.json()) as { data: { id: string } }).data.id;
  const addr = await request.post(`${E}/api/user-saved-address`, {
    headers: bearer(shopper),
    data: { stateId: 'lagos', lgaId: 'ikeja', street: '3 Allen Avenue', phone: '08031112222' },
  });
  const addressId = ((await addr.json()) as { data: { id: string } }).data.id;
  const placed = await request.post(`${E}/api/order/initiate`, {
    headers: { ...bearer(shopper), transactionPin: PIN, 'Idempotency-Key': `e2e-dispute-${tag}` },
    data: { cartItemIds: [cartId], addressId },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = ((await placed.json()) as { data: Order[] }).data[0]!;
  for (const step of ['accept', 'ship'])
    expect(
      (
        await request.put(`${E}/api/order/${order.id}/${step}`, { headers: bearer(seller), data: step === 'ship' ? {} : undefined })
      ).status(),
    ).toBe(200);
  const afterPaying = (await balances(request, shopper)).walletBalance;

  await logIn(page, shopper);
  await page.goto(`/shop/orders/${order.id}`);
  await page.getByRole('button', { name: 'Open a dispute' }).click();
  const dispute = page.getByRole('dialog', { name: 'Open a dispute' });
  await dispute.getByLabel('What went wrong?').fill('One sandal is a size smaller than the other.');
  await dispute.getByRole('button', { name: 'Open dispute' }).click();
  await expect(page.getByText('Dispute opened')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close dispute and pay seller' })).toBeVisible();
  await shot(page, '111-orders-disputed');

  const s = await (await browser.newContext()).newPage();
  await logIn(s, seller);
  await s.goto(`/shop/orders/${order.id}`);
  await expect(s.getByText(/The shopper opened a dispute: “One sandal is a size smaller than the other\.”/)).toBeVisible();
  await s.getByRole('button', { name: 'Refund the shopper' }).click();
  const refund = s.getByRole('dialog', { name: 'Refund this order?' });
  await expect(refund).toContainText(`Amaka Obi gets ${naira(order.total)} back`);
  await shot(s, '112-orders-refund-dispute');
  await refund.getByRole('button', { name: 'Refund shopper' }).click();
  await expect(s.getByText('Order refunded')).toBeVisible();

  await expect.poll(async () => (await balances(request, shopper)).walletBalance).toBe(afterPaying + order.total);
  expect((await balances(request, seller)).businessWalletBalance).toBe(0);
  await page.reload();
  await expect(page.getByText(`${shopName} refunded this order. ${naira(order.total)} is back in your wallet.`)).toBeVisible();
  await shot(page, '113-orders-dispute-refunded');
});
