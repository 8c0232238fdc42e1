import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { bearer, createUser, logIn, shot, type ApiUser } from './helpers';

// Message actions (docs/chat.md, "Message actions"): star, the starred list, forward to several
// chats, delete for me, search in a chat and across chats, pin and archive, at phone size.

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, user);
  return page;
}

/** A text message over REST (as a client without a socket sends it). */
async function send(request: APIRequestContext, from: ApiUser, to: ApiUser, text: string) {
  const r = await request.post('/api/chat/messages', {
    headers: bearer(from),
    data: { msgId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, toUserId: to.id, msgType: 'text', msgBody: { text } },
  });
  expect(r.status(), await r.text()).toBe(201);
}

/** The bubble of the message showing `text`. */
const bubble = (page: Page, text: string) => page.locator('[data-msg-id]').filter({ hasText: text }).first();

/** Holds a finger on a message (or a row) until its menu opens (the long press). */
async function longPress(target: Locator) {
  const box = (await target.boundingBox())!;
  const at = { pointerId: 11, pointerType: 'touch', isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  await target.dispatchEvent('pointerdown', at);
  await target.page().waitForTimeout(700);
  await target.dispatchEvent('pointerup', at);
}

/** A message's long-press menu, then one of its actions. */
async function messageAction(page: Page, text: string, action: string) {
  await longPress(bubble(page, text).locator('div').first());
  await page.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: action, exact: true }).click();
}

