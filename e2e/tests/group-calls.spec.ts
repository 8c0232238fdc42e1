import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { bearer, createUser, logIn, shot, type ApiUser } from './helpers';

// Group voice calls (docs/chat.md, "Group calls in the app"): three people of a group at phone size;
// A starts the call, B joins and mutes (A sees B's mute sign), C declines; A leaves, and B, alone,
// sees the call end; the group shows the call's record and the Calls tab lists it as the group's.

/** A fake microphone, allowed without asking (as the `calls` project of playwright.config.ts). */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const fake = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fake] });
    },
    { scope: 'worker' },
  ],
});

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const page = await (await browser.newContext({ permissions: ['microphone'] })).newPage();
  await logIn(page, user);
  return page;
}

const person = (dialog: Locator, name: string) =>
  dialog.getByRole('list', { name: 'In the call' }).getByRole('listitem').filter({ hasText: name });

test('Group calls: start, join, mute seen by the other, the last one left sees it end, its record in the group and the Calls tab', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = String(Date.now()).slice(-6);
  const a = await createUser(request, { firstName: 'Kemi', lastName: 'Adebayo' });
  const b = await createUser(request, { firstName: 'Obinna', lastName: 'Chukwu' });
  const c = await createUser(request, { firstName: 'Zainab', lastName: 'Bello' });
  const group = `Family meeting ${tag}`;
  const g = await request.post('/api/chat/groups', { headers: bearer(a), data: { name: group, memberIds: [b.id, c.id] } });
  expect(g.status(), await g.text()).toBe(201);
  const groupId = ((await g.json()) as { data: { id: string } }).data.id;

  const [pa, pb, pc] = await Promise.all([signedIn(browser, a), signedIn(browser, b), signedIn(browser, c)]);
  for (const p of [pa, pb, pc]) {
    await p.goto(`/chat/groups/${groupId}`);
    await expect(p.getByRole('heading', { level: 1, name: group })).toBeVisible();
  }

  // A starts the call; B and C ring; B joins, C declines (and sees the call live in the group).
  await pa.getByRole('button', { name: 'Voice call' }).click();
  const callA = pa.getByRole('dialog', { name: `Group call: ${group}` });
  await expect(callA.getByRole('status')).toHaveText('Ringing the group…');
  const ringB = pb.getByRole('alertdialog', { name: `Incoming group call: ${group}` });
  await expect(ringB).toContainText('Incoming group call from Kemi');
  await ringB.getByRole('button', { name: 'Join' }).click();
  const callB = pb.getByRole('dialog', { name: `Group call: ${group}` });
  await expect(callB).toBeVisible();
  const ringC = pc.getByRole('alertdialog', { name: `Incoming group call: ${group}` });
  await ringC.getByRole('button', { name: 'Decline' }).click();
  await expect(pc.getByRole('region', { name: 'Voice call in progress' })).toContainText('Kemi and Obinna are in the call');

  await expect(person(callA, 'Obinna Chukwu')).toContainText('Connected', { timeout: 20_000 });
  await expect(person(callB, 'Kemi Adebayo')).toContainText('Connected', { timeout: 20_000 });
  await expect(callA.getByRole('img', { name: /muted/ })).toHaveCount(0);

  // B mutes: B's own tile and A's tile of B show the mute sign.
  await callB.getByRole('button', { name: 'Mute' }).click();
  await expect(callB.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(person(callB, 'You').getByRole('img', { name: 'You, muted' })).toBeVisible();
  await expect(person(callA, 'Obinna Chukwu').getByRole('img', { name: 'Obinna Chukwu, muted' })).toBeVisible();
  await expect(person(callA, 'Obinna Chukwu')).toContainText('Muted');
  await expect(callA.getByRole('timer', { name: 'Call length' })).toBeVisible();
  await shot(pa, 'gc1-group-call-other-muted');
  await shot(pb, 'gc2-group-call-me-muted');

  // A leaves; B is alone: the server ends the call and B's screen says so (no timer), then closes.
  await callA.getByRole('button', { name: 'Leave call' }).click();
  await expect(callB.getByRole('status')).toHaveText('Call ended');
  await expect(callB.getByRole('timer')).toHaveCount(0);
  await shot(pb, 'gc3-group-call-ended');
  await expect(callB).toBeHidden({ timeout: 10_000 });
  await expect(callA).toBeHidden({ timeout: 10_000 });
  await expect(pc.getByRole('region', { name: 'Voice call in progress' })).toBeHidden();

  // The group shows the call's record, for each of the three.
  const record = /Group voice call · \d{1,2}:\d\d [ap]m · \d+ min/;
  for (const p of [pa, pb, pc]) await expect(p.getByText(record)).toBeVisible();
  await shot(pb, 'gc4-group-call-record');

  // The Calls tab lists it as the group's: B answered it, C missed it.
  await pb.goto('/chat/calls');
  const rowB = pb.getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
  await expect(rowB.getByRole('link')).toContainText(group);
  await expect(rowB.getByRole('link')).toContainText(/Incoming group call · \d+:\d\d/);
  await expect(rowB.getByRole('link')).toHaveAttribute('href', `/chat/groups/${groupId}`);
  await shot(pb, 'gc5-calls-tab-group-call');
  await pc.goto('/chat/calls');
  const rowC = pc.getByRole('list', { name: 'Calls' }).getByRole('listitem').first();
  await expect(rowC.getByRole('link')).toContainText(group);
  await expect(rowC.getByRole('link')).toContainText('Missed group call');
  await shot(pc, 'gc6-calls-tab-missed-group-call');

  // C calls the group back from the Calls tab: the group's call starts (A and B ring), then C leaves it.
  await rowC.getByRole('button', { name: `Call ${group} (group voice call)` }).click();
  const callC = pc.getByRole('dialog', { name: `Group call: ${group}` });
  await expect(callC.getByRole('status')).toHaveText('Ringing the group…');
  await expect(pa.getByRole('alertdialog', { name: `Incoming group call: ${group}` })).toContainText('Incoming group call from Zainab');
  await callC.getByRole('button', { name: 'Leave call' }).click();
  await expect(callC).toBeHidden({ timeout: 10_000 });
  await expect(pa.getByRole('alertdialog', { name: `Incoming group call: ${group}` })).toBeHidden();

  // The row opens the group.
  await pb
    .getByRole('list', { name: 'Calls' })
    .getByRole('link', { name: new RegExp(group) })
    .first()
    .click();
  await expect(pb).toHaveURL(new RegExp(`/chat/groups/${groupId}$`));
  await expect(pb.getByRole('heading', { level: 1, name: group })).toBeVisible();
});
