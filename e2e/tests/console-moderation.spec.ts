import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addStaff, admin, enrol, phone, signIn } from './console-helpers';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

// Moderation (docs/console.md): customers report a comment and a product; the admin adds a
// moderator, who bans the comment's author for 30 days and removes the comment, then removes the
// counterfeit product. The banned person is refused a new comment (with why and until when) and
// finds the ban among their notifications.

const E = '/api/ecommerce';
const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

/** A comment by Emeka on Ada's post, reported by two people: the comment's text and the post's id. */
async function reportedComment(request: APIRequestContext, commenter: ApiUser, stamp: number) {
  const poster = await createUser(request, { firstName: 'Ada', lastName: 'Okafor' });
  const post = await ok<{ _id: string }>(
    await request.post('/api/connect/posts', { headers: bearer(poster), data: { text: 'How are you all saving for rent this year?' } }),
  );
  const text = `Send ₦10,000 to my account and get ₦30,000 back in a week ${stamp}`;
  const comment = await ok<{ _id: string }>(
    await request.post(`/api/connect/posts/${post._id}/comment`, { headers: bearer(commenter), data: { text } }),
  );
  for (const name of ['Ngozi', 'Bola']) {
    const reporter = await createUser(request, { firstName: name });
    await ok(await request.post(`/api/connect/comments/${comment._id}/report`, { headers: bearer(reporter), data: { reason: 'scam' } }));
  }
  return { text, postId: post._id };
}

/** A counterfeit phone from Emeka's shop, reported by two shoppers in their own words: its name and id. */
async function reportedProduct(request: APIRequestContext, page: Page, seller: ApiUser, stamp: number) {
  await ok(
    await request.post(`${E}/api/shop`, {
      headers: bearer(seller),
      data: {
        name: `Emeka Gadgets ${stamp % 100000}`,
        phone: '08031234567',
        address: '3 Computer Village',
        stateId: 'lagos',
        lgaId: 'ikeja',
        latitude: 6.6018,
        longitude: 3.3515,
      },
    }),
  );
  const up = await ok<{ url: string }>(
    await request.post('/api/upload/api/upload/single', {
      headers: bearer(seller),
      multipart: { file: { name: 'phone.png', mimeType: 'image/png', buffer: await makePng(page) } },
    }),
  );
  const name = `iPhone 15 Pro Max (original) ${stamp % 1000}`;
  const product = await ok<{ id: string }>(
    await request.post(`${E}/api/product`, {
      headers: bearer(seller),
      data: {
        name,
        description: 'Brand new, sealed',
        categoryId: 'phones',
        subcategoryId: 'smartphones',
        images: [up.url],
        price: 25_000_000,
        stock: 4,
      },
    }),
  );
  for (const [who, details] of [
    ['Chidi', 'The box says iPhone but the phone inside runs Android'],
    ['Funmi', 'Far too cheap for an original'],
  ] as const) {
    const reporter = await createUser(request, { firstName: who });
    await ok(
      await request.post(`${E}/api/report-shop-product`, {
        headers: bearer(reporter),
        data: { productId: product.id, reason: 'counterfeit', details },
      }),
    );
  }
  return { name, id: product.id };
}

