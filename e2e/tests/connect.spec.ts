import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

const api = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

async function openConnect(page: Page) {
  await page.getByRole('link', { name: 'Connect' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
}

async function textStory(page: Page, text: string, audience: 'Everyone who follows you' | 'Close friends only') {
  await page.getByRole('link', { name: 'Add a story' }).click();
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Blue' }).click();
  await page.getByRole('radio', { name: audience }).check();
  if (audience === 'Close friends only') await shot(page, '60-connect-story-composer');
  await page.getByRole('button', { name: 'Share story' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
}

test('Connect: follow, post with a photo, stories for close friends and everyone, like, comment, save, report', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const [a, b, c] = [
    await createUser(request, { firstName: 'Amaka', lastName: 'Obi' }),
    await createUser(request, { firstName: 'Bola', lastName: 'Ade' }),
    await createUser(request, { firstName: 'Chidi', lastName: 'Eze' }),
  ];
  // C follows B; B has an older post that A will report.
  expect((await request.put(`/api/connect/connect/${b.id}/follow`, { headers: api(c) })).status()).toBe(200);
  const older = await request.post('/api/connect/posts', {
    headers: api(b),
    data: { text: 'Send ₦5,000 and get ₦50,000 back tomorrow!!!' },
  });
  expect(older.status()).toBe(201);

  // A finds B's profile and follows.
  const pa = await signedIn(browser, a);
  await pa.goto(`/connect/people/${b.id}`);
  await expect(pa.getByRole('heading', { level: 1, name: 'Bola Ade' })).toBeVisible();
  await pa.getByRole('button', { name: 'Follow' }).click();
  await expect(pa.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  await shot(pa, '61-connect-profile-followed');

  // B makes A a close friend, then posts with a photo; the upload shows its progress.
  const pb = await signedIn(browser, b);
  await pb.goto(`/connect/people/${a.id}`);
  await pb.getByRole('button', { name: 'Add to close friends' }).click();
  await expect(pb.getByRole('button', { name: 'Close friend ✓' })).toBeVisible();
  await pb.goto('/');
  await openConnect(pb);
  await pb.getByRole('link', { name: 'New post' }).click();
  await pb.getByLabel("What's on your mind?").fill('Jollof Friday at the office #lagos');
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await pb.route('**/api/upload/**', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await pb.getByLabel('Add photos or a video').setInputFiles({ name: 'jollof.png', mimeType: 'image/png', buffer: await makePng(pb) });
  await expect(pb.getByRole('progressbar', { name: 'Uploading photo 1' })).toBeVisible();
  await expect(pb.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await shot(pb, '62-connect-composer-uploading');
  releaseUpload();
  await expect(pb.getByRole('progressbar')).toHaveCount(0);
  await pb.getByLabel('Category').selectOption({ label: 'Food' });
  await pb.getByRole('button', { name: 'Post', exact: true }).click();
  const bFeed = pb.getByRole('list', { name: 'Your feed' });
  await expect(bFeed.getByText('Jollof Friday at the office')).toBeVisible();
  await pb.unroute('**/api/upload/**');

  // Two stories: one for close friends (A is one), one for everyone.
  await textStory(pb, 'Only for my people', 'Close friends only');
  await textStory(pb, 'Hello everyone!', 'Everyone who follows you');

  // A sees the post, likes it and comments.
  await pa.goto('/connect');
  const aFeed = pa.getByRole('list', { name: 'Your feed' });
  const post = aFeed.getByRole('article', { name: 'Post by Bola Ade' }).filter({ hasText: 'Jollof Friday' });
  await expect(post).toBeVisible();
  await expect(post.getByRole('img', { name: /Photo 1 of 1/ })).toBeVisible();
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByRole('button', { name: 'Unlike' })).toHaveText('1');
  await shot(pa, '63-connect-feed-liked');
  await post.getByRole('link', { name: /^Comment/ }).click();
  await expect(pa.getByRole('heading', { level: 1, name: 'Post' })).toBeVisible();
  await pa.getByLabel('Write a comment').fill('Save me a plate!');
  await pa.getByRole('button', { name: 'Send' }).click();
  await expect(pa.getByRole('region', { name: 'Comments' }).getByText('Save me a plate!')).toBeVisible();
  await expect(pa.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await shot(pa, '64-connect-post-commented');

  // A opens Explore: #lagos is among the week's hashtags, and its page has B's post.
  await pa.goto('/connect');
  await pa.getByRole('link', { name: 'Explore' }).click();
  await expect(pa.getByRole('heading', { name: 'Trending hashtags' })).toBeVisible();
  await shot(pa, '64b-connect-explore');
  await pa.getByRole('link', { name: /^#lagos, \d+ posts?$/ }).click();
  await expect(pa.getByText('Jollof Friday at the office').first()).toBeVisible();

  // A searches Connect for "jollof" from Explore and finds B's post.
  await pa.goBack();
  await pa.getByLabel('Search people, hashtags, communities and posts').fill('jollof');
  const found = pa.getByRole('list', { name: 'Posts found' });
  await expect(found.getByText('Jollof Friday at the office')).toBeVisible();
  await shot(pa, '64c-connect-search');

  // A sees both of B's stories.
  await pa.goto('/connect');
  await pa.getByRole('link', { name: 'Stories by Bola Ade, new' }).click();
  const viewerA = pa.getByRole('dialog', { name: 'Stories by Bola Ade' });
  await expect(viewerA.getByText('Only for my people')).toBeVisible();
  await expect(viewerA.getByText('Close friends', { exact: true })).toBeVisible();
  await shot(pa, '65-connect-story-close-friends');
  await viewerA.getByRole('button', { name: 'Next story' }).click();
  await expect(viewerA.getByText('Hello everyone!')).toBeVisible();
  await viewerA.getByRole('button', { name: 'Close stories' }).click();

  // C follows B but is not a close friend: only the story for everyone.
  const pc = await signedIn(browser, c);
  await openConnect(pc);
  await pc.getByRole('link', { name: /^Stories by Bola Ade/ }).click();
  const viewerC = pc.getByRole('dialog', { name: 'Stories by Bola Ade' });
  await expect(viewerC.getByText('Hello everyone!')).toBeVisible();
  await expect(viewerC.getByRole('figure', { name: 'Story 1 of 1' })).toBeVisible();
  await expect(pc.getByText('Only for my people')).toHaveCount(0);
  await shot(pc, '66-connect-story-everyone-only');
  await viewerC.getByRole('button', { name: 'Close stories' }).click();

  // B opens the close-friends story's viewers and sees A.
  await pb.goto('/connect');
  await pb.getByRole('link', { name: /^Your story/ }).click();
  const own = pb.getByRole('dialog', { name: 'Stories by Bola Ade' });
  await expect(own.getByText('Only for my people')).toBeVisible();
  await own.getByRole('button', { name: /view/ }).click();
  const viewers = pb.getByRole('dialog', { name: 'Story viewers' });
  await expect(viewers.getByRole('list', { name: 'Viewers' }).getByText('Amaka Obi')).toBeVisible();
  await shot(pb, '67-connect-story-viewers');

  // A saves the post into a new collection.
  await pa.goto('/connect');
  await post.getByRole('button', { name: 'Save' }).click();
  const save = pa.getByRole('dialog', { name: 'Save post' });
  await save.getByRole('radio', { name: 'New collection' }).check();
  await save.getByLabel('Collection name').fill('Lagos food');
  await shot(pa, '68-connect-save-collection');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(post.getByRole('button', { name: 'Unsave' })).toBeVisible();
  await pa.getByRole('link', { name: 'Saved posts' }).click();
  await pa.getByRole('link', { name: /Lagos food/ }).click();
  await expect(pa.getByRole('heading', { level: 1, name: 'Lagos food' })).toBeVisible();
  await expect(pa.getByRole('list', { name: 'Posts in this collection' }).getByText('Jollof Friday at the office')).toBeVisible();
  await shot(pa, '69-connect-collection');

  // A reports B's other post.
  await pa.goto('/connect');
  const scam = aFeed.getByRole('article').filter({ hasText: 'get ₦50,000 back' });
  await scam.getByRole('button', { name: /^More actions/ }).click();
  await pa.getByRole('dialog', { name: 'Post options' }).getByRole('button', { name: 'Report post' }).click();
  const report = pa.getByRole('dialog', { name: 'Report post' });
  await report.getByRole('radio', { name: 'Scam or fraud' }).check();
  await shot(pa, '70-connect-report');
  await report.getByRole('button', { name: 'Report' }).click();
  await expect(pa.getByText("Thanks for telling us. We'll review this post.")).toBeVisible();
  // A second report by the same person is refused by the server.
  const again = await request.post(`/api/connect/posts/${((await older.json()) as { data: { _id: string } }).data._id}/report`, {
    headers: api(a),
    data: { reason: 'spam' },
  });
  expect(again.status()).toBe(409);
});
