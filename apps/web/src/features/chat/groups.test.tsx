import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppToaster } from '../../app/AppToaster';
import { BottomNav } from '../../app/layouts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../api/chat';
import { renderAt, renderRoute } from '../../test/render';
import { calls, routeFetch } from '../../test/route-fetch';
import { useAuth } from '../account';
import ChatListPage from './ChatListPage';
import ChatRuntime from './ChatRuntime';
import { chatKeys } from './cache';
import { fakeSocket } from './fake-socket';
import { type GroupThread, type GroupsData, groupKeys } from './group-cache';
import { chatStore, memoryStore, setChatStore } from './db';
import { restoreChat, startChatPersist } from './persist';
import GroupConversationPage from './GroupConversationPage';
import GroupInfoPage from './GroupInfoPage';
import type { ChatGroup, GroupInfo } from './groups-api';
import NewGroupPage from './NewGroupPage';
import { resetOutbox } from './outbox';
import { ADA_ID, BOLA_ID, ME, ada, bola, message, page, recent } from './test-fixtures';

vi.mock('./socket', () => import('./fake-socket').then((m) => m.fakeSocketModule));

const GROUP = '0198a7b2-0000-5000-8000-00000000f006';
const me = { id: ME, firstName: 'Tolu', lastName: 'Bank', nickName: 'tolu', avatar: null };
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const inGroup = (over: Partial<ChatMessage> & { seq: number }) =>
  message({ conversationId: GROUP, toUserId: GROUP, groupId: GROUP, ...over });

function group(over: Partial<ChatGroup> = {}): ChatGroup {
  return {
    id: GROUP,
    name: 'Lagos trip',
    photoUrl: null,
    memberCount: 3,
    myRole: 'member',
    mutedUntil: null,
    lastSeq: 2,
    unreadCount: 0,
    lastMessage: null,
    createdAt: at(60),
    ...over,
  };
}
const info = (myRole: 'admin' | 'member'): GroupInfo => ({
  ...group({ myRole }),
  members: [
    { user: ada, role: 'admin', joinedAt: at(60) },
    { user: me, role: myRole, joinedAt: at(60) },
    { user: bola, role: 'member', joinedAt: at(60) },
  ],
  inviteCode: myRole === 'admin' ? 'AbCdEfGh1234' : null,
});
const one = <T,>(data: T) => ({ status: true, message: 'OK', data });

beforeEach(() => {
  useAuth.setState({ token: 'tok-1', userId: ME, isAuthenticated: true });
  setChatStore(memoryStore());
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetOutbox();
});

