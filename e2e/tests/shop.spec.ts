import { expect, test } from '@playwright/test';
import { createUser, logIn, makePng, shot } from './helpers';

test('Shop: a seller opens a shop and uploads a product; a shopper finds it misspelt, filters, wishlists it and sees the shop nearby', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const seller = await createUser(request, { firstName: 'Sade', lastName: 'Bakare' });
  const shopper = await createUser(request, { firstName: 'Peju', lastName: 'Alabi' });
  const shopName = `Sade Couture ${String(Date.now()).slice(-5)}`;

  // The seller has no shop yet: the call to open one.
  const ps = await (await browser.newContext()).newPage();
  await logIn(ps, seller);
  await ps.getByRole('link', { name: 'Shop', exact: true }).click();
  await ps.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(ps.getByRole('heading', { name: 'Sell on Owo' })).toBeVisible();
  await shot(ps, '90-shop-sell-empty');

  // Opens a shop in Ikeja, Lagos, with a logo and typed coordinates.
  await ps.getByRole('link', { name: 'Open your shop' }).click();
  await expect(ps.getByRole('heading', { level: 1, name: 'Open your shop' })).toBeVisible();
  await ps.getByLabel('Shop name').fill(shopName);
  await ps.getByLabel('About your shop').fill('Ankara, adire and lace, tailored to fit in Ikeja.');
  await ps.getByLabel('Add a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(ps) });
  await expect(ps.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await ps.getByLabel('Phone number').fill('08031234567');
  await ps.getByLabel('State', { exact: true }).selectOption('lagos');
  await ps.getByLabel('Local government area').selectOption('ikeja');
  await ps.getByLabel('Street address').fill('12 Allen Avenue');
  await ps.getByLabel('Latitude').fill('6.6018');
  await ps.getByLabel('Longitude').fill('3.3515');
  await expect(ps.getByRole('progressbar')).toHaveCount(0);
  await ps.getByLabel('Longitude').scrollIntoViewIfNeeded();
  await shot(ps, '91-shop-create');
  await ps.getByRole('button', { name: 'Open my shop' }).click();
  await expect(ps.getByRole('heading', { level: 1, name: 'My shop' })).toBeVisible();
  await expect(ps.getByRole('link', { name: `${shopName}, view as shoppers see it` })).toBeVisible();

  // Uploads a product with two photos (the upload held to show its progress) and two variations.
  await ps.getByRole('link', { name: 'Add product' }).click();
  await expect(ps.getByRole('heading', { level: 1, name: 'Upload product' })).toBeVisible();
  await ps.getByLabel('Product name').fill('Ankara Gown');
  await ps.getByLabel('Description').fill('Flowing Ankara gown, fully lined, with a side zip.');
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await ps.route('**/api/upload/**', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const photo = await makePng(ps);
  await ps.getByLabel('Add photos').setInputFiles([
    { name: 'gown-front.png', mimeType: 'image/png', buffer: photo },
    { name: 'gown-back.png', mimeType: 'image/png', buffer: photo },
  ]);
  await expect(ps.getByRole('progressbar', { name: 'Uploading photo 1' })).toBeVisible();
  await expect(ps.getByRole('progressbar', { name: 'Uploading photo 2' })).toBeVisible();
  await expect(ps.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await shot(ps, '92-shop-product-uploading');
  releaseUpload();
  await expect(ps.getByRole('progressbar')).toHaveCount(0);
  await ps.unroute('**/api/upload/**');
  await ps.getByLabel('Category', { exact: true }).selectOption('fashion');
  await ps.getByLabel('Subcategory').selectOption('women');
  await ps.getByLabel('Price (₦)', { exact: true }).fill('25000');
  await ps.getByLabel('Old price (₦, optional)').fill('30000');
  await ps.getByRole('button', { name: 'Add variation' }).click();
  const v1 = ps.getByRole('group', { name: 'Variation 1' });
  await v1.getByLabel('Size').selectOption('M');
  await v1.getByLabel('Colour').selectOption({ label: 'Red' });
  await v1.getByLabel('Stock').fill('5');
  await ps.getByRole('button', { name: 'Add variation' }).click();
  const v2 = ps.getByRole('group', { name: 'Variation 2' });
  await v2.getByLabel('Size').selectOption('L');
  await v2.getByLabel('Colour').selectOption({ label: 'Blue' });
  await v2.getByLabel('Variation price (₦)').fill('27000');
  await v2.getByLabel('Stock').fill('3');
  await shot(ps, '93-shop-product-form');
  await ps.getByRole('button', { name: 'Upload product' }).click();
  await expect(ps.getByText('Product Uploaded Successfully')).toBeVisible();
  await expect(ps.getByRole('list', { name: 'Your products' }).getByText('Ankara Gown')).toBeVisible();

  // The shopper (location shared) sees the shop near them first thing.
  const shopperContext = await browser.newContext({ geolocation: { latitude: 6.6, longitude: 3.35 }, permissions: ['geolocation'] });
  const pp = await shopperContext.newPage();
  await logIn(pp, shopper);
  await pp.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(pp.getByRole('tab', { name: 'Shops near you' })).toHaveAttribute('aria-selected', 'true');
  await expect(pp.getByText('Using your location')).toBeVisible();
  // Other journeys' shops may stand as near: the seller's is among the nearest, with its distance.
  await expect(pp.getByRole('list', { name: 'Shops near you' }).getByRole('link', { name: new RegExp(shopName) })).toContainText('m away');
  await shot(pp, '94-shop-home');

  // Finds the gown with a misspelt search, then narrows it to the seller's state and area.
  await pp.getByLabel('Search products').fill('ankra gown');
  await pp.getByRole('button', { name: 'Search', exact: true }).click();
  const results = pp.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article', { name: 'Ankara Gown' }).first()).toBeVisible();
  await pp.getByRole('button', { name: 'Filters' }).click();
  const filters = pp.getByRole('dialog', { name: 'Filters' });
  await filters.getByLabel('State').selectOption('lagos');
  await filters.getByLabel('Local government area').selectOption('ikeja');
  await filters.getByRole('button', { name: 'Show results' }).click();
  await expect(pp.getByRole('button', { name: 'Remove filter Ikeja' })).toBeVisible();
  // The gown first; what follows it (a weaker match from another journey's shop) is in Ikeja too.
  await expect(results.getByRole('article', { name: 'Ankara Gown' })).toHaveCount(1);
  await expect(results.getByRole('article').first()).toHaveAccessibleName('Ankara Gown');
  await expect(results.getByRole('article', { name: 'Ankara Gown' })).toContainText('Ikeja, Lagos');
  for (const hit of await results.getByRole('article').all()) await expect(hit).toContainText('Ikeja, Lagos');
  await shot(pp, '95-shop-search-filtered');

  // Opens it (the view is recorded), picks a variation, and adds it to the wishlist.
  await results.getByRole('link', { name: /Ankara Gown/ }).click();
  await expect(pp.getByRole('heading', { name: 'Ankara Gown' })).toBeVisible();
  await expect(pp.getByRole('link', { name: `Sold by ${shopName}, visit the shop` })).toBeVisible();
  await pp.getByRole('radio', { name: 'L', exact: true }).check();
  await pp.getByRole('radio', { name: 'Blue' }).check();
  await expect(pp.getByText('₦27,000')).toBeVisible();
  await expect(pp.getByText('Only 3 left')).toBeVisible();
  await pp.getByRole('button', { name: 'Add Ankara Gown to wishlist' }).click();
  await expect(pp.getByRole('button', { name: 'Remove Ankara Gown from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pp.getByText('Ankara Gown is on your wishlist')).toBeVisible();
  await pp.getByText('Size: L').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(pp, '96-shop-product');

  // Follows the shop from its page.
  await pp.getByRole('link', { name: `Sold by ${shopName}, visit the shop` }).click();
  await expect(pp.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await pp.getByRole('button', { name: `Follow ${shopName}` }).click();
  await expect(pp.getByRole('button', { name: `Following ${shopName}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(pp.getByText('1 follower')).toBeVisible();
  await expect(pp.getByRole('list', { name: `Products of ${shopName}` }).getByText('Ankara Gown')).toBeVisible();
  await shot(pp, '97-shop-page');

  // The wishlist holds it; the shop is among the nearby shops, with its distance.
  await pp.goto('/shop/wishlist');
  await expect(pp.getByRole('list', { name: 'Wishlist' }).getByRole('article', { name: 'Ankara Gown' })).toBeVisible();
  await pp.goto('/shop/nearby');
  const nearby = pp.getByRole('list', { name: 'Nearby shops' });
  await expect(nearby.getByRole('link', { name: new RegExp(`^${shopName}, \\d+ m away$`) })).toBeVisible();
  await shot(pp, '98-shop-nearby');

  // The seller's inventory counts the one view; the seller adds stock to a variation.
  await ps.getByRole('link', { name: 'Inventory' }).click();
  const gown = ps.getByRole('article', { name: 'Ankara Gown' });
  await expect(gown.getByText('1 view', { exact: true })).toBeVisible();
  await expect(gown.getByText('8 in stock')).toBeVisible();
  await expect(gown.getByText('Low stock')).toHaveCount(2);
  await gown.getByRole('button', { name: 'Add stock to Ankara Gown' }).click();
  const add = ps.getByRole('dialog', { name: 'Add stock: Ankara Gown' });
  await add.getByLabel('Variation').selectOption({ index: 1 });
  await add.getByLabel('How many to add').fill('10');
  await add.getByRole('button', { name: 'Add stock' }).click();
  await expect(ps.getByText('Stock updated: 18 pieces of Ankara Gown')).toBeVisible();
  await expect(gown.getByText('18 in stock')).toBeVisible();
  await shot(ps, '99-shop-inventory');
});
