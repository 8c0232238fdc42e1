import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, logIn, shot, type ApiUser } from './helpers';

// Reporting from the app (docs/connect.md): Chioma posts in her public community and comments on
// it; Femi, who reads it in the browser, reports her comment and her community, each through the
// reason dialog, sees each confirmation, and is told so when he reports the comment a second time.

const bearer = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

test('Report content: a comment and a community reported from the app, once each', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await createUser(request, { firstName: 'Chioma', lastName: 'Eze' });
  const reader = await createUser(request, { firstName: 'Femi', lastName: 'Adebayo' });
  const name = `Quick Money Circle ${Date.now() % 100_000}`;
  const community = await ok<{ _id: string }>(
    await request.post('/api/connect/communities', {
      headers: bearer(owner),
      data: { name, category: 'money', description: 'Grow your money fast', visibility: 'public' },
    }),
  );
  const post = await ok<{ _id: string }>(
    await request.post('/api/connect/posts', {
      headers: bearer(owner),
      data: { text: 'Double your savings in one week, no risk!', communityId: community._id },
    }),
  );
  const comment = 'Send your PIN to my WhatsApp and I will set it up for you';
  await ok(await request.post(`/api/connect/posts/${post._id}/comment`, { headers: bearer(owner), data: { text: comment } }));

  // Femi opens the community and the post's comments.
  await logIn(page, reader);
  await page.goto(`/connect/communities/${community._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const feed = page.getByRole('list', { name: `Posts in ${name}` });
  await expect(feed.getByText('Double your savings in one week')).toBeVisible();
  await feed.getByRole('link', { name: /^Comment/ }).click();
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText(comment)).toBeVisible();
  await shot(page, 'report-01-comments');

  // He reports the comment: its options by a tap, the reason, the confirmation.
  const reportComment = async () => {
    await comments.getByRole('button', { name: 'More actions for comment by Chioma Eze' }).click();
    await page.getByRole('dialog', { name: 'Comment options' }).getByRole('button', { name: 'Report comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report comment' });
    await expect(dialog.getByText('Why are you reporting this comment by Chioma Eze?')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    return dialog;
  };
  let dialog = await reportComment();
  await shot(page, 'report-02-comment-reason');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText("Thanks for telling us. We'll review this comment.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, 'report-03-comment-reported');

  // A second report of the same comment: the server's answer, in the dialog.
  dialog = await reportComment();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You have already reported this comment');
  // The first report's thanks does not stay up beside the refusal.
  await expect(page.getByText("Thanks for telling us. We'll review this comment.")).toBeHidden();
  await shot(page, 'report-04-comment-again');
  await dialog.getByRole('button', { name: /^Close/ }).click();
  await expect(dialog).toBeHidden();

  // He reports the community from its header.
  await page.goto(`/connect/communities/${community._id}`);
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await shot(page, 'report-05-community-options');
  await page.getByRole('dialog', { name: 'Community options' }).getByRole('button', { name: 'Report community' }).click();
  dialog = page.getByRole('dialog', { name: 'Report community' });
  await expect(dialog.getByText(`Why are you reporting the community ${name}?`)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
  await shot(page, 'report-06-community-reason');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText("Thanks for telling us. We'll review this community.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await shot(page, 'report-07-community-reported');
});