describe('Chat list with groups', () => {
  it('shows the groups beside the chats, the latest first, with the sender of the last message and the unread count', async () => {
    routeFetch({
      'GET /api/chat/recent-chats': page([
        recent(ada, message({ seq: 3, createdAt: at(30), msgBody: { text: 'Older chat', replyTo: null, media: null, payment: null } }), 0),
      ]),
      'GET /api/chat/groups': page([
        group({
          unreadCount: 4,
          lastMessage: inGroup({
            seq: 2,
            fromUserId: BOLA_ID,
            createdAt: at(5),
            msgBody: { text: 'Bus leaves at 6', replyTo: null, media: null, payment: null },
          }),
        }),
      ]),
      [`GET /api/user/users/${BOLA_ID}`]: one({ ...bola, bio: null }),
    });
    renderRoute(<ChatListPage />, { path: '/chat' });
    const list = await screen.findByRole('list', { name: 'Chats' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([`/chat/groups/${GROUP}`, `/chat/${ADA_ID}`]);
    const row = within(list).getByRole('link', { name: 'Lagos trip' });
    await vi.waitFor(() => expect(row).toHaveAccessibleDescription('Bola: Bus leaves at 6'));
    expect(within(row).getByText('unread messages', { exact: false }).parentElement).toHaveTextContent('4 unread messages');
    expect(screen.getByRole('link', { name: 'New group' })).toHaveAttribute('href', '/chat/groups/new');
  });
});

describe('New group', () => {
  it('checks the name as the server does before creating anything', async () => {
    const fetch = routeFetch({ 'GET /api/chat/directory': page([ada, bola]) });
    renderRoute(<NewGroupPage />, { path: '/chat/groups/new' });
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Give the group a name')).toBeInTheDocument();
    // The field stops at the server's 60 characters, as its hint says.
    await userEvent.type(screen.getByLabelText('Group name'), 'x'.repeat(61));
    expect(screen.getByLabelText('Group name')).toHaveValue('x'.repeat(60));
    expect(screen.getByText('Up to 60 characters')).toBeInTheDocument();
    expect(calls(fetch, 'POST /api/chat/groups')).toHaveLength(0);
  });

  it('creates the group with the people ticked', async () => {
    const fetch = routeFetch({
      'GET /api/chat/directory': page([ada, bola]),
      'POST /api/chat/groups': one(info('admin')),
    });
    const { router } = renderRoute(<NewGroupPage />, {
      path: '/chat/groups/new',
      extra: [{ path: '/chat/groups/:groupId', element: <p>group</p> }],
    });
    await userEvent.type(screen.getByLabelText('Group name'), '  Lagos trip ');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ada Obi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create group with 1 person' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/chat/groups/${GROUP}`));
    const [, init] = calls(fetch, 'POST /api/chat/groups')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Lagos trip', memberIds: [ADA_ID] });
  });
});

describe('Group conversation', () => {
  it('shows the messages with their senders, the events as lines, and deleted messages', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}`]: one(info('member')),
      [`GET /api/chat/groups/${GROUP}/messages`]: one({
        groupId: GROUP,
        hasMore: false,
        mine: { deliveredSeq: 4, seenSeq: 4 },
        messages: [
          inGroup({
            seq: 1,
            msgType: 'event',
            msgBody: {
              text: '',
              replyTo: null,
              media: null,
              payment: null,
              event: { type: 'created', userIds: [ME, BOLA_ID], name: 'Lagos trip' },
            },
          }),
          inGroup({ seq: 2, msgBody: { text: 'Who is driving?', replyTo: null, media: null, payment: null } }),
          inGroup({ seq: 3, fromUserId: BOLA_ID, msgBody: { text: '', replyTo: null, media: null, payment: null, deleted: true } }),
          inGroup({
            seq: 4,
            msgType: 'event',
            fromUserId: ADA_ID,
            msgBody: { text: '', replyTo: null, media: null, payment: null, event: { type: 'made_admin', userIds: [BOLA_ID] } },
          }),
        ],
      }),
    });
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lagos trip' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Ada created the group “Lagos trip”')).toBeInTheDocument();
    expect(within(log).getByText('Bola is now an admin')).toBeInTheDocument();
    const driving = within(log).getByText('Who is driving?').closest<HTMLElement>('[data-msg-id]')!;
    expect(driving).toHaveTextContent('Ada');
    const deleted = within(log).getByText('This message was deleted').closest<HTMLElement>('[data-msg-id]')!;
    expect(deleted).toHaveTextContent('Bola');
    // A deleted message has nothing to reply to.
    expect(within(deleted).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(within(driving).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay a member' })).toBeEnabled();
  });

  it('mentions a member with @ and sends the message to the group as group:send', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}`]: one(info('member')),
      [`GET /api/chat/groups/${GROUP}/messages`]: one({
        groupId: GROUP,
        hasMore: false,
        mine: { deliveredSeq: 1, seenSeq: 1 },
        messages: [inGroup({ seq: 1, msgBody: { text: 'Hi @Tolu, coming?', replyTo: null, media: null, payment: null, mentions: [ME] } })],
      }),
    });
    fakeSocket.reset();
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    // A mention of oneself in a message, in bold.
    expect(await screen.findByText('@Tolu')).toHaveClass('font-semibold');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Yes, with @Bo');
    await userEvent.click(screen.getByRole('button', { name: 'Mention Bola Ade' }));
    expect(box).toHaveValue('Yes, with @Bola ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const sent = fakeSocket.emitted.find((e) => e.event === 'group:send');
    expect(sent?.payload).toMatchObject({ groupId: GROUP, msgType: 'text', msgBody: { text: 'Yes, with @Bola' }, mentions: [BOLA_ID] });
    expect(sent?.payload).not.toHaveProperty('toUserId');
  });

  it('says so when the group cannot be loaded', async () => {
    routeFetch({
      [`GET /api/chat/groups/${GROUP}/messages`]: () =>
        new Response(JSON.stringify({ status: false, message: 'Group not found', code: 'GROUP_NOT_FOUND' }), { status: 404 }),
    });
    renderAt(<GroupConversationPage />, '/chat/groups/:groupId', `/chat/groups/${GROUP}`);
    expect(await screen.findByRole('heading', { name: "We couldn't load this group" })).toBeInTheDocument();
    expect(screen.getByText('Group not found')).toBeInTheDocument();
  });
});

