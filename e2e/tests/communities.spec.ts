import { expect, test, type Browser, type Page } from '@playwright/test';
import { createUser, logIn, makePng, shot, type ApiUser } from './helpers';

const api = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

test('Communities: a private community made in the UI, join request, post approval, admin, invite, ownership transfer', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [o, m, p] = [
    await createUser(request, { firstName: 'Ngozi', lastName: 'Okafor' }),
    await createUser(request, { firstName: 'Musa', lastName: 'Bello' }),
    await createUser(request, { firstName: 'Peju', lastName: 'Ade' }),
  ];
  // Invites go to followers and followings: P follows O.
  expect((await request.put(`/api/connect/connect/${o.id}/follow`, { headers: api(p) })).status()).toBe(200);
  const name = 'Surulere Foodies';

  // O creates a private community that needs approval: the description written for them, a cover with its upload progress.
  const po = await signedIn(browser, o);
  await po.goto('/connect');
  await po.getByRole('link', { name: 'Communities', exact: true }).click();
  await expect(po.getByRole('heading', { level: 1, name: 'Communities' })).toBeVisible();
  await expect(po.getByText('Communities you join or create show here.')).toBeVisible();
  await po.getByRole('link', { name: 'Create community' }).click();
  await expect(po.getByRole('heading', { level: 1, name: 'New community' })).toBeVisible();
  await po.getByLabel('Name').fill(name);
  await po.getByLabel('Category').selectOption({ label: 'Food' });
  await po.getByRole('button', { name: 'Write it for me' }).click();
  await expect(po.getByLabel('Description')).toHaveValue(new RegExp(name));
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await po.route('**/api/upload/**', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await po.getByLabel('Add a cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePng(po) });
  await expect(po.getByRole('progressbar', { name: 'Uploading cover image' })).toBeVisible();
  await expect(po.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await po.getByRole('radio', { name: /Private/ }).check();
  await po.getByRole('checkbox', { name: 'Posts need approval' }).check();
  await shot(po, '71-communities-create-uploading');
  releaseUpload();
  await expect(po.getByRole('progressbar')).toHaveCount(0);
  await po.unroute('**/api/upload/**');
  await po.getByRole('button', { name: 'Create community' }).click();
  await expect(po.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(po.getByRole('img', { name: `Cover of ${name}` })).toBeVisible();
  await expect(po.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
  const id = new URL(po.url()).pathname.split('/').pop()!;
  await shot(po, '72-communities-created');

  // M asks to join; a private community's posts stay hidden until they are let in.
  const pm = await signedIn(browser, m);
  await pm.goto(`/connect/communities/${id}`);
  await expect(pm.getByRole('heading', { name: 'This community is private' })).toBeVisible();
  await pm.getByRole('button', { name: `Ask to join ${name}` }).click();
  await expect(pm.getByRole('button', { name: /^Requested/ })).toBeVisible();
  await shot(pm, '73-communities-requested');

  // O accepts the request in the dashboard.
  await po.getByRole('link', { name: 'Manage' }).click();
  const requests = po.getByRole('list', { name: 'Join requests' });
  await expect(requests.getByText('Musa Bello')).toBeVisible();
  await shot(po, '74-communities-join-requests');
  await requests.getByRole('button', { name: 'Accept Musa Bello' }).click();
  await expect(po.getByText('Musa Bello is now a member')).toBeVisible();
  await expect(po.getByText('No one is waiting to join')).toBeVisible();

  // M posts; the community needs approval, so the post waits.
  await pm.reload();
  await pm.getByRole('link', { name: 'Post', exact: true }).click();
  await expect(pm.getByRole('heading', { level: 1, name: `Post in ${name}` })).toBeVisible();
  await pm.getByLabel("What's on your mind?").fill('Where is the best amala in Surulere?');
  await pm.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(pm.getByText('Sent for review')).toBeVisible();
  await expect(pm.getByRole('heading', { level: 1, name })).toBeVisible();

  // O accepts the post request; it appears in the community's feed.
  await po.getByRole('tab', { name: 'Post requests' }).click();
  const waiting = po.getByRole('article', { name: 'Post by Musa Bello' });
  await expect(waiting.getByText('Where is the best amala in Surulere?')).toBeVisible();
  await shot(po, '75-communities-post-request');
  await waiting.getByRole('button', { name: 'Accept post by Musa Bello' }).click();
  await expect(po.getByText('Post published in the community')).toBeVisible();
  await expect(po.getByText('No posts are waiting for approval')).toBeVisible();
  await pm.reload();
  await expect(pm.getByRole('list', { name: `Posts in ${name}` }).getByText('Where is the best amala in Surulere?')).toBeVisible();

  // O makes M an admin from the members list.
  await po.goto(`/connect/communities/${id}/members`);
  const members = po.getByRole('list', { name: 'Members' });
  await members.getByRole('button', { name: 'Actions for Musa Bello' }).click();
  await po.getByRole('dialog', { name: 'Musa Bello' }).getByRole('button', { name: 'Make admin' }).click();
  await expect(po.getByText('Musa Bello is now an admin')).toBeVisible();
  await expect(members.getByRole('listitem').filter({ hasText: 'Musa Bello' }).getByText('Admin')).toBeVisible();
  await shot(po, '76-communities-members');

  // O invites P (who follows O).
  await po.getByRole('button', { name: 'Invite people' }).click();
  const invite = po.getByRole('dialog', { name: `Invite to ${name}` });
  await invite.getByRole('checkbox', { name: /Peju Ade/ }).check();
  await shot(po, '77-communities-invite');
  await invite.getByRole('button', { name: 'Invite 1 person' }).click();
  await expect(po.getByText('Invited 1 person')).toBeVisible();

  // P sees the badge on Connect and accepts the invite from the Communities screen.
  const pp = await signedIn(browser, p);
  await pp.goto('/connect');
  await pp.getByRole('link', { name: 'Communities, 1 new' }).click();
  const inbox = pp.getByRole('list', { name: 'Invites' });
  await expect(inbox.getByText('Ngozi Okafor')).toBeVisible();
  await shot(pp, '78-communities-invite-received');
  await inbox.getByRole('button', { name: `Accept invite to ${name}` }).click();
  await expect(pp.getByText(`You joined ${name}`)).toBeVisible();
  await expect(pp.getByRole('list', { name: 'My communities' }).getByText(name)).toBeVisible();

  // O offers the ownership to M; M accepts; O stays on as an admin.
  await members.getByRole('button', { name: 'Actions for Musa Bello' }).click();
  await po.getByRole('dialog', { name: 'Musa Bello' }).getByRole('button', { name: 'Transfer ownership' }).click();
  await po.getByRole('dialog', { name: 'Make Musa Bello the owner?' }).getByRole('button', { name: 'Send request' }).click();
  await expect(po.getByText('We asked Musa Bello to take over. They need to accept.')).toBeVisible();
  await po.goto(`/connect/communities/${id}/manage`);
  await expect(po.getByRole('region', { name: 'Ownership requests' })).toContainText('Waiting for Musa Bello to accept ownership');

  await pm.goto('/connect');
  await pm.getByRole('link', { name: 'Communities, 1 new' }).click();
  await pm.getByRole('button', { name: `Accept ownership of ${name}` }).click();
  await expect(pm.getByText(`You now own ${name}`)).toBeVisible();
  await pm.goto(`/connect/communities/${id}/members`);
  await expect(pm.getByRole('button', { name: 'Invite people' })).toBeVisible();
  const after = pm.getByRole('list', { name: 'Members' });
  await expect(after.getByRole('listitem').filter({ hasText: 'Musa Bello' }).getByText('Owner')).toBeVisible();
  await expect(after.getByRole('listitem').filter({ hasText: 'Ngozi Okafor' }).getByText('Admin')).toBeVisible();
  await expect(after.getByRole('button', { name: 'Actions for Ngozi Okafor' })).toBeVisible();
  await shot(pm, '79-communities-new-owner');
});
