import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatUser } from '../../api/chat';
import { failure, jsonResponse, one, renderAt } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ArchivedPage from './ArchivedPage';
import { type Conversation, chatKeys } from './cache';
import ChatListPage from './ChatListPage';
import ConversationPage from './ConversationPage';
import { memoryStore, setChatStore } from './db';
import type { ChatGroup } from './groups-api';
import { resetOutbox } from './outbox';
import { restoreChat, startChatPersist } from './persist';
import StarredPage from './StarredPage';
import { ADA_ID, BOLA_ID, CONVO, ME, ada, bola, message, page, recent } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const GROUP = '0198a7b2-0000-5000-8000-00000000f006';
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const text = (t: string, over: Partial<ChatMessage['msgBody']> = {}) => ({ text: t, replyTo: null, media: null, payment: null, ...over });
const group = (over: Partial<ChatGroup> = {}): ChatGroup => ({
  id: GROUP,
  name: 'Lagos trip',
  photoUrl: null,
  memberCount: 3,
  myRole: 'member',
  mutedUntil: null,
  lastSeq: 1,
  unreadCount: 0,
  lastMessage: null,
  createdAt: at(90),
  pinned: false,
  archived: false,
  ...over,
});
const person = (n: number): ChatUser => ({
  id: `0198a7b2-0000-7000-8000-0000000e000${n}`,
  firstName: `Friend${n}`,
  lastName: 'Doe',
  nickName: null,
  avatar: null,
});
const history = (messages: ChatMessage[]) =>
  one({
    conversationId: CONVO,
    messages,
    hasMore: false,
    marks: { mine: { deliveredSeq: 9, seenSeq: 9 }, theirs: { deliveredSeq: 0, seenSeq: 0 } },
  });
const chatRef = { conversationId: CONVO, groupId: null, user: ada, group: null };
const refused = (status: number, message: string, code: string) => () => jsonResponse(status, failure(message, code));

const hello = message({ seq: 1, msgBody: text('See you at the generator shop') });
const fwd = message({ seq: 2, msgBody: text('Bus leaves at 6', { forwarded: true }) });