describe('Group info', () => {
  it('shows a member the members and admins, and no admin controls', async () => {
    routeFetch({ [`GET /api/chat/groups/${GROUP}`]: one(info('member')) });
    renderAt(<GroupInfoPage />, '/chat/groups/:groupId/info', `/chat/groups/${GROUP}/info`);
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(3);
    expect(within(members).getAllByText('Group admin')).toHaveLength(1);
    expect(within(members).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add people' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit name or photo' })).toBeNull();
    expect(screen.queryByText('Invite link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mute notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeInTheDocument();
  });

  it('gives an admin the members’ actions, adding people, editing and the invite link', async () => {
    routeFetch({ [`GET /api/chat/groups/${GROUP}`]: one(info('admin')) });
    renderAt(<GroupInfoPage />, '/chat/groups/:groupId/info', `/chat/groups/${GROUP}/info`);
    expect(await screen.findByRole('button', { name: 'Add people' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit name or photo' })).toBeInTheDocument();
    expect(screen.getByTestId('invite-link')).toHaveTextContent('/chat/join/AbCdEfGh1234');
    await userEvent.click(screen.getByRole('button', { name: 'Bola Ade: options' }));
    const sheet = screen.getByRole('dialog', { name: 'Bola Ade' });
    expect(within(sheet).getByRole('button', { name: 'Make group admin' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Remove Bola' })).toBeInTheDocument();
  });
});

describe('Group messages live', () => {
  it('puts a group message in its group (never the sender’s 1:1 chat), counts it unread, marks it delivered and tells it', async () => {
    routeFetch({
      'GET /api/chat/recent-chats': page([recent(ada, message({ seq: 1 }), 0)]),
      'GET /api/chat/groups': page([group({ lastSeq: 1, unreadCount: 0 })]),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <p>Home</p>
              <BottomNav />
              <ChatRuntime />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fakeSocket.reset();
    await vi.waitFor(() => expect(queryClient.getQueryData(groupKeys.list)).toBeDefined());
    queryClient.setQueryData(chatKeys.conversation(ADA_ID), {
      conversationId: null,
      messages: [],
      hasOlder: false,
      marks: { mine: { deliveredSeq: 0, seenSeq: 0 }, theirs: { deliveredSeq: 0, seenSeq: 0 } },
    });
    queryClient.setQueryData<GroupThread>(groupKeys.thread(GROUP), {
      messages: [],
      hasOlder: false,
      mine: { deliveredSeq: 1, seenSeq: 1 },
    });
    const m = inGroup({ seq: 2, fromUserId: ADA_ID, msgBody: { text: 'Bus at 6', replyTo: null, media: null, payment: null } });
    act(() => fakeSocket.serverEmit('message:new', m));
    expect(queryClient.getQueryData<GroupThread>(groupKeys.thread(GROUP))?.messages.map((x) => x.id)).toEqual([m.id]);
    expect(queryClient.getQueryData<{ messages: unknown[] }>(chatKeys.conversation(ADA_ID))?.messages).toEqual([]);
    const row = queryClient.getQueryData<GroupsData>(groupKeys.list)!.pages[0]!.items[0]!;
    expect(row).toMatchObject({ lastSeq: 2, unreadCount: 1 });
    expect(fakeSocket.emitted.filter((e) => e.event === 'group:delivered').map((e) => e.payload)).toEqual([{ groupId: GROUP, upToSeq: 2 }]);
    expect(await screen.findByRole('link', { name: 'Chat, 1 unread chat' })).toBeInTheDocument();
    expect(await screen.findByText('Lagos trip')).toBeInTheDocument();
  });
});

describe('Groups offline', () => {
  it('keeps the groups and their last messages on the device and puts them back', async () => {
    const qc = new QueryClient();
    const stop = startChatPersist(qc, ME, 0);
    const thread: GroupThread = { messages: [inGroup({ seq: 1 })], hasOlder: false, mine: { deliveredSeq: 1, seenSeq: 1 } };
    qc.setQueryData<GroupsData>(groupKeys.list, { pages: [{ items: [group()], next: null }], pageParams: [1] });
    qc.setQueryData(groupKeys.thread(GROUP), thread);
    await vi.waitFor(async () =>
      expect((await chatStore().cached(ME)).map((e) => e.key).sort()).toEqual(['group-thread:' + GROUP, 'groups']),
    );
    stop();
    const again = new QueryClient();
    expect(await restoreChat(again, ME)).toBe(2);
    expect(again.getQueryData<GroupsData>(groupKeys.list)?.pages[0]?.items[0]?.name).toBe('Lagos trip');
    expect(again.getQueryData<GroupThread>(groupKeys.thread(GROUP))?.messages).toHaveLength(1);
  });
});