test('a moderator bans the author of a reported comment and removes it, and removes a counterfeit product', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const emeka = await createUser(request, { firstName: 'Emeka', lastName: 'Eze' });
  const comment = await reportedComment(request, emeka, stamp);
  const product = await reportedProduct(request, page, emeka, stamp);

  // The admin adds a moderator (a recovery code of its own: the other console journeys spend theirs).
  await signIn(page, admin().recoveryCodes[3]!);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
  await addStaff(page, 'Kemi Moderator', `kemi.${stamp}@staff.owo.ng`, 'moderator');
  const mod = await enrol(browser, request, `kemi.${stamp}@staff.owo.ng`, 'Kemi Moderator');
  await expect(mod.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await shot(mod, 'console-moderation-01-queue');

  // Comments only: the scam comment, its reasons and where it was written.
  await mod.getByRole('radio', { name: 'Comments' }).click();
  const card = mod.getByRole('article', { name: 'Reported comment by Emeka Eze' }).filter({ hasText: comment.text });
  await expect(card.getByText('Scam or fraud × 2')).toBeVisible();
  await expect(card.getByText('On the post “How are you all saving for rent this year?”')).toBeVisible();
  await shot(mod, 'console-moderation-02-comments');

  // The moderator bans Emeka for 30 days, with a reason he reads.
  await card.getByRole('button', { name: 'Ban Emeka Eze' }).click();
  const banSheet = mod.getByRole('dialog', { name: 'Ban Emeka Eze' });
  await banSheet.getByLabel('How long').selectOption({ label: '30 days' });
  await banSheet.getByLabel('Reason').fill('Asking people to send money for a promised return');
  await shot(mod, 'console-moderation-03-ban');
  await banSheet.getByRole('button', { name: 'Ban' }).click();
  await expect(mod.getByText(/^Emeka Eze is banned until .+, and is told why\.$/)).toBeVisible();
  await expect(card.getByText(/^author banned until /)).toBeVisible();

  // Then removes the comment.
  await card.getByRole('button', { name: 'Remove the comment by Emeka Eze' }).click();
  const removeSheet = mod.getByRole('dialog', { name: 'Remove this comment' });
  await removeSheet.getByLabel('Reason').fill('Promising returns on money is a scam under our rules');
  await removeSheet.getByRole('button', { name: 'Remove' }).click();
  await expect(mod.getByText('Removed. Emeka Eze is told why.')).toBeVisible();
  await expect(mod.getByText(comment.text)).toHaveCount(0);
  await shot(mod, 'console-moderation-04-removed');
  const comments = await ok<{ text: string }[]>(
    await request.get(`/api/connect/posts/${comment.postId}/comments`, { headers: bearer(emeka) }),
  );
  expect(comments.map((c) => c.text)).not.toContain(comment.text);

  // The counterfeit phone: both reports with the shoppers' words; removed, it is gone from the shop.
  await mod.getByRole('radio', { name: 'Products' }).click();
  const listing = mod.getByRole('article', { name: 'Reported product by Emeka Eze' }).filter({ hasText: product.name });
  await expect(listing.getByText('Fake or counterfeit item × 2')).toBeVisible();
  await expect(listing.getByText('“The box says iPhone but the phone inside runs Android”')).toBeVisible();
  await shot(mod, 'console-moderation-05-product');
  await listing.getByRole('button', { name: 'Remove the product by Emeka Eze' }).click();
  const removeProduct = mod.getByRole('dialog', { name: 'Remove this product' });
  await removeProduct.getByLabel('Reason').fill('Sold as an original iPhone but it is a copy');
  await removeProduct.getByRole('button', { name: 'Remove' }).click();
  await expect(mod.getByText('Removed. Emeka Eze is told why.')).toBeVisible();
  expect((await request.patch(`${E}/api/product/view/${product.id}`, { headers: bearer(emeka) })).status()).toBe(404);

  // The ban is listed among the bans in force.
  await mod.getByRole('radio', { name: 'Bans in force' }).click();
  await expect(mod.getByRole('article', { name: 'Ban of Emeka Eze' })).toContainText('Asking people to send money for a promised return');
  await shot(mod, 'console-moderation-06-bans');

  // Emeka is refused a new comment, told why and until when, and finds the ban in his notifications.
  const refused = await request.post(`/api/connect/posts/${comment.postId}/comment`, {
    headers: bearer(emeka),
    data: { text: 'Who wants to double their money?' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^You are banned from commenting on Owo until .+ \(Lagos time\): Asking people to send money for a promised return\./,
  );
  const mine = await (await browser.newContext(phone)).newPage();
  await logIn(mine, emeka);
  await mine.goto('/notifications');
  const news = mine.getByRole('list', { name: 'Notifications' });
  await expect(news.getByRole('link', { name: /You are banned until/ })).toBeVisible();
  await shot(mine, 'console-moderation-07-customer-notice');
});