function openConversation(routes: Record<string, unknown> = {}) {
  const fetch = routeFetch({
    [`GET /api/chat/conversations/${ADA_ID}/messages`]: history([hello, fwd]),
    [`GET /api/user/users/${ADA_ID}`]: one({ ...ada, bio: null }),
    'GET /api/chat/starred': page([]),
    ...routes,
  });
  const r = renderAt(<ConversationPage />, '/chat/:userId', `/chat/${ADA_ID}`);
  return { ...r, fetch };
}
const bubbleOf = (t: string) => screen.getByText(t).closest<HTMLElement>('[data-msg-id]')!;
const openMenu = async (t: string) => {
  fireEvent.contextMenu(await screen.findByText(t));
  return screen.getByRole('dialog', { name: 'Message' });
};

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  setChatStore(memoryStore());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('A message’s actions', () => {
  it('offers reply, copy, forward, star and delete for me; a forwarded message says so', async () => {
    openConversation();
    await screen.findByText('Bus leaves at 6');
    expect(within(bubbleOf('Bus leaves at 6')).getByText('Forwarded')).toBeVisible();
    expect(within(bubbleOf('See you at the generator shop')).queryByText('Forwarded')).toBeNull();
    const menu = await openMenu('See you at the generator shop');
    for (const name of ['Reply', 'Copy', 'Forward', 'Star', 'Delete for me'])
      expect(within(menu).getByRole('button', { name })).toBeInTheDocument();
  });

  it('stars a message (a star in its bubble), then unstars it', async () => {
    const { fetch } = openConversation({
      [`PUT /api/chat/messages/${hello.id}/star`]: one({ messageId: hello.id, starred: true, starredAt: at(0) }),
      [`DELETE /api/chat/messages/${hello.id}/star`]: one({ messageId: hello.id, starred: false, starredAt: null }),
    });
    await userEvent.click(within(await openMenu('See you at the generator shop')).getByRole('button', { name: 'Star' }));
    expect(await within(bubbleOf('See you at the generator shop')).findByRole('img', { name: 'Starred' })).toBeInTheDocument();
    expect(calls(fetch, `PUT /api/chat/messages/${hello.id}/star`)).toHaveLength(1);
    await userEvent.click(within(await openMenu('See you at the generator shop')).getByRole('button', { name: 'Unstar' }));
    await vi.waitFor(() => expect(within(bubbleOf('See you at the generator shop')).queryByRole('img', { name: 'Starred' })).toBeNull());
    expect(calls(fetch, `DELETE /api/chat/messages/${hello.id}/star`)).toHaveLength(1);
  });

  it('deletes a message for me: gone from the screen and from the conversation kept on the device', async () => {
    const { fetch, queryClient } = openConversation({
      [`DELETE /api/chat/messages/${hello.id}/for-me`]: one({ messageId: hello.id, deletedForMe: true }),
    });
    // Saved on the device after a long pause only: the deletion must not wait for it.
    const stop = startChatPersist(queryClient, ME, 60_000);
    await userEvent.click(within(await openMenu('See you at the generator shop')).getByRole('button', { name: 'Delete for me' }));
    await vi.waitFor(() => expect(screen.queryByText('See you at the generator shop')).toBeNull());
    expect(screen.getByText('Bus leaves at 6')).toBeInTheDocument();
    expect(calls(fetch, `DELETE /api/chat/messages/${hello.id}/for-me`)).toHaveLength(1);
    const kept = queryClient.getQueryData<Conversation>(chatKeys.conversation(ADA_ID));
    expect(kept?.messages.map((m) => m.id)).toEqual([fwd.id]);
    // The app closed at once and opened again: the saved copy (trusted, only later messages asked for) lacks it too.
    const reopened = new QueryClient();
    await vi.waitFor(async () => expect(await restoreChat(reopened, ME)).toBeGreaterThan(0));
    expect(reopened.getQueryData<Conversation>(chatKeys.conversation(ADA_ID))?.messages.map((m) => m.id)).toEqual([fwd.id]);
    stop();
  });

  it('deletes one’s own message for everyone in a 1:1 chat (not someone else’s)', async () => {
    const mine = message({ seq: 3, fromUserId: ME, toUserId: ADA_ID, msgBody: text('Wrong chat, sorry') });
    const { fetch } = openConversation({
      [`GET /api/chat/conversations/${ADA_ID}/messages`]: history([hello, mine]),
      [`DELETE /api/chat/messages/${mine.id}`]: one({ ...mine, msgBody: text('', { deleted: true }) }),
    });
    expect(within(await openMenu('See you at the generator shop')).queryByRole('button', { name: 'Delete for everyone' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    const menu = await openMenu('Wrong chat, sorry');
    expect(within(menu).getByLabelText('The message')).toHaveTextContent('Wrong chat, sorry');
    await userEvent.click(within(menu).getByRole('button', { name: 'Delete for everyone' }));
    // Asked once more: nothing is deleted until the second tap.
    const confirm = within(menu).getByRole('group', { name: 'Delete for everyone?' });
    expect(calls(fetch, `DELETE /api/chat/messages/${mine.id}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You deleted this message')).toBeInTheDocument();
    expect(screen.queryByText('Wrong chat, sorry')).toBeNull();
    expect(calls(fetch, `DELETE /api/chat/messages/${mine.id}`)).toHaveLength(1);
  });
});

describe('Forward', () => {
  const friends = [1, 2, 3, 4, 5].map(person);
  it('chooses up to 5 chats, says so at the limit, and sends again with the same Idempotency-Key after a failure', async () => {
    let attempt = 0;
    const sent = (to: string) =>
      message({ seq: 5, fromUserId: ME, toUserId: to, msgBody: text('See you at the generator shop', { forwarded: true }) });
    const { fetch } = openConversation({
      'GET /api/chat/recent-chats': page(
        friends.map((f, i) => recent(f, message({ seq: 1, createdAt: at(10 + i) }), 0, `${CONVO.slice(0, -1)}${i}`)),
      ),
      'GET /api/chat/groups': page([group({ createdAt: at(1) })]),
      [`POST /api/chat/messages/${hello.id}/forward`]: () =>
        ++attempt === 1
          ? jsonResponse(500, failure('Something went wrong', 'SERVER_ERROR'))
          : jsonResponse(
              201,
              one({
                messageId: hello.id,
                results: [
                  { toUserId: friends[0]!.id, groupId: null, status: 'sent', message: sent(friends[0]!.id), error: null },
                  { toUserId: null, groupId: GROUP, status: 'sent', message: { ...sent(GROUP), groupId: GROUP }, error: null },
                ],
              }),
            ),
    });
    await userEvent.click(within(await openMenu('See you at the generator shop')).getByRole('button', { name: 'Forward' }));
    const sheet = await screen.findByRole('dialog', { name: 'Forward to…' });
    // The latest chat first: the group.
    const boxes = await within(sheet).findAllByRole('checkbox');
    expect(boxes[0]).toHaveAccessibleName('Forward to Lagos trip');
    for (const box of boxes.slice(0, 5)) await userEvent.click(box);
    expect(within(sheet).getByText('5 of 5 chosen')).toBeInTheDocument();
    await userEvent.click(boxes[5]!);
    expect(within(sheet).getByText('You can forward to up to 5 chats')).toBeInTheDocument();
    expect(boxes[5]).not.toBeChecked();
    for (const box of boxes.slice(2, 5)) await userEvent.click(box);
    // The search box narrows the list.
    await userEvent.type(within(sheet).getByRole('searchbox', { name: 'Search chats to forward to' }), 'lagos');
    expect(within(sheet).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send to 2 chats' }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Send to 2 chats' }));
    expect(await screen.findByText('Forwarded', { selector: '[data-title]' })).toBeInTheDocument();
    const posts = calls(fetch, `POST /api/chat/messages/${hello.id}/forward`);
    expect(posts).toHaveLength(2);
    const keyOf = (i: number) => new Headers(posts[i]![1]?.headers).get('Idempotency-Key');
    expect(keyOf(0)).toBeTruthy();
    expect(keyOf(1)).toBe(keyOf(0));
    expect(JSON.parse(String(posts[1]![1]?.body))).toEqual({ toUserIds: [friends[0]!.id], groupIds: [GROUP] });
  });
});

describe('Starred messages', () => {
  it('lists them with their chat, each opening the chat at the message, and unstars one', async () => {
    const fetch = routeFetch({
      'GET /api/chat/starred': page([{ message: hello, chat: chatRef, starredAt: at(1) }]),
      [`DELETE /api/chat/messages/${hello.id}/star`]: one({ messageId: hello.id, starred: false, starredAt: null }),
    });
    renderAt(<StarredPage />, '/chat/starred');
    const list = await screen.findByRole('list', { name: 'Starred messages' });
    const link = within(list).getByRole('link');
    expect(link).toHaveTextContent('Ada Obi');
    expect(link).toHaveTextContent('See you at the generator shop');
    expect(link).toHaveAttribute('href', `/chat/${ADA_ID}?msg=${hello.id}`);
    await userEvent.click(within(list).getByRole('button', { name: 'Unstar' }));
    await vi.waitFor(() => expect(calls(fetch, `DELETE /api/chat/messages/${hello.id}/star`)).toHaveLength(1));
  });

  it('says how to star when there is none', async () => {
    routeFetch({ 'GET /api/chat/starred': page([]) });
    renderAt(<StarredPage />, '/chat/starred');
    expect(await screen.findByRole('heading', { name: 'No starred messages' })).toBeInTheDocument();
  });
});

describe('Search', () => {
  it('searches one chat from its menu and opens the conversation at the message found, marked', async () => {
    const { fetch } = openConversation({
      [`GET /api/chat/chats/${CONVO}/search`]: page([{ message: hello, chat: chatRef }]),
    });
    await screen.findByText('See you at the generator shop');
    await userEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search in chat' }));
    const sheet = screen.getByRole('dialog', { name: 'Search in chat' });
    await userEvent.type(within(sheet).getByRole('searchbox', { name: 'Search messages in this chat' }), 'gener');
    const found = await within(sheet).findByRole('list', { name: 'Messages found' });
    expect(within(found).getByText('generator', { selector: 'mark' })).toBeInTheDocument();
    expect(String(calls(fetch, `GET /api/chat/chats/${CONVO}/search`)[0]![0])).toContain('q=gener');
    await userEvent.click(within(found).getByRole('link'));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search in chat' })).toBeNull());
    await vi.waitFor(() => expect(bubbleOf('See you at the generator shop').querySelector('[data-highlighted]')).not.toBeNull());
  });

  it('searches all chats from the chat list, and says when nothing or something went wrong', async () => {
    let fail = false;
    routeFetch({
      'GET /api/chat/recent-chats': page([recent(ada, hello, 0)]),
      'GET /api/chat/groups': page([]),
      'GET /api/chat/search': (url: string) =>
        fail
          ? jsonResponse(500, failure('Search is down', 'SERVER_ERROR'))
          : url.includes('q=bus')
            ? jsonResponse(200, page([{ message: fwd, chat: chatRef }]))
            : jsonResponse(200, page([])),
    });
    renderAt(<ChatListPage />, '/chat');
    const box = await screen.findByRole('searchbox', { name: 'Search chats' });
    await userEvent.type(box, 'bus');
    const found = await screen.findByRole('list', { name: 'Messages found' });
    expect(within(found).getByRole('link')).toHaveTextContent('Ada Obi');
    expect(within(found).getByText('Bus', { selector: 'mark' })).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No messages match “zzz”.')).toBeInTheDocument();
    fail = true;
    await userEvent.type(box, 'q');
    expect(await screen.findByText('Search is down')).toBeInTheDocument();
  });
});

describe('Pin and archive', () => {
  /** The lists as the server keeps them: Bola's chat as `over` says, the group archived (the calls below change them). */
  const server = { adaArchived: false, groupArchived: true };
  const lists = (over: { pinned?: boolean; archived?: boolean } = {}) => ({
    'GET /api/chat/recent-chats': () =>
      jsonResponse(
        200,
        page([
          { ...recent(ada, message({ seq: 1, createdAt: at(1) }), 0), pinned: false, archived: server.adaArchived },
          { ...recent(bola, message({ seq: 1, createdAt: at(30), fromUserId: BOLA_ID }), 0, GROUP.replace('f006', 'f007')), ...over },
        ]),
      ),
    'GET /api/chat/groups': () => jsonResponse(200, page([group({ archived: server.groupArchived })])),
  });
  beforeEach(() => {
    server.adaArchived = false;
    server.groupArchived = true;
  });

  it('puts pinned chats first with a pin, and pins from a row’s actions (the server’s refusal shown)', async () => {
    const fetch = routeFetch({
      ...lists({ pinned: true }),
      [`PUT /api/chat/chats/${CONVO}/pin`]: refused(409, 'You can pin up to 3 chats', 'PIN_LIMIT'),
    });
    renderAt(<ChatListPage />, '/chat');
    const list = await screen.findByRole('list', { name: 'Chats' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([`/chat/${BOLA_ID}`, `/chat/${ADA_ID}`]);
    expect(within(rows[0]!).getByRole('img', { name: 'Pinned' })).toBeInTheDocument();
    // The archived group is behind "Archived (1)".
    expect(screen.getByRole('link', { name: 'Archived (1)' })).toHaveAttribute('href', '/chat/archived');
    expect(within(list).queryByText('Lagos trip')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ada Obi' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Ada Obi' })).getByRole('button', { name: 'Pin chat' }));
    expect(await screen.findByText('You can pin up to 3 chats')).toBeInTheDocument();
    expect(calls(fetch, `PUT /api/chat/chats/${CONVO}/pin`)).toHaveLength(1);
  });

  it('archives a chat by a long press on its row', async () => {
    const fetch = routeFetch({
      ...lists(),
      [`PUT /api/chat/chats/${CONVO}/archive`]: () => {
        server.adaArchived = true;
        return jsonResponse(200, one({ conversationId: CONVO, pinned: false, pinnedAt: null, archived: true }));
      },
    });
    renderAt(<ChatListPage />, '/chat');
    const row = await screen.findByRole('link', { name: 'Ada Obi' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.pointerDown(row, { pointerId: 3, pointerType: 'touch' });
    vi.advanceTimersByTime(500);
    vi.useRealTimers();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive chat' }));
    await vi.waitFor(() => expect(calls(fetch, `PUT /api/chat/chats/${CONVO}/archive`)).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Archived (2)' })).toBeInTheDocument();
  });

  it('lists the archived chats, each with Unarchive', async () => {
    const fetch = routeFetch({
      ...lists(),
      [`DELETE /api/chat/chats/${GROUP}/archive`]: () => {
        server.groupArchived = false;
        return jsonResponse(200, one({ conversationId: GROUP, pinned: false, pinnedAt: null, archived: false }));
      },
    });
    renderAt(<ArchivedPage />, '/chat/archived');
    const list = await screen.findByRole('list', { name: 'Archived chats' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((r) => r.getAttribute('href')),
    ).toEqual([`/chat/groups/${GROUP}`]);
    await userEvent.click(within(list).getByRole('button', { name: 'Unarchive Lagos trip' }));
    await vi.waitFor(() => expect(calls(fetch, `DELETE /api/chat/chats/${GROUP}/archive`)).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'No archived chats' })).toBeInTheDocument();
  });
});