test('Chat message actions: star and find it in Starred, forward to two chats, delete for me, search, pin and archive', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = String(Date.now()).slice(-6);
  const a = await createUser(request, { firstName: 'Adaeze', lastName: 'Nwosu' });
  const b = await createUser(request, { firstName: 'Babatunde', lastName: 'Okoro' });
  const c = await createUser(request, { firstName: 'Chinedu', lastName: 'Eze' });
  const groupName = `Market traders ${tag}`;
  const g = await request.post('/api/chat/groups', { headers: bearer(a), data: { name: groupName, memberIds: [b.id, c.id] } });
  expect(g.status(), await g.text()).toBe(201);
  const groupId = ((await g.json()) as { data: { id: string } }).data.id;
  await send(request, c, a, 'Hi Adaeze, are you coming to the meeting?');
  await send(request, b, a, `The generator shop opens at 9 tomorrow ${tag}`);
  const tip = `The generator shop opens at 9 tomorrow ${tag}`;

  // A stars B's message from its long-press menu: a star shows in the bubble.
  const pa = await signedIn(browser, a);
  await pa.goto(`/chat/${b.id}`);
  await messageAction(pa, tip, 'Star');
  await expect(bubble(pa, tip).getByRole('img', { name: 'Starred' })).toBeVisible();
  await shot(pa, 'a0-starred-bubble');

  // Starred messages, from the chat list: the message with its chat opens the chat at it.
  await pa.getByRole('link', { name: 'Back to chats' }).click();
  await pa.getByRole('link', { name: 'Starred messages' }).click();
  const starred = pa.getByRole('list', { name: 'Starred messages' });
  await expect(starred.getByRole('link')).toContainText('Babatunde Okoro');
  await expect(starred.getByRole('link')).toContainText(tip);
  await shot(pa, 'a1-starred-list');
  await starred.getByRole('link').click();
  await expect(bubble(pa, tip).locator('[data-highlighted]')).toBeVisible();

  // A forwards it to C and to the group; C and B see it arrive marked "Forwarded".
  await messageAction(pa, tip, 'Forward');
  const sheet = pa.getByRole('dialog', { name: 'Forward to…' });
  await sheet.getByRole('checkbox', { name: 'Forward to Chinedu Eze' }).check();
  await sheet.getByRole('searchbox', { name: 'Search chats to forward to' }).fill('market');
  await sheet.getByRole('checkbox', { name: `Forward to ${groupName}` }).check();
  await expect(sheet.getByText('2 of 5 chosen')).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Chosen chats' }).getByRole('listitem')).toHaveCount(2);
  await shot(pa, 'a2-forward-sheet');
  await sheet.getByRole('button', { name: 'Send to 2 chats' }).click();
  await expect(pa.getByText('Forwarded', { exact: true }).first()).toBeVisible();
  await expect(sheet).toBeHidden();

  const pc = await signedIn(browser, c);
  await pc.goto(`/chat/${a.id}`);
  await expect(bubble(pc, tip)).toContainText('Forwarded');
  await expect(pc.getByRole('heading', { level: 1, name: 'Adaeze Nwosu' })).toBeVisible();
  expect(
    await pc
      .getByRole('heading', { level: 1, name: 'Adaeze Nwosu' })
      .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1),
  ).toBe(true);
  await shot(pc, 'a3-forward-received');
  const pb = await signedIn(browser, b);
  await pb.goto(`/chat/groups/${groupId}`);
  await expect(bubble(pb, tip)).toContainText('Forwarded');
  // The group's and the person's names are whole at 390 px beside the header's buttons (two lines at most).
  const whole = (el: HTMLElement) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1;
  await expect(pb.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  expect(await pb.getByRole('heading', { level: 1, name: groupName }).evaluate(whole)).toBe(true);
  await shot(pb, 'a3-group-header');
  await expect(bubble(pb, tip)).toContainText('Adaeze');

  // A deletes a message for herself: gone at once and after a reload; B still has it.
  await pa.getByRole('textbox', { name: 'Message' }).fill('Typo, ignore this');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pa, 'Typo, ignore this').getByRole('img', { name: /Sent|Delivered|Seen/ })).toBeVisible();
  await messageAction(pa, 'Typo, ignore this', 'Delete for me');
  await expect(pa.getByText('Typo, ignore this')).toHaveCount(0);
  await pb.goto(`/chat/${a.id}`);
  await expect(bubble(pb, 'Typo, ignore this')).toBeVisible();
  await pa.reload();
  await expect(bubble(pa, tip)).toBeVisible();
  await expect(pa.getByText('Typo, ignore this')).toHaveCount(0);

  // Search in this chat (from its menu): the result opens at the message, marked.
  await pa.getByRole('button', { name: 'Chat options' }).click();
  await pa.getByRole('dialog', { name: 'Chat options' }).getByRole('button', { name: 'Search in chat' }).click();
  const search = pa.getByRole('dialog', { name: 'Search in chat' });
  await search.getByRole('searchbox', { name: 'Search messages in this chat' }).fill('gener');
  const found = search.getByRole('list', { name: 'Messages found' });
  await expect(found.getByRole('link')).toHaveCount(1);
  await expect(found.locator('mark').first()).toHaveText('generator');
  await shot(pa, 'a4-search-in-chat');
  await found.getByRole('link').click();
  await expect(search).toBeHidden();
  await expect(bubble(pa, tip).locator('[data-highlighted]')).toBeVisible();

  // Search across chats from the chat list: the original and both forwards, each with its chat.
  await pa.getByRole('link', { name: 'Back to chats' }).click();
  await pa.getByRole('searchbox', { name: 'Search chats' }).fill(`generator ${tag}`);
  const across = pa.getByRole('list', { name: 'Messages found' });
  await expect(across.getByRole('link')).toHaveCount(3);
  await expect(across).toContainText('Babatunde Okoro');
  await expect(across).toContainText('Chinedu Eze');
  await expect(across).toContainText(groupName);
  await shot(pa, 'a5-search-across');
  await pa.getByRole('button', { name: 'Clear search' }).click();

  // Pin C's chat (it goes on top, with a pin); archive the group with a long press, then unarchive it.
  await pa.getByRole('button', { name: 'More actions for Chinedu Eze' }).click();
  await pa.getByRole('dialog', { name: 'Chinedu Eze' }).getByRole('button', { name: 'Pin chat' }).click();
  const chats = pa.getByRole('list', { name: 'Chats' });
  await expect(chats.getByRole('link').first()).toHaveAccessibleName('Chinedu Eze');
  await expect(chats.getByRole('link').first().getByRole('img', { name: 'Pinned' })).toBeVisible();
  await longPress(chats.getByRole('link', { name: groupName }));
  await pa.getByRole('dialog', { name: groupName }).getByRole('button', { name: 'Archive chat' }).click();
  await expect(chats.getByRole('link', { name: groupName })).toHaveCount(0);
  // The toast's Undo brings it back; archived again from its menu.
  await pa.getByRole('button', { name: 'Undo' }).click();
  await expect(chats.getByRole('link', { name: groupName })).toBeVisible();
  await expect(pa.getByRole('link', { name: /^Archived/ })).toHaveCount(0);
  await longPress(chats.getByRole('link', { name: groupName }));
  await pa.getByRole('dialog', { name: groupName }).getByRole('button', { name: 'Archive chat' }).click();
  await expect(chats.getByRole('link', { name: groupName })).toHaveCount(0);
  await expect(pa.getByRole('link', { name: 'Archived (1)' })).toBeVisible();
  await shot(pa, 'a6-pinned-and-archived');
  await pa.getByRole('link', { name: 'Archived (1)' }).click();
  const archived = pa.getByRole('list', { name: 'Archived chats' });
  await expect(archived.getByRole('link', { name: groupName })).toBeVisible();
  await shot(pa, 'a7-archived-list');
  await archived.getByRole('button', { name: `Unarchive ${groupName}` }).click();
  await expect(pa.getByRole('heading', { name: 'No archived chats' })).toBeVisible();
  await pa.getByRole('link', { name: 'Back to chats' }).click();
  await expect(pa.getByRole('list', { name: 'Chats' }).getByRole('link', { name: groupName })).toBeVisible();
});
