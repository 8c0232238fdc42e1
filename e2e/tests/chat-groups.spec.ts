import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { confirmTransfer, createUser, logIn, makePng, setNickName, shot, walletBalance, type ApiUser } from './helpers';

// Chat groups (docs/chat.md, "Groups"): three people in a group at phone size, ending in a group
// voice call (run with the fake microphone of the `calls` project, playwright.config.ts).

const PIN = '2580';

const balance = walletBalance;

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const page = await (await browser.newContext({ permissions: ['microphone'] })).newPage();
  await logIn(page, user);
  return page;
}

/** The bubble of the message showing `text`. */
const bubble = (page: Page, text: string) => page.locator('[data-msg-id]').filter({ hasText: text }).first();

/** Holds a finger on a message until its menu opens (the long press). */
async function longPress(target: Locator) {
  const box = (await target.boundingBox())!;
  const at = { pointerId: 11, pointerType: 'touch', isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  await target.dispatchEvent('pointerdown', at);
  await target.page().waitForTimeout(700);
  await target.dispatchEvent('pointerup', at);
}

test('Chat groups: make a group of three, reply from the long-press menu, delete for everyone, send a member money in the group, a voice call', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-6);
  const a = await createUser(request, { firstName: 'Folake', lastName: 'Adeniran', pin: PIN, fundKobo: 2_000_000 });
  const b = await createUser(request, { firstName: 'Ikenna', lastName: 'Uzo' });
  const c = await createUser(request, { firstName: 'Yewande', lastName: 'Ajayi' });
  await setNickName(request, a, `folake${tag}`);
  await setNickName(request, b, `ikenna${tag}`);
  await setNickName(request, c, `yewande${tag}`);
  const group = `Owambe crew ${tag}`;

  // A makes the group with B and C (the name is checked first).
  const pa = await signedIn(browser, a);
  await pa.goto('/chat');
  await expect(pa.getByRole('heading', { name: 'No chats yet' })).toBeVisible();
  await pa.getByRole('button', { name: 'New chat' }).click();
  await pa.getByRole('dialog', { name: 'New chat' }).getByRole('link', { name: 'New group' }).click();
  await expect(pa.getByRole('heading', { level: 1, name: 'New group' })).toBeVisible();
  await pa.getByRole('button', { name: 'Create group' }).click();
  await expect(pa.getByText('Give the group a name')).toBeVisible();
  await pa.getByLabel('Group name').fill(group);
  await pa.getByLabel('Add a group photo').setInputFiles({ name: 'crew.png', mimeType: 'image/png', buffer: await makePng(pa) });
  await expect(pa.getByRole('img', { name: 'Group photo preview' })).toBeVisible();
  const search = pa.getByRole('searchbox', { name: 'Search people' });
  await search.fill(`ikenna${tag}`);
  await pa.getByRole('checkbox', { name: 'Ikenna Uzo' }).check();
  await search.fill(`yewande${tag}`);
  await pa.getByRole('checkbox', { name: 'Yewande Ajayi' }).check();
  await expect(pa.getByRole('list', { name: 'Chosen people' }).getByRole('listitem')).toHaveCount(2);
  await shot(pa, '90-group-new');
  await pa.getByRole('button', { name: 'Create group with 2 people' }).click();
  await expect(pa.getByRole('heading', { level: 1, name: group })).toBeVisible();
  await expect(pa.getByText(`You created the group “${group}”`)).toBeVisible();
  // The group's photo is the one uploaded.
  await expect(pa.locator('header img')).toHaveJSProperty('complete', true);
  await pa.getByRole('textbox', { name: 'Message' }).fill('Hello everyone, Saturday at 4?');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pa, 'Hello everyone, Saturday at 4?').getByRole('img', { name: 'Sent' })).toBeVisible();

  // B finds the group in the chat list (unread), opens it and replies to A from the long-press menu.
  const pb = await signedIn(browser, b);
  await pb.goto('/chat');
  const row = pb.getByRole('link', { name: group });
  await expect(row).toHaveAccessibleDescription('Folake: Hello everyone, Saturday at 4?');
  await expect(row.getByText(/unread message/)).toBeAttached();
  await shot(pb, '91-group-in-list');
  await row.click();
  const fromA = bubble(pb, 'Hello everyone, Saturday at 4?');
  await expect(fromA).toContainText('Folake');
  await expect(pb.getByText('Folake created the group', { exact: false })).toBeVisible();
  await longPress(fromA.locator('div').first());
  await pb.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Reply' }).click();
  await expect(pb.getByText('Replying to Folake')).toBeVisible();
  await pb.getByRole('textbox', { name: 'Message' }).fill('Yes! I will bring the drinks');
  await pb.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pb, 'I will bring the drinks').getByTestId('reply-quote')).toContainText('Hello everyone');
  await shot(pb, '92-group-reply');

  // C sees both, with who wrote each and the quote.
  const pc = await signedIn(browser, c);
  await pc.goto('/chat');
  await pc.getByRole('link', { name: group }).click();
  await expect(bubble(pc, 'Hello everyone, Saturday at 4?')).toContainText('Folake');
  const reply = bubble(pc, 'I will bring the drinks');
  await expect(reply).toContainText('Ikenna');
  await expect(reply.getByTestId('reply-quote')).toContainText('Folake');
  await shot(pc, '93-group-third-member');

  // C mentions A with @: A sees the mention.
  await pc.getByRole('textbox', { name: 'Message' }).fill('Count me in @Fo');
  await shot(pc, '93-group-mention');
  await pc.getByRole('button', { name: 'Mention Folake Adeniran' }).click();
  await expect(pc.getByRole('textbox', { name: 'Message' })).toHaveValue('Count me in @Folake ');
  await pc.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pa, 'Count me in').getByText('@Folake')).toHaveClass(/font-semibold/);

  // A sees B's reply live, then sends a message by mistake and deletes it for everyone.
  await expect(bubble(pa, 'I will bring the drinks')).toBeVisible();
  await pa.getByRole('textbox', { name: 'Message' }).fill('Wrong chat, sorry');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pc, 'Wrong chat, sorry')).toBeVisible();
  await expect(bubble(pb, 'Wrong chat, sorry')).toBeVisible();
  await bubble(pa, 'Wrong chat, sorry').locator('div').first().click({ button: 'right' });
  await expect(pa.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Message info' })).toBeVisible();
  await shot(pa, '94-group-message-menu');
  // The menu quotes the message it acts on (the sheet covers the end of the thread), and asks once more before deleting for everyone.
  const menu = pa.getByRole('dialog', { name: 'Message' });
  await expect(menu.getByLabel('The message')).toContainText('Wrong chat, sorry');
  await menu.getByRole('button', { name: 'Delete for everyone' }).click();
  const confirm = menu.getByRole('group', { name: 'Delete for everyone?' });
  await expect(confirm).toContainText('This cannot be undone');
  await shot(pa, '94-group-delete-confirm');
  await expect(bubble(pb, 'Wrong chat, sorry')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(pa.getByText('You deleted this message')).toBeVisible();
  await expect(pb.getByText('This message was deleted')).toBeVisible();
  await expect(pc.getByText('This message was deleted')).toBeVisible();
  await expect(pc.getByText('Wrong chat, sorry')).toBeHidden();
  await shot(pc, '94-group-deleted');

  // Who saw A's first message.
  await bubble(pa, 'Hello everyone, Saturday at 4?').locator('div').first().click({ button: 'right' });
  await pa.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Message info' }).click();
  const info = pa.getByRole('dialog', { name: 'Message info' });
  await expect(info.getByRole('region', { name: 'Seen by' })).toContainText('Ikenna Uzo');
  await expect(info.getByRole('region', { name: 'Seen by' })).toContainText('Yewande Ajayi');
  await shot(pa, '95-group-message-info');
  await pa.keyboard.press('Escape');

  // A sends B ₦500 in the group (the usual preview and PIN); everyone sees the payment.
  await pa.getByRole('button', { name: 'Pay a member' }).click();
  await shot(pa, '96-group-pay-choose');
  await pa.getByRole('dialog', { name: 'Send money to a member' }).getByRole('button', { name: 'Ikenna Uzo' }).click();
  const paySheet = pa.getByRole('dialog', { name: 'Send money to Ikenna' });
  await paySheet.getByLabel('Amount (₦)').fill('500');
  await paySheet.getByRole('button', { name: 'Continue' }).click();
  await confirmTransfer(pa, PIN, '₦500.00');
  await expect(pa.getByRole('heading', { name: 'Transfer successful' })).toBeVisible();
  await pa.getByRole('button', { name: 'Done' }).click();
  // The group sees who was paid.
  const paidA = bubble(pa, 'You paid Ikenna');
  await expect(paidA).toContainText('₦500.00');
  await shot(pa, '96-group-payment-sent');
  await expect(bubble(pb, 'Folake paid you')).toContainText('₦500.00');
  await expect(bubble(pc, 'Folake paid Ikenna')).toContainText('₦500.00');
  await shot(pb, '97-group-payment-seen');
  // Both others have the group open: A's payment turns blue-ticked once both saw it.
  await expect(paidA.getByRole('img', { name: 'Seen' })).toBeVisible();
  // B types: A's header says so, C's too.
  await pb.getByRole('textbox', { name: 'Message' }).pressSequentially('Thank');
  await expect(pa.getByText('Ikenna is typing…')).toBeVisible();
  await expect(pc.getByText('Ikenna is typing…')).toBeVisible();
  await shot(pa, '97-group-typing');
  await pb.getByRole('textbox', { name: 'Message' }).fill('');
  expect(await balance(request, a)).toBe(2_000_000 - 50_000);
  expect(await balance(request, b)).toBe(50_000);

  // The group's info: A (admin) has the admin controls; C does not.
  await pa.getByRole('link', { name: 'Group info' }).click();
  await expect(pa.getByRole('heading', { level: 1, name: 'Group info' })).toBeVisible();
  await expect(pa.getByRole('list', { name: 'Members' }).getByText('Group admin')).toHaveCount(1);
  await expect(pa.getByRole('button', { name: 'Add people' })).toBeVisible();
  await expect(pa.getByTestId('invite-link')).toContainText('/chat/join/');
  await shot(pa, '98-group-info-admin');
  await pa.getByRole('button', { name: 'Ikenna Uzo: options' }).click();
  await pa.getByRole('dialog', { name: 'Ikenna Uzo' }).getByRole('button', { name: 'Make group admin' }).click();
  await expect(pa.getByRole('list', { name: 'Members' }).getByText('Group admin')).toHaveCount(2);
  await expect(pb.getByText('Folake made Ikenna an admin').or(pb.getByText('You are now an admin'))).toBeVisible();
  await pc.getByRole('link', { name: 'Group info' }).click();
  await expect(pc.getByRole('heading', { level: 1, name: 'Group info' })).toBeVisible();
  await expect(pc.getByRole('button', { name: 'Mute notifications' })).toBeVisible();
  await expect(pc.getByRole('button', { name: 'Add people' })).toHaveCount(0);
  await expect(pc.getByTestId('invite-link')).toHaveCount(0);
  await shot(pc, '99-group-info-member');

  // C mutes the group for 8 hours.
  await pc.getByRole('button', { name: 'Mute notifications' }).click();
  await pc.getByRole('dialog', { name: 'Mute notifications' }).getByRole('button', { name: '8 hours' }).click();
  await expect(pc.getByText(/^Muted until /)).toBeVisible();
  await expect(pc.getByRole('button', { name: 'Unmute notifications' })).toBeVisible();

  // D joins with the invite link A shares, and the group sees it.
  const link = (await pa.getByTestId('invite-link').textContent())!.trim();
  const d = await createUser(request, { firstName: 'Kunle', lastName: 'Ige' });
  const pd = await signedIn(browser, d);
  await pd.goto(new URL(link).pathname);
  // The invite shows the group before joining.
  await expect(pd.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expect(pd.getByText(/^\d+ members$/)).toBeVisible();
  await shot(pd, '9a-group-join');
  await pd.getByRole('button', { name: 'Join group' }).click();
  await expect(pd.getByRole('heading', { level: 1, name: group })).toBeVisible();
  await expect(pd.getByText('You joined with the invite link')).toBeVisible();
  await expect(pd.getByText('Hello everyone, Saturday at 4?')).toHaveCount(0);
  await pa.getByRole('link', { name: 'Back to the group' }).click();
  await expect(pa.getByText('Kunle joined with the invite link')).toBeVisible();

  // The three join a voice call: A starts it; B joins from the ringing; C declines the ringing, then
  // joins from the group's banner; each sees the other two connected, and the call's timer runs.
  await pa.getByRole('button', { name: 'Voice call' }).click();
  const callA = pa.getByRole('dialog', { name: `Group call: ${group}` });
  await expect(callA.getByRole('status')).toHaveText('Ringing the group…');
  await shot(pa, '9b-group-call-started');
  const ringB = pb.getByRole('alertdialog', { name: `Incoming group call: ${group}` });
  await expect(ringB).toContainText('Incoming group call from Folake');
  await shot(pb, '9c-group-call-ringing');
  await ringB.getByRole('button', { name: 'Join' }).click();
  const callB = pb.getByRole('dialog', { name: `Group call: ${group}` });
  await expect(callB).toBeVisible();
  const ringC = pc.getByRole('alertdialog', { name: `Incoming group call: ${group}` });
  await ringC.getByRole('button', { name: 'Decline' }).click();
  await expect(ringC).toBeHidden();
  await pc.getByRole('link', { name: 'Back to the group' }).click();
  const banner = pc.getByRole('region', { name: 'Voice call in progress' });
  await expect(banner).toContainText('Folake and Ikenna are in the call');
  await shot(pc, '9d-group-call-banner');
  await banner.getByRole('button', { name: 'Join call' }).click();
  const callC = pc.getByRole('dialog', { name: `Group call: ${group}` });
  const inCall = (dialog: Locator, name: string) =>
    dialog.getByRole('list', { name: 'In the call' }).getByRole('listitem').filter({ hasText: name });
  for (const [dialog, others] of [
    [callA, ['Ikenna Uzo', 'Yewande Ajayi']],
    [callB, ['Folake Adeniran', 'Yewande Ajayi']],
    [callC, ['Folake Adeniran', 'Ikenna Uzo']],
  ] as const) {
    await expect(dialog.getByRole('list', { name: 'In the call' }).getByRole('listitem')).toHaveCount(3);
    for (const name of others) await expect(inCall(dialog, name)).toContainText('Connected', { timeout: 20_000 });
    await expect(dialog.getByRole('timer', { name: 'Call length' })).toBeVisible();
  }
  await expect(callA.getByRole('button', { name: 'Mute' })).toBeVisible();
  await expect(callA.getByRole('timer', { name: 'Call length' })).toHaveText(/0:0[1-9]|0:[1-5]\d/, { timeout: 5_000 });
  await shot(pc, '9e-group-call-three');
  // D, in the group but not in the call (its phone rang too), sees it live.
  await expect(pd.getByRole('region', { name: 'Voice call in progress' })).toContainText('Folake, Ikenna and Yewande are in the call');

  // They leave; when one is left alone the server ends the call (their screen says so), and its banner goes.
  await callB.getByRole('button', { name: 'Leave call' }).click();
  await expect(callB.getByRole('status')).toHaveText(/You left the call|Call ended/);
  await expect(callB).toBeHidden({ timeout: 10_000 });
  await expect(callA.getByRole('list', { name: 'In the call' }).getByRole('listitem')).toHaveCount(2);
  await callC.getByRole('button', { name: 'Leave call' }).click();
  await expect(callA.getByRole('status')).toHaveText('Call ended');
  await expect(callC).toBeHidden({ timeout: 10_000 });
  await expect(callA).toBeHidden({ timeout: 10_000 });
  await expect(pd.getByRole('region', { name: 'Voice call in progress' })).toBeHidden();
  await expect(pb.getByRole('region', { name: 'Voice call in progress' })).toBeHidden();
});
