import { expect, test, type Browser, type Page } from '@playwright/test';
import { bearer, confirmTransfer, createUser, logIn, makePng, setNickName, shot, walletBalance, type ApiUser } from './helpers';

const PIN = '2580';
const api = bearer;

const balance = walletBalance;

async function signedIn(browser: Browser, user: ApiUser): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

/** The bubble of the message showing `text`. */
const bubble = (page: Page, text: string) => page.locator('[data-msg-id]').filter({ hasText: text }).first();

const videoWidth = (page: Page) => page.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => v.videoWidth);

test('Chat: start a chat from the directory, reply, seen ticks, pay in the chat, a video call, the call log', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-6);
  const a = await createUser(request, { firstName: 'Amaka', lastName: 'Nwosu', pin: PIN, fundKobo: 2_000_000 });
  const b = await createUser(request, { firstName: 'Bayo', lastName: 'Ogun' });
  await setNickName(request, a, `amaka${tag}`);
  await setNickName(request, b, `bayo${tag}`);

  // A opens Chat (empty), starts a chat with B from the directory and says hello.
  const pa = await signedIn(browser, a);
  await pa.getByRole('link', { name: 'Chat' }).first().click();
  await expect(pa.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(pa.getByRole('heading', { name: 'No chats yet' })).toBeVisible();
  await shot(pa, '80-chat-empty');
  await pa.getByRole('button', { name: 'New chat' }).click();
  const directory = pa.getByRole('dialog', { name: 'New chat' });
  await directory.getByRole('searchbox', { name: 'Search people' }).fill(`bayo${tag}`);
  await directory.getByRole('button', { name: 'Bayo Ogun' }).click();
  await expect(pa.getByRole('heading', { level: 1, name: 'Bayo Ogun' })).toBeVisible();
  await pa.getByRole('textbox', { name: 'Message' }).fill('Hello B');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pa, 'Hello B').getByRole('img', { name: /^(Sent|Delivered|Seen)$/ })).toBeVisible();

  // Outside Chat, B's Chat tab counts the chats with unseen messages, and a new message shows as a
  // notice naming its sender.
  const pb = await signedIn(browser, b);
  await expect(pb.getByRole('link', { name: 'Chat, 1 unread chat' })).toBeVisible({ timeout: 15_000 });
  await pa.getByRole('textbox', { name: 'Message' }).fill('Are you there?');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(pb.getByText('Are you there?')).toBeVisible();
  await expect(pb.getByText('Amaka Nwosu')).toBeVisible();
  await expect(pb.getByRole('button', { name: 'Open' })).toBeVisible();
  await pb.waitForTimeout(500); // the notice's slide-in, for the screenshot
  await shot(pb, '81-chat-notice-outside');

  // B sees it in the list (unread), opens it and replies to it.
  await pb.goto('/chat');
  const row = pb.getByRole('link', { name: 'Amaka Nwosu' });
  await expect(row).toHaveAccessibleDescription('Are you there?');
  await expect(row.getByText('2 unread messages')).toBeAttached();
  await shot(pb, '81-chat-list-unread');
  await row.click();
  await expect(bubble(pb, 'Hello B')).toBeVisible();
  await bubble(pb, 'Hello B').locator('div').first().click({ button: 'right' });
  await pb.getByRole('dialog', { name: 'Message' }).getByRole('button', { name: 'Reply' }).click();
  await expect(pb.getByText('Replying to Amaka')).toBeVisible();
  await pb.getByRole('textbox', { name: 'Message' }).fill('Hi A, got it');
  await pb.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pb, 'Hi A, got it').getByTestId('reply-quote')).toContainText('Hello B');
  await shot(pb, '82-chat-reply');

  // A sees B's reply with its quote, and A's message marked seen.
  await expect(bubble(pa, 'Hi A, got it').getByTestId('reply-quote')).toContainText('Hello B');
  await expect(bubble(pa, 'Hello B').getByRole('img', { name: 'Seen' })).toBeVisible();

  // A sends a photo (uploaded, then sent as an image message) and a voice note (recorded from the fake microphone).
  await pa.getByLabel('Send a photo').setInputFiles({ name: 'suya.png', mimeType: 'image/png', buffer: await makePng(pa) });
  await expect(
    pa
      .locator('[data-msg-id]')
      .filter({ has: pa.getByRole('img', { name: 'Photo' }) })
      .getByRole('img', { name: /^(Sent|Delivered|Seen)$/ }),
  ).toBeVisible();
  await pa.getByRole('button', { name: 'Record a voice note' }).click();
  await expect(pa.getByRole('group', { name: 'Recording a voice note' })).toBeVisible();
  await pa.waitForTimeout(1_500);
  await pa.getByRole('button', { name: 'Send voice note' }).click();
  await expect(
    pa
      .locator('[data-msg-id]')
      .filter({ has: pa.getByRole('button', { name: 'Play voice note' }) })
      .getByRole('img', { name: /^(Sent|Delivered|Seen)$/ }),
  ).toBeVisible();
  await expect(pb.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(pb.getByRole('img', { name: 'Photo' })).toHaveJSProperty('complete', true);
  await expect(pb.getByRole('button', { name: 'Play voice note' })).toBeVisible();
  await shot(pa, '83-chat-seen-photo-voice');

  // A pays B ₦500 from the chat (the app's preview and PIN), and both see the payment.
  await pa.getByRole('button', { name: 'Pay' }).click();
  const paySheet = pa.getByRole('dialog', { name: 'Send money to Bayo' });
  await paySheet.getByLabel('Amount (₦)').fill('500');
  await paySheet.getByRole('button', { name: 'Continue' }).click();
  await confirmTransfer(pa, PIN, '₦500.00');
  await expect(pa.getByRole('heading', { name: 'Transfer successful' })).toBeVisible();
  await pa.getByRole('button', { name: 'Done' }).click();
  const paidA = bubble(pa, 'You sent');
  await expect(paidA).toContainText('₦500.00');
  await expect(paidA).toContainText('Completed');
  await expect(paidA.getByRole('img', { name: /^(Sent|Delivered|Seen)$/ })).toBeVisible();
  await shot(pa, '84-chat-payment-sent');
  const paidB = bubble(pb, 'You received');
  await expect(paidB).toContainText('₦500.00');
  await shot(pb, '85-chat-payment-received');
  expect(await balance(request, a)).toBe(2_000_000 - 50_000);
  expect(await balance(request, b)).toBe(50_000);

  // A video-calls B; B answers; each sees the other's video playing.
  await pa.getByRole('button', { name: 'Video call' }).click();
  const ringing = pb.getByRole('alertdialog', { name: 'Amaka Nwosu' });
  await expect(ringing).toContainText('Incoming video call');
  await shot(pb, '86-chat-incoming-call');
  await ringing.getByRole('button', { name: 'Accept' }).click();
  const callA = pa.getByRole('dialog', { name: 'Video call with Bayo Ogun' });
  const callB = pb.getByRole('dialog', { name: 'Video call with Amaka Nwosu' });
  await expect(callA.getByRole('timer', { name: 'Call length' })).toBeVisible({ timeout: 20_000 });
  await expect(callB.getByRole('timer', { name: 'Call length' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => videoWidth(pa), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(() => videoWidth(pb), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(callA.getByRole('button', { name: 'Mute' })).toBeVisible();
  await expect(callA.getByRole('button', { name: 'Turn camera off' })).toBeVisible();
  await shot(pa, '87-chat-video-call');
  await callA.getByRole('button', { name: 'End call' }).click();
  await expect(callB.getByRole('status')).toHaveText('Call ended');
  await expect(callA).toBeHidden({ timeout: 10_000 });
  await expect(callB).toBeHidden({ timeout: 10_000 });

  // Both see the call in the call log.
  await pa.goto('/chat/calls');
  await expect(pa.getByRole('list', { name: 'Calls' }).getByText(/Outgoing video call · \d+:\d\d/)).toBeVisible();
  await expect(pa.getByRole('button', { name: 'Call Bayo Ogun back (video)' })).toBeVisible();
  await pb.goto('/chat/calls');
  await expect(pb.getByRole('list', { name: 'Calls' }).getByText(/Incoming video call · \d+:\d\d/)).toBeVisible();
  await shot(pb, '89-chat-call-log');
});

/** Waits until the service worker controls the page (a reload after it first activates). */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The keys of the chat kept on the device (IndexedDB 'owo-chat', store 'cache'). */
const savedChat = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('owo-chat');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve([]);
          const req = db.transaction('cache').objectStore('cache').getAllKeys();
          req.onsuccess = () => resolve(req.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );

test('Chat offline: the last chats read offline, and a message written offline is sent when the connection returns', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const a = await createUser(request, { firstName: 'Chioma', lastName: 'Eze' });
  const b = await createUser(request, { firstName: 'Dayo', lastName: 'Bello' });
  await setNickName(request, a, `chioma${tag}`);
  await setNickName(request, b, `dayo${tag}`);
  const sent = await request.post('/api/chat/messages', {
    headers: api(b),
    data: { msgId: `e2e-${tag}`, toUserId: a.id, msgType: 'text', msgBody: { text: 'Are we still on for Saturday?' } },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const pa = await signedIn(browser, a);
  await controlledByServiceWorker(pa);
  // Visit the chat once online (its code and data are then kept on the device).
  await pa.goto('/chat');
  await pa.getByRole('link', { name: 'Dayo Bello' }).click();
  await expect(bubble(pa, 'Are we still on for Saturday?')).toBeVisible();
  await pa.getByRole('link', { name: 'Back to chats' }).click();
  await expect(pa.getByRole('link', { name: 'Dayo Bello' })).toBeVisible();
  await expect.poll(() => savedChat(pa)).toEqual(expect.arrayContaining(['recent', `conversation:${b.id}`]));

  await pa.context().setOffline(true);
  await pa.reload();
  await expect(pa.getByRole('link', { name: 'Dayo Bello' })).toHaveAccessibleDescription('Are we still on for Saturday?');
  await expect(pa.getByRole('status').filter({ hasText: /^Offline · last updated/ })).toBeVisible();
  await pa.getByRole('link', { name: 'Dayo Bello' }).click();
  await expect(bubble(pa, 'Are we still on for Saturday?')).toBeVisible();
  await expect(pa.getByRole('heading', { level: 1, name: 'Dayo Bello' })).toBeVisible();
  await pa.getByRole('textbox', { name: 'Message' }).fill('Yes! See you at 4');
  await pa.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(bubble(pa, 'Yes! See you at 4').getByRole('img', { name: 'Waiting for network' })).toBeVisible();
  await expect(pa.getByText('No network connection')).toBeHidden({ timeout: 15_000 });
  await shot(pa, '88-chat-offline-queued');

  // Back online: the queued message goes, once.
  await pa.context().setOffline(false);
  await expect(bubble(pa, 'Yes! See you at 4').getByRole('img', { name: /^(Sent|Delivered|Seen)$/ })).toBeVisible({ timeout: 20_000 });
  const hist = await request.get(`/api/chat/conversations/${a.id}/messages`, { headers: api(b) });
  const texts = ((await hist.json()) as { data: { messages: { msgBody: { text: string } }[] } }).data.messages.map((m) => m.msgBody.text);
  expect(texts).toEqual(['Are we still on for Saturday?', 'Yes! See you at 4']);
});
