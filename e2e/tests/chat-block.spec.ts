import { expect, test, type APIRequestContext } from '@playwright/test';
import { createUser, logIn, shot, type ApiUser } from './helpers';

const api = (u: ApiUser) => ({ authorization: `Bearer ${u.token}` });

/** A text message from one person to another, over REST (as a client without a socket sends it). */
const send = (request: APIRequestContext, from: ApiUser, to: ApiUser, text: string) =>
  request.post('/api/chat/messages', {
    headers: api(from),
    data: { msgId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, toUserId: to.id, msgType: 'text', msgBody: { text } },
  });

test('Chat: block someone from the chat, report the chat, unblock from the blocked list; block and unblock on a profile', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await createUser(request, { firstName: 'Chioma', lastName: 'Eze' });
  const b = await createUser(request, { firstName: 'Tunde', lastName: 'Bello' });
  expect((await send(request, b, a, 'Hi Chioma, buy my coins')).status()).toBe(201);

  await logIn(page, a);
  await page.goto(`/chat/${b.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tunde Bello' })).toBeVisible();
  await expect(page.getByText('Hi Chioma, buy my coins')).toBeVisible();

  // Block from the chat's menu, after being told what it does.
  await page.getByRole('button', { name: 'Chat options' }).tap();
  const menu = page.getByRole('dialog', { name: 'Chat options' });
  await expect(menu.getByRole('button', { name: 'Block Tunde Bello' })).toBeVisible();
  await page.waitForTimeout(300); // the sheet's slide-in, for the screenshot
  await shot(page, '90-chat-block-menu');
  await menu.getByRole('button', { name: 'Block Tunde Bello' }).tap();
  const ask = page.getByRole('dialog', { name: 'Block Tunde Bello?' });
  await expect(ask.getByText(/They won’t be told you blocked them/)).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, '91-chat-block-confirm');
  await ask.getByRole('button', { name: 'Block', exact: true }).tap();
  const notice = page.getByRole('region', { name: 'Blocked' });
  await expect(notice).toContainText('You blocked Tunde Bello');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Voice call' })).toBeDisabled();
  await page.waitForTimeout(5500); // the toast fades
  await shot(page, '92-chat-blocked');

  // The blocked person's messages are refused with neutral words and never arrive.
  const refused = await send(request, b, a, 'Hello?');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'CANNOT_MESSAGE', message: 'You can’t message this person' });
  await page.waitForTimeout(500);
  await expect(page.getByText('Hello?')).toHaveCount(0); // neither in the chat nor as a notice

  // Report the conversation.
  await page.getByRole('button', { name: 'Chat options' }).tap();
  await page.getByRole('dialog', { name: 'Chat options' }).getByRole('button', { name: 'Report conversation' }).tap();
  const report = page.getByRole('dialog', { name: 'Report your chat with Tunde Bello' });
  await report.getByRole('radio', { name: 'Scam or fraud' }).tap();
  await report.getByRole('textbox', { name: 'Anything else? (optional)' }).fill('Asked me to buy coins');
  await shot(page, '93-chat-report');
  await report.getByRole('button', { name: 'Send report' }).tap();
  await expect(page.getByRole('dialog', { name: 'Thanks for telling us' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).tap();

  // The blocked people list, from the chats list; Unblock there.
  await page.getByRole('link', { name: 'Back to chats' }).tap();
  await page.getByRole('link', { name: 'Blocked people' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Blocked people' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Blocked people' });
  await expect(list.getByText('Tunde Bello')).toBeVisible();
  await shot(page, '94-chat-blocked-list');
  await list.getByRole('button', { name: 'Unblock Tunde Bello' }).tap();
  await expect(page.getByRole('heading', { name: 'You haven’t blocked anyone' })).toBeVisible();
  await page.waitForTimeout(5500);
  await shot(page, '95-chat-blocked-list-empty');

  // Unblocked: messages flow again and the composer is back.
  expect((await send(request, b, a, 'Sorry about that')).status()).toBe(201);
  await page.getByRole('link', { name: 'Back to chats' }).tap();
  await page.getByRole('link', { name: 'Tunde Bello' }).tap();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Sorry about that')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // On the person's profile in Connect: Block, then Unblock.
  await page.goto(`/connect/people/${b.id}`);
  await page.getByRole('button', { name: 'Block', exact: true }).tap();
  await page.getByRole('dialog', { name: 'Block Tunde Bello?' }).getByRole('button', { name: 'Block', exact: true }).tap();
  await expect(page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();
  expect((await send(request, b, a, 'Again?')).status()).toBe(403);
  await page.waitForTimeout(5500);
  await shot(page, '96-profile-blocked');
  await page.getByRole('button', { name: 'Unblock', exact: true }).tap();
  await expect(page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
  expect((await send(request, b, a, 'Friends again')).status()).toBe(201);
});
